package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateMail creates the mail queue and the development outbox (migration 4).
// Messages are sealed by the mail package before they reach the database:
// the sealed column holds ciphertext, and only the kind and the timestamps
// are readable.
func migrateMail(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if tx.Dialector.Name() == Postgres {
		id = "BIGSERIAL PRIMARY KEY"
	}
	statements := []string{
		`CREATE TABLE mail_queue (
			id              ` + id + `,
			kind            TEXT NOT NULL,
			sealed          TEXT,
			created_at      ` + d.timestamp + ` NOT NULL,
			next_attempt_at ` + d.timestamp + ` NOT NULL,
			attempts        INTEGER NOT NULL DEFAULT 0,
			last_error      TEXT NOT NULL DEFAULT '',
			claimed_until   ` + d.timestamp + `,
			sent_at         ` + d.timestamp + `,
			failed_at       ` + d.timestamp + `
		)`,
		`CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`,
		`CREATE TABLE mail_outbox (
			id         ` + id + `,
			created_at ` + d.timestamp + ` NOT NULL,
			sealed     TEXT NOT NULL
		)`,
		`CREATE INDEX mail_outbox_created ON mail_outbox (created_at)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// mailRow is a row of mail_queue.
type mailRow struct {
	ID            int64 `gorm:"primaryKey"`
	Kind          string
	Sealed        *string
	CreatedAt     time.Time
	NextAttemptAt time.Time
	Attempts      int
	LastError     string
	ClaimedUntil  *time.Time
	SentAt        *time.Time
	FailedAt      *time.Time
	RecipientHash string
}

// TableName names the table for GORM.
func (mailRow) TableName() string { return "mail_queue" }

// outboxRow is a row of mail_outbox.
type outboxRow struct {
	ID        int64 `gorm:"primaryKey"`
	CreatedAt time.Time
	Sealed    string
}

// TableName names the table for GORM.
func (outboxRow) TableName() string { return "mail_outbox" }

// QueuedMail is a message the sender has claimed from the mail queue.
type QueuedMail struct {
	ID        int64
	Kind      string
	Sealed    string // the sealed message, as the mail package wrote it
	Attempts  int    // failed attempts so far
	CreatedAt time.Time
}

// MailRecord is everything the queue holds about one message.
type MailRecord struct {
	ID            int64
	Kind          string
	Sealed        string // "" once the message was sent or abandoned
	CreatedAt     time.Time
	NextAttemptAt time.Time
	Attempts      int
	LastError     string
	ClaimedUntil  *time.Time
	SentAt        *time.Time
	FailedAt      *time.Time // when the sender gave up
	RecipientHash string     // keyed hash of the recipient's address
}

// OutboxMail is a rendered message kept in the development outbox.
type OutboxMail struct {
	ID        int64
	CreatedAt time.Time
	Sealed    string
}

// dbTime is t in UTC at the precision both databases keep, so a value read
// back compares equal to the one written.
func dbTime(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// EnqueueMail adds a sealed message to the queue, due at once, and returns
// its id.
func (s *Store) EnqueueMail(ctx context.Context, m OutgoingMail, now time.Time) (int64, error) {
	id, err := queueMail(s.db.WithContext(ctx), m, now)
	if err != nil {
		return 0, fmt.Errorf("store: enqueue mail: %w", err)
	}
	return id, nil
}

// queueMail inserts m into the queue through db (the store's or a
// transaction's), due at now.
func queueMail(db *gorm.DB, m OutgoingMail, now time.Time) (int64, error) {
	now = dbTime(now)
	row := mailRow{Kind: m.Kind, Sealed: &m.Sealed, CreatedAt: now, NextAttemptAt: now, RecipientHash: m.RecipientHash}
	if err := db.Create(&row).Error; err != nil {
		return 0, err
	}
	return row.ID, nil
}

// ClaimMail leases up to limit due messages to the caller until the given
// time, so no other sender takes them meanwhile, and returns them oldest
// first. On PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so
// concurrent senders never wait for or claim each other's rows; on SQLite
// each row is claimed by a single guarded UPDATE.
func (s *Store) ClaimMail(ctx context.Context, now, until time.Time, limit int) ([]QueuedMail, error) {
	now, until = dbTime(now), dbTime(until)
	const due = `sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)`
	var rows []mailRow
	db := s.db.WithContext(ctx)
	var err error
	if s.driver == Postgres {
		err = db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Raw(`SELECT * FROM mail_queue WHERE `+due+` ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED`,
				now, now, limit).Scan(&rows).Error; err != nil {
				return err
			}
			if len(rows) == 0 {
				return nil
			}
			ids := make([]int64, len(rows))
			for i, r := range rows {
				ids[i] = r.ID
			}
			return tx.Exec(`UPDATE mail_queue SET claimed_until = ? WHERE id IN ?`, until, ids).Error
		})
	} else {
		var candidates []mailRow
		err = db.Raw(`SELECT * FROM mail_queue WHERE `+due+` ORDER BY next_attempt_at, id LIMIT ?`, now, now, limit).Scan(&candidates).Error
		for _, r := range candidates {
			if err != nil {
				break
			}
			res := db.Exec(`UPDATE mail_queue SET claimed_until = ? WHERE id = ? AND `+due, until, r.ID, now, now)
			if err = res.Error; err == nil && res.RowsAffected == 1 {
				rows = append(rows, r)
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: claim mail: %w", err)
	}
	out := make([]QueuedMail, 0, len(rows))
	for _, r := range rows {
		if r.Sealed == nil {
			continue
		}
		out = append(out, QueuedMail{ID: r.ID, Kind: r.Kind, Sealed: *r.Sealed, Attempts: r.Attempts, CreatedAt: r.CreatedAt})
	}
	return out, nil
}

// MarkMailSent records that a message was sent and wipes its sealed
// content; the kind and the timestamps stay until DeleteOldMail.
func (s *Store) MarkMailSent(ctx context.Context, id int64, now time.Time) error {
	return s.finishMail(ctx, "mark mail sent", id, map[string]any{
		"sent_at": dbTime(now), "sealed": nil, "claimed_until": nil, "last_error": "",
	})
}

// AbandonMail records that the sender gave up on a message, with the
// reason, and wipes its sealed content.
func (s *Store) AbandonMail(ctx context.Context, id int64, now time.Time, lastError string) error {
	return s.finishMail(ctx, "abandon mail", id, map[string]any{
		"failed_at": dbTime(now), "sealed": nil, "claimed_until": nil, "last_error": lastError,
	})
}

// RetryMail records a failed attempt and when to try again, releasing the claim.
func (s *Store) RetryMail(ctx context.Context, id int64, attempts int, next time.Time, lastError string) error {
	return s.finishMail(ctx, "reschedule mail", id, map[string]any{
		"attempts": attempts, "next_attempt_at": dbTime(next), "claimed_until": nil, "last_error": lastError,
	})
}

// ReleaseMail hands a claimed message back to the queue, due when it was,
// without counting an attempt: the sender found its server unreachable.
func (s *Store) ReleaseMail(ctx context.Context, id int64) error {
	return s.finishMail(ctx, "release mail", id, map[string]any{"claimed_until": nil})
}

func (s *Store) finishMail(ctx context.Context, what string, id int64, values map[string]any) error {
	res := s.db.WithContext(ctx).Model(&mailRow{}).Where("id = ?", id).Updates(values)
	if res.Error != nil {
		return fmt.Errorf("store: %s %d: %w", what, id, res.Error)
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("store: %s %d: %w", what, id, ErrNotFound)
	}
	return nil
}

// Mail returns what the queue holds about one message, or ErrNotFound.
func (s *Store) Mail(ctx context.Context, id int64) (MailRecord, error) {
	var r mailRow
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return MailRecord{}, ErrNotFound
	}
	if err != nil {
		return MailRecord{}, fmt.Errorf("store: load mail %d: %w", id, err)
	}
	rec := MailRecord{
		ID: r.ID, Kind: r.Kind, CreatedAt: r.CreatedAt, NextAttemptAt: r.NextAttemptAt, Attempts: r.Attempts,
		LastError: r.LastError, ClaimedUntil: r.ClaimedUntil, SentAt: r.SentAt, FailedAt: r.FailedAt,
		RecipientHash: r.RecipientHash,
	}
	if r.Sealed != nil {
		rec.Sealed = *r.Sealed
	}
	return rec, nil
}

// PendingMail counts the messages neither sent nor abandoned.
func (s *Store) PendingMail(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&mailRow{}).Where("sent_at IS NULL AND failed_at IS NULL").Count(&n).Error
	if err != nil {
		return 0, fmt.Errorf("store: count pending mail: %w", err)
	}
	return n, nil
}

// DeleteOldMail deletes queue rows sent or abandoned before the given time,
// and development outbox messages stored before it. It returns how many
// rows it deleted.
func (s *Store) DeleteOldMail(ctx context.Context, before time.Time) (int64, error) {
	ctx = bulk(ctx)
	before = dbTime(before)
	var total int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("sent_at < ? OR failed_at < ?", before, before).Delete(&mailRow{})
		if res.Error != nil {
			return res.Error
		}
		total += res.RowsAffected
		res = tx.Where("created_at < ?", before).Delete(&outboxRow{})
		total += res.RowsAffected
		return res.Error
	})
	if err != nil {
		return 0, fmt.Errorf("store: delete old mail: %w", err)
	}
	return total, nil
}

// AddOutboxMail keeps a sealed, rendered message in the development outbox
// and returns its id.
func (s *Store) AddOutboxMail(ctx context.Context, sealed string, now time.Time) (int64, error) {
	row := outboxRow{CreatedAt: dbTime(now), Sealed: sealed}
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return 0, fmt.Errorf("store: add outbox mail: %w", err)
	}
	return row.ID, nil
}

// OutboxMails returns up to limit messages of the development outbox, newest first.
func (s *Store) OutboxMails(ctx context.Context, limit int) ([]OutboxMail, error) {
	var rows []outboxRow
	if err := s.db.WithContext(ctx).Order("created_at DESC, id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list outbox mail: %w", err)
	}
	out := make([]OutboxMail, len(rows))
	for i, r := range rows {
		out[i] = OutboxMail(r)
	}
	return out, nil
}

// OutboxMail returns one message of the development outbox, or ErrNotFound.
func (s *Store) OutboxMail(ctx context.Context, id int64) (OutboxMail, error) {
	var r outboxRow
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return OutboxMail{}, ErrNotFound
	}
	if err != nil {
		return OutboxMail{}, fmt.Errorf("store: load outbox mail %d: %w", id, err)
	}
	return OutboxMail(r), nil
}

// TryExclusive runs fn unless another process is running a job under the
// same key, and reports whether fn ran. On PostgreSQL the key is a
// session-level advisory lock (pg_try_advisory_lock) held on one pinned
// connection while fn runs, so among replicas sharing the database only one
// runs a periodic job at a time; on SQLite, a single-host database, fn just
// runs.
func (s *Store) TryExclusive(ctx context.Context, key int64, fn func(context.Context) error) (bool, error) {
	// The jobs run this way are background clean-ups that may touch many rows.
	ctx = bulk(ctx)
	if s.driver != Postgres {
		return true, fn(ctx)
	}
	ran := false
	err := s.db.WithContext(ctx).Connection(func(conn *gorm.DB) error {
		var locked bool
		if err := conn.Raw("SELECT pg_try_advisory_lock(?)", key).Scan(&locked).Error; err != nil {
			return fmt.Errorf("store: take lock %d: %w", key, err)
		}
		if !locked {
			return nil
		}
		// Unlock with a fresh context: a lock left on a pooled connection
		// would keep every replica from running the job.
		defer conn.WithContext(context.WithoutCancel(ctx)).Exec("SELECT pg_advisory_unlock(?)", key)
		ran = true
		return fn(ctx)
	})
	return ran, err
}

// PendingMailTo returns the messages to a recipient, named by the keyed
// hash of its address, that are neither sent nor abandoned, oldest first,
// without their sealed content.
func (s *Store) PendingMailTo(ctx context.Context, recipientHash string) ([]MailRecord, error) {
	if recipientHash == "" {
		return nil, nil
	}
	var rows []mailRow
	err := s.db.WithContext(ctx).Omit("sealed").
		Where("recipient_hash = ? AND sent_at IS NULL AND failed_at IS NULL", recipientHash).
		Order("created_at, id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: list mail to a recipient: %w", err)
	}
	out := make([]MailRecord, len(rows))
	for i, r := range rows {
		out[i] = MailRecord{
			ID: r.ID, Kind: r.Kind, CreatedAt: r.CreatedAt, NextAttemptAt: r.NextAttemptAt, Attempts: r.Attempts,
			LastError: r.LastError, ClaimedUntil: r.ClaimedUntil, RecipientHash: r.RecipientHash,
		}
	}
	return out, nil
}

// ErasePendingMailTo deletes the messages to a recipient, named by the
// keyed hash of its address, that are neither sent nor abandoned, and
// forgets the hash on those that were (their content is wiped already),
// so nothing left in the queue points to the address. It returns how
// many messages it deleted. A sender holding one of them finds it gone.
func (s *Store) ErasePendingMailTo(ctx context.Context, recipientHash string) (int64, error) {
	if recipientHash == "" {
		return 0, nil
	}
	var deleted int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("recipient_hash = ? AND sent_at IS NULL AND failed_at IS NULL", recipientHash).Delete(&mailRow{})
		if res.Error != nil {
			return res.Error
		}
		deleted = res.RowsAffected
		return tx.Model(&mailRow{}).Where("recipient_hash = ?", recipientHash).Update("recipient_hash", "").Error
	})
	if err != nil {
		return 0, fmt.Errorf("store: erase mail to a recipient: %w", err)
	}
	return deleted, nil
}

// DeleteOutboxMail deletes messages of the development outbox by id and
// returns how many it deleted.
func (s *Store) DeleteOutboxMail(ctx context.Context, ids []int64) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	res := s.db.WithContext(ctx).Where("id IN ?", ids).Delete(&outboxRow{})
	if res.Error != nil {
		return 0, fmt.Errorf("store: delete outbox mail: %w", res.Error)
	}
	return res.RowsAffected, nil
}
