// Package imagecheck reads what an uploaded picture's header says before
// anything decodes it: its type by content (JPEG, PNG, WebP or AVIF), its
// size, its channels and bit depth, and so the memory decoding it takes. A
// small file can describe a picture that takes gigabytes to decode, so
// uploads are judged by this before a decoder sees them.
package imagecheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"net/http"
)

// The content types Inspect recognises.
const (
	JPEG = "image/jpeg"
	PNG  = "image/png"
	WebP = "image/webp"
	AVIF = "image/avif"
)

// ErrType is a file that is none of the types Inspect recognises.
var ErrType = errors.New("imagecheck: not a JPEG, PNG, WebP or AVIF image")

// ErrHeader is a header of a recognised type that cannot be read: a
// decoder would refuse it too.
var ErrHeader = errors.New("imagecheck: unreadable image header")

// Header is what a picture's header says.
type Header struct {
	Type     string // one of JPEG, PNG, WebP, AVIF
	Width    int
	Height   int
	Channels int // 1 to 4, counting alpha
	Depth    int // bits per sample: 8, or up to 16
	// Layered is a picture whose decoder keeps the whole of it until the
	// end: a progressive JPEG's coefficients, an interlaced PNG's passes, a
	// lossless WebP's pixels (which later ones copy from), an AVIF's frames.
	Layered bool
	// Palette is a PNG whose pixels are indexes into a palette.
	Palette bool
	// Sampling is a JPEG's horizontal and vertical sampling factors, one
	// pair a component in the frame's order (a 4:2:0 photo's are 2×2, 1×1,
	// 1×1); zero for other types.
	Sampling [4]image.Point
	// RGB is a JPEG of three components that hold red, green and blue
	// rather than luma and chroma, as its Adobe segment or its components'
	// names say.
	RGB bool
}

// decoderState is what a decoder needs besides pixels, generously:
// Huffman and quantisation tables, the inflater's window, buffers.
const decoderState = 4 << 20

// DecodeCost estimates the bytes the site's encoder (libvips, in
// ssr/encode-image.mjs) takes to decode the picture on its way to a cover,
// from what was measured there. The frame is the picture's pixels at the
// depth and channels the header gives (two bytes a sample above eight
// bits). A decoder that shrinks while it reads (a baseline JPEG, a lossy
// WebP) holds a third of it; a PNG streamed a band of lines at a time
// through the resize, two thirds. A decoder that needs the whole picture
// (Layered) holds the frame: a progressive JPEG's coefficients, a lossless
// WebP's pixels; twice for an interlaced PNG's passes. An AVIF's AV1
// decoder keeps several frames of 16-bit samples whatever the depth: seven
// bytes a sample in all.
func (h Header) DecodeCost() int64 {
	perSample := int64(1)
	if h.Depth > 8 {
		perSample = 2
	}
	frame := int64(h.Width) * int64(h.Height) * int64(h.Channels) * perSample
	switch {
	case h.Type == AVIF:
		frame = int64(h.Width) * int64(h.Height) * int64(h.Channels) * 7
	case h.Layered && h.Type == PNG:
		frame *= 2
	case h.Layered:
	case h.Type == PNG:
		frame = frame * 2 / 3
	default:
		frame /= 3
	}
	return decoderState + frame
}

// Inspect reads data's header.
func Inspect(data []byte) (Header, error) {
	if isAVIF(data) {
		return avifHeader(data)
	}
	switch http.DetectContentType(data) {
	case JPEG:
		return jpegHeader(data)
	case PNG:
		return pngHeader(data)
	case WebP:
		return webpHeader(data)
	}
	return Header{}, ErrType
}

// pngHeader reads IHDR and whether a tRNS chunk adds transparency.
func pngHeader(data []byte) (Header, error) {
	if len(data) < 33 || string(data[12:16]) != "IHDR" {
		return Header{}, ErrHeader
	}
	h := Header{
		Type:    PNG,
		Width:   int(binary.BigEndian.Uint32(data[16:20])),
		Height:  int(binary.BigEndian.Uint32(data[20:24])),
		Depth:   int(data[24]),
		Layered: data[28] == 1,
		Palette: data[25] == 3,
	}
	channels := map[byte]int{0: 1, 2: 3, 3: 3, 4: 2, 6: 4}[data[25]]
	if channels == 0 || h.Depth == 0 {
		return Header{}, ErrHeader
	}
	for rest := data[8:]; len(rest) >= 8; {
		n := int64(binary.BigEndian.Uint32(rest[:4]))
		kind := string(rest[4:8])
		if kind == "IDAT" || n > int64(len(rest))-12 {
			break
		}
		if kind == "tRNS" && (channels == 1 || channels == 3) {
			channels++
		}
		rest = rest[12+n:]
	}
	h.Channels = channels
	return h, sane(h)
}

// jpegHeader reads the frame header (any SOF marker), skipping the
// segments before it but an Adobe one, which says how colours are stored.
func jpegHeader(data []byte) (Header, error) {
	if len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return Header{}, ErrHeader
	}
	adobeRGB := false
	for i := 2; i+4 <= len(data); {
		marker := data[i+1]
		switch {
		case data[i] != 0xff || marker == 0xff:
			i++ // fill bytes between segments
			continue
		case marker == 0x01 || marker >= 0xd0 && marker <= 0xd7:
			i += 2 // markers without a segment
			continue
		}
		n := int(binary.BigEndian.Uint16(data[i+2 : i+4]))
		if n < 2 || i+2+n > len(data) {
			return Header{}, ErrHeader
		}
		segment := data[i+4 : i+2+n]
		switch {
		case marker == 0xee && len(segment) >= 12 && bytes.HasPrefix(segment, []byte("Adobe")):
			adobeRGB = segment[11] == 0 // transform 0: no YCbCr, in practice RGB
		case marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc:
			if len(segment) < 6 {
				return Header{}, ErrHeader
			}
			h := Header{
				Type:     JPEG,
				Depth:    int(segment[0]),
				Height:   int(binary.BigEndian.Uint16(segment[1:3])),
				Width:    int(binary.BigEndian.Uint16(segment[3:5])),
				Channels: int(segment[5]),
				// Progressive frames keep every coefficient until the last scan.
				Layered: marker == 0xc2 || marker == 0xc6 || marker == 0xca || marker == 0xce,
			}
			if h.Layered {
				// 64 coefficients of two bytes for every 64 samples.
				h.Depth = max(h.Depth, 16)
			}
			named := h.Channels == 3
			for c := 0; c < min(h.Channels, len(h.Sampling)) && 6+3*c+1 < len(segment); c++ {
				id, factors := segment[6+3*c], segment[6+3*c+1]
				h.Sampling[c] = image.Pt(int(factors>>4), int(factors&0x0f))
				named = named && id == "RGB"[c]
			}
			h.RGB = h.Channels == 3 && (adobeRGB || named)
			return h, sane(h)
		case marker == 0xda || marker == 0xd9:
			return Header{}, ErrHeader // image data before its frame header
		}
		i += 2 + n
	}
	return Header{}, ErrHeader
}

// webpHeader reads the canvas of an extended file (VP8X) or the frame of
// a simple lossy (VP8) or lossless (VP8L) one; each checks the length of
// its own header, so a lossless picture of a few pixels, under 30 bytes in
// all, is read too.
func webpHeader(data []byte) (Header, error) {
	if len(data) < 20 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return Header{}, ErrHeader
	}
	chunk, body := string(data[12:16]), data[20:]
	h := Header{Type: WebP, Depth: 8, Channels: 3}
	switch chunk {
	case "VP8X":
		if len(body) < 10 {
			return Header{}, ErrHeader
		}
		if body[0]&0x10 != 0 {
			h.Channels = 4
		}
		h.Width = 1 + int(uint32(body[4])|uint32(body[5])<<8|uint32(body[6])<<16)
		h.Height = 1 + int(uint32(body[7])|uint32(body[8])<<8|uint32(body[9])<<16)
		if hasChunk(data[12:], "VP8L") {
			h.Channels, h.Layered = 4, true // lossless, as below
		}
	case "VP8 ":
		if len(body) < 10 || body[3] != 0x9d || body[4] != 0x01 || body[5] != 0x2a {
			return Header{}, ErrHeader
		}
		h.Width = int(binary.LittleEndian.Uint16(body[6:8]) & 0x3fff)
		h.Height = int(binary.LittleEndian.Uint16(body[8:10]) & 0x3fff)
	case "VP8L":
		if len(body) < 5 || body[0] != 0x2f {
			return Header{}, ErrHeader
		}
		bits := binary.LittleEndian.Uint32(body[1:5])
		h.Width = 1 + int(bits&0x3fff)
		h.Height = 1 + int(bits>>14&0x3fff)
		h.Channels = 4 // a lossless decoder works on ARGB
		h.Layered = true
	default:
		return Header{}, ErrHeader
	}
	return h, sane(h)
}

// hasChunk reports whether a RIFF chunk of the kind is among chunks, read
// in order until one's size runs past the data.
func hasChunk(chunks []byte, kind string) bool {
	for len(chunks) >= 8 {
		if string(chunks[:4]) == kind {
			return true
		}
		n := int64(binary.LittleEndian.Uint32(chunks[4:8]))
		n += n & 1 // chunks are padded to an even size
		if n > int64(len(chunks))-8 {
			return false
		}
		chunks = chunks[8+n:]
	}
	return false
}

// isAVIF reports whether data is an ISO base media file whose brands say
// AVIF: "avif" (a still picture) or "avis" (a sequence) as its major brand
// or among its compatible ones.
func isAVIF(data []byte) bool {
	if len(data) < 16 || string(data[4:8]) != "ftyp" {
		return false
	}
	n := int(binary.BigEndian.Uint32(data[:4]))
	if n < 16 || n > len(data) {
		return false
	}
	brands := append([]byte{}, data[8:12]...)
	brands = append(brands, data[16:n]...)
	for i := 0; i+4 <= len(brands); i += 4 {
		if b := string(brands[i : i+4]); b == "avif" || b == "avis" {
			return true
		}
	}
	return false
}

// avifHeader walks the boxes to the item properties (meta, iprp, ipco)
// and reads the largest image spatial extent (ispe) there, which is the
// primary picture or its grid, and the most bits and channels any pixel
// information (pixi) gives. An alpha plane is an auxiliary picture
// (auxC): four channels are counted when there is one.
func avifHeader(data []byte) (Header, error) {
	h := Header{Type: AVIF, Depth: 8, Channels: 3, Layered: true}
	ipco := findBox(data, "meta", "iprp", "ipco")
	if ipco == nil {
		return Header{}, ErrHeader
	}
	for rest := ipco; len(rest) >= 8; {
		size, kind, body, ok := nextBox(rest)
		if !ok {
			return Header{}, ErrHeader
		}
		switch kind {
		case "ispe":
			if len(body) >= 12 {
				w, ht := int(binary.BigEndian.Uint32(body[4:8])), int(binary.BigEndian.Uint32(body[8:12]))
				if int64(w)*int64(ht) > int64(h.Width)*int64(h.Height) {
					h.Width, h.Height = w, ht
				}
			}
		case "auxC": // an auxiliary picture: in a still AVIF, the alpha plane
			h.Channels = 4
		case "pixi":
			if len(body) >= 5 {
				channels := int(body[4])
				if len(body) >= 5+channels {
					for _, bits := range body[5 : 5+channels] {
						h.Depth = max(h.Depth, int(bits))
					}
				}
			}
		}
		rest = rest[size:]
	}
	return h, sane(h)
}

// findBox returns the body of the box at the path of box types, each
// looked for among the previous one's children.
func findBox(data []byte, path ...string) []byte {
	for _, want := range path {
		var found []byte
		for rest := data; len(rest) >= 8; {
			size, kind, body, ok := nextBox(rest)
			if !ok {
				return nil
			}
			if kind == want {
				found = body
				if kind == "meta" {
					if len(body) < 4 {
						return nil
					}
					found = body[4:] // a full box: version and flags come first
				}
				break
			}
			rest = rest[size:]
		}
		if found == nil {
			return nil
		}
		data = found
	}
	return data
}

// nextBox splits the first box off data: its whole size, type and body.
func nextBox(data []byte) (size int, kind string, body []byte, ok bool) {
	if len(data) < 8 {
		return 0, "", nil, false
	}
	n := uint64(binary.BigEndian.Uint32(data[:4]))
	kind, header := string(data[4:8]), 8
	switch n {
	case 0: // to the end of the file
		n = uint64(len(data))
	case 1: // a 64-bit size follows
		if len(data) < 16 {
			return 0, "", nil, false
		}
		n, header = binary.BigEndian.Uint64(data[8:16]), 16
	}
	if n < uint64(header) || n > uint64(len(data)) {
		return 0, "", nil, false
	}
	return int(n), kind, data[header:n], true
}

// sane refuses a header whose numbers no decoder accepts.
func sane(h Header) error {
	if h.Width < 1 || h.Height < 1 || h.Channels < 1 || h.Channels > 4 || h.Depth < 1 || h.Depth > 16 {
		return ErrHeader
	}
	return nil
}
