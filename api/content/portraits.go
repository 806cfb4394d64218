package content

import (
	"encoding/json"
	"strconv"
	"strings"

	"noorvale.example/site/api/locale"
)

// Portrait is a person the site draws a portrait of (api/cover): one of the
// firm's people, under their slug, or a client quoted on the home page,
// under "client-" and the testimonial's id. Name and Office are the English
// text's, so every language shows the same picture.
type Portrait struct {
	Key    string
	Name   string
	Office string // "" for a client
}

// Portraits returns everyone the site shows a portrait of.
func (c *Catalog) Portraits() []Portrait {
	var out []Portrait
	for _, it := range c.lists["people"] {
		en := it.texts[locale.Default]
		out = append(out, Portrait{Key: it.page.Slug, Name: en.title, Office: en.summary.Office})
	}
	home, _ := c.lookup("/", locale.Default)
	if home == nil {
		return out
	}
	var body struct {
		Testimonials struct {
			Items []struct {
				ID   int    `json:"id"`
				Name string `json:"name"`
			} `json:"items"`
		} `json:"testimonials"`
	}
	_ = json.Unmarshal(home.body, &body)
	for _, t := range body.Testimonials.Items {
		out = append(out, Portrait{Key: "client-" + strconv.Itoa(t.ID), Name: t.Name})
	}
	return out
}

// Subject returns what an item is about, in English, for its cover to draw:
// its title on the first line, then its description and tags; "" for a
// page that is no item.
func (c *Catalog) Subject(p *Page) string {
	if p.Slug == "" {
		return ""
	}
	en, _ := c.lookup(p.Route, locale.Default)
	if en == nil {
		return ""
	}
	var f struct {
		Tags []string `json:"tags"`
	}
	_ = json.Unmarshal(en.body, &f)
	return en.title + "\n" + strings.Join(append([]string{en.summary.Description}, f.Tags...), " ")
}
