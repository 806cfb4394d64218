package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Presence is who has a language of an item open in an editor: each open
// editor (its session, a random id the browser chose) says so every few
// seconds and whether its form holds unsaved changes. A row not heard from
// for PresenceTTL is gone; rows are kept in the database so that every
// replica sees the editors of the others.

// PresenceTTL is how long an editor counts as present after it was last
// heard from.
const PresenceTTL = time.Minute

// PresenceAwayAfter is how long after it was last heard from an editor with
// a visible page counts as away: it should have been heard from by then.
const PresenceAwayAfter = 30 * time.Second

// migratePresence creates the open editors (migration 32).
func migratePresence(tx *gorm.DB, d dialect) error {
	statements := []string{
		`CREATE TABLE content_presence (
			session    TEXT PRIMARY KEY,
			staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
			collection TEXT NOT NULL,
			slug       TEXT NOT NULL,
			locale     TEXT NOT NULL,
			seen_at    ` + d.timestamp + ` NOT NULL,
			dirty      BOOLEAN NOT NULL DEFAULT FALSE,
			away       BOOLEAN NOT NULL DEFAULT FALSE,
			taken_by   TEXT NOT NULL DEFAULT '',
			taken_at   ` + d.timestamp + `
		)`,
		`CREATE INDEX content_presence_item ON content_presence (collection, slug, locale)`,
		`CREATE INDEX content_presence_seen ON content_presence (seen_at)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// Presence is one open editor of a language of an item.
type Presence struct {
	Session    string     `gorm:"column:session;primaryKey"`
	StaffID    string     `gorm:"column:staff_id"`
	Collection string     `gorm:"column:collection"`
	Slug       string     `gorm:"column:slug"`
	Locale     string     `gorm:"column:locale"`
	SeenAt     time.Time  `gorm:"column:seen_at"`
	Dirty      bool       `gorm:"column:dirty"` // its form holds unsaved changes
	Away       bool       `gorm:"column:away"`  // its page is hidden
	TakenBy    string     `gorm:"column:taken_by"`
	TakenAt    *time.Time `gorm:"column:taken_at"`
}

// TableName names the table for GORM.
func (Presence) TableName() string { return "content_presence" }

// Key is the language of the item the editor has open.
func (p Presence) Key() ContentKey {
	return ContentKey{Collection: p.Collection, Slug: p.Slug, Locale: p.Locale}
}

// AwayAt reports whether the editor is away at now: its page hidden, or
// not heard from when it should have been.
func (p Presence) AwayAt(now time.Time) bool {
	return p.Away || now.Sub(p.SeenAt) > PresenceAwayAfter
}

// forgetPresence removes the editors not heard from within PresenceTTL.
func forgetPresence(db *gorm.DB, now time.Time) error {
	return db.Exec(`DELETE FROM content_presence WHERE seen_at < ?`, dbTime(now.Add(-PresenceTTL))).Error
}

// livePresence selects the editors heard from within PresenceTTL that
// nobody took over.
func livePresence(db *gorm.DB, now time.Time) *gorm.DB {
	return db.Model(&Presence{}).Where("seen_at >= ? AND taken_by = ''", dbTime(now.Add(-PresenceTTL)))
}

// Heartbeat records that an editor (p, as its staff member) has a language
// of an item open at now, and answers its own row, which says whether
// someone took it over, and the other editors present on the same item, in
// any language. A session is one editor: moving it to another language
// moves its row, and clears a take-over of the one it left. A session of
// another staff member is never changed.
func (s *Store) Heartbeat(ctx context.Context, p Presence, now time.Time) (Presence, []Presence, error) {
	var mine Presence
	var others []Presence
	at := dbTime(now)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := forgetPresence(tx, now); err != nil {
			return err
		}
		err := tx.Exec(`INSERT INTO content_presence (session, staff_id, collection, slug, locale, seen_at, dirty, away, taken_by)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, '')
			ON CONFLICT (session) DO UPDATE SET
				taken_by = CASE WHEN content_presence.collection = excluded.collection AND content_presence.slug = excluded.slug
					AND content_presence.locale = excluded.locale THEN content_presence.taken_by ELSE '' END,
				taken_at = CASE WHEN content_presence.collection = excluded.collection AND content_presence.slug = excluded.slug
					AND content_presence.locale = excluded.locale THEN content_presence.taken_at ELSE NULL END,
				collection = excluded.collection, slug = excluded.slug, locale = excluded.locale,
				seen_at = excluded.seen_at, dirty = excluded.dirty, away = excluded.away
			WHERE content_presence.staff_id = excluded.staff_id`,
			p.Session, p.StaffID, p.Collection, p.Slug, p.Locale, at, p.Dirty, p.Away).Error
		if err != nil {
			return err
		}
		if err := tx.Where("session = ? AND staff_id = ?", p.Session, p.StaffID).Limit(1).Find(&mine).Error; err != nil {
			return err
		}
		return livePresence(tx, now).Where("collection = ? AND slug = ? AND session <> ?", p.Collection, p.Slug, p.Session).
			Order("seen_at DESC").Find(&others).Error
	})
	if err != nil {
		return Presence{}, nil, fmt.Errorf("store: presence heartbeat: %w", err)
	}
	return mine, others, nil
}

// LeavePresence removes a staff member's editor: its page was closed.
func (s *Store) LeavePresence(ctx context.Context, session, staffID string) error {
	err := s.db.WithContext(ctx).Exec(`DELETE FROM content_presence WHERE session = ? AND staff_id = ?`, session, staffID).Error
	if err != nil {
		return fmt.Errorf("store: leave presence: %w", err)
	}
	return nil
}

// TakeOver records that a staff member (by, with their editor session)
// takes over a language of an item from every other editor present on it,
// and answers the editors it took it from. Those who had unsaved changes
// and are away are notified, in the same transaction; the others see it
// in their editor at their next heartbeat.
func (s *Store) TakeOver(ctx context.Context, k ContentKey, session, by, byName string, now time.Time) ([]Presence, error) {
	var taken []Presence
	at := dbTime(now)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := forgetPresence(tx, now); err != nil {
			return err
		}
		err := livePresence(tx, now).Where("collection = ? AND slug = ? AND locale = ? AND session <> ?",
			k.Collection, k.Slug, k.Locale, session).Order("seen_at DESC").Find(&taken).Error
		if err != nil || len(taken) == 0 {
			return err
		}
		sessions := make([]string, len(taken))
		var away []string
		for i, p := range taken {
			sessions[i] = p.Session
			if p.Dirty && p.AwayAt(now) && p.StaffID != by {
				away = append(away, p.StaffID)
			}
		}
		err = tx.Model(&Presence{}).Where("session IN ?", sessions).
			Updates(map[string]any{"taken_by": by, "taken_at": at}).Error
		if err != nil {
			return err
		}
		return notify(tx, unique(away), Notification{Kind: NoticeTakenOver, Collection: k.Collection, Slug: k.Slug,
			Locale: k.Locale, Detail: byName, CreatedAt: now})
	})
	if err != nil {
		return nil, fmt.Errorf("store: take over: %w", err)
	}
	return taken, nil
}

// PresentEditors returns every editor present at now, for the lists.
func (s *Store) PresentEditors(ctx context.Context, now time.Time) ([]Presence, error) {
	var out []Presence
	if err := livePresence(s.db.WithContext(ctx), now).Order("seen_at DESC").Find(&out).Error; err != nil {
		return nil, fmt.Errorf("store: present editors: %w", err)
	}
	return out, nil
}

// unique returns the distinct strings of in, in their first order.
func unique(in []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
