package cover

import (
	"encoding/xml"
	"hash/fnv"
	"math"
	"strings"
	"unicode"
)

// PortraitSize is the side of a portrait's square frame.
const PortraitSize = 160

// PortraitPath returns the address of the portrait drawn under key: a
// person's slug, or "client-" and a testimonial's id.
func PortraitPath(key string) string { return "/portraits/" + key + ".svg" }

// portraitPalettes colour a portrait by the office a person works from;
// a person of no office (a client) has one chosen by their name.
var portraitPalettes = map[string]palette{
	"london": {"#12203f", "#2a3d6b", "#f4a38c"},
	"dubai":  {"#073b3a", "#0f6160", "#f1c76b"},
	"cairo":  {"#3a1730", "#64294f", "#f7b9a6"},
	"":       {"#1d2b24", "#2f4a3c", "#a7e3c0"},
}

var portraitOrder = []string{"london", "dubai", "cairo", ""}

// Portrait draws a person's portrait as monogram art: their initials under
// an arch, on a ground patterned and coloured by who they are and where
// they work. The same name and office always draw the same picture.
func Portrait(name, office string) []byte {
	h := fnv.New32a()
	_, _ = h.Write([]byte(name))
	seed := h.Sum32()
	p, ok := portraitPalettes[office]
	if !ok || office == "" {
		p = portraitPalettes[portraitOrder[seed%uint32(len(portraitOrder))]]
	}
	c := &canvas{rand: newRandom(seed), accent: p.accent, flip: seed&2 != 0}
	const s = PortraitSize
	c.add(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`, s, s, s, s)
	c.add(`<defs><linearGradient id="g" x1="0" y1="0" x2="%d" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, seed&1, p.from, p.to)
	c.add(`<rect width="%d" height="%d" fill="url(#g)"/>`, s, s)
	portraitGrounds[c.pick(len(portraitGrounds))](c)
	c.arch(archShapes[c.pick(len(archShapes))])
	c.add(`<text x="80" y="97" text-anchor="middle" font-family="Georgia,'DejaVu Serif','Times New Roman',serif" font-size="34" font-weight="600" letter-spacing="1" fill="#fff">%s</text>`, escape(monogram(name)))
	c.add(`<path d="M62 112h36" %s/>`, c.stroke(2))
	c.add(`</svg>`)
	return []byte(c.b.String())
}

// monogram is the first letters of a name's first and last words:
// "Layla Al-Mansouri" → "LA".
func monogram(name string) string {
	words := strings.Fields(name)
	if len(words) > 1 {
		words = []string{words[0], words[len(words)-1]}
	}
	var out []rune
	for _, w := range words {
		for _, r := range w {
			if unicode.IsLetter(r) {
				out = append(out, unicode.ToUpper(r))
				break
			}
		}
	}
	return string(out)
}

func escape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// portraitGrounds are the patterns behind a monogram.
var portraitGrounds = []func(c *canvas){
	// Eight-pointed stars, as on a screen of carved wood.
	func(c *canvas) {
		for row := range 5 {
			for col := range 5 {
				x, y := 8+float64(col)*36+float64(row%2)*18, 8+float64(row)*36
				c.add(`<path d="%s" %s/>`, star8(x, y, 11), faint)
			}
		}
	},
	// Rings from a corner.
	func(c *canvas) {
		x := c.mx(0, 0)
		for i := 1; i <= 9; i++ {
			c.add(`<circle cx="%s" cy="160" r="%d" %s/>`, num(x), i*22, faint)
		}
	},
	// Fine diagonals.
	func(c *canvas) {
		for i := -160; i < 160; i += 14 {
			c.add(`<path d="M%d 0l160 160" %s/>`, i, faint)
		}
	},
	// A grid of dots, a few of them lit.
	func(c *canvas) {
		for row := range 8 {
			for col := range 8 {
				style := soft
				if c.rand() > 0.93 {
					style = c.fill(.6)
				}
				c.add(`<circle cx="%d" cy="%d" r="2" %s/>`, 10+col*20, 10+row*20, style)
			}
		}
	},
}

// star8 is an eight-pointed star of two squares, one turned by 45°.
func star8(x, y, r float64) string {
	var d strings.Builder
	for k := range 2 {
		var pts [][2]float64
		for i := range 4 {
			a := float64(k)*math.Pi/4 + float64(i)*math.Pi/2
			pts = append(pts, [2]float64{x + r*math.Cos(a), y + r*math.Sin(a)})
		}
		d.WriteString(polyline(pts) + "Z")
	}
	return d.String()
}

// archShapes are the outlines that frame a monogram, open at the foot.
var archShapes = []string{
	// A round arch.
	`M40 138V78a40 40 0 0 1 80 0v60`,
	// A pointed arch.
	`M40 138V82C40 56 60 40 80 26c20 14 40 30 40 56v56`,
	// A horseshoe arch, wider than its opening.
	`M48 138v-30c-14-12-14-40 0-56a44 44 0 0 1 64 0c14 16 14 44 0 56v30`,
}

// arch draws the frame: a soft ground inside it, its outline in the
// accent, and a small star at its crown.
func (c *canvas) arch(d string) {
	c.add(`<path d="%sZ" fill="#fff" fill-opacity=".08"/>`, d)
	c.add(`<path d="%s" %s/>`, d, c.stroke(3))
	c.add(`<path d="%s" %s/>`, star8(80, 148, 5), c.fill(1))
}
