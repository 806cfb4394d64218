package ssr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// EncodedImage is one file the renderer encoded from an upload: its name
// among the upload's files ("800.avif"), content type, bytes and, for a
// library picture's files, their pixels.
type EncodedImage struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Data   []byte `json:"data"` // base64 in the renderer's answer
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
}

// ErrImageRefused is a picture the renderer's decoder could not read, or
// found too small once turned upright.
var ErrImageRefused = errors.New("ssr: the renderer refused the picture")

// ErrImageDemanding is a picture with more pixels than the renderer
// encodes, or one whose encoding needed more memory than the encoder is
// allowed (its process was stopped; the renderer goes on).
var ErrImageDemanding = errors.New("ssr: the picture needs more memory than the encoder has")

// encodeTimeout bounds one encoding, waiting in the renderer's queue
// included; the server's write timeout (60 s) is the outer bound.
const encodeTimeout = 45 * time.Second

// EncodeCover has the renderer encode an uploaded cover (whose header the
// caller has checked) into the site's cover widths as AVIF and WebP, and
// its link-preview picture as JPEG (ssr/encode-image.mjs). The renderer
// encodes one picture at a time, each in a process of its own with a
// memory limit: callers queue there.
func (s *Supervisor) EncodeCover(ctx context.Context, data []byte) ([]EncodedImage, error) {
	return s.encode(ctx, "/encode-cover", data)
}

// EncodeLibraryImage has the renderer encode a picture of the media
// library (whose header the caller has checked), its whole frame kept, into
// AVIF and WebP at the library's widths up to its own and a JPEG fallback
// (ssr/encode-image.mjs, encodeLibraryImage), each file with its pixels. It
// queues with the covers: one picture at a time.
func (s *Supervisor) EncodeLibraryImage(ctx context.Context, data []byte) ([]EncodedImage, error) {
	return s.encode(ctx, "/encode-library", data)
}

func (s *Supervisor) encode(ctx context.Context, path string, data []byte) ([]EncodedImage, error) {
	if !s.healthy.Load() {
		return nil, fmt.Errorf("%w: not running", ErrUnavailable)
	}
	ctx, cancel := context.WithTimeout(ctx, encodeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://renderer"+path, bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("ssr: %w", err)
	}
	req.Header.Set("Content-Type", "application/octet-stream")
	res, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(res.Body, 32<<20))
	if err != nil {
		return nil, fmt.Errorf("%w: read answer: %w", ErrUnavailable, err)
	}
	switch {
	case res.StatusCode == http.StatusUnprocessableEntity:
		return nil, fmt.Errorf("%w: %.200s", ErrImageRefused, answer)
	case res.StatusCode == http.StatusRequestEntityTooLarge:
		return nil, fmt.Errorf("%w: %.200s", ErrImageDemanding, answer)
	case res.StatusCode == http.StatusServiceUnavailable:
		return nil, fmt.Errorf("%w: %.200s", ErrUnavailable, answer)
	case res.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("ssr: renderer answered %s to an encoding: %.200s", res.Status, answer)
	}
	var out struct {
		Images []EncodedImage `json:"images"`
	}
	if err := json.Unmarshal(answer, &out); err != nil || len(out.Images) == 0 {
		return nil, fmt.Errorf("ssr: unreadable encoding answer: %v", err)
	}
	return out.Images, nil
}
