package cover

import (
	"fmt"
	"math"
)

// The offices' scenes: each city's skyline as the firm's people see it
// from the office, over its water, in the theme's colours. Landmarks are
// drawn loosely, as an illustrator would, never traced from a photograph.

// skyline draws a row of buildings of random heights between x0 and x1
// standing on base, in the given style.
func (c *canvas) skyline(x0, x1, base, low, high float64, style string) {
	var d string
	for x := x0; x < x1; {
		w := c.between(14, 30)
		h := c.between(low, high)
		d += fmt.Sprintf("M%s %sV%sh%sV%sZ", num(x), num(base), num(base-h), num(w), num(base))
		x += w + c.between(1, 4)
	}
	c.add(`<path d="%s" %s/>`, d, style)
}

// water draws the river or sea under a scene, with a few ripples.
func (c *canvas) water(top float64) {
	c.add(`<rect x="0" y="%s" width="%d" height="%s" fill="#000" fill-opacity=".18"/>`, num(top), Width, num(Height-top))
	for i := range 7 {
		x, y := c.between(10, 360), top+8+float64(i%4)*9
		c.add(`<path d="M%s %sh%s" %s/>`, num(x), num(y), num(c.between(16, 40)), line)
	}
}

// london: the clock tower by the river, the bascule bridge and a rounded
// tower of the City, over the Thames.
func london(c *canvas) {
	c.add(`<circle cx="330" cy="52" r="22" %s/>`, c.fill(.35))
	c.skyline(0, Width, 182, 20, 60, soft)
	// The clock tower.
	c.add(`<path d="M62 182V84h26v98ZM58 84h34l-6-10H64ZM66 74l9-34 9 34Z" %s/>`, strong)
	c.add(`<circle cx="75" cy="98" r="8" %s/><path d="M75 98v-5M75 98h4" stroke="#14213d" stroke-width="1.5" stroke-linecap="round"/>`, c.fill(1))
	for y := 116; y < 180; y += 12 {
		c.add(`<path d="M67 %dh16" %s/>`, y, faint)
	}
	// The bridge: two towers with pointed roofs, the walkway between their
	// tops and the deck, and the chains down to the banks.
	for _, x := range []float64{190, 280} {
		c.add(`<path d="M%s 182V100h24v82ZM%s 100l12-22 12 22Z" %s/>`, num(x), num(x), strong)
		c.add(`<path d="M%s 130h8v14h-8ZM%s 112h8v8h-8Z" %s/>`, num(x+8), num(x+8), c.fill(.8))
	}
	c.add(`<path d="M214 108h66M214 114h66" %s/>`, line)
	c.add(`<path d="M150 160h184" %s/>`, c.stroke(3))
	c.add(`<path d="M150 160Q176 130 190 102M304 102Q318 130 344 160" %s/>`, c.stroke(2))
	// A rounded tower of the City, with its spiral of glass.
	c.add(`<path d="M352 182c-8-40-6-78 14-100 20 22 22 60 14 100Z" %s/>`, strong)
	for i := range 5 {
		y := 100 + float64(i)*16
		c.add(`<path d="M%s %sq14 6 28-6" %s/>`, num(354-math.Min(float64(i), 2)), num(y), line)
	}
	c.water(182)
}

// dubai: the needle of the tallest tower, the sail-shaped hotel on the
// shore, the frame, and the dunes beyond.
func dubai(c *canvas) {
	c.add(`<circle cx="110" cy="70" r="40" %s/>`, c.fill(.28))
	c.add(`<path d="M0 150q60-24 120 0t120-6 160 4V182H0Z" fill="#fff" fill-opacity=".06"/>`)
	c.skyline(120, 330, 182, 30, 80, soft)
	// The needle: setbacks narrowing to a spire.
	c.add(`<path d="M184 182V120h8V88h6V60h4V34h2V12h2v22h2v26h4v28h6v32h8v62Z" %s/>`, strong)
	c.add(`<path d="M200 12v170" %s/>`, line)
	// The frame: two pillars and the bridge across their tops.
	c.add(`<path d="M52 182V80h44v102h-10V92H62v90Z" %s/>`, strong)
	c.add(`<path d="M52 80h44" %s/>`, c.stroke(3))
	// The sail on its island.
	c.add(`<path d="M330 182V56c34 22 44 74 28 126Z" %s/><path d="M330 56v126" %s/>`, strong, c.stroke(2.5))
	for i := range 4 {
		y := 92 + float64(i)*22
		c.add(`<path d="M331 %sq%s 4 %s 14" %s/>`, num(y), num(10+float64(i)*4), num(18+float64(i)*5), line)
	}
	c.add(`<path d="M318 182h40" %s/>`, c.stroke(2))
	c.water(182)
}

// cairo: the pyramids on the plateau, a mosque's dome and minarets, palms
// and a felucca on the Nile.
func cairo(c *canvas) {
	c.add(`<circle cx="300" cy="58" r="26" %s/>`, c.fill(.35))
	// The pyramids, each lit on one face.
	for _, p := range [][3]float64{{262, 182, 64}, {330, 182, 52}, {378, 182, 30}} {
		x, base, h := p[0], p[1], p[2]
		c.add(`<path d="M%s %sL%s %sL%s %sZ" %s/>`, num(x-h*1.2), num(base), num(x), num(base-h*1.3), num(x), num(base), strong)
		c.add(`<path d="M%s %sL%s %sL%s %sZ" %s/>`, num(x), num(base), num(x), num(base-h*1.3), num(x+h*1.2), num(base), soft)
	}
	// The mosque: a dome on its hall, a smaller dome, two minarets.
	c.add(`<path d="M40 182V132h110v50ZM60 132a35 35 0 0 1 70 0ZM134 132a14 14 0 0 1 28 0Z" %s/>`, strong)
	c.add(`<path d="M95 97v-10" %s/><circle cx="95" cy="84" r="2.5" %s/>`, c.stroke(2), c.fill(1))
	for _, x := range []float64{28, 160} {
		c.add(`<path d="M%s 182V72h10v110ZM%s 72l5-16 5 16Z" %s/>`, num(x), num(x), strong)
		c.add(`<path d="M%s 96h14M%s 118h14" %s/>`, num(x-2), num(x-2), c.stroke(2))
	}
	for y := 146; y < 180; y += 14 {
		for x := 52; x < 140; x += 20 {
			c.add(`<path d="M%d %dv-6a4 4 0 0 1 8 0v6Z" fill="#000" fill-opacity=".2"/>`, x, y+8)
		}
	}
	// Palms.
	for _, x := range []float64{196, 214} {
		c.add(`<path d="M%s 182q-4-30 4-56" %s/>`, num(x), c.stroke(3))
		for _, a := range []float64{-150, -110, -70, -30, 10} {
			r := a * math.Pi / 180
			c.add(`<path d="M%s 126q%s %s %s %s" %s/>`, num(x+4), num(10*math.Cos(r)), num(10*math.Sin(r)-6), num(22*math.Cos(r)), num(22*math.Sin(r)+6), c.stroke(2.5))
		}
	}
	c.water(182)
	// A felucca: its hull and its lateen sail.
	c.add(`<path d="M240 196h44l-6 8h-32Z" %s/><path d="M262 196V150l-20 44Z" %s/><path d="M262 150l18 44h-18Z" fill="#fff" fill-opacity=".4"/>`, c.fill(.9), strong)
}

// offices: the firm's three offices as lit points joined by the routes
// between them, over lines of latitude.
func offices(c *canvas) {
	for _, y := range []float64{40, 80, 120, 160, 200} {
		c.add(`<path d="M0 %sH%d" %s stroke-dasharray="2 8"/>`, num(y), Width, faint)
	}
	points := [][2]float64{{c.mx(90, 0), 62}, {c.mx(220, 0), 150}, {c.mx(320, 0), 120}}
	for i, p := range points {
		q := points[(i+1)%len(points)]
		mx, my := (p[0]+q[0])/2, math.Min(p[1], q[1])-40
		style := line
		if i == 0 {
			style = c.stroke(2)
		}
		c.add(`<path d="M%s %sQ%s %s %s %s" %s stroke-dasharray="5 6"/>`, num(p[0]), num(p[1]), num(mx), num(my), num(q[0]), num(q[1]), style)
	}
	for _, p := range points {
		c.add(`<circle cx="%s" cy="%s" r="22" %s/><circle cx="%s" cy="%s" r="14" %s/>`, num(p[0]), num(p[1]), faint, num(p[0]), num(p[1]), line)
		c.add(`<circle cx="%s" cy="%s" r="7" %s/><circle cx="%s" cy="%s" r="3" fill="#fff"/>`, num(p[0]), num(p[1]), c.fill(1), num(p[0]), num(p[1]))
	}
}

// form: a form being filled in, its box ticked, and the envelope it
// leaves in.
func form(c *canvas) {
	x := c.mx(60, 150)
	c.add(`<rect x="%s" y="30" width="150" height="170" rx="10" %s/><rect x="%s" y="30" width="150" height="170" rx="10" %s/>`, num(x), soft, num(x), line)
	for i := range 3 {
		y := 52 + float64(i)*34
		c.add(`<rect x="%s" y="%s" width="%s" height="5" rx="2.5" fill="#fff" fill-opacity=".45"/>`, num(x+16), num(y), num(c.between(40, 70)))
		c.add(`<rect x="%s" y="%s" width="118" height="14" rx="4" %s/>`, num(x+16), num(y+9), line)
	}
	c.add(`<rect x="%s" y="158" width="14" height="14" rx="3" %s/><path d="M%s 165l4 4 7-8" %s/>`, num(x+16), line, num(x+19), c.stroke(2.5))
	c.add(`<rect x="%s" y="160" width="60" height="5" rx="2.5" %s/>`, num(x+38), soft)
	ex, ey := c.mx(260, 96), 78.0
	c.add(`<rect x="%s" y="%s" width="96" height="64" rx="6" %s/><path d="M%s %sl48 34 48-34" stroke="#1a2a3a" stroke-width="3" fill="none"/>`, num(ex), num(ey), c.fill(.95), num(ex), num(ey+2))
	for i := range 3 {
		c.add(`<path d="M%s %sh%s" %s/>`, num(c.mx(ex-40+float64(i)*6, 26)), num(ey+18+float64(i)*14), num(26-float64(i)*6), line)
	}
}

// steps: a career as steps climbing to a flag, with the path dotted up them.
func steps(c *canvas) {
	x0 := 70.0
	var path [][2]float64
	for i := range 6 {
		x, y := x0+float64(i)*44, 190-float64(i)*26
		style := soft
		if i == 5 {
			style = c.fill(.85)
		}
		c.add(`<rect x="%s" y="%s" width="44" height="%s" %s/>`, num(c.mx(x, 44)), num(y), num(Height-y), style)
		c.add(`<path d="M%s %sh44" %s/>`, num(c.mx(x, 44)), num(y), line)
		path = append(path, [2]float64{c.mx(x+22, 0), y - 12})
	}
	c.add(`<path d="%s" %s stroke-dasharray="2 7"/>`, polyline(path), c.stroke(2.5))
	top := path[len(path)-1]
	c.add(`<path d="M%s %sv-44" %s/><path d="M%s %sl26 9-26 9Z" %s/>`, num(top[0]), num(top[1]), c.stroke(2.5), num(top[0]), num(top[1]-44), c.fill(1))
}
