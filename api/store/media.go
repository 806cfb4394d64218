package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The media library: pictures and documents staff upload once and use on
// many pages. An item's row says what it is (its kind, original name, size,
// checksum, pixels), how editors describe it (title, alt text per language,
// focal point, tags, folder) and which files were made of it; the files
// themselves are in the upload store. Where an item is used is found in the
// live content that names its id and in the places other parts register
// (media_usage), and an item in use is never deleted.

// The kinds of media items.
const (
	MediaImage    = "image"
	MediaDocument = "document"
)

// libraryPath is where the library's files are served, as links in running
// text name them: libraryPath + id + "/" + file.
const libraryPath = "/media/library/"

// ErrMediaInUse is returned by DeleteMediaItem while pages use the item.
var ErrMediaInUse = errors.New("store: the media item is in use")

func migrateMedia(tx *gorm.DB, d dialect) error {
	statements := []string{
		`CREATE TABLE media_items (
			id           TEXT PRIMARY KEY,
			kind         TEXT NOT NULL,
			file_name    TEXT NOT NULL,
			content_type TEXT NOT NULL,
			bytes        BIGINT NOT NULL,
			sha256       TEXT NOT NULL UNIQUE,
			width        INTEGER NOT NULL DEFAULT 0,
			height       INTEGER NOT NULL DEFAULT 0,
			title        TEXT NOT NULL DEFAULT '',
			alt          TEXT NOT NULL DEFAULT '{}',
			focal_x      REAL NOT NULL DEFAULT 0.5,
			focal_y      REAL NOT NULL DEFAULT 0.5,
			tags         TEXT NOT NULL DEFAULT '[]',
			folder       TEXT NOT NULL DEFAULT '',
			files        TEXT NOT NULL DEFAULT '[]',
			uploaded_by  TEXT NOT NULL DEFAULT '',
			uploaded_at  ` + d.timestamp + ` NOT NULL,
			updated_at   ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE INDEX media_items_uploaded ON media_items (uploaded_at)`,
		`CREATE TABLE media_usage (
			media_id TEXT NOT NULL,
			place    TEXT NOT NULL,
			label    TEXT NOT NULL DEFAULT '',
			PRIMARY KEY (media_id, place)
		)`,
		`CREATE INDEX media_usage_place ON media_usage (place)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// mediaRow is a row of media_items.
type mediaRow struct {
	ID          string `gorm:"primaryKey"`
	Kind        string
	FileName    string
	ContentType string
	Bytes       int64
	Sha256      string `gorm:"column:sha256"`
	Width       int
	Height      int
	Title       string
	Alt         string
	FocalX      float64
	FocalY      float64
	Tags        string
	Folder      string
	Files       string
	UploadedBy  string
	UploadedAt  time.Time
	UpdatedAt   time.Time
}

func (mediaRow) TableName() string { return "media_items" }

// mediaUsageRow is a row of media_usage.
type mediaUsageRow struct {
	MediaID string `gorm:"primaryKey"`
	Place   string `gorm:"primaryKey"`
	Label   string
}

func (mediaUsageRow) TableName() string { return "media_usage" }

// MediaFile is one file made of an item and kept in the upload store: its
// name under the item, content type, and pixels for a picture.
type MediaFile struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
}

// MediaItem is one picture or document of the library.
type MediaItem struct {
	ID          string
	Kind        string // MediaImage or MediaDocument
	FileName    string // as uploaded
	ContentType string
	Bytes       int64
	Sha256      string // hex
	Width       int
	Height      int
	Title       string
	Alt         map[string]string // by language
	FocalX      float64           // 0..1 from the left
	FocalY      float64           // 0..1 from the top
	Tags        []string
	Folder      string
	Files       []MediaFile
	UploadedBy  string
	UploadedAt  time.Time
	UpdatedAt   time.Time
}

func (m MediaItem) row() (mediaRow, error) {
	alt, err := json.Marshal(nonNilMap(m.Alt))
	if err != nil {
		return mediaRow{}, err
	}
	tags, err := json.Marshal(nonNilSlice(m.Tags))
	if err != nil {
		return mediaRow{}, err
	}
	files, err := json.Marshal(nonNilSlice(m.Files))
	if err != nil {
		return mediaRow{}, err
	}
	return mediaRow{ID: m.ID, Kind: m.Kind, FileName: m.FileName, ContentType: m.ContentType, Bytes: m.Bytes,
		Sha256: m.Sha256, Width: m.Width, Height: m.Height, Title: m.Title, Alt: string(alt), FocalX: m.FocalX,
		FocalY: m.FocalY, Tags: string(tags), Folder: m.Folder, Files: string(files), UploadedBy: m.UploadedBy,
		UploadedAt: m.UploadedAt.UTC(), UpdatedAt: m.UpdatedAt.UTC()}, nil
}

func (r mediaRow) item() MediaItem {
	m := MediaItem{ID: r.ID, Kind: r.Kind, FileName: r.FileName, ContentType: r.ContentType, Bytes: r.Bytes,
		Sha256: r.Sha256, Width: r.Width, Height: r.Height, Title: r.Title, FocalX: r.FocalX, FocalY: r.FocalY,
		Folder: r.Folder, UploadedBy: r.UploadedBy, UploadedAt: r.UploadedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	_ = json.Unmarshal([]byte(r.Alt), &m.Alt)
	_ = json.Unmarshal([]byte(r.Tags), &m.Tags)
	_ = json.Unmarshal([]byte(r.Files), &m.Files)
	m.Alt = nonNilMap(m.Alt)
	m.Tags = nonNilSlice(m.Tags)
	m.Files = nonNilSlice(m.Files)
	return m
}

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// MediaBySha256 returns the item whose file has the checksum (hex), or
// ErrNotFound: an identical upload is found, not stored twice.
func (s *Store) MediaBySha256(ctx context.Context, sum string) (MediaItem, error) {
	var r mediaRow
	err := s.db.WithContext(ctx).Where("sha256 = ?", sum).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return MediaItem{}, ErrNotFound
	}
	if err != nil {
		return MediaItem{}, fmt.Errorf("store: media by checksum: %w", err)
	}
	return r.item(), nil
}

// CreateMediaItem adds an item. When an item with the same checksum was
// stored meanwhile, it returns that one and created is false: the caller
// then deletes the files it made.
func (s *Store) CreateMediaItem(ctx context.Context, m MediaItem) (item MediaItem, created bool, err error) {
	r, err := m.row()
	if err != nil {
		return MediaItem{}, false, fmt.Errorf("store: create media item: %w", err)
	}
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "sha256"}}, DoNothing: true}).Create(&r)
	if res.Error != nil {
		return MediaItem{}, false, fmt.Errorf("store: create media item: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		existing, err := s.MediaBySha256(ctx, m.Sha256)
		return existing, false, err
	}
	return r.item(), true, nil
}

// MediaItemByID returns an item, or ErrNotFound.
func (s *Store) MediaItemByID(ctx context.Context, id string) (MediaItem, error) {
	var r mediaRow
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return MediaItem{}, ErrNotFound
	}
	if err != nil {
		return MediaItem{}, fmt.Errorf("store: media item: %w", err)
	}
	return r.item(), nil
}

// MediaItemsByID returns the items with the ids that exist, by id.
func (s *Store) MediaItemsByID(ctx context.Context, ids []string) (map[string]MediaItem, error) {
	out := map[string]MediaItem{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []mediaRow
	if err := s.db.WithContext(ctx).Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: media items: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r.item()
	}
	return out, nil
}

// MediaEdit is what editors change of an item.
type MediaEdit struct {
	Title  string
	Alt    map[string]string
	FocalX float64
	FocalY float64
	Tags   []string
	Folder string
}

// UpdateMediaItem saves an item's description and returns the item, or
// ErrNotFound.
func (s *Store) UpdateMediaItem(ctx context.Context, id string, e MediaEdit, now time.Time) (MediaItem, error) {
	alt, err := json.Marshal(nonNilMap(e.Alt))
	if err != nil {
		return MediaItem{}, err
	}
	tags, err := json.Marshal(nonNilSlice(e.Tags))
	if err != nil {
		return MediaItem{}, err
	}
	res := s.db.WithContext(ctx).Model(&mediaRow{}).Where("id = ?", id).Updates(map[string]any{
		"title": e.Title, "alt": string(alt), "focal_x": e.FocalX, "focal_y": e.FocalY,
		"tags": string(tags), "folder": e.Folder, "updated_at": now.UTC(),
	})
	if res.Error != nil {
		return MediaItem{}, fmt.Errorf("store: update media item: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return MediaItem{}, ErrNotFound
	}
	return s.MediaItemByID(ctx, id)
}

// The orders a media list can take.
const (
	MediaNewest = "newest"
	MediaTitle  = "title"
	MediaSize   = "size"
)

// MediaFilter narrows a media list; empty fields do not.
type MediaFilter struct {
	Query  string // in the title, alt texts, original name and tags
	Kind   string
	Folder string
	Tag    string
	Sort   string // MediaNewest (default), MediaTitle or MediaSize (largest first)
	Limit  int    // 200 when zero
}

// likeEscape makes s match itself in a LIKE pattern with ESCAPE '\'.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// MediaItems lists the library's items the filter keeps.
func (s *Store) MediaItems(ctx context.Context, f MediaFilter) ([]MediaItem, error) {
	q := s.db.WithContext(ctx).Model(&mediaRow{})
	if words := strings.TrimSpace(f.Query); words != "" {
		for _, w := range strings.Fields(strings.ToLower(words)) {
			p := "%" + likeEscape(w) + "%"
			q = q.Where(`(LOWER(title) LIKE ? ESCAPE '\' OR LOWER(alt) LIKE ? ESCAPE '\' OR LOWER(file_name) LIKE ? ESCAPE '\' OR LOWER(tags) LIKE ? ESCAPE '\')`, p, p, p, p)
		}
	}
	if f.Kind != "" {
		q = q.Where("kind = ?", f.Kind)
	}
	if f.Folder != "" {
		q = q.Where("folder = ?", f.Folder)
	}
	if f.Tag != "" {
		tag, _ := json.Marshal(f.Tag)
		q = q.Where(`tags LIKE ? ESCAPE '\'`, "%"+likeEscape(string(tag))+"%")
	}
	switch f.Sort {
	case MediaTitle:
		q = q.Order("LOWER(title), LOWER(file_name), id")
	case MediaSize:
		q = q.Order("bytes DESC, id")
	default:
		q = q.Order("uploaded_at DESC, id")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 200
	}
	var rows []mediaRow
	if err := q.Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list media: %w", err)
	}
	out := make([]MediaItem, len(rows))
	for i, r := range rows {
		out[i] = r.item()
	}
	return out, nil
}

// MediaFolders returns the folders items are in, and MediaTags their tags,
// each sorted, for the filters.
func (s *Store) MediaFolders(ctx context.Context) (folders, tags []string, err error) {
	var rows []mediaRow
	if err := s.db.WithContext(ctx).Select("folder", "tags").Find(&rows).Error; err != nil {
		return nil, nil, fmt.Errorf("store: media folders: %w", err)
	}
	fs, ts := map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		if r.Folder != "" {
			fs[r.Folder] = true
		}
		var list []string
		_ = json.Unmarshal([]byte(r.Tags), &list)
		for _, t := range list {
			ts[t] = true
		}
	}
	return sortedKeys(fs), sortedKeys(ts), nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// MediaUse is one place an item is used: "content:news/a-story:en" for a
// language of an item whose live text names it, or what another part
// registered, with the words that name it to a person.
type MediaUse struct {
	Place string
	Label string
}

// SetMediaUsage records that the place uses exactly the items ids (none:
// it uses no item any more), with the label people read for it. Parts that
// keep media ids outside the content's text register them this way.
func (s *Store) SetMediaUsage(ctx context.Context, place, label string, ids []string) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("place = ?", place).Delete(&mediaUsageRow{}).Error; err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if id == "" || seen[id] {
				continue
			}
			seen[id] = true
			if err := tx.Create(&mediaUsageRow{MediaID: id, Place: place, Label: label}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: set media usage: %w", err)
	}
	return nil
}

// MediaUsage returns where an item is used: the languages of content items
// whose live text names its id (a cover, a picture in running text, or any
// field holding it) or links to its files, then the places registered with
// SetMediaUsage.
func (s *Store) MediaUsage(ctx context.Context, id string) ([]MediaUse, error) {
	return mediaUsage(s.db.WithContext(ctx), id)
}

func mediaUsage(db *gorm.DB, id string) ([]MediaUse, error) {
	var entries []contentEntry
	quoted, _ := json.Marshal(id)
	err := db.Select("collection", "slug", "locale").
		Where(`body LIKE ? ESCAPE '\' OR body LIKE ? ESCAPE '\'`,
			"%"+likeEscape(string(quoted))+"%", "%"+likeEscape(libraryPath+id+"/")+"%").
		Order("collection, slug, locale").Find(&entries).Error
	if err != nil {
		return nil, fmt.Errorf("store: media usage: %w", err)
	}
	out := []MediaUse{}
	for _, e := range entries {
		out = append(out, MediaUse{
			Place: "content:" + e.Collection + "/" + e.Slug + ":" + e.Locale,
			Label: e.Collection + "/" + e.Slug + " (" + e.Locale + ")",
		})
	}
	var rows []mediaUsageRow
	if err := db.Where("media_id = ?", id).Order("place").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: media usage: %w", err)
	}
	for _, r := range rows {
		out = append(out, MediaUse{Place: r.Place, Label: r.Label})
	}
	return out, nil
}

// DeleteMediaItem deletes an item no page uses and returns it so its files
// can be removed; ErrMediaInUse with the places while any uses it,
// ErrNotFound when there is none.
func (s *Store) DeleteMediaItem(ctx context.Context, id string) (MediaItem, []MediaUse, error) {
	var item MediaItem
	var uses []MediaUse
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r mediaRow
		if err := tx.Where("id = ?", id).Take(&r).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrNotFound
			}
			return err
		}
		var err error
		uses, err = mediaUsage(tx, id)
		if err != nil {
			return err
		}
		if len(uses) > 0 {
			return ErrMediaInUse
		}
		item = r.item()
		return tx.Where("id = ?", id).Delete(&mediaRow{}).Error
	})
	switch {
	case errors.Is(err, ErrNotFound):
		return MediaItem{}, nil, err
	case errors.Is(err, ErrMediaInUse):
		return MediaItem{}, uses, err
	case err != nil:
		return MediaItem{}, nil, fmt.Errorf("store: delete media item: %w", err)
	}
	return item, nil, nil
}
