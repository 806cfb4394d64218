// Package cover draws the site's pictures: the cover of each page, abstract
// SVG art generated from a page's route and an item's subject, whose colours
// say what part of the site the page is in, whose motif what it is about (a
// news story, a penetration test, an ISO standard), and whose details tell
// the pages of one kind apart; the offices' city scenes; and the portraits of
// people, monogram art drawn from a name. No photographs, no faces; the same
// page or person always draws the same picture.
package cover

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"noorvale.example/site/api/content"
)

// ContentType is the media type of a cover.
const ContentType = "image/svg+xml"

// Width and Height are the drawing's frame, 16:9; pages crop it to their
// own shape around its centre.
const (
	Width  = 400
	Height = 225
)

// Path returns the address of the cover of the page at route.
func Path(route string) string { return "/covers" + route + ".svg" }

// Shown reports whether pages of a kind show a cover: the collections'
// items but accreditations (which show their emblem), the service and standard pages and their landing pages, the about
// page, the forms page, the offices' contact pages and the careers page.
func Shown(kind string) bool {
	switch kind {
	case content.KindArticle, content.KindPublication, content.KindWebinar, content.KindVacancy, content.KindCaseStudy,
		content.KindService, content.KindStandard, content.KindLanding, content.KindAbout, content.KindForms,
		content.KindContact, content.KindCareers:
		return true
	}
	return false
}

// palette is a theme's colours: a ground that runs from one deep colour to
// another, and the theme's accent, which also tints the glow.
type palette struct{ from, to, accent string }

// theme is the look of a part of the site: its motif and its colours.
type theme struct {
	name    string
	palette palette
	motif   func(c *canvas)
}

// themes are matched against a route in order; firm is for every other page.
var themes = []struct {
	prefix string
	theme  theme
}{
	{"/contact-us/london", theme{"london", palette{"#14213d", "#2b3f6e", "#f4a38c"}, london}},
	{"/contact-us/dubai", theme{"dubai", palette{"#0a3a4a", "#1b6a78", "#f1c76b"}, dubai}},
	{"/contact-us/cairo", theme{"cairo", palette{"#3a1a2e", "#6a3048", "#f7c59f"}, cairo}},
	{"/about-us", theme{"about", palette{"#0a2540", "#0d3a5c", "#6fdccf"}, offices}},
	{"/forms", theme{"forms", palette{"#1a2a3a", "#27445e", "#93e1d8"}, form}},
	{"/resources/news", theme{"news", palette{"#05343a", "#0b5560", "#5eead4"}, signal}},
	{"/resources/blogs", theme{"blogs", palette{"#3a1024", "#5c1a3a", "#fda4af"}, writing}},
	{"/resources/publications", theme{"publications", palette{"#1c1f52", "#2e3480", "#a5b4fc"}, documents}},
	{"/resources/webinars", theme{"webinars", palette{"#3d1a0c", "#6a2c12", "#fdba74"}, screen}},
	{"/resources/case-studies", theme{"stories", palette{"#0f2a33", "#17454f", "#99f6e4"}, checklist}},
	{"/careers/jop-vacancies/", theme{"vacancies", palette{"#0d3320", "#165234", "#86efac"}, network}},
	{"/careers/jop-vacancies", theme{"careers", palette{"#0d3320", "#165234", "#86efac"}, steps}},
	{"/services/cybersecurity-services", theme{"cybersecurity", palette{"#06182c", "#0b3052", "#67e8f9"}, hexShield}},
	{"/services/compliance-and-audit-services", theme{"audit", palette{"#0c2146", "#173a72", "#93c5fd"}, checklist}},
	{"/services/business-continuity-and-recovery", theme{"continuity", palette{"#33200a", "#573710", "#fcd34d"}, cycle}},
	{"/services/outsourcing-service", theme{"outsourcing", palette{"#3a0f3d", "#5c1a60", "#f0abfc"}, bridge}},
	{"/compliance/iso-standards", theme{"iso", palette{"#2c2a0e", "#4a4514", "#fde68a"}, seal}},
	{"/compliance/pci-standards", theme{"pci", palette{"#06302c", "#0b4d45", "#6ee7b7"}, card}},
	{"/compliance/soc-reports", theme{"soc", palette{"#22144a", "#38227a", "#c4b5fd"}, report}},
	{"/compliance/csa-star-level-1-and-2", theme{"cloud", palette{"#0a1f3d", "#123766", "#7dd3fc"}, constellation}},
}

var firm = theme{"firm", palette{"#0a2540", "#0d3a5c", "#6fdccf"}, shields}

// themeOf returns the theme of the page at route.
func themeOf(route string) theme {
	for _, t := range themes {
		// A prefix ending in "/" is for the pages below it only.
		below := strings.HasSuffix(t.prefix, "/")
		if below && strings.HasPrefix(route, t.prefix) || !below && (route == t.prefix || strings.HasPrefix(route, t.prefix+"/")) {
			return t.theme
		}
	}
	return firm
}

// SVG draws the cover of the page at route as a standalone SVG document.
// An item's subject (its English title, description and tags) may choose
// a motif that says what it is about, in its collection's colours.
func SVG(route, subject string) []byte {
	t := themeOf(route)
	if m := topicMotif(subject); m != nil {
		t.motif = m
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(route))
	seed := h.Sum32()
	c := &canvas{rand: newRandom(seed), accent: t.palette.accent, flip: seed&2 != 0}
	p := t.palette
	// The ground runs diagonally one way or the other; a soft glow of the
	// accent sits somewhere in it.
	x2 := 1
	if seed&1 == 1 {
		x2 = 0
	}
	fmt.Fprintf(&c.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" preserveAspectRatio="xMidYMid slice">`, Width, Height, Width, Height)
	fmt.Fprintf(&c.b, `<defs><linearGradient id="g" x1="%d" y1="0" x2="%d" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, 1-x2, x2, p.from, p.to)
	fmt.Fprintf(&c.b, `<radialGradient id="l"><stop offset="0" stop-color="%s" stop-opacity=".28"/><stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient></defs>`, p.accent, p.accent)
	fmt.Fprintf(&c.b, `<rect width="%d" height="%d" fill="url(#g)"/>`, Width, Height)
	fmt.Fprintf(&c.b, `<circle cx="%s" cy="%s" r="190" fill="url(#l)"/>`, num(c.between(80, 320)), num(c.between(40, 185)))
	t.motif(c)
	c.b.WriteString(`</svg>`)
	return []byte(c.b.String())
}

// canvas collects the elements of one drawing.
type canvas struct {
	b      strings.Builder
	rand   func() float64
	accent string
	flip   bool // the motif's parts change sides, so pages of one kind differ at a glance
}

// mx places a part that starts at x and is w wide on its side of the
// drawing: where it is, or mirrored across the middle. Only the place
// mirrors; the part keeps its own drawing (a tick, a play mark).
func (c *canvas) mx(x, w float64) float64 {
	if c.flip {
		return Width - x - w
	}
	return x
}

// Strokes and fills, by how much they stand out.
const (
	faint  = `fill="none" stroke="#fff" stroke-opacity=".14" stroke-width="1.5"`
	line   = `fill="none" stroke="#fff" stroke-opacity=".32" stroke-width="1.5"`
	soft   = `fill="#fff" fill-opacity=".09"`
	strong = `fill="#fff" fill-opacity=".2"`
)

// stroke is the accent as a line of a width.
func (c *canvas) stroke(width float64) string {
	return fmt.Sprintf(`fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"`, c.accent, num(width))
}

// fill is the accent as a fill of an opacity.
func (c *canvas) fill(opacity float64) string {
	return fmt.Sprintf(`fill="%s" fill-opacity="%s"`, c.accent, num(opacity))
}

func (c *canvas) add(format string, args ...any) { fmt.Fprintf(&c.b, format, args...) }

// between returns a number in [lo, hi).
func (c *canvas) between(lo, hi float64) float64 { return lo + c.rand()*(hi-lo) }

// pick returns an integer in [0, n).
func (c *canvas) pick(n int) int { return int(c.rand() * float64(n)) }

// num writes a coordinate with at most one decimal.
func num(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		return "0"
	}
	return s
}

// polyline is the path through points.
func polyline(points [][2]float64) string {
	var d strings.Builder
	for i, p := range points {
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&d, "%s%s %s", cmd, num(p[0]), num(p[1]))
	}
	return d.String()
}

// newRandom is a seeded generator of numbers in [0, 1) (mulberry32).
func newRandom(seed uint32) func() float64 {
	state := seed
	return func() float64 {
		state += 0x6d2b79f5
		t := state
		t = (t ^ t>>15) * (t | 1)
		t ^= t + (t^t>>7)*(t|61)
		return float64(t^t>>14) / 4294967296
	}
}

// signal: news goes out as rings from a source, with a few dots caught in
// them: from a point beside the headline, from a corner under it, or from
// two points whose rings cross.
func signal(c *canvas) {
	headline := func(y float64) {
		for i, w := range []float64{120, 150, 90} {
			w *= c.between(.8, 1)
			c.add(`<rect x="%s" y="%s" width="%s" height="8" rx="4" %s/>`, num(c.mx(36, w)), num(y+float64(i)*20), num(w), soft)
		}
	}
	switch c.pick(3) {
	case 0:
		c.rings(c.mx(c.between(250, 330), 0), c.between(70, 155), 30, 11)
		headline(82)
	case 1:
		c.rings(c.mx(c.between(330, 370), 0), c.between(190, 215), c.between(24, 30), 14)
		headline(36)
	default:
		c.rings(c.mx(c.between(270, 310), 0), c.between(60, 90), 26, 9)
		c.rings(c.mx(c.between(110, 150), 0), c.between(150, 180), 20, 6)
	}
}

// rings draws n rings spaced step apart round a source, one of them lit
// and every third dotted, with a few dots caught in them.
func (c *canvas) rings(x, y, step float64, n int) {
	bright := 2 + c.pick(3)
	for i := 1; i <= n; i++ {
		r := float64(i) * step
		switch {
		case i == bright:
			c.add(`<circle cx="%s" cy="%s" r="%s" %s/>`, num(x), num(y), num(r), c.stroke(2.5))
		case i%3 == 0:
			c.add(`<circle cx="%s" cy="%s" r="%s" %s stroke-dasharray="3 7"/>`, num(x), num(y), num(r), line)
		default:
			c.add(`<circle cx="%s" cy="%s" r="%s" %s/>`, num(x), num(y), num(r), faint)
		}
	}
	c.add(`<circle cx="%s" cy="%s" r="9" %s/><circle cx="%s" cy="%s" r="4" fill="#fff"/>`, num(x), num(y), c.fill(1), num(x), num(y))
	for range 4 {
		angle := c.between(0, 2*math.Pi)
		r := float64(2+c.pick(n-2)) * step
		c.add(`<circle cx="%s" cy="%s" r="3.5" %s/>`, num(x+r*math.Cos(angle)), num(y+r*math.Sin(angle)), c.fill(.9))
	}
}

// writing: lines of words on a page, one phrase marked, beside the quotation
// marks of an opinion.
func writing(c *canvas) {
	x0 := c.between(36, 56)
	c.add(`<path d="M%s 30V195" %s/>`, num(c.mx(x0-14, 0)), c.stroke(2))
	marked := 1 + c.pick(6)
	for row := range 8 {
		y := 44 + float64(row)*20
		x := x0
		for w := range 3 + c.pick(3) {
			length := c.between(18, 56)
			if x+length > 250 {
				break
			}
			style := soft
			if row == marked && w == 1 {
				style = c.fill(.85)
			}
			c.add(`<rect x="%s" y="%s" width="%s" height="7" rx="3.5" %s/>`, num(c.mx(x, length)), num(y), num(length), style)
			x += length + c.between(8, 14)
		}
	}
	// Two quotation marks: a round head with a tail curling up to the top.
	qx, qy, size := c.between(285, 315), c.between(80, 100), c.between(1, 1.2)
	if c.flip {
		qx = Width - qx - 40*size
	}
	for i := range 2 {
		x := qx + float64(i)*40*size
		c.add(`<circle cx="%s" cy="%s" r="%s" %s/>`, num(x), num(qy+22*size), num(14*size), c.fill(1))
		c.add(`<path d="M%s %sc0-%s %s-%s %s-%s" %s/>`, num(x-13*size), num(qy+22*size), num(18*size), num(10*size), num(30*size), num(24*size), num(34*size), c.stroke(9*size))
	}
	c.add(`<path d="M%s %sh%s" %s/>`, num(qx-16), num(qy+62*size), num(70*size), line)
}

// documents: a stack of pages, the top one with its title marked and lines of text.
func documents(c *canvas) {
	cx, cy := c.mx(c.between(215, 290), 0), c.between(100, 125)
	for i, angle := range []float64{-14 + c.between(-3, 3), -6, 3 + c.between(-2, 4)} {
		style := soft
		if i == 2 {
			style = strong
		}
		c.add(`<g transform="rotate(%s %s %s)">`, num(angle), num(cx), num(cy))
		c.add(`<path d="M%s %sh92l24 24v126h-116Z" %s/><path d="M%s %sh92l24 24v126h-116Z" %s/>`,
			num(cx-58), num(cy-75), style, num(cx-58), num(cy-75), line)
		if i == 2 {
			c.add(`<path d="M%s %sv24h24" %s/>`, num(cx+34), num(cy-75), line)
			c.add(`<rect x="%s" y="%s" width="%s" height="9" rx="2" %s/>`, num(cx-44), num(cy-56), num(c.between(50, 70)), c.fill(1))
			for row := range 6 {
				c.add(`<rect x="%s" y="%s" width="%s" height="5" rx="2.5" fill="#fff" fill-opacity=".5"/>`,
					num(cx-44), num(cy-34+float64(row)*14), num(c.between(50, 86)))
			}
		}
		c.add(`</g>`)
	}
	// A margin of dots on the far side.
	for row := range 5 {
		for col := range 3 {
			c.add(`<circle cx="%s" cy="%s" r="2" %s/>`, num(c.mx(40+float64(col)*20, 0)), num(60+float64(row)*26), soft)
		}
	}
}

// screen: a presentation on a screen, a play mark, and the sound of the talk.
func screen(c *canvas) {
	x, y := c.mx(c.between(170, 210), 190), c.between(38, 56)
	c.add(`<rect x="%s" y="%s" width="190" height="118" rx="10" %s/><rect x="%s" y="%s" width="190" height="118" rx="10" %s/>`,
		num(x), num(y), soft, num(x), num(y), line)
	c.add(`<path d="M%s %sh60M%s %sv14" %s/>`, num(x+65), num(y+140), num(x+95), num(y+118), line)
	px, py := x+95, y+59
	c.add(`<circle cx="%s" cy="%s" r="24" %s/><path d="M%s %sl20 12-20 12Z" fill="#fff"/>`, num(px), num(py), c.fill(1), num(px-7), num(py-12))
	// The speaker's slides: two bars at the top of the screen.
	c.add(`<rect x="%s" y="%s" width="60" height="6" rx="3" fill="#fff" fill-opacity=".45"/><rect x="%s" y="%s" width="36" height="6" rx="3" %s/>`,
		num(x+14), num(y+14), num(x+14), num(y+26), soft)
	// Sound at the start side.
	for i := range 9 {
		hgt := c.between(10, 64)
		style := soft
		if i%4 == 1 {
			style = c.fill(.85)
		}
		c.add(`<rect x="%s" y="%s" width="7" height="%s" rx="3.5" %s/>`, num(c.mx(38+float64(i)*13, 7)), num(112-hgt/2), num(hgt), style)
	}
	// Those watching, as a row of dots.
	for i := range 5 {
		c.add(`<circle cx="%s" cy="%s" r="5" %s/>`, num(x+35+float64(i)*30), num(y+168), soft)
	}
}

// network: people as points of a network, one of them the role that is open.
func network(c *canvas) {
	type point struct{ x, y float64 }
	var nodes []point
	for try := 0; len(nodes) < 11 && try < 400; try++ {
		p := point{c.between(30, 370), c.between(28, 197)}
		near := false
		for _, q := range nodes {
			if math.Hypot(p.x-q.x, p.y-q.y) < 58 {
				near = true
				break
			}
		}
		if !near {
			nodes = append(nodes, p)
		}
	}
	// The open role is the point nearest the middle, which every crop keeps.
	open := 0
	for i, p := range nodes {
		if math.Hypot(p.x-Width/2, p.y-Height/2) < math.Hypot(nodes[open].x-Width/2, nodes[open].y-Height/2) {
			open = i
		}
	}
	for i, p := range nodes {
		others := slices.Clone(nodes)
		slices.SortFunc(others, func(a, b point) int {
			return int(math.Hypot(a.x-p.x, a.y-p.y) - math.Hypot(b.x-p.x, b.y-p.y))
		})
		for _, q := range others[1:min(3, len(others))] {
			style := line
			if i == open {
				style = c.stroke(2)
			}
			c.add(`<path d="M%s %sL%s %s" %s/>`, num(p.x), num(p.y), num(q.x), num(q.y), style)
		}
	}
	for i, p := range nodes {
		if i == open {
			c.add(`<circle cx="%s" cy="%s" r="20" %s/><circle cx="%s" cy="%s" r="13" %s/>`, num(p.x), num(p.y), c.stroke(2), num(p.x), num(p.y), c.fill(1))
			c.add(`<path d="M%s %sh10M%s %sv10" stroke="#0d3320" stroke-width="2.5" stroke-linecap="round"/>`, num(p.x-5), num(p.y), num(p.x), num(p.y-5))
			continue
		}
		c.add(`<circle cx="%s" cy="%s" r="%s" fill="#1d4b35" stroke="#fff" stroke-opacity=".45" stroke-width="1.5"/>`, num(p.x), num(p.y), num(c.between(5, 9)))
	}
}

// hexShield: a honeycomb of cells, some of them held, behind a shield.
func hexShield(c *canvas) {
	const size = 20
	w, h := math.Sqrt(3)*size, 1.5*size
	hexagon := func(x, y float64) string {
		var corners [][2]float64
		for k := range 6 {
			a := math.Pi/6 + float64(k)*math.Pi/3
			corners = append(corners, [2]float64{x + size*math.Cos(a), y + size*math.Sin(a)})
		}
		return polyline(corners) + "Z"
	}
	// The honeycomb repeats every two rows: a tile of the pattern holds the
	// cells that reach into it, at its corners and in its middle.
	c.add(`<pattern id="h" width="%s" height="%s" patternUnits="userSpaceOnUse"><path d="%s%s%s%s%s" %s/></pattern>`,
		num(w), num(2*h), hexagon(0, 0), hexagon(w, 0), hexagon(w/2, h), hexagon(0, 2*h), hexagon(w, 2*h), faint)
	c.add(`<rect width="%d" height="%d" fill="url(#h)"/>`, Width, Height)
	for row := range 9 {
		for col := range 13 {
			style := ""
			switch roll := c.rand(); {
			case roll > 0.97:
				style = c.fill(.55)
			case roll > 0.84:
				style = soft
			}
			if style != "" {
				c.add(`<path d="%s" %s/>`, hexagon(float64(col)*w+float64(row%2)*w/2, float64(row)*h), style)
			}
		}
	}
	x, y, s := c.mx(c.between(270, 320), 0), 112.0, c.between(3.6, 4.2)
	shieldPath := func(scale float64) string {
		return fmt.Sprintf(`M%s %sl%s %sv%sc0 %s-%s %s-%s %sc-%s-%s-%s-%s-%s-%sv-%sZ`,
			num(x), num(y-17.5*scale), num(14.5*scale), num(5.5*scale), num(11.2*scale), num(9*scale), num(6*scale), num(15.8*scale),
			num(14.5*scale), num(18.3*scale), num(8.5*scale), num(2.5*scale), num(14.5*scale), num(9.3*scale), num(14.5*scale), num(18.3*scale), num(11.2*scale))
	}
	c.add(`<path d="%s" fill="#06182c" fill-opacity=".8"/><path d="%s" %s/>`, shieldPath(s), shieldPath(s), c.stroke(2.5))
	c.add(`<path d="%s" %s/>`, shieldPath(s*0.7), line)
	c.add(`<path d="M%s %sl10 10 20-22" %s/>`, num(x-15), num(y), c.stroke(4))
}

// checklist: a checklist being worked through, under a magnifying glass.
func checklist(c *canvas) {
	x0, y0 := c.mx(c.between(40, 70), 202), c.between(38, 50)
	done := 2 + c.pick(3)
	for row := range 5 {
		y := y0 + float64(row)*32
		c.add(`<rect x="%s" y="%s" width="18" height="18" rx="4" %s/>`, num(x0), num(y), line)
		if row < done {
			c.add(`<path d="M%s %sl5 5 9-10" %s/>`, num(x0+4), num(y+9), c.stroke(2.5))
		}
		c.add(`<rect x="%s" y="%s" width="%s" height="7" rx="3.5" %s/>`, num(x0+32), num(y+5.5), num(c.between(90, 170)), soft)
	}
	mx, my := c.mx(c.between(280, 320), 0), c.between(90, 120)
	c.add(`<circle cx="%s" cy="%s" r="46" fill="#fff" fill-opacity=".06"/><circle cx="%s" cy="%s" r="46" %s/>`, num(mx), num(my), num(mx), num(my), c.stroke(3))
	c.add(`<path d="M%s %sl34 34" %s/>`, num(mx+33), num(my+33), c.stroke(8))
	c.add(`<path d="M%s %sl9 9 18-20" %s/>`, num(mx-16), num(my), c.stroke(4))
	// Ruled paper behind it all.
	for y := 24.0; y < Height; y += 32 {
		c.add(`<path d="M0 %sH%d" %s/>`, num(y-8), Width, faint)
	}
}

// cycle: the continuity cycle, arrows chasing each other round, over a line
// that dips and recovers.
func cycle(c *canvas) {
	x, y := c.mx(c.between(250, 300), 0), c.between(95, 120)
	start := c.between(0, 2*math.Pi)
	for i, r := range []float64{70, 44} {
		from := start + float64(i)*math.Pi
		to := from + 2*math.Pi*0.78
		x1, y1 := x+r*math.Cos(from), y+r*math.Sin(from)
		x2, y2 := x+r*math.Cos(to), y+r*math.Sin(to)
		style := line
		if i == 0 {
			style = c.stroke(3)
		}
		c.add(`<path d="M%s %sA%s %s 0 1 1 %s %s" %s/>`, num(x1), num(y1), num(r), num(r), num(x2), num(y2), style)
		// An arrowhead at the end, along the circle's direction.
		tx, ty := -math.Sin(to), math.Cos(to)
		nx, ny := math.Cos(to), math.Sin(to)
		c.add(`<path d="M%s %sL%s %sL%s %s" %s/>`,
			num(x2-tx*9+nx*6), num(y2-ty*9+ny*6), num(x2), num(y2), num(x2-tx*9-nx*6), num(y2-ty*9-ny*6), style)
	}
	c.add(`<circle cx="%s" cy="%s" r="8" %s/>`, num(x), num(y), c.fill(1))
	// Service level: steady, a dip, recovered.
	dip := c.mx(c.between(90, 160), 38)
	c.add(`<path d="M0 188H%sl10 22 10-40 10 28 8-10H%d" %s/>`, num(dip), Width, c.stroke(2))
	c.add(`<path d="M0 202H%d" %s stroke-dasharray="2 8"/>`, Width, line)
}

// bridge: the client's side and ours, joined by the links of the service.
func bridge(c *canvas) {
	left := [][2]float64{}
	right := [][2]float64{}
	for row := range 3 {
		for col := range 2 {
			left = append(left, [2]float64{46 + float64(col)*42, 48 + float64(row)*46})
			right = append(right, [2]float64{286 + float64(col)*42, 48 + float64(row)*46})
		}
	}
	lit := c.pick(3)
	for i := range 3 {
		a, b := left[i*2+1], right[i*2]
		style := line
		if i == lit {
			style = c.stroke(2.5)
		}
		mid := c.between(-30, 30)
		c.add(`<path d="M%s %sC%s %s %s %s %s %s" %s/>`, num(a[0]+30), num(a[1]+15), num(200), num(a[1]+15+mid), num(200), num(b[1]+15-mid), num(b[0]), num(b[1]+15), style)
	}
	for i, p := range append(left, right...) {
		style := soft
		if i == 6+lit*2 || c.rand() > 0.85 {
			style = c.fill(.8)
		}
		c.add(`<rect x="%s" y="%s" width="30" height="30" rx="7" %s/><rect x="%s" y="%s" width="30" height="30" rx="7" %s/>`,
			num(p[0]), num(p[1]), style, num(p[0]), num(p[1]), line)
	}
}

// seal: a certification seal with its ring of ticks, beside the lines of a certificate.
func seal(c *canvas) {
	x, y := c.mx(c.between(275, 310), 0), c.between(100, 125)
	c.add(`<circle cx="%s" cy="%s" r="62" fill="#fff" fill-opacity=".07"/>`, num(x), num(y))
	for k := range 60 {
		a := float64(k) * math.Pi / 30
		r1, r2 := 66.0, 74.0
		if k%5 == 0 {
			r2 = 80
		}
		c.add(`<path d="M%s %sL%s %s" %s/>`, num(x+r1*math.Cos(a)), num(y+r1*math.Sin(a)), num(x+r2*math.Cos(a)), num(y+r2*math.Sin(a)), line)
	}
	c.add(`<circle cx="%s" cy="%s" r="52" %s/><circle cx="%s" cy="%s" r="40" %s stroke-dasharray="2 5"/>`, num(x), num(y), c.stroke(2.5), num(x), num(y), line)
	c.add(`<path d="M%s %sl12 12 24-26" %s/>`, num(x-18), num(y+1), c.stroke(5))
	// Ribbons under the seal.
	c.add(`<path d="M%s %sl-12 44 14-8 8 14 6-44M%s %sl12 44-14-8-8 14-6-44" %s/>`, num(x-22), num(y+56), num(x+22), num(y+56), c.stroke(2))
	for i, w := range []float64{140, 110, 150, 80} {
		style := soft
		if i == 0 {
			style = `fill="#fff" fill-opacity=".3"`
		}
		w *= c.between(.75, 1)
		c.add(`<rect x="%s" y="%s" width="%s" height="7" rx="3.5" %s/>`, num(c.mx(36, w)), num(70+float64(i)*22), num(w), style)
	}
}

// card: a payment card with its chip and number, and the lock that guards it.
func card(c *canvas) {
	x, y, angle := c.mx(c.between(140, 170), 200), c.between(50, 66), c.between(-9, -3)
	c.add(`<g transform="rotate(%s %s %s)">`, num(angle), num(x+100), num(y+62))
	c.add(`<rect x="%s" y="%s" width="200" height="124" rx="12" fill="#fff" fill-opacity=".1"/><rect x="%s" y="%s" width="200" height="124" rx="12" %s/>`,
		num(x), num(y), num(x), num(y), line)
	c.add(`<rect x="%s" y="%s" width="200" height="20" fill="#000" fill-opacity=".25"/>`, num(x), num(y+18))
	cx, cy := x+20, y+50
	c.add(`<rect x="%s" y="%s" width="34" height="26" rx="5" %s/>`, num(cx), num(cy), c.fill(.9))
	c.add(`<path d="M%s %sh34M%s %sh34M%s %sv26" stroke="#06302c" stroke-opacity=".6" stroke-width="1.5"/>`, num(cx), num(cy+9), num(cx), num(cy+17), num(cx+17), num(cy))
	for g := range 4 {
		for d := range 4 {
			c.add(`<circle cx="%s" cy="%s" r="2.3" fill="#fff" fill-opacity=".6"/>`, num(x+22+float64(g)*44+float64(d)*8), num(y+100))
		}
	}
	c.add(`</g>`)
	lx, ly := c.mx(c.between(50, 80), 36), c.between(100, 120)
	c.add(`<path d="M%s %sv-14a18 18 0 0 1 36 0v14" %s/>`, num(lx), num(ly), c.stroke(4))
	c.add(`<rect x="%s" y="%s" width="50" height="40" rx="7" %s/><circle cx="%s" cy="%s" r="5" fill="#06302c"/>`, num(lx-7), num(ly), c.fill(.95), num(lx+18), num(ly+18))
}

// report: the figures of a report, as bars and the trend across them.
func report(c *canvas) {
	x0, base := c.mx(c.between(150, 180), 186), 180.0
	var tops [][2]float64
	lit := c.pick(7)
	for i := range 7 {
		hgt := c.between(30, 120)
		x := x0 + float64(i)*28
		style := soft
		if i == lit {
			style = c.fill(.85)
		}
		c.add(`<rect x="%s" y="%s" width="18" height="%s" rx="3" %s/>`, num(x), num(base-hgt), num(hgt), style)
		tops = append(tops, [2]float64{x + 9, base - hgt - 14})
	}
	c.add(`<path d="%s" %s/>`, polyline(tops), c.stroke(2.5))
	for _, p := range tops {
		c.add(`<circle cx="%s" cy="%s" r="3.5" fill="#fff"/>`, num(p[0]), num(p[1]))
	}
	c.add(`<path d="M%s %sH%s" %s/>`, num(x0-12), num(base), num(x0+200), line)
	// The report's cover page at the start side.
	px := c.mx(36, 84)
	c.add(`<rect x="%s" y="46" width="84" height="112" rx="6" %s/><rect x="%s" y="46" width="84" height="112" rx="6" %s/>`, num(px), soft, num(px), line)
	c.add(`<rect x="%s" y="60" width="44" height="8" rx="2" %s/>`, num(px+12), c.fill(1))
	for row := range 4 {
		c.add(`<rect x="%s" y="%s" width="%s" height="5" rx="2.5" fill="#fff" fill-opacity=".4"/>`, num(px+12), num(80+float64(row)*14), num(c.between(36, 60)))
	}
}

// constellation: stars joined into a figure over the outline of a cloud.
func constellation(c *canvas) {
	cx, cy := c.between(180, 240), c.between(120, 140)
	c.add(`<path d="M%s %sh150a32 32 0 0 0-8-63 46 46 0 0 0-86-14 36 36 0 0 0-56 34 22 22 0 0 0 0 43Z" fill="#fff" fill-opacity=".07"/>`, num(cx-75), num(cy+32))
	c.add(`<path d="M%s %sh150a32 32 0 0 0-8-63 46 46 0 0 0-86-14 36 36 0 0 0-56 34 22 22 0 0 0 0 43Z" %s/>`, num(cx-75), num(cy+32), line)
	star := func(x, y, r float64, style string) {
		var tips [][2]float64
		for k := range 8 {
			rr := r
			if k%2 == 1 {
				rr = r * 0.38
			}
			a := -math.Pi/2 + float64(k)*math.Pi/4
			tips = append(tips, [2]float64{x + rr*math.Cos(a), y + rr*math.Sin(a)})
		}
		c.add(`<path d="%sZ" %s/>`, polyline(tips), style)
	}
	var points [][2]float64
	for i := range 6 {
		points = append(points, [2]float64{30 + float64(i)*64 + c.between(-10, 10), c.between(26, 80)})
	}
	c.add(`<path d="%s" %s stroke-dasharray="3 6"/>`, polyline(points), line)
	bright := c.pick(len(points))
	for i, p := range points {
		if i == bright {
			star(p[0], p[1], 16, c.fill(1))
			continue
		}
		star(p[0], p[1], c.between(6, 9), `fill="#fff" fill-opacity=".7"`)
	}
	for range 14 {
		c.add(`<circle cx="%s" cy="%s" r="1.3" fill="#fff" fill-opacity=".5"/>`, num(c.between(0, Width)), num(c.between(0, Height)))
	}
}

// shields: the firm's mark, nested, over a dotted horizon.
func shields(c *canvas) {
	x := c.mx(c.between(250, 330), 0)
	shield := func(size float64) string {
		return fmt.Sprintf(`M%s %sl%s %sv%sc0 %s-%s %s-%s %sc-%s-%s-%s-%s-%s-%sv-%sZ`,
			num(x), num(112-size), num(size*0.85), num(size*0.32), num(size*0.62), num(size*0.55), num(size*0.36), num(size*0.95),
			num(size*0.85), num(size*1.1), num(size*0.49), num(size*0.15), num(size*0.85), num(size*0.55), num(size*0.85), num(size*1.1), num(size*0.62))
	}
	for i, size := range []float64{90, 66, 42} {
		style := line
		if i == 1 {
			style = c.stroke(2)
		}
		c.add(`<path d="%s" %s/>`, shield(size), style)
	}
	for _, y := range []float64{150, 175, 200} {
		c.add(`<path d="M0 %sH%d" %s stroke-dasharray="2 10"/>`, num(y), Width, line)
	}
}
