package imagecheck

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
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
	paletted := encodePNG(t, image.NewPaletted(image.Rect(0, 0, 5, 4), color.Palette{color.Black, color.White}))
	translucent := encodePNG(t, image.NewPaletted(image.Rect(0, 0, 5, 4), color.Palette{color.Transparent, color.White}))
	photo := encodeJPEG(t, image.NewRGBA(image.Rect(0, 0, 40, 30)))
	// An Adobe segment with transform 0 says the components are R, G and B.
	adobeRGB := append([]byte{0xff, 0xd8, 0xff, 0xee, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0}, photo[2:]...)
	cases := []struct {
		name string
		data []byte
		want Header
	}{
		{"paletted PNG", paletted, Header{Type: PNG, Width: 5, Height: 4, Channels: 3, Depth: 1, Palette: true}},
		{"paletted PNG with transparency", translucent, Header{Type: PNG, Width: 5, Height: 4, Channels: 4, Depth: 1, Palette: true}},
		{"baseline JPEG in 4:2:0", photo, Header{Type: JPEG, Width: 40, Height: 30, Channels: 3, Depth: 8,
			Sampling: [4]image.Point{{2, 2}, {1, 1}, {1, 1}}}},
		{"RGB JPEG", adobeRGB, Header{Type: JPEG, Width: 40, Height: 30, Channels: 3, Depth: 8,
			Sampling: [4]image.Point{{2, 2}, {1, 1}, {1, 1}}, RGB: true}},
		// A 1 × 1 lossless WebP cut to its header: a few pixels need few more bytes.
		{"tiny lossless WebP", []byte("RIFF\x12\x00\x00\x00WEBPVP8L\x06\x00\x00\x00\x2f\x00\x00\x00\x10\x07"),
			Header{Type: WebP, Width: 1, Height: 1, Channels: 4, Depth: 8, Layered: true}},
		{"grey JPEG", encodeJPEG(t, image.NewGray(image.Rect(0, 0, 9, 9))), Header{Type: JPEG, Width: 9, Height: 9, Channels: 1, Depth: 8,
			Sampling: [4]image.Point{{1, 1}}}},
		{"AVIF", read(t, "cover.avif"), Header{Type: AVIF, Width: 1300, Height: 800, Channels: 3, Depth: 8, Layered: true}},
		{"10-bit AVIF with alpha", read(t, "alpha-10bit.avif"), Header{Type: AVIF, Width: 640, Height: 360, Channels: 4, Depth: 10, Layered: true}},
		{"lossy WebP", read(t, "lossy.webp"), Header{Type: WebP, Width: 1300, Height: 800, Channels: 3, Depth: 8}},
		{"lossy WebP with alpha", read(t, "lossy-alpha.webp"), Header{Type: WebP, Width: 700, Height: 400, Channels: 4, Depth: 8}},
		{"lossless WebP", read(t, "lossless-alpha.webp"), Header{Type: WebP, Width: 700, Height: 400, Channels: 4, Depth: 8, Layered: true}},
		{"progressive JPEG", read(t, "progressive.jpg"), Header{Type: JPEG, Width: 1300, Height: 800, Channels: 3, Depth: 16, Layered: true,
			Sampling: [4]image.Point{{2, 2}, {1, 1}, {1, 1}}}},
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
		{"a lossless WebP cut short", []byte("RIFF\x0c\x00\x00\x00WEBPVP8L\x00\x00\x00\x00\x2f\x00"), ErrHeader},
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

// The Go decoders' costs follow how image/png, image/jpeg and
// golang.org/x/image/webp lay pictures out; api/auth measures them against
// what decoding really allocates.
func TestGoDecodeCost(t *testing.T) {
	const pixels = 1000 * 500
	sampling420 := [4]image.Point{{2, 2}, {1, 1}, {1, 1}}
	const blocks420 = 63 * 32 * (4 + 1 + 1) // 16 × 16 units, four luma blocks and two chroma ones each
	for _, c := range []struct {
		name string
		h    Header
		want int64
	}{
		{"an RGB PNG: four bytes a pixel and two rows", Header{Type: PNG, Width: 1000, Height: 500, Channels: 3, Depth: 8}, pixels*4 + 2*(1+3000)},
		{"an interlaced paletted PNG: a byte a pixel, twice", Header{Type: PNG, Width: 1000, Height: 500, Channels: 3, Depth: 8, Palette: true, Layered: true}, pixels*2 + 2*(1+1000)},
		{"a 16-bit grey PNG: two bytes a pixel", Header{Type: PNG, Width: 1000, Height: 500, Channels: 1, Depth: 16}, pixels*2 + 2*(1+2000)},
		{"a 16-bit PNG with alpha: eight bytes a pixel", Header{Type: PNG, Width: 1000, Height: 500, Channels: 4, Depth: 16}, pixels*8 + 2*(1+8000)},
		{"a baseline JPEG in 4:2:0", Header{Type: JPEG, Width: 1000, Height: 500, Channels: 3, Depth: 8, Sampling: sampling420}, blocks420 * 64},
		{"a progressive JPEG's coefficients", Header{Type: JPEG, Width: 1000, Height: 500, Channels: 3, Depth: 16, Layered: true, Sampling: sampling420}, blocks420 * (64 + 256)},
		{"an RGB JPEG's interleaved copy", Header{Type: JPEG, Width: 1000, Height: 500, Channels: 3, Depth: 8, RGB: true,
			Sampling: [4]image.Point{{1, 1}, {1, 1}, {1, 1}}}, 125*63*3*64 + pixels*4},
		{"a CMYK JPEG's interleaved copy", Header{Type: JPEG, Width: 1000, Height: 500, Channels: 4, Depth: 8,
			Sampling: [4]image.Point{{1, 1}, {1, 1}, {1, 1}, {1, 1}}}, 125*63*4*64 + pixels*4},
		{"a lossy WebP in macroblocks", Header{Type: WebP, Width: 1000, Height: 500, Channels: 3, Depth: 8}, 63 * 32 * 384},
		{"a lossy WebP's alpha plane", Header{Type: WebP, Width: 1000, Height: 500, Channels: 4, Depth: 8}, 63*32*384 + pixels*9},
		{"a lossless WebP, unpacked", Header{Type: WebP, Width: 1000, Height: 500, Channels: 4, Depth: 8, Layered: true}, pixels * 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.h.GoDecodeCost(); got != goDecoderState+c.want {
				t.Fatalf("GoDecodeCost = %d, want %d", got, goDecoderState+c.want)
			}
		})
	}
	if got := (Header{Type: AVIF, Width: 2, Height: 2, Channels: 3, Depth: 8}).GoDecodeCost(); got != math.MaxInt64 {
		t.Fatalf("an AVIF, which no Go decoder reads, costs %d", got)
	}
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func encodeJPEG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, nil); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
