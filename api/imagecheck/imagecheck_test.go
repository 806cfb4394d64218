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
		{"lossless WebP", read(t, "lossless-alpha.webp"), Header{Type: WebP, Width: 700, Height: 400, Channels: 4, Depth: 8}},
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

func TestDecodeCost(t *testing.T) {
	photo := Header{Type: JPEG, Width: 4032, Height: 3024, Channels: 3, Depth: 8}
	if got, want := photo.DecodeCost(), int64(decoderState+4032*3024*3); got != want {
		t.Fatalf("a 12-megapixel photo costs %d, want %d", got, want)
	}
	deep := Header{Type: PNG, Width: 9000, Height: 9000, Channels: 4, Depth: 16, Layered: true}
	if got, want := deep.DecodeCost(), int64(decoderState+9000*9000*4*2*2); got != want {
		t.Fatalf("an interlaced 16-bit PNG costs %d, want %d", got, want)
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
