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
)

// Review before publishing: administrators name the sections of the site
// whose languages need a second person's approval (review_rules); an
// author sends a version of such a language for review (content_reviews
// holds the one review a language has at a time) and a staff member with
// the right to approve (staff.may_approve) approves it or asks for
// changes. Every step is kept (content_review_events) beside the versions.
// A new save of the language drops its review, so a changed text is
// approved again; publishing it ends the review.

// The states of a review.
const (
	ReviewPending  = "in-review"         // sent, waiting for a reviewer
	ReviewChanges  = "changes-requested" // a reviewer asked the author for changes
	ReviewApproved = "approved"          // approved, to be published at the time planned
)

// The steps of a review's history.
const (
	ReviewSent    = "sent"
	ReviewApprove = "approved"
	ReviewRefused = "changes-requested"
)

// ErrReviewStale is returned when a review's step names a version that is
// not the one under review (or the language has no review in that state).
var ErrReviewStale = errors.New("store: the version is not the one under review")

// ContentReview is the review of one language of an item.
type ContentReview struct {
	Collection string `gorm:"primaryKey"`
	Slug       string `gorm:"primaryKey"`
	Locale     string `gorm:"primaryKey"`
	Version    int64
	State      string
	SentBy     string
	Note       string
	ReviewedBy string
	Comment    string
	UpdatedAt  time.Time
}

// TableName names the table for GORM.
func (ContentReview) TableName() string { return "content_reviews" }

// ContentReviewEvent is one step of a language's review history.
type ContentReviewEvent struct {
	ID         int64 `gorm:"primaryKey;->"`
	Collection string
	Slug       string
	Locale     string
	Version    int64
	Action     string
	ActorID    string
	Comment    string
	CreatedAt  time.Time
}

// TableName names the table for GORM.
func (ContentReviewEvent) TableName() string { return "content_review_events" }

// reviewRuleRow is the languages one section of the site is reviewed in.
type reviewRuleRow struct {
	Section   string `gorm:"primaryKey"`
	Languages string // comma-separated locales
	UpdatedBy string
	UpdatedAt time.Time
}

func (reviewRuleRow) TableName() string { return "review_rules" }

// DefaultReviewSections are the sections reviewed in every language until
// administrators change the rules: the services, the standards, the legal
// pages and the home page.
var DefaultReviewSections = []string{"home", "services", "standards", "legal"}

// migrateReviews creates the review rules, the reviews and their history,
// and the right to approve; editors hold it from the start (migration 31).
func migrateReviews(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if d.timestamp == dialects[Postgres].timestamp {
		id = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
	}
	statements := []string{
		`CREATE TABLE review_rules (
			section    TEXT PRIMARY KEY,
			languages  TEXT NOT NULL DEFAULT '',
			updated_by TEXT NOT NULL DEFAULT '',
			updated_at ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE TABLE content_reviews (
			collection  TEXT NOT NULL,
			slug        TEXT NOT NULL,
			locale      TEXT NOT NULL,
			version     BIGINT NOT NULL,
			state       TEXT NOT NULL,
			sent_by     TEXT NOT NULL,
			note        TEXT NOT NULL DEFAULT '',
			reviewed_by TEXT NOT NULL DEFAULT '',
			comment     TEXT NOT NULL DEFAULT '',
			updated_at  ` + d.timestamp + ` NOT NULL,
			PRIMARY KEY (collection, slug, locale)
		)`,
		`CREATE TABLE content_review_events (
			id         ` + id + `,
			collection TEXT NOT NULL,
			slug       TEXT NOT NULL,
			locale     TEXT NOT NULL,
			version    BIGINT NOT NULL,
			action     TEXT NOT NULL,
			actor_id   TEXT NOT NULL,
			comment    TEXT NOT NULL DEFAULT '',
			created_at ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE INDEX content_review_events_item ON content_review_events (collection, slug, locale, id)`,
		`ALTER TABLE staff ADD COLUMN may_approve BOOLEAN NOT NULL DEFAULT FALSE`,
		`UPDATE staff SET may_approve = TRUE WHERE role = 'editor'`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	now := dbTime(time.Now())
	for _, section := range DefaultReviewSections {
		if err := tx.Exec(`INSERT INTO review_rules (section, languages, updated_at) VALUES (?, ?, ?)`, section, "en,nl,fr,ar", now).Error; err != nil {
			return err
		}
	}
	return nil
}

// ReviewRules returns the languages each reviewed section needs a review
// in, by section; a section not named needs none.
func (s *Store) ReviewRules(ctx context.Context) (map[string][]string, error) {
	var rows []reviewRuleRow
	if err := s.db.WithContext(ctx).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: review rules: %w", err)
	}
	out := make(map[string][]string, len(rows))
	for _, r := range rows {
		if r.Languages != "" {
			out[r.Section] = strings.Split(r.Languages, ",")
		}
	}
	return out, nil
}

// SaveReviewRules replaces every rule with rules, as by at now.
func (s *Store) SaveReviewRules(ctx context.Context, rules map[string][]string, by string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`DELETE FROM review_rules`).Error; err != nil {
			return err
		}
		for section, langs := range rules {
			if len(langs) == 0 {
				continue
			}
			row := reviewRuleRow{Section: section, Languages: strings.Join(langs, ","), UpdatedBy: by, UpdatedAt: now.UTC()}
			if err := tx.Create(&row).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: save review rules: %w", err)
	}
	return nil
}

// SetStaffMayApprove gives a staff member the right to approve reviews or
// takes it away; ErrNotFound when there is no such member.
func (s *Store) SetStaffMayApprove(ctx context.Context, id string, may bool, now time.Time) error {
	res := s.db.WithContext(ctx).Table("staff").Where("id = ?", id).Updates(map[string]any{"may_approve": may, "updated_at": dbTime(now)})
	if res.Error != nil {
		return fmt.Errorf("store: set approval right: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// reviewersOf returns the active staff who may approve a language: those
// with the right who edit every language, and translators of it (English
// aside).
func reviewersOf(db *gorm.DB, loc string) ([]string, error) {
	if loc == "en" {
		return activeStaff(db, "may_approve AND role IN ('editor', 'administrator')")
	}
	return activeStaff(db, "may_approve AND (role IN ('editor', 'administrator') OR (role = 'translator' AND (',' || languages || ',') LIKE ?))", "%,"+loc+",%")
}

func (r *ContentReview) utc() { r.UpdatedAt = r.UpdatedAt.UTC() }

// Key returns the language the review is of.
func (r *ContentReview) Key() ContentKey { return ContentKey{r.Collection, r.Slug, r.Locale} }

// ContentReviewOf returns the review of one language; ErrNotFound when it
// has none.
func (s *Store) ContentReviewOf(ctx context.Context, k ContentKey) (ContentReview, error) {
	var r ContentReview
	err := whereKey(s.db.WithContext(ctx), k).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("store: load review: %w", err)
	}
	r.utc()
	return r, nil
}

// reviewsOf returns the reviews of one item, or of every item of a
// collection when slug is empty, or of everything when collection is
// empty too, by collection and slug ("collection/slug") and locale.
func reviewsOf(tx *gorm.DB, collection, slug string) (map[string]map[string]ContentReview, error) {
	q := tx
	if collection != "" {
		q = q.Where("collection = ?", collection)
	}
	if slug != "" {
		q = q.Where("slug = ?", slug)
	}
	var rows []ContentReview
	if err := q.Find(&rows).Error; err != nil {
		return nil, err
	}
	out := map[string]map[string]ContentReview{}
	for _, r := range rows {
		r.utc()
		id := r.Collection + "/" + r.Slug
		if out[id] == nil {
			out[id] = map[string]ContentReview{}
		}
		out[id][r.Locale] = r
	}
	return out, nil
}

// ContentReviews returns every review under way, by collection and slug
// ("collection/slug") and locale.
func (s *Store) ContentReviews(ctx context.Context, collection, slug string) (map[string]map[string]ContentReview, error) {
	out, err := reviewsOf(s.db.WithContext(ctx), collection, slug)
	if err != nil {
		return nil, fmt.Errorf("store: list reviews: %w", err)
	}
	return out, nil
}

func reviewEvent(tx *gorm.DB, k ContentKey, version int64, action, actor, comment string, now time.Time) error {
	return tx.Exec(`INSERT INTO content_review_events (collection, slug, locale, version, action, actor_id, comment, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, k.Collection, k.Slug, k.Locale, version, action, actor, comment, dbTime(now)).Error
}

// SendForReview sends the latest version of a language for review as by,
// with a note for the reviewers, and tells them. ErrVersionConflict when
// version is no longer the latest.
func (s *Store) SendForReview(ctx context.Context, k ContentKey, version int64, by, note string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var ed ContentEdition
		err := whereKey(tx, k).Take(&ed).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && ed.LatestVersion != version {
			return ErrVersionConflict
		}
		if err != nil {
			return err
		}
		r := ContentReview{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Version: version, State: ReviewPending,
			SentBy: by, Note: note, UpdatedAt: now.UTC()}
		if err := tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&r).Error; err != nil {
			return err
		}
		if err := reviewEvent(tx, k, version, ReviewSent, by, note, now); err != nil {
			return err
		}
		to, err := reviewersOf(tx, k.Locale)
		if err != nil {
			return err
		}
		to = slices.DeleteFunc(to, func(id string) bool { return id == by })
		return notify(tx, to, Notification{Kind: NoticeReviewRequested, Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, CreatedAt: now})
	})
	if errors.Is(err, ErrVersionConflict) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: send for review: %w", err)
	}
	return nil
}

// pendingReview loads a language's review waiting for a reviewer on
// version; ErrReviewStale when there is none.
func pendingReview(tx *gorm.DB, k ContentKey, version int64) (ContentReview, error) {
	var r ContentReview
	err := whereKey(tx, k).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && (r.State != ReviewPending || r.Version != version) {
		return r, ErrReviewStale
	}
	return r, err
}

// ApproveReview approves the version under review of a language as by:
// with plan (its time to come) it is published then, without it at once.
// ErrReviewStale when version is not the one waiting for review.
func (s *Store) ApproveReview(ctx context.Context, k ContentKey, version int64, by, comment string, plan *ContentSchedule, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r, err := pendingReview(tx, k, version)
		if err != nil {
			return err
		}
		r.State, r.ReviewedBy, r.Comment, r.UpdatedAt = ReviewApproved, by, comment, now.UTC()
		if err := tx.Save(&r).Error; err != nil {
			return err
		}
		if err := reviewEvent(tx, k, version, ReviewApprove, by, comment, now); err != nil {
			return err
		}
		if plan != nil {
			plan.utc()
			return tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(plan).Error
		}
		return publishVersion(tx, k, version, by, now.UTC())
	})
	if errors.Is(err, ErrReviewStale) || errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: approve review: %w", err)
	}
	return nil
}

// RequestChanges sends the version under review of a language back to its
// author with a comment, as by, and tells the author. ErrReviewStale when
// version is not the one waiting for review.
func (s *Store) RequestChanges(ctx context.Context, k ContentKey, version int64, by, comment string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r, err := pendingReview(tx, k, version)
		if err != nil {
			return err
		}
		r.State, r.ReviewedBy, r.Comment, r.UpdatedAt = ReviewChanges, by, comment, now.UTC()
		if err := tx.Save(&r).Error; err != nil {
			return err
		}
		if err := reviewEvent(tx, k, version, ReviewRefused, by, comment, now); err != nil {
			return err
		}
		to, err := activeStaff(tx, "id = ?", r.SentBy)
		if err != nil {
			return err
		}
		return notify(tx, to, Notification{Kind: NoticeReviewChanges, Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, CreatedAt: now})
	})
	if errors.Is(err, ErrReviewStale) {
		return err
	}
	if err != nil {
		return fmt.Errorf("store: request changes: %w", err)
	}
	return nil
}

// ContentReviewHistory returns the steps of a language's reviews, newest
// first, at most limit.
func (s *Store) ContentReviewHistory(ctx context.Context, k ContentKey, limit int) ([]ContentReviewEvent, error) {
	var out []ContentReviewEvent
	if err := whereKey(s.db.WithContext(ctx), k).Order("id DESC").Limit(limit).Find(&out).Error; err != nil {
		return nil, fmt.Errorf("store: review history: %w", err)
	}
	for i := range out {
		out[i].CreatedAt = out[i].CreatedAt.UTC()
	}
	return out, nil
}

// endReview drops a language's review: a new save needs a new one, and a
// publication ends it.
func endReview(tx *gorm.DB, k ContentKey) error {
	return whereKey(tx, k).Delete(&ContentReview{}).Error
}

// HoldContentSchedule drops a due publication whose version was not
// approved, without carrying it out, and tells its author; it reports
// whether it did (a plan changed meanwhile stays).
func (s *Store) HoldContentSchedule(ctx context.Context, sc ContentSchedule, now time.Time) (bool, error) {
	held := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := whereKey(tx, sc.Key()).
			Where("action = ? AND version = ? AND due_at = ? AND created_by = ?", sc.Action, sc.Version, sc.DueAt.UTC(), sc.CreatedBy).
			Delete(&ContentSchedule{})
		if res.Error != nil || res.RowsAffected != 1 {
			return res.Error
		}
		held = true
		if sc.CreatedBy == "" {
			return nil
		}
		to, err := activeStaff(tx, "id = ?", sc.CreatedBy)
		if err != nil {
			return err
		}
		return notify(tx, to, Notification{Kind: NoticeScheduleHeld, Collection: sc.Collection, Slug: sc.Slug, Locale: sc.Locale, Detail: sc.Action, CreatedAt: now})
	})
	if err != nil {
		return false, fmt.Errorf("store: hold content schedule: %w", err)
	}
	return held, nil
}
