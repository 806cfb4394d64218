package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateSubmissions creates the table of form submissions (migration 9):
// every form the site offers stores its validated fields here before any
// e-mail is queued, so no submission is lost to a mail outage. A submission
// outlives the account of the visitor who sent it (user_id turns NULL).
func migrateSubmissions(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if tx.Dialector.Name() == Postgres {
		id = "BIGSERIAL PRIMARY KEY"
	}
	statements := []string{
		`CREATE TABLE submissions (
			id            ` + id + `,
			kind          TEXT NOT NULL,
			target        TEXT NOT NULL DEFAULT '',
			locale        TEXT NOT NULL,
			data          TEXT NOT NULL,
			user_id       TEXT REFERENCES users (id) ON DELETE SET NULL,
			ip            TEXT NOT NULL DEFAULT '',
			created_at    ` + d.timestamp + ` NOT NULL,
			cv_blob_key   TEXT,
			cv_deleted_at ` + d.timestamp + `
		)`,
		`CREATE INDEX submissions_kind_created ON submissions (kind, created_at)`,
		`CREATE INDEX submissions_created ON submissions (created_at)`,
		`CREATE INDEX submissions_cv_due ON submissions (created_at) WHERE cv_blob_key IS NOT NULL AND cv_deleted_at IS NULL`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// Submission is one form a visitor sent.
type Submission struct {
	ID          int64      `gorm:"column:id;primaryKey"` // assigned by CreateSubmission
	Kind        string     `gorm:"column:kind"`          // proposal, inquiry, contact, application, webinar, publication
	Target      string     `gorm:"column:target"`        // office key, vacancy, webinar or publication slug; "" for none
	Locale      string     `gorm:"column:locale"`        // the visitor's language
	Data        string     `gorm:"column:data"`          // the validated fields, a JSON object
	UserID      *string    `gorm:"column:user_id"`       // the signed-in visitor, nil for an anonymous one
	IP          string     `gorm:"column:ip"`            // the client address as the server sees it
	CreatedAt   time.Time  `gorm:"column:created_at"`
	CVBlobKey   *string    `gorm:"column:cv_blob_key"`   // blob key of an application's CV
	CVDeletedAt *time.Time `gorm:"column:cv_deleted_at"` // when the retention job deleted the CV
	ErasedAt    *time.Time `gorm:"column:erased_at"`     // when the personal fields were erased (EraseSubmission)
}

// TableName names the table for GORM.
func (Submission) TableName() string { return "submissions" }

// OutgoingMail is a message sealed for the mail queue, stored together with
// the record that sends it.
type OutgoingMail struct {
	Kind   string
	Sealed string
	// RecipientHash is a keyed hash of the recipient's address
	// (endpoint.Keys.Recipient), the only trace of it outside the seal.
	RecipientHash string
}

// CreateSubmission stores a submission, assigns its id and queues the
// e-mails compose returns for it, in one transaction: a submission is never
// kept without its e-mails, nor an e-mail without its submission. compose
// (nil for none) sees the submission with its id; it may run more than
// once. A zero CreatedAt is set to now.
func (s *Store) CreateSubmission(ctx context.Context, sub *Submission, compose func(*Submission) []OutgoingMail) error {
	if sub.CreatedAt.IsZero() {
		sub.CreatedAt = time.Now()
	}
	sub.CreatedAt = dbTime(sub.CreatedAt)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		sub.ID = 0
		if err := tx.Create(sub).Error; err != nil {
			return err
		}
		if err := notifyNewSubmission(tx, sub); err != nil {
			return err
		}
		if compose == nil {
			return nil
		}
		for _, m := range compose(sub) {
			if _, err := queueMail(tx, m, sub.CreatedAt); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		sub.ID = 0
		return fmt.Errorf("store: create submission: %w", err)
	}
	return nil
}

// Submission returns the submission with the id, or ErrNotFound.
func (s *Store) Submission(ctx context.Context, id int64) (*Submission, error) {
	var sub Submission
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&sub).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: load submission: %w", err)
	}
	return &sub, nil
}

// SubmissionFilter selects submissions: of one kind ("" for all), created
// in [From, To) (a zero bound is open), at most Limit of them (0 for all).
type SubmissionFilter struct {
	Kind     string
	From, To time.Time
	Limit    int
}

// Submissions returns the submissions the filter selects, oldest first.
func (s *Store) Submissions(ctx context.Context, f SubmissionFilter) ([]Submission, error) {
	ctx = bulk(ctx)
	q := s.db.WithContext(ctx).Model(&Submission{})
	if f.Kind != "" {
		q = q.Where("kind = ?", f.Kind)
	}
	if !f.From.IsZero() {
		q = q.Where("created_at >= ?", dbTime(f.From))
	}
	if !f.To.IsZero() {
		q = q.Where("created_at < ?", dbTime(f.To))
	}
	if f.Limit > 0 {
		q = q.Limit(f.Limit)
	}
	var out []Submission
	if err := q.Order("created_at, id").Find(&out).Error; err != nil {
		return nil, fmt.Errorf("store: list submissions: %w", err)
	}
	return out, nil
}

// CVsDue returns up to limit submissions created before the given time
// whose CV is still stored, oldest first.
func (s *Store) CVsDue(ctx context.Context, before time.Time, limit int) ([]Submission, error) {
	ctx = bulk(ctx)
	var out []Submission
	err := s.db.WithContext(ctx).
		Where("cv_blob_key IS NOT NULL AND cv_deleted_at IS NULL AND created_at < ?", dbTime(before)).
		Order("created_at, id").Limit(limit).Find(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: list CVs due for deletion: %w", err)
	}
	return out, nil
}

// MarkCVDeleted records that a submission's CV was deleted at now.
func (s *Store) MarkCVDeleted(ctx context.Context, id int64, now time.Time) error {
	res := s.db.WithContext(ctx).Model(&Submission{}).Where("id = ?", id).Update("cv_deleted_at", dbTime(now))
	if res.Error != nil {
		return fmt.Errorf("store: mark CV deleted: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}
