package auth

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
)

// maxDecodeCost is the most memory one profile picture may take to decode
// and scale. A small file can describe a picture that takes hundreds of
// megabytes to decode (a 130 KB PNG of 16-bit pixels, a 190 KB progressive
// JPEG), so the cost is worked out from the header before anything is
// decoded.
const maxDecodeCost = 64 << 20

// decoderState is what a decoder needs besides pixels and coefficients,
// generously: Huffman and quantization tables, the inflater's window, the
// readers' buffers.
const decoderState = 1 << 20

// errUnknownHeader is a header decodeCost cannot read; the decoder would
// refuse it too.
var errUnknownHeader = errors.New("auth: unreadable image header")

// decodeCost estimates, from the header of an image of the given content
// type and size, the bytes that decoding it with the standard decoders and
// scaling it with fit take: the decoded pixels in the decoder's layout,
// the decoder's own buffers (a progressive JPEG keeps every coefficient, an
// interlaced PNG its passes, a lossless WebP an unpacked copy) and fit's.
func decodeCost(contentType string, data []byte, size image.Point) (int64, error) {
	var decoded int64
	var err error
	switch contentType {
	case "image/png":
		decoded, err = pngCost(data, size)
	case "image/jpeg":
		decoded, err = jpegCost(data)
	case "image/webp":
		decoded, err = webpCost(data, size)
	default:
		err = errUnknownHeader
	}
	if err != nil {
		return 0, err
	}
	return decoderState + decoded + fitCost(size, avatarSide), nil
}

// pngCost follows image/png: one byte a pixel for palettes and grey
// (8 bytes with 16-bit transparency), two for 16-bit grey, four for other
// 8-bit pixels and eight for other 16-bit ones; two rows of filter state;
// and the passes of an interlaced image, as large together as the image.
func pngCost(data []byte, size image.Point) (int64, error) {
	if len(data) < 33 || string(data[12:16]) != "IHDR" {
		return 0, errUnknownHeader
	}
	depth, colour, interlaced := int64(data[24]), data[25], data[28] == 1
	transparent := false
	for rest := data[8:]; len(rest) >= 8; {
		n := int64(binary.BigEndian.Uint32(rest[:4]))
		kind := string(rest[4:8])
		if kind == "IDAT" || n > int64(len(rest))-12 {
			break
		}
		transparent = transparent || kind == "tRNS"
		rest = rest[12+n:]
	}
	channels := map[byte]int64{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
	if channels == 0 || depth == 0 {
		return 0, errUnknownHeader
	}
	var perPixel int64
	switch {
	case colour == 3:
		perPixel = 1
	case colour == 0 && !transparent:
		perPixel = max(1, depth/8)
	case depth == 16:
		perPixel = 8
	default:
		perPixel = 4
	}
	pixels := int64(size.X) * int64(size.Y)
	cost := pixels*perPixel + 2*(1+(int64(size.X)*channels*depth+7)/8)
	if interlaced {
		cost += pixels * perPixel
	}
	return cost, nil
}

// jpegCost follows image/jpeg: the components' samples over whole blocks
// of minimum coded units, the black plane and the interleaved copy of a
// four-component image, the RGB copy of an Adobe RGB one, and in a
// progressive image 64 four-byte coefficients for every block.
func jpegCost(data []byte) (int64, error) {
	if len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return 0, errUnknownHeader
	}
	adobeRGB := false
	for i := 2; i+4 <= len(data); {
		marker := data[i+1]
		switch {
		case data[i] != 0xff || marker == 0xff:
			i++ // stray or fill bytes between segments, which decoders skip too
			continue
		case marker == 0x01 || marker >= 0xd0 && marker <= 0xd7:
			i += 2 // markers without a segment, which image/jpeg passes over
			continue
		}
		n := int(binary.BigEndian.Uint16(data[i+2 : i+4]))
		if n < 2 || i+2+n > len(data) {
			return 0, errUnknownHeader
		}
		segment := data[i+4 : i+2+n]
		switch {
		case marker == 0xee && len(segment) >= 12 && bytes.HasPrefix(segment, []byte("Adobe")):
			adobeRGB = segment[11] == 0
		case marker == 0xc0 || marker == 0xc1 || marker == 0xc2:
			return sofCost(segment, marker == 0xc2, adobeRGB)
		case marker == 0xda || marker == 0xd9:
			return 0, errUnknownHeader // image data before its frame header
		}
		i += 2 + n
	}
	return 0, errUnknownHeader
}

// sofCost reads a JPEG frame header (SOF0, SOF1 or SOF2).
func sofCost(sof []byte, progressive, adobeRGB bool) (int64, error) {
	if len(sof) < 6 {
		return 0, errUnknownHeader
	}
	height, width := int64(binary.BigEndian.Uint16(sof[1:3])), int64(binary.BigEndian.Uint16(sof[3:5]))
	n := int(sof[5])
	if n != 1 && n != 3 && n != 4 || len(sof) < 6+3*n {
		return 0, errUnknownHeader
	}
	h, v := make([]int64, n), make([]int64, n)
	named := n == 3
	for i := range n {
		c := sof[6+3*i:]
		h[i], v[i] = max(1, int64(c[1]>>4)), max(1, int64(c[1]&0x0f))
		named = named && c[0] == "RGB"[i]
	}
	if n == 1 { // one component: one block per unit, whatever it declares
		h[0], v[0] = 1, 1
	}
	unitsX, unitsY := (width+8*h[0]-1)/(8*h[0]), (height+8*v[0]-1)/(8*v[0])
	var samples, blocks int64
	for i := range n {
		b := unitsX * unitsY * h[i] * v[i]
		blocks += b
		samples += 64 * b
	}
	cost := samples
	if progressive {
		cost += blocks * 64 * 4
	}
	if n == 4 || n == 3 && (adobeRGB || named) {
		cost += width * height * 4 // CMYK or RGBA, interleaved
	}
	return cost, nil
}

// webpCost follows golang.org/x/image/webp: lossy pixels in 4:2:0 over
// whole macroblocks; lossless ones at four bytes a pixel, twice over when a
// colour index is unpacked; an alpha plane decoded losslessly, then kept
// at one byte a pixel.
func webpCost(data []byte, size image.Point) (int64, error) {
	if len(data) < 16 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return 0, errUnknownHeader
	}
	pixels := int64(size.X) * int64(size.Y)
	mbX, mbY := (int64(size.X)+15)/16, (int64(size.Y)+15)/16
	lossy := mbX * mbY * 256 * 3 / 2
	lossless := 8 * pixels
	var cost int64
	for rest := data[12:]; len(rest) >= 8; {
		n := int64(binary.LittleEndian.Uint32(rest[4:8]))
		switch string(rest[:4]) {
		case "VP8 ":
			return cost + lossy, nil
		case "VP8L":
			return cost + lossless, nil
		case "ALPH":
			cost += lossless + pixels
		}
		n += n & 1 // chunks are padded to an even length
		if n > int64(len(rest))-8 {
			break
		}
		rest = rest[8+n:]
	}
	return 0, errUnknownHeader
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
