package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"path"

	"github.com/labstack/echo/v4"
	"golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/imagecheck"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Avatar limits.
const (
	maxAvatarBytes = 2 << 20        // the file itself
	maxAvatarBody  = 2<<20 + 16<<10 // the file plus the multipart envelope
	maxAvatarSide  = 4096           // largest width or height accepted
	avatarSide     = 512            // largest width or height stored
	// maxDecodeCost is the most memory one picture may take to decode and
	// scale. A small file can describe a picture that takes hundreds of
	// megabytes to decode (a 130 KB PNG of 16-bit pixels, a 190 KB
	// progressive JPEG), so the cost is worked out from the header before
	// anything is decoded.
	maxDecodeCost = 64 << 20
)

// uploadAvatar stores a new profile picture: PNG, JPEG or WebP by content,
// at most 2 MB and 4096 × 4096, taking at most maxDecodeCost to decode
// (judged from its header), scaled to fit 512 × 512 and re-encoded (so no
// metadata survives), under a random name. The old picture is deleted.
//
// POST /api/account/avatar (multipart, field "file")
func (s *Service) uploadAvatar(c echo.Context) error {
	r := c.Request()
	m := locale.For(endpoint.Locale(r))
	if r.ContentLength > maxAvatarBody {
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.Accounts.AvatarTooLarge)
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxAvatarBody)
	data, err := endpoint.ReadFilePart(r, "file", maxAvatarBytes)
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe) || errors.Is(err, endpoint.ErrTooLarge):
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, m.Accounts.AvatarTooLarge)
	case errors.Is(err, endpoint.ErrNoFile):
		return endpoint.Invalid(c, map[string]string{"file": m.Accounts.AvatarMissing})
	case err != nil:
		return endpoint.Fail(c, http.StatusBadRequest, m.API.BadRequest)
	}

	var decodeConfig func(io.Reader) (image.Config, error)
	var decodeImage func(io.Reader) (image.Image, error)
	switch http.DetectContentType(data) {
	case imagecheck.PNG:
		decodeConfig, decodeImage = png.DecodeConfig, png.Decode
	case imagecheck.JPEG:
		decodeConfig, decodeImage = jpeg.DecodeConfig, jpeg.Decode
	case imagecheck.WebP:
		decodeConfig, decodeImage = webp.DecodeConfig, webp.Decode
	default:
		return endpoint.Invalid(c, map[string]string{"file": m.Accounts.AvatarType})
	}
	// The header first: a small file can claim enormous dimensions, or
	// pixels that take far more memory to decode than their number says.
	// The decoder's own reading of it says whether it takes the file and
	// how large it is; imagecheck's, what decoding it will cost.
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil {
		return endpoint.Invalid(c, map[string]string{"file": m.Accounts.AvatarUnreadable})
	}
	if cfg.Width > maxAvatarSide || cfg.Height > maxAvatarSide || cfg.Width < 1 || cfg.Height < 1 {
		return endpoint.Invalid(c, map[string]string{"file": fmt.Sprintf(m.Accounts.AvatarDimensions, maxAvatarSide, maxAvatarSide)})
	}
	h, err := imagecheck.Inspect(data)
	if err != nil {
		return endpoint.Invalid(c, map[string]string{"file": m.Accounts.AvatarUnreadable})
	}
	if avatarCost(h) > maxDecodeCost {
		return endpoint.Invalid(c, map[string]string{"file": m.Accounts.AvatarDemanding})
	}
	img, err := s.decodeAvatar(r.Context(), decodeImage, data)
	if err != nil {
		return err
	}
	if img == nil {
		return endpoint.Invalid(c, map[string]string{"file": m.Accounts.AvatarUnreadable})
	}

	var out bytes.Buffer
	ext, contentType := ".png", "image/png"
	if img.Opaque() {
		ext, contentType = ".jpg", "image/jpeg"
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: 85})
	} else {
		err = png.Encode(&out, img)
	}
	if err != nil {
		return fmt.Errorf("auth: encode avatar: %w", err)
	}
	ctx := r.Context()
	key := "avatars/" + newID() + ext
	if err := s.blobs.Put(ctx, key, &out, contentType); err != nil {
		return fmt.Errorf("auth: store avatar: %w", err)
	}
	u := mustUser(c).user
	replaced, err := s.store.ReplaceAvatarKey(ctx, u.ID, key)
	if err != nil {
		s.deleteBlob(ctx, key)
		if errors.Is(err, store.ErrNotFound) { // the account was deleted meanwhile
			return endpoint.Fail(c, http.StatusUnauthorized, m.Accounts.NotSignedIn)
		}
		return fmt.Errorf("auth: store avatar: %w", err)
	}
	s.deleteBlob(ctx, replaced)
	u.AvatarKey = key
	return endpoint.OK(c, userData(u), m.Accounts.AvatarSaved)
}

// avatarCost estimates, from its header, the bytes that decoding a
// picture with Go's decoders and scaling it with fit take.
func avatarCost(h imagecheck.Header) int64 {
	return h.GoDecodeCost() + fitCost(image.Pt(h.Width, h.Height), avatarSide)
}

// decodeAvatar decodes data and scales it with fit, one picture at a time
// in this process, so that however many arrive together, the memory they
// take is one picture's (at most maxDecodeCost). It returns nil for data
// the decoder refuses.
func (s *Service) decodeAvatar(ctx context.Context, decode func(io.Reader) (image.Image, error), data []byte) (*image.RGBA, error) {
	select {
	case s.decoding <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("auth: waiting to decode an avatar: %w", ctx.Err())
	}
	defer func() { <-s.decoding }()
	img, err := decode(bytes.NewReader(data))
	if err != nil {
		return nil, nil
	}
	return fit(img, avatarSide), nil
}

// fit scales img down to fit side × side, keeping its proportions: a
// picture more than twice too large is halved first, so the Catmull-Rom
// scaler that finishes never buffers more than 2 × side source rows.
func fit(img image.Image, side int) *image.RGBA {
	halvings, final := fitSteps(img.Bounds().Size(), side)
	for _, step := range halvings {
		half := image.NewRGBA(image.Rectangle{Max: step})
		draw.ApproxBiLinear.Scale(half, half.Bounds(), img, img.Bounds(), draw.Src, nil)
		img = half
	}
	dst := image.NewRGBA(image.Rectangle{Max: final})
	if final == img.Bounds().Size() {
		draw.Draw(dst, dst.Bounds(), img, img.Bounds().Min, draw.Src)
	} else {
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, img.Bounds(), draw.Src, nil)
	}
	return dst
}

// fitSteps are the sizes fit scales a picture of size through to fit side
// × side: halvings while it is more than twice too large (each a box
// filter that needs no buffer), then the final size.
func fitSteps(size image.Point, side int) (halvings []image.Point, final image.Point) {
	for max(size.X, size.Y) > 2*side {
		size = image.Pt(max(1, size.X/2), max(1, size.Y/2))
		halvings = append(halvings, size)
	}
	w, h := size.X, size.Y
	switch {
	case w <= side && h <= side:
	case w >= h:
		h, w = max(1, h*side/w), side
	default:
		w, h = max(1, w*side/h), side
	}
	return halvings, image.Pt(w, h)
}

// fitCost is what fit allocates for a picture of size: every step's RGBA
// pixels and, when the last step scales, the Catmull-Rom scaler's buffer of
// four float64 for each destination column and source row.
func fitCost(size image.Point, side int) int64 {
	halvings, final := fitSteps(size, side)
	var cost int64
	for _, step := range append(halvings, final) {
		cost += 4 * int64(step.X) * int64(step.Y)
	}
	if len(halvings) > 0 {
		size = halvings[len(halvings)-1]
	}
	if final != size {
		cost += 32 * int64(final.X) * int64(size.Y)
	}
	return cost
}

// removeAvatar deletes the profile picture: the one recorded when the
// removal happens, which may be newer than the one the request began with.
//
// DELETE /api/account/avatar
func (s *Service) removeAvatar(c echo.Context) error {
	m := locale.For(endpoint.Locale(c.Request()))
	u := mustUser(c).user
	ctx := c.Request().Context()
	replaced, err := s.store.ReplaceAvatarKey(ctx, u.ID, "")
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusUnauthorized, m.Accounts.NotSignedIn)
	}
	if err != nil {
		return fmt.Errorf("auth: remove avatar: %w", err)
	}
	s.deleteBlob(ctx, replaced)
	u.AvatarKey = ""
	return endpoint.OK(c, userData(u), m.Accounts.AvatarRemoved)
}

// serveAvatar sends the signed-in visitor's own picture, with its stored
// content type, nosniff, and a private cache (the name changes with the picture).
//
// GET /api/account/avatar/:name
func (s *Service) serveAvatar(c echo.Context) error {
	m := locale.For(endpoint.Locale(c.Request()))
	u := mustUser(c).user
	name := c.Param("name")
	if u.AvatarKey == "" || name != path.Base(u.AvatarKey) {
		return endpoint.Fail(c, http.StatusNotFound, m.Accounts.AvatarNotFound)
	}
	rc, contentType, err := s.blobs.Get(c.Request().Context(), u.AvatarKey)
	if errors.Is(err, blob.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.Accounts.AvatarNotFound)
	}
	if err != nil {
		return fmt.Errorf("auth: serve avatar: %w", err)
	}
	defer rc.Close()
	if contentType != "image/png" && contentType != "image/jpeg" {
		contentType = "application/octet-stream"
	}
	h := c.Response().Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, max-age=86400")
	h.Set("Content-Disposition", "inline")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	return c.Stream(http.StatusOK, contentType, rc)
}

// newID returns a random name for a stored file: 128 bits, hex-encoded.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b[:])
}
