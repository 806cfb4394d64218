package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateAudit creates the audit trail (migration 13): one row per thing a
// staff member did or had done to their account. The database itself
// keeps it append-only: triggers refuse every UPDATE and DELETE (and, on
// PostgreSQL, TRUNCATE), whoever sends them.
func migrateAudit(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if d.timestamp == dialects[Postgres].timestamp {
		id = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
	}
	statements := []string{
		`CREATE TABLE audit_events (
			id       ` + id + `,
			at       ` + d.timestamp + ` NOT NULL,
			actor_id TEXT NOT NULL DEFAULT '',
			action   TEXT NOT NULL,
			item     TEXT NOT NULL DEFAULT '',
			detail   TEXT NOT NULL DEFAULT '',
			ip       TEXT NOT NULL DEFAULT ''
		)`,
		`CREATE INDEX audit_events_at ON audit_events (at)`,
		`CREATE INDEX audit_events_actor ON audit_events (actor_id, at)`,
	}
	if d.timestamp == dialects[Postgres].timestamp {
		statements = append(statements,
			`CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN
				RAISE EXCEPTION 'the audit trail is append-only';
			END
			$$`,
			`CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
				FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
			`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
				FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`,
		)
	} else {
		statements = append(statements,
			`CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
			BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
			`CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
			BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
		)
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// AuditEvent is one line of the audit trail. People are named by id only,
// so erasing a person's data later leaves the trail whole; it never holds
// a password, code, token or document.
type AuditEvent struct {
	ID      int64 `gorm:"primaryKey;->"`
	At      time.Time
	ActorID string // the staff member who acted; "" for the command line or an unknown address
	Action  string // what happened, such as "sign-in" or "role-change"
	Item    string // what it happened to: a staff id, an e-mail address hash, ...
	Detail  string // a short, secret-free description (the new role, ...)
	IP      string
}

// TableName names the table for GORM.
func (AuditEvent) TableName() string { return "audit_events" }

// Audit appends an event to the trail.
func (s *Store) Audit(ctx context.Context, e AuditEvent) error {
	e.At = dbTime(e.At)
	err := s.db.WithContext(ctx).Exec(`INSERT INTO audit_events (at, actor_id, action, item, detail, ip) VALUES (?, ?, ?, ?, ?, ?)`,
		e.At, e.ActorID, e.Action, e.Item, e.Detail, e.IP).Error
	if err != nil {
		return fmt.Errorf("store: audit: %w", err)
	}
	return nil
}

// AuditFilter selects events of the trail; zero fields select everything.
type AuditFilter struct {
	ActorID string
	Action  string
	Item    string
	From    time.Time // inclusive
	To      time.Time // exclusive
	Before  int64     // only events with a smaller id (the next page)
	Limit   int       // 0: no limit
}

// AuditEvents returns the events the filter selects, newest first.
func (s *Store) AuditEvents(ctx context.Context, f AuditFilter) ([]AuditEvent, error) {
	q := s.db.WithContext(ctx).Model(&AuditEvent{})
	if f.ActorID != "" {
		q = q.Where("actor_id = ?", f.ActorID)
	}
	if f.Action != "" {
		q = q.Where("action = ?", f.Action)
	}
	if f.Item != "" {
		q = q.Where("item = ?", f.Item)
	}
	if !f.From.IsZero() {
		q = q.Where("at >= ?", dbTime(f.From))
	}
	if !f.To.IsZero() {
		q = q.Where("at < ?", dbTime(f.To))
	}
	if f.Before > 0 {
		q = q.Where("id < ?", f.Before)
	}
	if f.Limit > 0 {
		q = q.Limit(f.Limit)
	}
	var rows []AuditEvent
	if err := q.Order("id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list audit events: %w", err)
	}
	return rows, nil
}
