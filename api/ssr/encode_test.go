package ssr_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"testing"

	"golang.org/x/image/webp"

	"noorvale.example/site/api/imagecheck"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/ssr"
)

// The real renderer encodes a picture Go made into the cover files, refuses
// one its decoder cannot read as the uploader's fault and one over its
// pixel budget as too demanding, and goes on encoding.
func TestEncodeCover(t *testing.T) {
	sup := testenv.StartRenderer(t, nil)
	img := image.NewRGBA(image.Rect(0, 0, 1300, 800))
	for y := range 800 {
		for x := range 1300 {
			img.Set(x, y, color.RGBA{uint8(x / 6), uint8(y / 4), 140, 255})
		}
	}
	var src bytes.Buffer
	if err := jpeg.Encode(&src, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	images, err := sup.EncodeCover(context.Background(), src.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][3]any{
		"400.avif": {imagecheck.AVIF, 400, 225}, "800.avif": {imagecheck.AVIF, 800, 450}, "1200.avif": {imagecheck.AVIF, 1200, 675},
		"400.webp": {imagecheck.WebP, 400, 225}, "800.webp": {imagecheck.WebP, 800, 450}, "1200.webp": {imagecheck.WebP, 1200, 675},
		"og.jpg": {imagecheck.JPEG, 1200, 630},
	}
	if len(images) != len(want) {
		t.Fatalf("encoded %d files, want %d", len(images), len(want))
	}
	for _, got := range images {
		w, ok := want[got.Name]
		if !ok {
			t.Fatalf("an unexpected file %s", got.Name)
		}
		h, err := imagecheck.Inspect(got.Data)
		if err != nil || got.Type != w[0] || h.Type != w[0] || h.Width != w[1] || h.Height != w[2] {
			t.Fatalf("%s: %s %+v %v, want %v", got.Name, got.Type, h, err, w)
		}
		if h.Type == imagecheck.WebP {
			if _, err := webp.DecodeConfig(bytes.NewReader(got.Data)); err != nil {
				t.Fatalf("%s does not decode: %v", got.Name, err)
			}
		}
	}

	_, err = sup.EncodeCover(context.Background(), src.Bytes()[:500])
	if !errors.Is(err, ssr.ErrImageRefused) || errors.Is(err, ssr.ErrImageDemanding) {
		t.Fatalf("a cut picture: %v, want ErrImageRefused", err)
	}

	// A PNG whose header claims 10000 × 10000 grey pixels, which the old
	// budget of 100 megapixels let a decoder try.
	_, err = sup.EncodeCover(context.Background(), claimingPNG(10000, 10000))
	if !errors.Is(err, ssr.ErrImageDemanding) {
		t.Fatalf("100 megapixels: %v, want ErrImageDemanding", err)
	}
	if _, err := sup.EncodeCover(context.Background(), src.Bytes()); err != nil {
		t.Fatalf("the picture after a refusal: %v", err)
	}
}

// claimingPNG is a PNG whose header claims w × h 8-bit grey pixels, with
// no picture after it.
func claimingPNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, body []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(body)))
		b.WriteString(kind)
		b.Write(body)
		b.Write([]byte{0, 0, 0, 0}) // the checksum is not read before decoding
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8] = 8
	chunk("IHDR", ihdr)
	chunk("IDAT", make([]byte, 16))
	return b.Bytes()
}
