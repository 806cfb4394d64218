package endpoint

import (
	"errors"
	"io"
	"mime"
	"net/http"
)

// ErrNoFile is returned by ReadFilePart for a body without the file: not
// multipart, without the part, or with an empty one.
var ErrNoFile = errors.New("endpoint: no file part")

// ReadFilePart reads the part called name of a multipart body, skipping
// the others, and refuses more than max bytes with ErrTooLarge, reading at
// most one byte past max.
func ReadFilePart(r *http.Request, name string, max int) ([]byte, error) {
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mediaType != "multipart/form-data" {
		return nil, ErrNoFile
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, err
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, ErrNoFile
		}
		if err != nil {
			return nil, err
		}
		if part.FormName() != name {
			_, _ = io.Copy(io.Discard, part)
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, int64(max)+1))
		switch {
		case err != nil:
			return nil, err
		case len(data) > max:
			return nil, ErrTooLarge
		case len(data) == 0:
			return nil, ErrNoFile
		}
		return data, nil
	}
}
