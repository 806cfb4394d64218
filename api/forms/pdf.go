package forms

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/prose"
)

// pdfKey names one generated PDF: a publication in a language at a
// content version.
type pdfKey struct {
	slug    string
	loc     locale.Locale
	version int64
}

// pdfCache keeps generated PDFs in memory. Entries of an older content
// version are dropped when a newer one is first seen, so the cache holds at
// most one PDF per publication and language.
type pdfCache struct {
	mu      sync.Mutex
	version int64
	docs    map[pdfKey][]byte
}

func newPDFCache() *pdfCache { return &pdfCache{docs: map[pdfKey][]byte{}} }

// get returns the cached PDF for key, generating it with make when missing.
func (c *pdfCache) get(key pdfKey, make func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if key.version > c.version {
		c.version = key.version
		clear(c.docs)
	}
	if doc, ok := c.docs[key]; ok {
		c.mu.Unlock()
		return doc, nil
	}
	c.mu.Unlock()
	doc, err := make()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if key.version == c.version {
		c.docs[key] = doc
	}
	c.mu.Unlock()
	return doc, nil
}

// publicationBody is what the PDF shows of a publication.
type publicationBody struct {
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Date        string   `json:"date"`
	Type        string   `json:"type"`
	Highlights  []string `json:"highlights"`
	Body        any      `json:"body"` // a document tree (api/prose)
}

// pdfLocale is the language a PDF is written in. The embedded fonts and
// the PDF library draw Latin script only; Arabic needs contextual shaping
// and right-to-left ordering they do not do, so an Arabic reader gets the
// English PDF rather than broken glyphs.
func pdfLocale(loc locale.Locale) locale.Locale {
	if loc == locale.Ar {
		return locale.En
	}
	return loc
}

// Page geometry, in points (A4).
const (
	pageW, pageH = 595.28, 841.89
	margin       = 56.0
	textW        = pageW - 2*margin
	footerY      = pageH - 36
)

// publicationPDF lays out a publication: the firm, its type and date, the
// title, the description, its highlights and its text.
func (s *Service) publicationPDF(page *content.Page, loc locale.Locale) ([]byte, error) {
	loc = pdfLocale(loc)
	m := locale.For(loc)
	body := s.catalog().Content(page, loc).Body
	var pub publicationBody
	if err := json.Unmarshal(body, &pub); err != nil || pub.Title == "" {
		return nil, errors.New("publication has no usable content")
	}
	w, err := newPDFWriter(m)
	if err != nil {
		return nil, err
	}
	w.doc.SetInfo(gopdf.PdfInfo{Title: pub.Title, Author: "Noorvale Assurance", Creator: "Noorvale Assurance website"})

	w.text("bold", 10, 14, [3]uint8{11, 31, 58}, "Noorvale Assurance")
	w.rule()
	kind := pubType(&m.Forms, pub.Type)
	if kind == "" {
		kind = pub.Type
	}
	meta := kind
	if d, err := time.Parse(time.DateOnly, pub.Date); err == nil {
		meta += " · " + date(&m.Forms, d)
	}
	w.text("regular", 10, 14, [3]uint8{91, 100, 114}, meta)
	w.space(10)
	w.text("bold", 20, 26, [3]uint8{11, 31, 58}, pub.Title)
	w.space(8)
	if pub.Description != "" {
		w.text("italic", 12, 17, [3]uint8{31, 41, 55}, pub.Description)
		w.space(14)
	}
	if len(pub.Highlights) > 0 {
		w.text("bold", 13, 18, [3]uint8{11, 31, 58}, m.Forms.InThisPub)
		w.space(4)
		for _, h := range pub.Highlights {
			w.bullet(h)
		}
		w.space(12)
	}
	for _, b := range prose.Blocks(pub.Body) {
		switch b.Kind {
		case "heading":
			w.space(4)
			w.text("bold", 15-float64(b.Level), 20-float64(b.Level), [3]uint8{11, 31, 58}, b.Text)
			w.space(4)
		case "item":
			w.item(b)
		default:
			w.text("regular", 11, 16, [3]uint8{31, 41, 55}, b.Text)
			w.space(8)
		}
	}
	if w.err != nil {
		return nil, w.err
	}
	return w.doc.GetBytesPdf(), nil
}

// pdfWriter flows text down A4 pages, starting a new page when one is full.
type pdfWriter struct {
	doc  *gopdf.GoPdf
	m    *locale.Catalogue
	y    float64
	page int
	err  error
}

func newPDFWriter(m *locale.Catalogue) (*pdfWriter, error) {
	doc := &gopdf.GoPdf{}
	doc.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	for name, ttf := range map[string][]byte{"regular": goregular.TTF, "bold": gobold.TTF, "italic": goitalic.TTF} {
		if err := doc.AddTTFFontData(name, ttf); err != nil {
			return nil, fmt.Errorf("load font %s: %w", name, err)
		}
	}
	w := &pdfWriter{doc: doc, m: m}
	w.newPage()
	return w, nil
}

func (w *pdfWriter) newPage() {
	w.doc.AddPage()
	w.page++
	w.y = margin
	w.setFont("regular", 8)
	w.doc.SetTextColor(91, 100, 114)
	w.doc.SetXY(margin, footerY)
	w.cell(fmt.Sprintf("Noorvale Assurance · London · Dubai · Cairo    "+w.m.Forms.Page, w.page))
}

func (w *pdfWriter) setFont(name string, size float64) {
	if w.err == nil {
		w.err = w.doc.SetFont(name, "", size)
	}
}

func (w *pdfWriter) cell(s string) {
	if w.err == nil {
		w.err = w.doc.Cell(nil, s)
	}
}

// space moves down, without starting a page.
func (w *pdfWriter) space(h float64) { w.y += h }

// ensure starts a new page unless h more points fit on this one.
func (w *pdfWriter) ensure(h float64) {
	if w.y+h > footerY-18 {
		w.newPage()
	}
}

// text writes a paragraph wrapped to the text width.
func (w *pdfWriter) text(font string, size, leading float64, color [3]uint8, s string) {
	w.wrapped(font, size, leading, color, margin, textW, s)
}

// bullet writes a list item with a hanging indent.
func (w *pdfWriter) bullet(s string) {
	w.ensure(16)
	w.setFont("regular", 11)
	w.doc.SetTextColor(11, 31, 58)
	w.doc.SetXY(margin+4, w.y)
	w.cell("•")
	w.wrapped("regular", 11, 16, [3]uint8{31, 41, 55}, margin+18, textW-18, s)
	w.space(3)
}

// item draws an entry of a list of the text: its bullet or number, indented
// by how deep its list is nested.
func (w *pdfWriter) item(b prose.Block) {
	indent := 18 * float64(b.Depth)
	mark := "•"
	if b.Ordered {
		mark = strconv.Itoa(b.Number) + "."
	}
	w.ensure(16)
	w.setFont("regular", 11)
	w.doc.SetTextColor(11, 31, 58)
	w.doc.SetXY(margin+4+indent, w.y)
	w.cell(mark)
	w.wrapped("regular", 11, 16, [3]uint8{31, 41, 55}, margin+22+indent, textW-22-indent, b.Text)
	w.space(3)
}

func (w *pdfWriter) wrapped(font string, size, leading float64, color [3]uint8, x, width float64, s string) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || w.err != nil {
		return
	}
	w.setFont(font, size)
	lines, err := w.doc.SplitTextWithWordWrap(s, width)
	if err != nil {
		w.err = err
		return
	}
	for _, line := range lines {
		w.ensure(leading)
		w.setFont(font, size)
		w.doc.SetTextColor(color[0], color[1], color[2])
		w.doc.SetXY(x, w.y)
		w.cell(line)
		w.y += leading
	}
}

// rule draws a thin line across the text width.
func (w *pdfWriter) rule() {
	w.doc.SetStrokeColor(221, 226, 234)
	w.doc.SetLineWidth(0.8)
	w.doc.Line(margin, w.y+2, margin+textW, w.y+2)
	w.y += 10
}
