// Package sample holds the Go types the generator's tests turn into
// TypeScript: one of each thing encoding/json does with a field.
package sample

import (
	"encoding/json"
	"time"
)

// Colour is a string type with its constants.
type Colour string

// The colours.
const (
	Red  Colour = "red"
	Blue Colour = "blue"
)

// Sizes, untyped.
const (
	SizeSmall = "small"
	SizeLarge = "large"
	sizeCount = 2
)

var shapes = map[int]string{1: "round", 2: "square"}

var tools = []struct{ Name string }{{Name: "saw"}, {Name: "plane"}}

// Base is embedded in Thing.
type Base struct {
	ID      int64     `json:"id"`
	Created time.Time `json:"created"`
}

// Thing is one of everything.
type Thing struct {
	Base
	Name     string           `json:"name"` // what people call it
	Colour   Colour           `json:"colour"`
	Note     *string          `json:"note"`
	Omitted  *int             `json:"omitted,omitempty"`
	Hidden   string           `json:"-"`
	Labels   map[string]int   `json:"labels"`
	Data     []byte           `json:"data"`
	Raw      json.RawMessage  `json:"raw,omitempty"`
	Parts    []*Part          `json:"parts"`
	Inline   struct{ A bool } `json:"inline"`
	Size     string           `json:"size" tstype:"Size"`
	Untagged bool
	Any      any               `json:"any"`
	ByName   map[string]Colour `json:"byName"`
	secret   string
}

// Part is a piece of a Thing.
type Part struct {
	Label string `json:"label"`
}

// Unlisted is not among the test's shapes.
type Unlisted struct{ X int }

// Broken refers to a struct the shapes do not list.
type Broken struct {
	U Unlisted `json:"u"`
}
