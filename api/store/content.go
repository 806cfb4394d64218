package store

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"
)

// ContentEntry is one content file as stored: a page's or a collection
// item's text in one language.
type ContentEntry struct {
	Collection string    // "pages", or a collection such as "news"
	Slug       string    // the page's route, or the item's slug
	Locale     string    // language code
	Body       string    // the file's JSON, compacted
	UpdatedAt  time.Time // when the body last changed; set by the store
}

// ContentSet is everything the seed files hold: the identity as settings and
// every content entry.
type ContentSet struct {
	Settings map[string]string
	Entries  []ContentEntry
}

// ContentChanges counts what ReplaceContent changed.
type ContentChanges struct {
	Settings int // settings written because they were new or different
	Inserted int // entries added
	Updated  int // entries whose body changed
	Deleted  int // entries no longer in the set
	Kept     int // entries staff changed, which the set does not overwrite, delete or bring back
}

// Changed reports whether anything was written.
func (c ContentChanges) Changed() bool {
	return c.Settings+c.Inserted+c.Updated+c.Deleted > 0
}

// ContentState is the content version and when it last moved.
type ContentState struct {
	Version   int64
	UpdatedAt time.Time
}

// contentEntry is a row of content_entries.
type contentEntry struct {
	Collection string `gorm:"primaryKey"`
	Slug       string `gorm:"primaryKey"`
	Locale     string `gorm:"primaryKey"`
	Body       string
	UpdatedAt  time.Time
}

// TableName names the table for GORM.
func (contentEntry) TableName() string { return "content_entries" }

type entryKey struct{ collection, slug, locale string }

// String names the entry in error messages.
func (k entryKey) String() string { return k.collection + " " + k.slug + " (" + k.locale + ")" }

func compareKeys(a, b entryKey) int {
	return cmp.Or(cmp.Compare(a.collection, b.collection), cmp.Compare(a.slug, b.slug), cmp.Compare(a.locale, b.locale))
}

// ReplaceContent makes the stored content equal to set in one transaction:
// settings are written when new or different (other settings are kept),
// entries are inserted, updated or deleted so that exactly set.Entries
// remain, and the content version is bumped once if anything changed.
// Languages of items that staff changed (a row in content_states) are left
// as staff left them: never overwritten, deleted or brought back; items
// staff deleted or renamed are not brought back, and once staff saved the
// identity its settings are theirs.
func (s *Store) ReplaceContent(ctx context.Context, set ContentSet) (ContentChanges, error) {
	ctx = bulk(ctx)
	incoming := make(map[entryKey]string, len(set.Entries))
	for _, e := range set.Entries {
		k := entryKey{e.Collection, e.Slug, e.Locale}
		if k.collection == "" || k.slug == "" || k.locale == "" {
			return ContentChanges{}, fmt.Errorf("store: replace content: entry %q has an empty key", k)
		}
		if _, dup := incoming[k]; dup {
			return ContentChanges{}, fmt.Errorf("store: replace content: entry %s given twice", k)
		}
		incoming[k] = e.Body
	}
	var changes ContentChanges
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		changes = ContentChanges{}
		now := time.Now().UTC()
		settings := set.Settings
		if staffSaved, err := identityEdited(tx); err != nil {
			return err
		} else if staffSaved {
			settings = nil
		}
		written, err := putSettings(tx, settings, now)
		if err != nil {
			return err
		}
		changes.Settings = written

		edited, err := editedKeys(tx)
		if err != nil {
			return err
		}
		deleted, err := deletedItems(tx)
		if err != nil {
			return err
		}
		for k := range incoming {
			if deleted[[2]string{k.collection, k.slug}] {
				delete(incoming, k)
			}
		}
		var rows []contentEntry
		if err := tx.Select("collection", "slug", "locale", "body").Find(&rows).Error; err != nil {
			return err
		}
		existing := make(map[entryKey]bool, len(rows))
		for _, r := range rows {
			k := entryKey{r.Collection, r.Slug, r.Locale}
			existing[k] = true
			body, keep := incoming[k]
			switch {
			case edited[k]:
				changes.Kept++
			case !keep:
				err = tx.Where("collection = ? AND slug = ? AND locale = ?", k.collection, k.slug, k.locale).
					Delete(&contentEntry{}).Error
				changes.Deleted++
			case body != r.Body:
				err = tx.Model(&contentEntry{}).
					Where("collection = ? AND slug = ? AND locale = ?", k.collection, k.slug, k.locale).
					Updates(map[string]any{"body": body, "updated_at": now}).Error
				changes.Updated++
			}
			if err != nil {
				return err
			}
		}

		var inserts []contentEntry
		for k, body := range incoming {
			if edited[k] && !existing[k] {
				changes.Kept++
			}
			if !existing[k] && !edited[k] {
				inserts = append(inserts, contentEntry{Collection: k.collection, Slug: k.slug, Locale: k.locale, Body: body, UpdatedAt: now})
			}
		}
		slices.SortFunc(inserts, func(a, b contentEntry) int {
			return compareKeys(entryKey{a.Collection, a.Slug, a.Locale}, entryKey{b.Collection, b.Slug, b.Locale})
		})
		if len(inserts) > 0 {
			if err := tx.CreateInBatches(&inserts, 100).Error; err != nil {
				return err
			}
			changes.Inserted = len(inserts)
		}
		if !changes.Changed() {
			return nil
		}
		return bumpContentVersion(tx, now)
	})
	if err != nil {
		return ContentChanges{}, fmt.Errorf("store: replace content: %w", err)
	}
	return changes, nil
}

// ContentEntries returns every stored content entry, ordered by collection,
// slug and locale.
func (s *Store) ContentEntries(ctx context.Context) ([]ContentEntry, error) {
	ctx = bulk(ctx)
	var rows []contentEntry
	if err := s.db.WithContext(ctx).Order("collection, slug, locale").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: load content entries: %w", err)
	}
	out := make([]ContentEntry, len(rows))
	for i, r := range rows {
		out[i] = ContentEntry{Collection: r.Collection, Slug: r.Slug, Locale: r.Locale, Body: r.Body, UpdatedAt: r.UpdatedAt.UTC()}
	}
	return out, nil
}

// ContentState returns the content version and the time it last changed.
func (s *Store) ContentState(ctx context.Context) (ContentState, error) {
	var row contentState
	err := s.db.WithContext(ctx).Where("id = ?", 1).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ContentState{}, ErrNotFound
	}
	if err != nil {
		return ContentState{}, fmt.Errorf("store: load content state: %w", err)
	}
	return ContentState{Version: row.Version, UpdatedAt: row.UpdatedAt.UTC()}, nil
}
