package imagecheck

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"testing"
)

// The files under testdata were written by sharp, the encoder the site
// hands uploads to, so its own headers are what Inspect must read.
func TestInspect(t *testing.T) {
	var small bytes.Buffer
	if err := png.Encode(&small, image.NewNRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		data []byte
		want Header
	}{
		{"AVIF", read(t, "cover.avif"), Header{Type: AVIF, Width: 1300, Height: 800, Channels: 3, Depth: 8, Layered: true}},
		{"10-bit AVIF with alpha", read(t, "alpha-10bit.avif"), Header{Type: AVIF, Width: 640, Height: 360, Channels: 4, Depth: 10, Layered: true}},
		{"lossy WebP", read(t, "lossy.webp"), Header{Type: WebP, Width: 1300, Height: 800, Channels: 3, Depth: 8}},
		{"lossy WebP with alpha", read(t, "lossy-alpha.webp"), Header{Type: WebP, Width: 700, Height: 400, Channels: 4, Depth: 8}},
		{"lossless WebP", read(t, "lossless-alpha.webp"), Header{Type: WebP, Width: 700, Height: 400, Channels: 4, Depth: 8, Layered: true}},
		{"progressive JPEG", read(t, "progressive.jpg"), Header{Type: JPEG, Width: 1300, Height: 800, Channels: 3, Depth: 16, Layered: true}},
		{"PNG with alpha", small.Bytes(), Header{Type: PNG, Width: 3, Height: 2, Channels: 4, Depth: 8}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Inspect(c.data)
			if err != nil || got != c.want {
				t.Fatalf("Inspect = %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func TestInspectRefuses(t *testing.T) {
	avif := read(t, "cover.avif")
	for _, c := range []struct {
		name string
		data []byte
		want error
	}{
		{"GIF", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), ErrType},
		{"text", []byte("hello"), ErrType},
		{"an MP4 that is no AVIF", append([]byte("\x00\x00\x00\x14ftypisom\x00\x00\x00\x00mp41"), make([]byte, 32)...), ErrType},
		{"an AVIF cut before its properties", avif[:40], ErrHeader},
		{"a JPEG cut before its frame", read(t, "progressive.jpg")[:20], ErrHeader},
		{"a WebP cut short", read(t, "lossy.webp")[:24], ErrHeader},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Inspect(c.data); !errors.Is(err, c.want) {
				t.Fatalf("Inspect: %v, want %v", err, c.want)
			}
		})
	}
}

// The costs follow what the encoder was measured to take for each kind of
// decoder (ssr/encode-image.mjs; go tool task bench prints a figure).
func TestDecodeCost(t *testing.T) {
	const mp40 = 8000 * 5000
	for _, c := range []struct {
		name string
		h    Header
		want int64
	}{
		{"a baseline JPEG, shrunk while it is read", Header{Type: JPEG, Width: 8000, Height: 5000, Channels: 3, Depth: 8}, mp40},
		{"a lossy WebP, shrunk while it is read", Header{Type: WebP, Width: 8000, Height: 5000, Channels: 3, Depth: 8}, mp40},
		{"a PNG, streamed", Header{Type: PNG, Width: 8000, Height: 5000, Channels: 3, Depth: 8}, mp40 * 2},
		{"a 16-bit PNG with alpha, streamed", Header{Type: PNG, Width: 8000, Height: 5000, Channels: 4, Depth: 16}, mp40 * 16 / 3},
		{"a progressive JPEG's coefficients", Header{Type: JPEG, Width: 8000, Height: 5000, Channels: 3, Depth: 16, Layered: true}, mp40 * 6},
		{"a lossless WebP's pixels", Header{Type: WebP, Width: 8000, Height: 5000, Channels: 4, Depth: 8, Layered: true}, mp40 * 4},
		{"an interlaced PNG's passes", Header{Type: PNG, Width: 8000, Height: 5000, Channels: 3, Depth: 8, Layered: true}, mp40 * 6},
		{"an AVIF's frames", Header{Type: AVIF, Width: 4000, Height: 3000, Channels: 3, Depth: 8, Layered: true}, 4000 * 3000 * 21},
		{"a 10-bit AVIF with alpha", Header{Type: AVIF, Width: 4000, Height: 3000, Channels: 4, Depth: 10, Layered: true}, 4000 * 3000 * 28},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.h.DecodeCost(); got != decoderState+c.want {
				t.Fatalf("DecodeCost = %d, want %d", got, decoderState+c.want)
			}
		})
	}
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
