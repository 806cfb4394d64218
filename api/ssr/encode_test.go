package ssr_test

import (
	"bytes"
	"context"
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

// The real renderer encodes a picture Go made into the cover files, and
// refuses one its decoder cannot read as the uploader's fault.
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
	if !errors.Is(err, ssr.ErrImageRefused) {
		t.Fatalf("a cut picture: %v, want ErrImageRefused", err)
	}
}
