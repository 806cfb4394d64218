package content

import (
	"context"
	"errors"
	"maps"
	"slices"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/store"
)

// proseMediaProblems says which fields' running text names what the media
// library does not hold: a picture that is not there or is a document, a
// link to a file that is not a document's. Each such field gets its
// message; nil when every item is there. A page must never show a picture
// or offer a file that is not there.
func (s *Service) proseMediaProblems(ctx context.Context, m *access.Messages, body string) (map[string]string, error) {
	refs := content.ProseMedia(body)
	if len(refs) == 0 {
		return nil, nil
	}
	ids := make([]string, 0, len(refs))
	for _, r := range refs {
		ids = append(ids, r.ID)
	}
	items, err := s.store.MediaItemsByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	var out map[string]string
	for _, r := range refs {
		if out[r.Path] != "" {
			continue
		}
		it, found := items[r.ID]
		code := ""
		switch {
		case r.Kind == content.MediaImage && (!found || it.Kind != store.MediaImage):
			code = content.ProblemMedia
		case r.Kind == content.MediaDocument && (!found || it.Kind != store.MediaDocument ||
			!slices.ContainsFunc(it.Files, func(f store.MediaFile) bool { return f.Name == r.File })):
			code = content.ProblemDocument
		}
		if code != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[r.Path] = m.ContentProblems[code]
		}
	}
	return out, nil
}

// mediaGone says why a version may not be published when its running text
// names a library item deleted since it was saved (only live texts hold an
// item in the library); "" when every item is still there or there is no
// such version.
func (s *Service) mediaGone(ctx context.Context, k store.ContentKey, version int64, m *access.Messages) (string, error) {
	v, err := s.store.ContentVersionByID(ctx, k, version)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	problems, err := s.proseMediaProblems(ctx, m, v.Body)
	if err != nil || len(problems) == 0 {
		return "", err
	}
	return slices.Sorted(maps.Values(problems))[0], nil
}
