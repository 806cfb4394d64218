package render

import (
	"context"
	"errors"
	"fmt"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// ErrNoPage is returned by Preview when the draft names no page the site
// would show, such as a translation of an item without an English text.
var ErrNoPage = errors.New("render: the draft has no page")

// Preview renders the page a draft will be once published: the catalogue
// of the stored content with draft in place of its language's live text,
// drawn by the same renderer and page components as the public page. The
// document is the renderer's answer as it is: it is never cached, stored
// or shared, and the caller marks it as a preview. A draft with an empty
// body previews the language as it stands, with the English text in its
// frame when it has none of its own.
func (c *Cache) Preview(ctx context.Context, draft store.ContentEntry) ([]byte, error) {
	loc, ok := locale.Parse(draft.Locale)
	route, known := content.ItemRoute(draft.Collection, draft.Slug)
	if !ok || !known {
		return nil, ErrNoPage
	}
	entries, err := c.cfg.Store.ContentEntries(ctx)
	if err != nil {
		return nil, fmt.Errorf("render: preview: %w", err)
	}
	if draft.Body != "" {
		entries = withDraft(entries, draft, c.cfg.Now().UTC())
	}
	rows, err := c.cfg.Store.AddedPages(ctx)
	if err != nil {
		return nil, fmt.Errorf("render: preview: %w", err)
	}
	// A preview shows an added page before any language of it is live.
	tree, _ := c.cfg.Catalog.WithAdded(content.AddedFrom(rows))
	cat, _ := tree.WithEntries(entries)
	cat, err = c.withMedia(ctx, cat)
	if err != nil {
		return nil, err
	}
	page := cat.Page(route)
	if page == nil {
		return nil, ErrNoPage
	}
	in, err := c.input(ctx)
	if err != nil {
		return nil, err
	}
	in.Catalog = cat
	props := BuildProps(in, page, loc)
	_, html, err := c.cfg.Renderer.Render(ctx, props)
	if err != nil {
		return nil, fmt.Errorf("render: preview: %w", err)
	}
	return html, nil
}

// withDraft returns entries with draft in place of the entry of its
// language, or added when that language has none; entries is not changed.
func withDraft(entries []store.ContentEntry, draft store.ContentEntry, now time.Time) []store.ContentEntry {
	out := make([]store.ContentEntry, 0, len(entries)+1)
	for _, e := range entries {
		if e.Collection == draft.Collection && e.Slug == draft.Slug && e.Locale == draft.Locale {
			continue
		}
		out = append(out, e)
	}
	draft.UpdatedAt = now
	return append(out, draft)
}
