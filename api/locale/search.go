package locale

import "fmt"

// Search holds what the site search answers a visitor.
type Search struct {
	Building     string `json:"building"`     // 503 while the index is being built after a start
	ControlChars string `json:"controlChars"` // a query holding control characters
	Truncated    string `json:"truncated"`    // %d characters: a query cut to the longest searched
	Fallback     string `json:"fallback"`     // nothing in the visitor's language: these results are in English
	RateLimited  string `json:"rateLimited"`  // 429
	TypeUnknown  string `json:"typeUnknown"`  // a type filter that is not one of the result types
}

// TruncatedFor is the Truncated message for a limit of n characters.
func (m *Search) TruncatedFor(n int) string { return fmt.Sprintf(m.Truncated, n) }
