package content

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/media"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/imagecheck"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// Covers staff upload for an item: checked here by their header, encoded
// by the renderer (sharp, one picture at a time, in a child process with a
// memory limit of its own), kept in the upload store every replica reads,
// and served to everyone from CoverPath. An item shows one when a
// language's text names its id in its "cover" field.

// CoverEncoder encodes an uploaded cover into the files pages show;
// *ssr.Supervisor is one (ssr/encode-image.mjs).
type CoverEncoder interface {
	EncodeCover(ctx context.Context, data []byte) ([]ssr.EncodedImage, error)
}

// CoverPath is where covers are served: CoverPath + id + "/" + file.
const CoverPath = "/media/covers/"

// Cover limits.
const (
	maxCoverBytes  = 15 << 20               // the file itself
	maxCoverBody   = maxCoverBytes + 64<<10 // the file plus the multipart envelope
	minCoverWidth  = 1200                   // the largest width pages show it at
	minCoverHeight = 675                    // and its 16:9 height
	// maxCoverPixels is the pixel budget: a camera's full frame, far more
	// than a cover shown at most 2400 pixels wide needs.
	// ssr/encode-image.mjs refuses more, too.
	maxCoverPixels = 40_000_000
	// maxCoverDecode is the most memory decoding one cover may take in the
	// renderer's encoder, judged from its header (imagecheck.DecodeCost):
	// what is left of the encoder's own limit (192 MiB, encoderMemoryMiB in
	// ssr/encode-image.mjs) once Node, libvips and the encoders are loaded.
	maxCoverDecode = 96 << 20
)

// CoverFiles are the files the renderer makes of a cover, with their
// content types: the cover frame at three widths as AVIF and WebP, and the
// link preview. Only these are stored and served.
var CoverFiles = map[string]string{
	"400.avif": "image/avif", "400.webp": "image/webp",
	"800.avif": "image/avif", "800.webp": "image/webp",
	"1200.avif": "image/avif", "1200.webp": "image/webp",
	"og.jpg": "image/jpeg",
}

// coverProbe is the file whose presence says a cover is stored.
const coverProbe = "400.webp"

func coverKey(id, file string) string { return "covers/" + id + "/" + file }

// UploadCover checks, encodes and stores a cover for an item in a language
// the staff member may write, and answers its id, which the editor puts in
// the item's "cover" field: nothing shows it until that is saved and
// published.
//
// POST /api/admin/content/:collection/:slug/:locale/cover (multipart, field "file")
func (s *Service) UploadCover(c echo.Context) error {
	m := &access.Text(c).Covers
	_, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	if s.covers == nil || s.blobs == nil {
		return endpoint.Fail(c, http.StatusServiceUnavailable, m.Busy)
	}
	r := c.Request()
	if r.ContentLength > maxCoverBody {
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.TooLarge)
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxCoverBody)
	data, err := endpoint.ReadFilePart(r, "file", maxCoverBytes)
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe) || errors.Is(err, endpoint.ErrTooLarge):
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.TooLarge)
	case errors.Is(err, endpoint.ErrNoFile):
		return endpoint.Invalid(c, map[string]string{"file": m.Missing})
	case err != nil:
		return endpoint.Fail(c, http.StatusBadRequest, access.Text(c).BadRequest)
	}

	return s.encodeCover(c, data, "file", m.Uploaded)
}

// CoverFromLibrary makes a cover of a picture in the media library, as if
// its largest file were uploaded: the same checks, the same encoding into
// the cover's frame, and a new cover id the editor puts in the item's
// "cover" field. The library's item stays as it is.
//
// POST /api/admin/content/:collection/:slug/:locale/cover/library {"media": id}
func (s *Service) CoverFromLibrary(c echo.Context) error {
	m := &access.Text(c).Covers
	_, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	if s.covers == nil || s.blobs == nil {
		return endpoint.Fail(c, http.StatusServiceUnavailable, m.Busy)
	}
	var body struct {
		Media string `json:"media"`
	}
	if err := c.Bind(&body); err != nil {
		return endpoint.Fail(c, http.StatusBadRequest, access.Text(c).BadRequest)
	}
	if body.Media == "" {
		return endpoint.Invalid(c, map[string]string{"media": m.Missing})
	}
	ctx := c.Request().Context()
	item, err := s.store.MediaItemByID(ctx, body.Media)
	if errors.Is(err, store.ErrNotFound) || (err == nil && item.Kind != store.MediaImage) {
		return endpoint.Invalid(c, map[string]string{"media": m.NotInLibrary})
	}
	if err != nil {
		return err
	}
	widest := -1
	for i, f := range item.Files {
		if widest < 0 || f.Width > item.Files[widest].Width {
			widest = i
		}
	}
	if widest < 0 {
		return endpoint.Invalid(c, map[string]string{"media": m.NotInLibrary})
	}
	r, _, err := s.blobs.Get(ctx, media.FileKey(item.ID, item.Files[widest].Name))
	if errors.Is(err, blob.ErrNotFound) {
		return endpoint.Invalid(c, map[string]string{"media": m.NotInLibrary})
	}
	if err != nil {
		return fmt.Errorf("admin: read a library picture: %w", err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxCoverBytes+1))
	if err != nil {
		return fmt.Errorf("admin: read a library picture: %w", err)
	}
	if len(data) > maxCoverBytes {
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.TooLarge)
	}
	return s.encodeCover(c, data, "media", m.Chosen)
}

// encodeCover checks a picture by its header, encodes it into a cover's
// files and stores them, answering the new cover's id with the message
// done; a problem is named under the request's field.
func (s *Service) encodeCover(c echo.Context, data []byte, field, done string) error {
	m := &access.Text(c).Covers
	r := c.Request()
	// The header first: a small file can describe a picture that takes
	// gigabytes to decode.
	h, err := imagecheck.Inspect(data)
	switch {
	case errors.Is(err, imagecheck.ErrType):
		return endpoint.Invalid(c, map[string]string{field: m.Type})
	case err != nil:
		return endpoint.Invalid(c, map[string]string{field: m.Unreadable})
	}
	long, short := max(h.Width, h.Height), min(h.Width, h.Height)
	if long < minCoverWidth || short < minCoverHeight {
		return endpoint.Invalid(c, map[string]string{field: fmt.Sprintf(m.Small, h.Width, h.Height, minCoverWidth, minCoverHeight)})
	}
	if int64(h.Width)*int64(h.Height) > maxCoverPixels {
		return endpoint.Invalid(c, map[string]string{field: fmt.Sprintf(m.Pixels, h.Width, h.Height, maxCoverPixels/1_000_000)})
	}
	if h.DecodeCost() > maxCoverDecode {
		return endpoint.Invalid(c, map[string]string{field: m.Demanding})
	}

	images, err := s.covers.EncodeCover(r.Context(), data)
	switch {
	case errors.Is(err, ssr.ErrImageDemanding):
		s.log.Info("admin: cover over the encoder's budget", "err", err)
		return endpoint.Invalid(c, map[string]string{field: m.Demanding})
	case errors.Is(err, ssr.ErrImageRefused):
		return endpoint.Invalid(c, map[string]string{field: m.Unreadable})
	case errors.Is(err, ssr.ErrUnavailable):
		s.log.Warn("admin: cover not encoded", "err", err)
		return endpoint.Fail(c, http.StatusServiceUnavailable, m.Busy)
	case err != nil:
		return fmt.Errorf("admin: encode cover: %w", err)
	}
	id := newCoverID()
	if err := s.storeCover(r.Context(), id, images); err != nil {
		return err
	}
	return endpoint.OK(c, map[string]string{"id": id}, done)
}

// storeCover keeps a cover's files under its id; when one fails, those
// already stored are deleted.
func (s *Service) storeCover(ctx context.Context, id string, images []ssr.EncodedImage) error {
	stored := map[string]bool{}
	for _, img := range images {
		contentType, known := CoverFiles[img.Name]
		if !known || contentType != img.Type || stored[img.Name] {
			continue
		}
		if err := s.blobs.Put(ctx, coverKey(id, img.Name), bytes.NewReader(img.Data), contentType); err != nil {
			s.deleteCover(id)
			return fmt.Errorf("admin: store cover: %w", err)
		}
		stored[img.Name] = true
	}
	if len(stored) != len(CoverFiles) {
		s.deleteCover(id)
		return fmt.Errorf("admin: the renderer made %d of the %d files of a cover", len(stored), len(CoverFiles))
	}
	return nil
}

// deleteCover removes a cover's files, logging what it could not remove.
func (s *Service) deleteCover(id string) {
	ctx := context.WithoutCancel(context.Background())
	for name := range CoverFiles {
		if err := s.blobs.Delete(ctx, coverKey(id, name)); err != nil {
			s.log.Warn("admin: cover file left behind", "key", coverKey(id, name), "err", err)
		}
	}
}

// coverProblem says what is wrong with the cover a body names: nothing
// when it names none or one that is stored, else the field's message. A
// page must never link to files that are not there.
// The same holds for the uploaded cover its search listing previews with.
func (s *Service) coverProblem(c echo.Context, body string) map[string]string {
	var fields struct {
		Cover string `json:"cover"`
		SEO   struct {
			Image string `json:"image"`
		} `json:"seo"`
	}
	if json.Unmarshal([]byte(body), &fields) != nil {
		return nil
	}
	if fields.Cover != "" && !s.coverStored(c, fields.Cover) {
		return map[string]string{"cover": access.Text(c).Covers.NotStored}
	}
	if id := content.SocialCover(fields.SEO.Image); id != "" && !s.coverStored(c, id) {
		return map[string]string{"seo.image": access.Text(c).ContentProblems[content.ProblemSocial]}
	}
	return nil
}

// coverStored reports whether the files of the cover with an id are in the
// upload store.
func (s *Service) coverStored(c echo.Context, id string) bool {
	if s.blobs == nil {
		return false
	}
	rc, _, err := s.blobs.Get(c.Request().Context(), coverKey(id, coverProbe))
	if err == nil {
		rc.Close()
		return true
	}
	if !errors.Is(err, blob.ErrNotFound) {
		s.log.Warn("admin: cover lookup failed", "err", err)
	}
	return false
}

// ServeCover sends one file of an uploaded cover to anyone: public,
// immutable (an id's files never change) and never sniffed.
//
// GET /media/covers/:id/:file
func (s *Service) ServeCover(c echo.Context) error {
	id, file := c.Param("id"), c.Param("file")
	contentType, known := CoverFiles[file]
	if !known || !content.ValidCoverID(id) || s.blobs == nil {
		return echo.ErrNotFound
	}
	rc, _, err := s.blobs.Get(c.Request().Context(), coverKey(id, file))
	if errors.Is(err, blob.ErrNotFound) {
		return echo.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("admin: serve cover: %w", err)
	}
	defer rc.Close()
	h := c.Response().Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	return c.Stream(http.StatusOK, contentType, rc)
}

// newCoverID returns a new cover's id: 128 random bits, hex-encoded.
func newCoverID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported platforms
	return hex.EncodeToString(b[:])
}
