package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// migrateInbox creates what staff add to a submission in the inbox
// (migration 14): its state (status and assignee; a submission without a
// row is new and unassigned) and internal notes. The submission itself is
// never changed. Both go with their submission.
func migrateInbox(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if d.timestamp == dialects[Postgres].timestamp {
		id = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
	}
	statements := []string{
		`CREATE TABLE submission_states (
			submission_id BIGINT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
			status        TEXT NOT NULL,
			assignee_id   TEXT REFERENCES staff (id) ON DELETE SET NULL,
			updated_at    ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE INDEX submission_states_status ON submission_states (status)`,
		`CREATE INDEX submission_states_assignee ON submission_states (assignee_id)`,
		`CREATE TABLE submission_notes (
			id            ` + id + `,
			submission_id BIGINT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
			author_id     TEXT NOT NULL REFERENCES staff (id),
			body          TEXT NOT NULL,
			created_at    ` + d.timestamp + ` NOT NULL
		)`,
		`CREATE INDEX submission_notes_submission ON submission_notes (submission_id, id)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// migrateLeadsCare adds what working leads and honouring privacy need
// (migration 15): a note's kind, so a reply sent to the submitter is
// recorded on the submission beside the internal notes; when a
// submission's personal fields were erased (by its retention period or on
// request), keeping the anonymous remainder; a keyed hash of each queued
// message's recipient, so a person's queued mail can be found although the
// message itself is sealed; and when a visitor account was disabled.
func migrateLeadsCare(tx *gorm.DB, d dialect) error {
	statements := []string{
		`ALTER TABLE submission_notes ADD COLUMN kind TEXT NOT NULL DEFAULT 'note'`,
		`ALTER TABLE submissions ADD COLUMN erased_at ` + d.timestamp,
		`CREATE INDEX submissions_not_erased ON submissions (kind, created_at) WHERE erased_at IS NULL`,
		`ALTER TABLE mail_queue ADD COLUMN recipient_hash TEXT NOT NULL DEFAULT ''`,
		`CREATE INDEX mail_queue_recipient ON mail_queue (recipient_hash)`,
		`ALTER TABLE users ADD COLUMN disabled_at ` + d.timestamp,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// StatusNew is the status of a submission nobody has worked on yet.
const StatusNew = "new"

// InboxItem is a submission as the inbox shows it: the submission with
// its status and assignee.
type InboxItem struct {
	Submission
	Status     string  `gorm:"column:status"`
	AssigneeID *string `gorm:"column:assignee_id"`
}

// InboxNote is an internal note on a submission, or a reply sent to its
// sender (Kind NoteReply), which the inbox shows among the notes.
type InboxNote struct {
	ID           int64     `gorm:"column:id;primaryKey;->"`
	SubmissionID int64     `gorm:"column:submission_id"`
	AuthorID     string    `gorm:"column:author_id"`
	Kind         string    `gorm:"column:kind"` // NoteInternal or NoteReply
	Body         string    `gorm:"column:body"`
	CreatedAt    time.Time `gorm:"column:created_at"`
}

// The kinds of note.
const (
	NoteInternal = "note"  // for staff only
	NoteReply    = "reply" // sent to the submission's sender by e-mail
)

// TableName names the table for GORM.
func (InboxNote) TableName() string { return "submission_notes" }

// InboxFilter selects submissions for the inbox. Kinds is what the reader
// may see at all: nothing when empty. ContactOffice, when set, limits the
// contact messages among them to one office's. The other fields narrow
// the selection; their zero values select everything.
type InboxFilter struct {
	Kinds         []string
	ContactOffice string

	Kind     string
	Office   string // contact messages to this office
	Status   string
	Assignee string // a staff id, or "none" for nobody
	Locale   string
	From, To time.Time // created in [From, To)
	Search   string    // in the name, e-mail address, company and message
	Source   string    // the referring domain, campaign source or campaign the visit came from
	IDs      []int64   // only these submissions, when any are named
	Limit    int       // 0: no limit
	Offset   int
}

// AssigneeNone selects the submissions nobody is assigned to.
const AssigneeNone = "none"

// searchedFields are the data fields the inbox's search looks in.
var searchedFields = []string{"name", "email", "company", "message", "coverLetter"}

// inboxQuery builds the selection of f, without order or paging.
func (s *Store) inboxQuery(ctx context.Context, f InboxFilter) *gorm.DB {
	q := s.db.WithContext(ctx).Table("submissions AS s").
		Joins("LEFT JOIN submission_states AS st ON st.submission_id = s.id")
	if len(f.Kinds) == 0 {
		return q.Where("1 = 0")
	}
	q = q.Where("s.kind IN ?", f.Kinds)
	if f.ContactOffice != "" {
		q = q.Where("(s.kind <> 'contact' OR s.target = ?)", f.ContactOffice)
	}
	if f.Kind != "" {
		q = q.Where("s.kind = ?", f.Kind)
	}
	if f.Office != "" {
		q = q.Where("s.kind = 'contact' AND s.target = ?", f.Office)
	}
	if f.Status != "" {
		q = q.Where("COALESCE(st.status, ?) = ?", StatusNew, f.Status)
	}
	switch f.Assignee {
	case "":
	case AssigneeNone:
		q = q.Where("st.assignee_id IS NULL")
	default:
		q = q.Where("st.assignee_id = ?", f.Assignee)
	}
	if f.Locale != "" {
		q = q.Where("s.locale = ?", f.Locale)
	}
	if len(f.IDs) > 0 {
		q = q.Where("s.id IN ?", f.IDs)
	}
	if !f.From.IsZero() {
		q = q.Where("s.created_at >= ?", dbTime(f.From))
	}
	if !f.To.IsZero() {
		q = q.Where("s.created_at < ?", dbTime(f.To))
	}
	if src := strings.ToLower(strings.TrimSpace(f.Source)); src != "" {
		q = q.Where("(s.landing_referrer = ? OR s.landing_utm_source = ? OR s.landing_utm_campaign = ?)", src, src, src)
	}
	if term := strings.TrimSpace(f.Search); term != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(term)) + "%"
		var parts []string
		var args []any
		for _, field := range searchedFields {
			parts = append(parts, "LOWER("+s.jsonText("s.data", field)+`) LIKE ? ESCAPE '\'`)
			args = append(args, pattern)
		}
		q = q.Where("("+strings.Join(parts, " OR ")+")", args...)
	}
	return q
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// jsonText is the SQL for the text of a top-level field of a JSON column.
// field is one of the package's own names, never a visitor's input.
func (s *Store) jsonText(column, field string) string {
	if s.driver == Postgres {
		return "(" + column + "::jsonb ->> '" + field + "')"
	}
	return "json_extract(" + column + ", '$." + field + "')"
}

// Inbox returns the submissions the filter selects, newest first, and
// how many it selects without Limit and Offset.
func (s *Store) Inbox(ctx context.Context, f InboxFilter) ([]InboxItem, int64, error) {
	var total int64
	if err := s.inboxQuery(ctx, f).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("store: count inbox: %w", err)
	}
	q := s.inboxQuery(bulk(ctx), f).
		Select("s.*, COALESCE(st.status, ?) AS status, st.assignee_id AS assignee_id", StatusNew).
		Order("s.created_at DESC, s.id DESC")
	if f.Limit > 0 {
		q = q.Limit(f.Limit)
	}
	if f.Offset > 0 {
		q = q.Offset(f.Offset)
	}
	var out []InboxItem
	if err := q.Scan(&out).Error; err != nil {
		return nil, 0, fmt.Errorf("store: list inbox: %w", err)
	}
	return out, total, nil
}

// InboxCount returns how many submissions the filter selects and the
// largest id among them (0 for none): a reader polling it learns of new
// submissions without loading them.
func (s *Store) InboxCount(ctx context.Context, f InboxFilter) (int64, int64, error) {
	var row struct {
		N      int64
		Latest *int64
	}
	if err := s.inboxQuery(ctx, f).Select("COUNT(*) AS n, MAX(s.id) AS latest").Scan(&row).Error; err != nil {
		return 0, 0, fmt.Errorf("store: count inbox: %w", err)
	}
	if row.Latest == nil {
		return row.N, 0, nil
	}
	return row.N, *row.Latest, nil
}

// InboxItemByID returns one submission with its state, or ErrNotFound.
func (s *Store) InboxItemByID(ctx context.Context, id int64) (*InboxItem, error) {
	var out []InboxItem
	err := s.db.WithContext(ctx).Table("submissions AS s").
		Joins("LEFT JOIN submission_states AS st ON st.submission_id = s.id").
		Select("s.*, COALESCE(st.status, ?) AS status, st.assignee_id AS assignee_id", StatusNew).
		Where("s.id = ?", id).Limit(1).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: load inbox item: %w", err)
	}
	if len(out) == 0 {
		return nil, ErrNotFound
	}
	return &out[0], nil
}

// SetSubmissionState records a submission's status and assignee (nil for
// nobody), telling a new assignee (AssignSubmission with nobody as by).
func (s *Store) SetSubmissionState(ctx context.Context, id int64, status string, assignee *string, now time.Time) error {
	return s.AssignSubmission(ctx, id, status, assignee, "", now)
}

// AddInboxNote stores an internal note and assigns its id.
func (s *Store) AddInboxNote(ctx context.Context, n *InboxNote) error {
	n.Kind = NoteInternal
	id, err := insertNote(s.db.WithContext(ctx), n)
	if err != nil {
		return fmt.Errorf("store: add note: %w", err)
	}
	n.ID = id
	return nil
}

// AddInboxReply records a reply on its submission and queues its e-mail,
// in one transaction: a reply is never recorded unsent, nor sent
// unrecorded.
func (s *Store) AddInboxReply(ctx context.Context, n *InboxNote, m OutgoingMail) error {
	n.Kind = NoteReply
	var id int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if id, err = insertNote(tx, n); err != nil {
			return err
		}
		_, err = queueMail(tx, m, n.CreatedAt)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: add reply: %w", err)
	}
	n.ID = id
	return nil
}

func insertNote(db *gorm.DB, n *InboxNote) (int64, error) {
	n.CreatedAt = dbTime(n.CreatedAt)
	var id int64
	err := db.Raw(`INSERT INTO submission_notes (submission_id, author_id, kind, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		n.SubmissionID, n.AuthorID, n.Kind, n.Body, n.CreatedAt).Scan(&id).Error
	return id, err
}

// InboxNotes returns a submission's notes, oldest first.
func (s *Store) InboxNotes(ctx context.Context, submissionID int64) ([]InboxNote, error) {
	var out []InboxNote
	err := s.db.WithContext(ctx).Where("submission_id = ?", submissionID).Order("id").Find(&out).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, fmt.Errorf("store: list notes: %w", err)
	}
	return out, nil
}

// InboxArrival is when a submission of a kind (and target) arrived: what
// the dashboard counts, without any of its data.
type InboxArrival struct {
	Kind      string    `gorm:"column:kind"`
	Target    string    `gorm:"column:target"`
	CreatedAt time.Time `gorm:"column:created_at"`
}

// InboxArrivals returns the kind, target and time of every submission the
// filter selects (its From and To bound the time), oldest first.
func (s *Store) InboxArrivals(ctx context.Context, f InboxFilter) ([]InboxArrival, error) {
	var out []InboxArrival
	err := s.inboxQuery(bulk(ctx), f).Select("s.kind AS kind, s.target AS target, s.created_at AS created_at").
		Order("s.created_at").Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: inbox arrivals: %w", err)
	}
	return out, nil
}

// InboxStatusCount is how many submissions of a kind have a status.
type InboxStatusCount struct {
	Kind   string `gorm:"column:kind"`
	Status string `gorm:"column:status"`
	N      int64  `gorm:"column:n"`
}

// InboxStatusCounts counts the submissions the filter selects by kind and
// status.
func (s *Store) InboxStatusCounts(ctx context.Context, f InboxFilter) ([]InboxStatusCount, error) {
	var out []InboxStatusCount
	status := "COALESCE(st.status, '" + StatusNew + "')"
	err := s.inboxQuery(ctx, f).Select("s.kind AS kind, " + status + " AS status, COUNT(*) AS n").
		Group("s.kind, " + status).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("store: inbox status counts: %w", err)
	}
	return out, nil
}
