package imagecheck

import "math"

// goDecoderState is what Go's decoders need besides pixels and
// coefficients, generously: Huffman and quantisation tables, the
// inflater's window, the readers' buffers.
const goDecoderState = 1 << 20

// GoDecodeCost estimates the bytes Go's own decoders (image/png,
// image/jpeg, golang.org/x/image/webp) allocate to decode the picture: its
// pixels in the decoder's layout and the decoder's buffers. The header must
// be one the decoder accepts (its DecodeConfig reads it); an AVIF, which
// none reads, costs more than any budget.
func (h Header) GoDecodeCost() int64 {
	var cost int64
	switch h.Type {
	case PNG:
		cost = h.goPNGCost()
	case JPEG:
		cost = h.goJPEGCost()
	case WebP:
		cost = h.goWebPCost()
	default:
		return math.MaxInt64
	}
	return goDecoderState + cost
}

// goPNGCost follows image/png: one byte a pixel for palettes and grey
// (8 bytes with 16-bit transparency), two for 16-bit grey, four for other
// 8-bit pixels and eight for other 16-bit ones; two rows of filter state;
// and the passes of an interlaced image, as large together as the image.
func (h Header) goPNGCost() int64 {
	var perPixel int64
	channels, depth := int64(h.Channels), int64(h.Depth)
	switch {
	case h.Palette:
		perPixel, channels = 1, 1
	case h.Channels == 1:
		perPixel = max(1, depth/8)
	case h.Depth == 16:
		perPixel = 8
	default:
		perPixel = 4
	}
	pixels := int64(h.Width) * int64(h.Height)
	// Channels counts a tRNS chunk's transparency, which the rows lack: a
	// row's worth more, at most.
	cost := pixels*perPixel + 2*(1+(int64(h.Width)*channels*depth+7)/8)
	if h.Layered {
		cost += pixels * perPixel
	}
	return cost
}

// goJPEGCost follows image/jpeg: the components' samples over whole blocks
// of minimum coded units, the black plane and the interleaved copy of a
// four-component image, the RGB copy of an RGB one, and in a progressive
// image 64 four-byte coefficients for every block.
func (h Header) goJPEGCost() int64 {
	n := min(h.Channels, len(h.Sampling))
	hs, vs := make([]int64, n), make([]int64, n)
	for i := range n {
		hs[i], vs[i] = max(1, int64(h.Sampling[i].X)), max(1, int64(h.Sampling[i].Y))
	}
	if n == 1 { // one component: one block per unit, whatever it declares
		hs[0], vs[0] = 1, 1
	}
	width, height := int64(h.Width), int64(h.Height)
	unitsX, unitsY := (width+8*hs[0]-1)/(8*hs[0]), (height+8*vs[0]-1)/(8*vs[0])
	var samples, blocks int64
	for i := range n {
		b := unitsX * unitsY * hs[i] * vs[i]
		blocks += b
		samples += 64 * b
	}
	cost := samples
	if h.Layered {
		cost += blocks * 64 * 4
	}
	if n == 4 || h.RGB {
		cost += width * height * 4 // CMYK or RGBA, interleaved
	}
	return cost
}

// goWebPCost follows golang.org/x/image/webp: lossy pixels in 4:2:0 over
// whole macroblocks; lossless ones (Layered) at four bytes a pixel, twice
// over when a colour index is unpacked; a lossy picture's alpha plane
// decoded losslessly, then kept at one byte a pixel.
func (h Header) goWebPCost() int64 {
	pixels := int64(h.Width) * int64(h.Height)
	lossless := 8 * pixels
	if h.Layered {
		return lossless
	}
	mbX, mbY := (int64(h.Width)+15)/16, (int64(h.Height)+15)/16
	cost := mbX * mbY * 256 * 3 / 2
	if h.Channels == 4 {
		cost += lossless + pixels
	}
	return cost
}
