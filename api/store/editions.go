package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"noorvale.example/site/api/locale"
)

// Staff edit an item's text one language at a time. Every save is kept as
// a version (content_versions); each language of an item has a state
// (content_states) naming its latest and its published version. What the
// site renders stays content_entries: publishing a language copies its
// version's body there and moves the content version, in one transaction.
// A state row is also the record that staff changed that language, which
// the seed never overwrites.

// The states of one language of an item.
const (
	EditionDraft       = "draft"       // saved changes that are not published
	EditionPublished   = "published"   // what is published is the latest version
	EditionUnpublished = "unpublished" // taken off the site by staff
)

// ErrVersionConflict is returned when a save was based on a version that is
// no longer the latest: someone else saved meanwhile.
var ErrVersionConflict = errors.New("store: the item was saved by someone else meanwhile")

// ContentKey names one language of a page or item.
type ContentKey struct {
	Collection string
	Slug       string
	Locale     string
}

// String names the key as the audit trail does: "news/a-slug (ar)".
func (k ContentKey) String() string { return k.Collection + "/" + k.Slug + " (" + k.Locale + ")" }

// ShippedAuthor is the author of a version that holds the text the site
// shipped with (its seed): the first version of a language, recorded as
// staff first save or take off a text they never changed.
const ShippedAuthor = "shipped"

// ContentVersion is one saved text of one language of an item.
type ContentVersion struct {
	ID         int64 `gorm:"primaryKey"`
	Collection string
	Slug       string
	Locale     string
	Body       string // the item's JSON, compacted
	AuthorID   string // the staff member who saved it
	CreatedAt  time.Time
}

// TableName names the table for GORM.
func (ContentVersion) TableName() string { return "content_versions" }

// Key returns the language of the item the version belongs to.
func (v *ContentVersion) Key() ContentKey { return ContentKey{v.Collection, v.Slug, v.Locale} }

// Shipped reports whether the version holds the text the site shipped with.
func (v *ContentVersion) Shipped() bool { return v.AuthorID == ShippedAuthor }

// ContentEdition is the state of one language of an item that staff have
// changed: its latest version, the version published (0 for none, or for
// the seeded text when staff have not published yet) and who changed it last.
type ContentEdition struct {
	Collection       string `gorm:"primaryKey"`
	Slug             string `gorm:"primaryKey"`
	Locale           string `gorm:"primaryKey"`
	State            string
	LatestVersion    int64 // 0 while no version was saved
	PublishedVersion int64 // 0 when none of the saved versions is published
	UpdatedBy        string
	UpdatedAt        time.Time
}

// TableName names the table for GORM.
func (ContentEdition) TableName() string { return "content_states" }

// migrateEditions creates the versions and per-language states of staff
// edits (migration 16).
func migrateEditions(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if d.timestamp == dialects[Postgres].timestamp {
		id = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
	}
	statements := []string{
		`CREATE TABLE content_versions (
			id         ` + id + `,
			collection TEXT NOT NULL,
			slug       TEXT NOT NULL,
			locale     TEXT NOT NULL,
			body       TEXT NOT NULL,
			author_id  TEXT NOT NULL,
			created_at ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE INDEX content_versions_item ON content_versions (collection, slug, locale, id)`,
		`CREATE TABLE content_states (
			collection        TEXT NOT NULL,
			slug              TEXT NOT NULL,
			locale            TEXT NOT NULL,
			state             TEXT NOT NULL,
			latest_version    BIGINT NOT NULL DEFAULT 0,
			published_version BIGINT NOT NULL DEFAULT 0,
			updated_by        TEXT NOT NULL,
			updated_at        ` + d.timestamp + ` NOT NULL,
			PRIMARY KEY (collection, slug, locale)
		)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

func whereKey(tx *gorm.DB, k ContentKey) *gorm.DB {
	return tx.Where("collection = ? AND slug = ? AND locale = ?", k.Collection, k.Slug, k.Locale)
}

// ContentItem is everything stored about one item: its live text, state and
// latest version in each language that has any of them.
type ContentItem struct {
	Live      map[string]ContentEntry    // by locale: what the site shows
	Editions  map[string]ContentEdition  // by locale: languages staff changed
	Latest    map[string]ContentVersion  // by locale: the latest saved version
	Outdated  map[string]ContentOutdated // by locale: translations the English changed under
	Schedules map[string]ContentSchedule // by locale: planned publications and unpublications
	Reviews   map[string]ContentReview   // by locale: reviews under way
}

// ContentItem returns an item's live texts, states and latest versions;
// ErrNotFound when it has none of them.
func (s *Store) ContentItem(ctx context.Context, collection, slug string) (*ContentItem, error) {
	out := &ContentItem{Live: map[string]ContentEntry{}, Editions: map[string]ContentEdition{}, Latest: map[string]ContentVersion{}, Outdated: map[string]ContentOutdated{},
		Schedules: map[string]ContentSchedule{}, Reviews: map[string]ContentReview{}}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var live []contentEntry
		if err := tx.Where("collection = ? AND slug = ?", collection, slug).Find(&live).Error; err != nil {
			return err
		}
		for _, r := range live {
			out.Live[r.Locale] = ContentEntry{Collection: r.Collection, Slug: r.Slug, Locale: r.Locale, Body: r.Body, UpdatedAt: r.UpdatedAt.UTC()}
		}
		var editions []ContentEdition
		if err := tx.Where("collection = ? AND slug = ?", collection, slug).Find(&editions).Error; err != nil {
			return err
		}
		outdated, err := outdatedOf(tx, collection, slug)
		if err != nil {
			return err
		}
		if o := outdated[slug]; o != nil {
			out.Outdated = o
		}
		schedules, err := schedulesOf(tx, collection, slug)
		if err != nil {
			return err
		}
		if sc := schedules[slug]; sc != nil {
			out.Schedules = sc
		}
		reviews, err := reviewsOf(tx, collection, slug)
		if err != nil {
			return err
		}
		if r := reviews[collection+"/"+slug]; r != nil {
			out.Reviews = r
		}
		var ids []int64
		for _, e := range editions {
			e.UpdatedAt = e.UpdatedAt.UTC()
			out.Editions[e.Locale] = e
			if e.LatestVersion > 0 {
				ids = append(ids, e.LatestVersion)
			}
		}
		if len(ids) == 0 {
			return nil
		}
		var versions []ContentVersion
		if err := tx.Where("id IN ?", ids).Find(&versions).Error; err != nil {
			return err
		}
		for _, v := range versions {
			v.CreatedAt = v.CreatedAt.UTC()
			out.Latest[v.Locale] = v
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: load content item: %w", err)
	}
	if len(out.Live) == 0 && len(out.Editions) == 0 {
		return nil, ErrNotFound
	}
	return out, nil
}

// ContentItemSummary is what a collection's list shows of one item.
type ContentItemSummary struct {
	Collection string
	Slug       string
	Live       map[string]string    // by locale: the live body
	LiveAt     map[string]time.Time // by locale: when the live body last changed
	Editions   map[string]ContentEdition
	Drafts     map[string]string          // by locale: the latest saved body, when it is not the one live
	Outdated   map[string]ContentOutdated // by locale
	Schedules  map[string]ContentSchedule // by locale
	Reviews    map[string]ContentReview   // by locale
}

// ContentCollection returns every item of a collection with its live
// bodies, states, outdated translations and schedules, by slug.
func (s *Store) ContentCollection(ctx context.Context, collection string) ([]ContentItemSummary, error) {
	out, err := s.contentSummaries(ctx, collection)
	if err != nil {
		return nil, fmt.Errorf("store: list content collection: %w", err)
	}
	return out, nil
}

// ContentEverything returns every item of every collection and every page
// as ContentCollection does, with the latest unpublished text of each
// language, by collection and slug.
func (s *Store) ContentEverything(ctx context.Context) ([]ContentItemSummary, error) {
	out, err := s.contentSummaries(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("store: list all content: %w", err)
	}
	return out, nil
}

// contentSummaries gathers the summaries of one collection's items, or of
// every collection's when collection is "".
func (s *Store) contentSummaries(ctx context.Context, collection string) ([]ContentItemSummary, error) {
	type itemKey struct{ collection, slug string }
	byKey := map[itemKey]*ContentItemSummary{}
	var order []itemKey
	item := func(collection, slug string) *ContentItemSummary {
		k := itemKey{collection, slug}
		it := byKey[k]
		if it == nil {
			it = &ContentItemSummary{Collection: collection, Slug: slug, Live: map[string]string{}, LiveAt: map[string]time.Time{},
				Editions: map[string]ContentEdition{}, Drafts: map[string]string{}, Outdated: map[string]ContentOutdated{},
				Schedules: map[string]ContentSchedule{}, Reviews: map[string]ContentReview{}}
			byKey[k] = it
			order = append(order, k)
		}
		return it
	}
	scope := func(tx *gorm.DB) *gorm.DB {
		if collection == "" {
			return tx
		}
		return tx.Where("collection = ?", collection)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var live []contentEntry
		if err := scope(tx).Order("collection, slug, locale").Find(&live).Error; err != nil {
			return err
		}
		for _, r := range live {
			it := item(r.Collection, r.Slug)
			it.Live[r.Locale] = r.Body
			it.LiveAt[r.Locale] = r.UpdatedAt.UTC()
		}
		var editions []ContentEdition
		if err := scope(tx).Order("collection, slug, locale").Find(&editions).Error; err != nil {
			return err
		}
		var drafts []int64
		for _, e := range editions {
			e.UpdatedAt = e.UpdatedAt.UTC()
			item(e.Collection, e.Slug).Editions[e.Locale] = e
			if collection == "" && e.LatestVersion > 0 && e.LatestVersion != e.PublishedVersion {
				drafts = append(drafts, e.LatestVersion)
			}
		}
		if len(drafts) > 0 {
			var versions []ContentVersion
			if err := tx.Where("id IN ?", drafts).Find(&versions).Error; err != nil {
				return err
			}
			for _, v := range versions {
				item(v.Collection, v.Slug).Drafts[v.Locale] = v.Body
			}
		}
		var outdated []ContentOutdated
		if err := scope(tx).Find(&outdated).Error; err != nil {
			return err
		}
		for _, o := range outdated {
			if it := byKey[itemKey{o.Collection, o.Slug}]; it != nil {
				o.Since = o.Since.UTC()
				it.Outdated[o.Locale] = o
			}
		}
		var schedules []ContentSchedule
		if err := scope(tx).Find(&schedules).Error; err != nil {
			return err
		}
		for _, sc := range schedules {
			if it := byKey[itemKey{sc.Collection, sc.Slug}]; it != nil {
				sc.utc()
				it.Schedules[sc.Locale] = sc
			}
		}
		var reviews []ContentReview
		if err := scope(tx).Find(&reviews).Error; err != nil {
			return err
		}
		for _, r := range reviews {
			if it := byKey[itemKey{r.Collection, r.Slug}]; it != nil {
				r.utc()
				it.Reviews[r.Locale] = r
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]ContentItemSummary, 0, len(order))
	for _, k := range order {
		out = append(out, *byKey[k])
	}
	slices.SortFunc(out, func(a, b ContentItemSummary) int {
		if c := strings.Compare(a.Collection, b.Collection); c != 0 {
			return c
		}
		return strings.Compare(a.Slug, b.Slug)
	})
	return out, nil
}

// SaveContentVersion stores body as a new draft version of one language of
// an item, saved by authorID, if base is that language's latest version (0
// when none was saved yet); otherwise it saves nothing and returns
// ErrVersionConflict. The published text does not change.
func (s *Store) SaveContentVersion(ctx context.Context, k ContentKey, body, authorID string, base int64, now time.Time) (ContentVersion, error) {
	v := ContentVersion{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Body: body, AuthorID: authorID, CreatedAt: now.UTC()}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return saveVersion(tx, &v, base, now)
	})
	if errors.Is(err, ErrVersionConflict) {
		return ContentVersion{}, err
	}
	if err != nil {
		return ContentVersion{}, fmt.Errorf("store: save content version: %w", err)
	}
	return v, nil
}

// saveVersion inserts v and makes it the latest of its language, unless
// the latest is not base.
func saveVersion(tx *gorm.DB, v *ContentVersion, base int64, now time.Time) error {
	k := v.Key()
	if base == 0 {
		// The first save of a language keeps the text it replaces, the
		// seed's, as the version before it. Of two first saves racing, the
		// one that gives up below rolls its copy back with it.
		if _, err := keepShipped(tx, k, v.CreatedAt); err != nil {
			return err
		}
	}
	// The state row moves first, on the condition that nobody moved it
	// since base: of two saves racing from one base, one updates the row
	// (or inserts it) and the other finds nothing to update (or a row
	// already there) and gives up.
	var cur ContentEdition
	err := whereKey(tx, k).Take(&cur).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		if base != 0 {
			return ErrVersionConflict
		}
		if err := tx.Create(v).Error; err != nil {
			return err
		}
		ed := ContentEdition{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, State: EditionDraft,
			LatestVersion: v.ID, UpdatedBy: v.AuthorID, UpdatedAt: now.UTC()}
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ed)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrVersionConflict
		}
		return nil
	case err != nil:
		return err
	}
	if cur.LatestVersion != base {
		return ErrVersionConflict
	}
	if err := tx.Create(v).Error; err != nil {
		return err
	}
	res := whereKey(tx.Model(&ContentEdition{}), k).Where("latest_version = ?", base).
		Updates(map[string]any{"state": EditionDraft, "latest_version": v.ID, "updated_by": v.AuthorID, "updated_at": now.UTC()})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrVersionConflict
	}
	// A changed text is approved again.
	return endReview(tx, k)
}

// RestoreContentVersion saves the body of an earlier version of a
// language as its new draft, under the same rule as SaveContentVersion;
// ErrNotFound when that language has no such version.
func (s *Store) RestoreContentVersion(ctx context.Context, k ContentKey, versionID int64, authorID string, base int64, now time.Time) (ContentVersion, error) {
	var v ContentVersion
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		old, err := versionOf(tx, k, versionID)
		if err != nil {
			return err
		}
		v = ContentVersion{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Body: old.Body, AuthorID: authorID, CreatedAt: now.UTC()}
		return saveVersion(tx, &v, base, now)
	})
	if errors.Is(err, ErrVersionConflict) || errors.Is(err, ErrNotFound) {
		return ContentVersion{}, err
	}
	if err != nil {
		return ContentVersion{}, fmt.Errorf("store: restore content version: %w", err)
	}
	return v, nil
}

// keepShipped saves the live text of a language that has no latest
// version as a version authored by ShippedAuthor, and returns it (the one
// kept before, when the last version is that text already); the zero
// version when the language has a latest version or no live text. Such a live text can only be the seed's: staff's texts
// reach the site through a version, which becomes the latest, and the seed
// leaves alone what staff changed.
func keepShipped(tx *gorm.DB, k ContentKey, now time.Time) (ContentVersion, error) {
	var ed ContentEdition
	err := whereKey(tx, k).Take(&ed).Error
	if err == nil && ed.LatestVersion > 0 || err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return ContentVersion{}, err
	}
	var live contentEntry
	err = whereKey(tx, k).Take(&live).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ContentVersion{}, nil
	}
	if err != nil {
		return ContentVersion{}, err
	}
	var last []ContentVersion
	if err := whereKey(tx, k).Order("id DESC").Limit(1).Find(&last).Error; err != nil {
		return ContentVersion{}, err
	}
	if len(last) == 1 && last[0].Shipped() && last[0].Body == live.Body {
		return last[0], nil
	}
	v := ContentVersion{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Body: live.Body, AuthorID: ShippedAuthor, CreatedAt: now.UTC()}
	return v, tx.Create(&v).Error
}

func versionOf(tx *gorm.DB, k ContentKey, id int64) (ContentVersion, error) {
	var v ContentVersion
	err := whereKey(tx, k).Where("id = ?", id).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ContentVersion{}, ErrNotFound
	}
	v.CreatedAt = v.CreatedAt.UTC()
	return v, err
}

// PublishContentVersion makes a version of one language what the site
// shows: its body replaces that language's live entry and the content
// version moves, in one transaction, so every replica renders the pages it
// touches. Other languages are left as they are. The state becomes
// published, or stays draft when a later version exists. Publishing an
// English text that differs from the live one marks every translation live
// outdated; publishing a translation makes it current again. ErrNotFound
// when that language has no such version.
func (s *Store) PublishContentVersion(ctx context.Context, k ContentKey, versionID int64, by string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return publishVersion(tx, k, versionID, by, now.UTC())
	})
	if errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: publish content version: %w", err)
	}
	return nil
}

// publishVersion is PublishContentVersion within a transaction.
func publishVersion(tx *gorm.DB, k ContentKey, versionID int64, by string, now time.Time) error {
	v, err := versionOf(tx, k, versionID)
	if err != nil {
		return err
	}
	if err := endReview(tx, k); err != nil {
		return err
	}
	var ed ContentEdition
	if err := whereKey(tx, k).Take(&ed).Error; err != nil {
		return err
	}
	if k.Locale == string(locale.Default) {
		var prev contentEntry
		err := whereKey(tx, k).Take(&prev).Error
		if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err == nil {
			if err := markOutdated(tx, k.Collection, k.Slug, prev.Body, v.Body, k.Locale, now); err != nil {
				return err
			}
		}
	} else if err := clearOutdated(tx, k); err != nil {
		return err
	}
	res := whereKey(tx.Model(&contentEntry{}), k).Updates(map[string]any{"body": v.Body, "updated_at": now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		row := contentEntry{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Body: v.Body, UpdatedAt: now}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
	}
	state := EditionPublished
	if ed.LatestVersion != v.ID {
		state = EditionDraft
	}
	if err := whereKey(tx.Model(&ContentEdition{}), k).Updates(map[string]any{
		"state": state, "published_version": v.ID, "updated_by": by, "updated_at": now,
	}).Error; err != nil {
		return err
	}
	return bumpContentVersion(tx, now)
}

// UnpublishContent takes one language of an item off the site: its live
// entry is deleted (the page then shows the English text in that
// language's frame) and the content version moves; its versions stay.
// ErrNotFound when the language is neither live nor edited.
func (s *Store) UnpublishContent(ctx context.Context, k ContentKey, by string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return unpublish(tx, k, by, now.UTC())
	})
	if errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: unpublish content: %w", err)
	}
	return nil
}

// unpublish is UnpublishContent within a transaction.
func unpublish(tx *gorm.DB, k ContentKey, by string, now time.Time) error {
	// A seeded text taken off stays in the history, as its first version.
	if _, err := keepShipped(tx, k, now); err != nil {
		return err
	}
	res := whereKey(tx, k).Delete(&contentEntry{})
	if res.Error != nil {
		return res.Error
	}
	deleted := res.RowsAffected > 0
	if err := clearOutdated(tx, k); err != nil {
		return err
	}
	up := whereKey(tx.Model(&ContentEdition{}), k).Updates(map[string]any{
		"state": EditionUnpublished, "published_version": 0, "updated_by": by, "updated_at": now,
	})
	if up.Error != nil {
		return up.Error
	}
	if up.RowsAffected == 0 {
		if !deleted {
			return ErrNotFound
		}
		// The seeded text, never edited: the state records that staff
		// took it off, so the seed does not bring it back.
		ed := ContentEdition{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, State: EditionUnpublished, UpdatedBy: by, UpdatedAt: now}
		if err := tx.Create(&ed).Error; err != nil {
			return err
		}
	}
	if !deleted {
		return nil
	}
	return bumpContentVersion(tx, now)
}

// ContentVersions lists the versions of one language of an item, newest
// first, without their bodies, at most limit of them.
func (s *Store) ContentVersions(ctx context.Context, k ContentKey, limit int) ([]ContentVersion, error) {
	var rows []ContentVersion
	err := whereKey(s.db.WithContext(ctx), k).Select("id", "collection", "slug", "locale", "author_id", "created_at").
		Order("id DESC").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: list content versions: %w", err)
	}
	for i := range rows {
		rows[i].CreatedAt = rows[i].CreatedAt.UTC()
	}
	return rows, nil
}

// ContentVersionByID returns one version of one language of an item;
// ErrNotFound when that language has no such version.
func (s *Store) ContentVersionByID(ctx context.Context, k ContentKey, id int64) (ContentVersion, error) {
	v, err := versionOf(s.db.WithContext(ctx), k, id)
	if errors.Is(err, ErrNotFound) {
		return v, err
	}
	if err != nil {
		return v, fmt.Errorf("store: load content version: %w", err)
	}
	return v, nil
}

// ForgetContentEditions deletes every language's state, so that the next
// seed treats nothing as changed by staff, and which translations were
// outdated, which items staff deleted and staff's saves of the identity;
// the versions stay. It is for
// development (seed --force) and returns how many states it deleted.
func (s *Store) ForgetContentEditions(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, model := range []any{&ContentOutdated{}, &contentDeletion{}, &SettingsRevision{}} {
			if err := tx.Where("1 = 1").Delete(model).Error; err != nil {
				return err
			}
		}
		res := tx.Where("1 = 1").Delete(&ContentEdition{})
		n = res.RowsAffected
		return res.Error
	})
	if err != nil {
		return 0, fmt.Errorf("store: forget content editions: %w", err)
	}
	return n, nil
}

// editedKeys returns the languages of items staff changed, which the seed
// leaves alone.
func editedKeys(tx *gorm.DB) (map[entryKey]bool, error) {
	var rows []ContentEdition
	if err := tx.Select("collection", "slug", "locale").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[entryKey]bool, len(rows))
	for _, r := range rows {
		out[entryKey{r.Collection, r.Slug, r.Locale}] = true
	}
	return out, nil
}
