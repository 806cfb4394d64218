package media

import (
	"bytes"
	"compress/zlib"
	"errors"
	"io"
	"slices"
	"strconv"
)

// A PDF is published only when it can do nothing but show its pages. The
// check reads the file's bytes as they are and, since an object stream
// (PDF 1.5) hides its objects' names behind compression, every stream
// compressed with FlateDecode too, inflated up to a total budget. In both
// it decodes every name (a "#xx" escape stands for its byte, so
// "/J#61vaScript" is "/JavaScript") and refuses those that make a PDF act:
// JavaScript and JS (scripts), OpenAction and AA (actions run on opening a
// document or a page, or on an event), Launch (starting a program),
// EmbeddedFile and EmbeddedFiles (attached files), RichMedia (embedded
// Flash or video players), XFA (forms that run scripts) and
// SubmitForm and ImportData (sending to or reading from elsewhere).

// activeNames are the PDF names that make a document act.
var activeNames = []string{
	"JavaScript", "JS", "OpenAction", "AA", "Launch", "EmbeddedFile", "EmbeddedFiles",
	"RichMedia", "XFA", "SubmitForm", "ImportData",
}

// maxInflated bounds what the check inflates of a PDF's streams in all: a
// decompression bomb is refused, not unpacked.
const maxInflated = 64 << 20

// errPDFComplex is a PDF whose streams inflate past maxInflated.
var errPDFComplex = errors.New("media: the PDF's streams inflate past the budget")

// isPDF reports whether data starts as a PDF does.
func isPDF(data []byte) bool { return bytes.HasPrefix(data, []byte("%PDF-")) }

// activePDF returns the active names a PDF holds, in the order of
// activeNames, or errPDFComplex.
func activePDF(data []byte) ([]string, error) {
	found := map[string]bool{}
	scanNames(data, found)
	budget := maxInflated
	rest := data
	for {
		i := bytes.Index(rest, []byte("stream"))
		if i < 0 {
			break
		}
		start := i + len("stream")
		// "endstream" contains "stream"; the keyword that opens a stream
		// is followed by an end of line.
		if i >= 3 && bytes.Equal(rest[i-3:i], []byte("end")) {
			rest = rest[start:]
			continue
		}
		body := rest[start:]
		switch {
		case bytes.HasPrefix(body, []byte("\r\n")):
			body = body[2:]
		case bytes.HasPrefix(body, []byte("\n")), bytes.HasPrefix(body, []byte("\r")):
			body = body[1:]
		default:
			rest = rest[start:]
			continue
		}
		end := bytes.Index(body, []byte("endstream"))
		if end < 0 {
			end = len(body)
		}
		if inflated, ok, err := inflate(body[:end], &budget); err != nil {
			return nil, err
		} else if ok {
			scanNames(inflated, found)
		}
		rest = body[end:]
	}
	var out []string
	for _, n := range activeNames {
		if found[n] {
			out = append(out, n)
		}
	}
	return out, nil
}

// inflate decompresses a zlib stream, spending from budget; ok is false
// for a stream that is not zlib (a JPEG, say), which holds no names.
func inflate(b []byte, budget *int) ([]byte, bool, error) {
	z, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, false, nil
	}
	defer z.Close()
	out, err := io.ReadAll(io.LimitReader(z, int64(*budget)+1))
	if len(out) > *budget {
		return nil, false, errPDFComplex
	}
	*budget -= len(out)
	// A truncated or damaged stream still yields what it inflated so far.
	_ = err
	return out, len(out) > 0, nil
}

// scanNames records the active names among the names in b.
func scanNames(b []byte, found map[string]bool) {
	for i := 0; i < len(b); i++ {
		if b[i] != '/' {
			continue
		}
		j := i + 1
		var name []byte
		for j < len(b) && regularPDFChar(b[j]) {
			if b[j] == '#' && j+2 < len(b) {
				if v, err := strconv.ParseUint(string(b[j+1:j+3]), 16, 8); err == nil {
					name = append(name, byte(v))
					j += 3
					continue
				}
			}
			name = append(name, b[j])
			j++
		}
		if len(name) > 0 && slices.Contains(activeNames, string(name)) {
			found[string(name)] = true
		}
		i = j - 1
	}
}

// regularPDFChar reports whether c may be part of a name: not white space
// and not a delimiter.
func regularPDFChar(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ', '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return false
	}
	return true
}
