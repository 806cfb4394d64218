package forms

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on a DOCX, which is a zip archive: a small file may unpack to
// gigabytes (a zip bomb), so the archive is inspected before anyone opens it.
const (
	maxDocxUnpacked = 50 << 20 // all entries together, uncompressed
	maxDocxEntries  = 1000
	maxDocxRatio    = 100     // uncompressed to compressed size, per entry
	ratioFloor      = 4 << 10 // entries smaller than this are too small for a ratio to mean anything
)

// cvFormat is a kind of CV the site accepts.
type cvFormat struct {
	ext, contentType, label string
}

var (
	cvPDF  = cvFormat{".pdf", "application/pdf", "PDF"}
	cvDOCX = cvFormat{".docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Word (DOCX)"}
)

// errNotCV is any file that is not a PDF or a well-formed, reasonably sized DOCX.
var errNotCV = errors.New("forms: not a PDF or DOCX")

// inspectCV tells a CV's format by its content, never by its name: a PDF
// starts with %PDF- and ends with %%EOF; a DOCX is a zip archive holding
// [Content_Types].xml and word/document.xml, with no entry outside the
// archive, no macros, at most 1000 entries and 50 MB unpacked, and no
// entry compressed more than 100 to 1. Entries are unpacked (and thrown
// away) to check that their sizes are what the archive claims.
func inspectCV(data []byte) (cvFormat, error) {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		tail := data[max(0, len(data)-1024):]
		if !bytes.Contains(tail, []byte("%%EOF")) {
			return cvFormat{}, errNotCV
		}
		return cvPDF, nil
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		if err := inspectDocx(data); err != nil {
			return cvFormat{}, err
		}
		return cvDOCX, nil
	}
	return cvFormat{}, errNotCV
}

func inspectDocx(data []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return errNotCV
	}
	if len(zr.File) > maxDocxEntries {
		return errNotCV
	}
	var declared uint64
	var contentTypes, document bool
	for _, f := range zr.File {
		name := f.Name
		if !safeEntryName(name) {
			return errNotCV
		}
		switch strings.ToLower(name) {
		case "[content_types].xml":
			contentTypes = true
		case "word/document.xml":
			document = true
		case "word/vbaproject.bin":
			return errNotCV // macros belong in .docm, which is not accepted
		}
		declared += f.UncompressedSize64
		if declared > maxDocxUnpacked {
			return errNotCV
		}
		if f.UncompressedSize64 >= ratioFloor && f.UncompressedSize64 > maxDocxRatio*max(f.CompressedSize64, 1) {
			return errNotCV
		}
	}
	if !contentTypes || !document {
		return errNotCV
	}
	// The sizes above are the archive's word; unpacking proves them, within
	// the same limits, whatever the headers say.
	var unpacked int64
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return errNotCV
		}
		limit := min(int64(f.UncompressedSize64), maxDocxUnpacked-unpacked) + 1
		n, err := io.Copy(io.Discard, io.LimitReader(rc, limit))
		_ = rc.Close()
		if err != nil || n > int64(f.UncompressedSize64) {
			return errNotCV
		}
		unpacked += n
		if unpacked > maxDocxUnpacked {
			return errNotCV
		}
	}
	return nil
}

// safeEntryName refuses entry names that climb out of the archive or are absolute.
func safeEntryName(name string) bool {
	if name == "" || !utf8.ValidString(name) || strings.ContainsRune(name, 0) {
		return false
	}
	n := strings.ReplaceAll(name, "\\", "/")
	if strings.HasPrefix(n, "/") || (len(n) > 1 && n[1] == ':') {
		return false
	}
	for _, seg := range strings.Split(n, "/") {
		if seg == ".." {
			return false
		}
	}
	return path.Clean("/"+n) != "/"
}

// cleanFileName keeps a readable, harmless version of the visitor's file
// name for the export: no directories, no control characters, at most 100
// characters. It never becomes part of a storage path.
func cleanFileName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base(name)
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsControl(r), strings.ContainsRune(`/:*?"<>|;`, r), r == '\u2028', r == '\u2029':
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	out := strings.Trim(strings.TrimSpace(b.String()), ".")
	if utf8.RuneCountInString(out) > 100 {
		out = string([]rune(out)[:100])
	}
	if out == "" || out == "_" {
		return "cv"
	}
	return out
}
