package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// A notification tells one staff member about their work: a lead their
// role covers, a lead given to them, a translation the English changed
// under, a schedule of theirs carried out or not. It is written in the
// same transaction as what causes it, names the item only by its key (a
// submission's number, a content item's collection, slug and language),
// never by what a visitor wrote, and is e-mailed at once, in a daily digest
// or not at all as its reader chose (notify package).

// The kinds of notification. The list is open: a kind the reader's
// settings do not name is e-mailed at once.
const (
	NoticeNewLead         = "new-lead"             // a submission the reader's role covers arrived
	NoticeAssigned        = "assigned"             // a submission was given to the reader
	NoticeOutdated        = "translation-outdated" // the English changed under the reader's translation
	NoticeScheduleDone    = "schedule-done"        // the reader's schedule was carried out
	NoticeScheduleFailed  = "schedule-failed"      // the reader's schedule could not be carried out
	NoticeReviewRequested = "review-requested"     // a language the reader may approve was sent for review
	NoticeReviewChanges   = "review-changes"       // a reviewer asked for changes to what the reader sent
	NoticeScheduleHeld    = "schedule-held"        // the reader's scheduled publication was held: not approved
	NoticeTakenOver       = "content-taken-over"   // someone took over a language the reader, away, had unsaved changes in
)

// NoticeKinds lists the kinds of notification, in the order the settings
// offer them.
var NoticeKinds = []string{NoticeNewLead, NoticeAssigned, NoticeOutdated, NoticeScheduleDone, NoticeScheduleFailed,
	NoticeReviewRequested, NoticeReviewChanges, NoticeScheduleHeld, NoticeTakenOver}

// How a kind of notification reaches its reader by e-mail.
const (
	DeliverNow    = "now"    // one e-mail each, at once
	DeliverDigest = "digest" // one e-mail a day with all of them
	DeliverOff    = "off"    // none: the back-office's list only
)

// The e-mail states of a notification.
const (
	noticeMailDue  = "due"
	noticeMailSent = "sent"
	noticeMailNone = "none"
)

// migrateNotifications creates the staff's notifications and their
// settings (migration 25). A notification goes with its reader and with
// its submission; erasing a person deletes those about their submissions.
func migrateNotifications(tx *gorm.DB, d dialect) error {
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if d.timestamp == dialects[Postgres].timestamp {
		id = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
	}
	statements := []string{
		`CREATE TABLE staff_notifications (
			id            ` + id + `,
			staff_id      TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
			kind          TEXT NOT NULL,
			submission_id BIGINT REFERENCES submissions (id) ON DELETE CASCADE,
			collection    TEXT NOT NULL DEFAULT '',
			slug          TEXT NOT NULL DEFAULT '',
			locale        TEXT NOT NULL DEFAULT '',
			detail        TEXT NOT NULL DEFAULT '',
			created_at    ` + d.timestamp + ` NOT NULL,
			read_at       ` + d.timestamp + `,
			email         TEXT NOT NULL DEFAULT 'due'
		)`,
		`CREATE INDEX staff_notifications_staff ON staff_notifications (staff_id, id)`,
		`CREATE INDEX staff_notifications_unread ON staff_notifications (staff_id) WHERE read_at IS NULL`,
		`CREATE INDEX staff_notifications_due ON staff_notifications (id) WHERE email = 'due'`,
		`CREATE INDEX staff_notifications_submission ON staff_notifications (submission_id)`,
		`CREATE TABLE staff_notice_settings (
			staff_id    TEXT PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
			deliveries  TEXT NOT NULL DEFAULT '{}',
			digest_hour INTEGER NOT NULL DEFAULT 8,
			time_zone   TEXT NOT NULL DEFAULT 'UTC',
			digest_day  TEXT NOT NULL DEFAULT ''
		)`,
	}
	for _, stmt := range statements {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// Notification is one notice to one staff member.
type Notification struct {
	ID           int64      `gorm:"column:id;primaryKey;->"`
	StaffID      string     `gorm:"column:staff_id"`
	Kind         string     `gorm:"column:kind"`
	SubmissionID *int64     `gorm:"column:submission_id"`
	Collection   string     `gorm:"column:collection"`
	Slug         string     `gorm:"column:slug"`
	Locale       string     `gorm:"column:locale"`
	Detail       string     `gorm:"column:detail"` // the form of a submission; the action of a schedule
	CreatedAt    time.Time  `gorm:"column:created_at"`
	ReadAt       *time.Time `gorm:"column:read_at"`
	Email        string     `gorm:"column:email"`
}

// TableName names the table for GORM.
func (Notification) TableName() string { return "staff_notifications" }

// NoticeSettings is how one staff member wants to be e-mailed about their
// notifications.
type NoticeSettings struct {
	Deliveries map[string]string // by kind; a kind not named is DeliverNow
	DigestHour int               // the hour of the daily digest, 0–23, in TimeZone
	TimeZone   string            // an IANA zone name
	DigestDay  string            // the local date (2006-01-02) of the last digest sent
}

// Delivery returns how a kind reaches the reader.
func (n NoticeSettings) Delivery(kind string) string {
	if d, ok := n.Deliveries[kind]; ok {
		return d
	}
	return DeliverNow
}

// DefaultNoticeSettings are a staff member's settings until they change
// them: every kind at once, a digest at 08:00 UTC for those they move to it.
func DefaultNoticeSettings() NoticeSettings {
	return NoticeSettings{Deliveries: map[string]string{}, DigestHour: 8, TimeZone: "UTC"}
}

type noticeSettingsRow struct {
	StaffID    string `gorm:"column:staff_id;primaryKey"`
	Deliveries string `gorm:"column:deliveries"`
	DigestHour int    `gorm:"column:digest_hour"`
	TimeZone   string `gorm:"column:time_zone"`
	DigestDay  string `gorm:"column:digest_day"`
}

func (noticeSettingsRow) TableName() string { return "staff_notice_settings" }

func (r noticeSettingsRow) settings() NoticeSettings {
	out := NoticeSettings{Deliveries: map[string]string{}, DigestHour: r.DigestHour, TimeZone: r.TimeZone, DigestDay: r.DigestDay}
	_ = json.Unmarshal([]byte(r.Deliveries), &out.Deliveries)
	return out
}

// notify writes one notification to each staff member in to, through db
// (a transaction's).
func notify(db *gorm.DB, to []string, n Notification) error {
	n.CreatedAt = dbTime(n.CreatedAt)
	for _, id := range to {
		err := db.Exec(`INSERT INTO staff_notifications (staff_id, kind, submission_id, collection, slug, locale, detail, created_at, email)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, n.Kind, n.SubmissionID, n.Collection, n.Slug, n.Locale, n.Detail, n.CreatedAt, noticeMailDue).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// activeStaff returns the ids of the active staff members the condition
// selects.
func activeStaff(db *gorm.DB, where string, args ...any) ([]string, error) {
	var ids []string
	err := db.Table("staff").Where("disabled_at IS NULL").Where(where, args...).Order("id").Pluck("id", &ids).Error
	return ids, err
}

// notifyNewSubmission tells the staff whose role covers a new submission:
// HR of a job application, sales of every other form (of the office it was
// sent to when it is an office's contact form and their account has one).
func notifyNewSubmission(db *gorm.DB, sub *Submission) error {
	var to []string
	var err error
	if sub.Kind == "application" {
		to, err = activeStaff(db, "role = 'hr'")
	} else {
		to, err = activeStaff(db, "role = 'sales' AND (office = '' OR ? <> 'contact' OR office = ?)", sub.Kind, sub.Target)
	}
	if err != nil {
		return err
	}
	return notify(db, to, Notification{Kind: NoticeNewLead, SubmissionID: &sub.ID, Detail: sub.Kind, CreatedAt: sub.CreatedAt})
}

// notifyOutdated tells the translators of a language that the English of
// an item changed under it.
func notifyOutdated(db *gorm.DB, collection, slug, loc string, now time.Time) error {
	to, err := activeStaff(db, "role = 'translator' AND (',' || languages || ',') LIKE ?", "%,"+loc+",%")
	if err != nil {
		return err
	}
	return notify(db, to, Notification{Kind: NoticeOutdated, Collection: collection, Slug: slug, Locale: loc, CreatedAt: now})
}

// notifySchedule tells a schedule's author that it was carried out (done)
// or not.
func notifySchedule(db *gorm.DB, sc ContentSchedule, done bool, now time.Time) error {
	if sc.CreatedBy == "" {
		return nil
	}
	to, err := activeStaff(db, "id = ?", sc.CreatedBy)
	if err != nil {
		return err
	}
	kind := NoticeScheduleFailed
	if done {
		kind = NoticeScheduleDone
	}
	return notify(db, to, Notification{Kind: kind, Collection: sc.Collection, Slug: sc.Slug, Locale: sc.Locale, Detail: sc.Action, CreatedAt: now})
}

// AssignSubmission records a submission's status and assignee (nil for
// nobody) as by, and, when the assignee changes to someone other than by,
// tells them, in one transaction.
func (s *Store) AssignSubmission(ctx context.Context, id int64, status string, assignee *string, by string, now time.Time) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var before []string
		if err := tx.Table("submission_states").Where("submission_id = ? AND assignee_id IS NOT NULL", id).
			Pluck("assignee_id", &before).Error; err != nil {
			return err
		}
		if err := tx.Exec(`INSERT INTO submission_states (submission_id, status, assignee_id, updated_at)
			VALUES (?, ?, ?, ?)
			ON CONFLICT (submission_id) DO UPDATE SET status = excluded.status, assignee_id = excluded.assignee_id, updated_at = excluded.updated_at`,
			id, status, assignee, dbTime(now)).Error; err != nil {
			return err
		}
		if assignee == nil || *assignee == by || len(before) == 1 && before[0] == *assignee {
			return nil
		}
		var sub Submission
		if err := tx.Select("id, kind").Where("id = ?", id).Take(&sub).Error; err != nil {
			return err
		}
		return notify(tx, []string{*assignee}, Notification{Kind: NoticeAssigned, SubmissionID: &id, Detail: sub.Kind, CreatedAt: now})
	})
	if err != nil {
		return fmt.Errorf("store: set submission state: %w", err)
	}
	return nil
}

// Notifications returns a staff member's newest notifications, at most
// limit, and how many of all theirs are unread.
func (s *Store) Notifications(ctx context.Context, staffID string, limit int) ([]Notification, int64, error) {
	var out []Notification
	if err := s.db.WithContext(ctx).Where("staff_id = ?", staffID).Order("id DESC").Limit(limit).Find(&out).Error; err != nil {
		return nil, 0, fmt.Errorf("store: list notifications: %w", err)
	}
	for i := range out {
		out[i].CreatedAt = out[i].CreatedAt.UTC()
	}
	unread, err := s.UnreadNotifications(ctx, staffID)
	return out, unread, err
}

// UnreadNotifications counts a staff member's unread notifications.
func (s *Store) UnreadNotifications(ctx context.Context, staffID string) (int64, error) {
	var n int64
	if err := s.db.WithContext(ctx).Model(&Notification{}).Where("staff_id = ? AND read_at IS NULL", staffID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("store: count notifications: %w", err)
	}
	return n, nil
}

// MarkNotificationsRead marks a staff member's notification read (id 0:
// all of theirs) and returns how many it marked; ErrNotFound when id names
// none of theirs.
func (s *Store) MarkNotificationsRead(ctx context.Context, staffID string, id int64, now time.Time) (int64, error) {
	q := s.db.WithContext(ctx).Model(&Notification{}).Where("staff_id = ?", staffID)
	if id != 0 {
		var n int64
		if err := q.Session(&gorm.Session{}).Where("id = ?", id).Count(&n).Error; err != nil {
			return 0, fmt.Errorf("store: mark notification read: %w", err)
		}
		if n == 0 {
			return 0, ErrNotFound
		}
		q = q.Where("id = ?", id)
	}
	res := q.Where("read_at IS NULL").Update("read_at", dbTime(now))
	if res.Error != nil {
		return 0, fmt.Errorf("store: mark notification read: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// NoticeSettingsOf returns a staff member's settings, the defaults when
// they have not changed them.
func (s *Store) NoticeSettingsOf(ctx context.Context, staffID string) (NoticeSettings, error) {
	var row noticeSettingsRow
	err := s.db.WithContext(ctx).Where("staff_id = ?", staffID).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DefaultNoticeSettings(), nil
	}
	if err != nil {
		return NoticeSettings{}, fmt.Errorf("store: load notice settings: %w", err)
	}
	return row.settings(), nil
}

// SaveNoticeSettings stores a staff member's settings; the day of the last
// digest stays.
func (s *Store) SaveNoticeSettings(ctx context.Context, staffID string, n NoticeSettings) error {
	deliveries, err := json.Marshal(n.Deliveries)
	if err != nil {
		return fmt.Errorf("store: save notice settings: %w", err)
	}
	err = s.db.WithContext(ctx).Exec(`INSERT INTO staff_notice_settings (staff_id, deliveries, digest_hour, time_zone, digest_day)
		VALUES (?, ?, ?, ?, '')
		ON CONFLICT (staff_id) DO UPDATE SET deliveries = excluded.deliveries, digest_hour = excluded.digest_hour, time_zone = excluded.time_zone`,
		staffID, string(deliveries), n.DigestHour, n.TimeZone).Error
	if err != nil {
		return fmt.Errorf("store: save notice settings: %w", err)
	}
	return nil
}

// DueNotice is a notification not yet e-mailed, with what its e-mail needs
// of its reader.
type DueNotice struct {
	Notification
	Email    string         // the reader's address
	Name     string         // the reader's name
	Language string         // the reader's back-office language
	Settings NoticeSettings // the reader's settings
}

// DueNotices returns up to limit notifications not yet e-mailed, oldest
// first, with their readers. Those of disabled readers are settled as
// never to be e-mailed.
func (s *Store) DueNotices(ctx context.Context, limit int) ([]DueNotice, error) {
	db := s.db.WithContext(ctx)
	if err := db.Exec(`UPDATE staff_notifications SET email = ? WHERE email = ? AND staff_id IN (SELECT id FROM staff WHERE disabled_at IS NOT NULL)`,
		noticeMailNone, noticeMailDue).Error; err != nil {
		return nil, fmt.Errorf("store: due notices: %w", err)
	}
	var rows []Notification
	if err := db.Where("email = ?", noticeMailDue).Order("id").Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: due notices: %w", err)
	}
	readers := map[string]*DueNotice{}
	out := make([]DueNotice, 0, len(rows))
	for _, n := range rows {
		r, ok := readers[n.StaffID]
		if !ok {
			var m Staff
			if err := db.Where("id = ?", n.StaffID).Take(&m).Error; err != nil {
				return nil, fmt.Errorf("store: due notices: %w", err)
			}
			settings, err := s.NoticeSettingsOf(ctx, n.StaffID)
			if err != nil {
				return nil, err
			}
			r = &DueNotice{Email: m.Email, Name: m.Name, Language: m.Locale, Settings: settings}
			readers[n.StaffID] = r
		}
		n.CreatedAt = n.CreatedAt.UTC()
		d := *r
		d.Notification = n
		out = append(out, d)
	}
	return out, nil
}

// NoticeMailing settles notifications' e-mail: Mail (none when nil) is
// queued and the notifications marked sent, or, without Mail, marked as
// never to be e-mailed. DigestDay, when set, records the day of the
// reader's digest (StaffID).
type NoticeMailing struct {
	IDs       []int64
	Mail      *OutgoingMail
	StaffID   string
	DigestDay string
}

// SettleNotices carries out a mailing in one transaction: an e-mail is
// never queued for notifications left due, nor are they marked sent
// without it.
func (s *Store) SettleNotices(ctx context.Context, m NoticeMailing, now time.Time) error {
	if len(m.IDs) == 0 {
		return nil
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		state := noticeMailNone
		if m.Mail != nil {
			state = noticeMailSent
			if _, err := queueMail(tx, *m.Mail, now); err != nil {
				return err
			}
		}
		if err := tx.Exec(`UPDATE staff_notifications SET email = ? WHERE id IN ? AND email = ?`, state, m.IDs, noticeMailDue).Error; err != nil {
			return err
		}
		if m.DigestDay == "" {
			return nil
		}
		return tx.Exec(`INSERT INTO staff_notice_settings (staff_id, digest_day) VALUES (?, ?)
			ON CONFLICT (staff_id) DO UPDATE SET digest_day = excluded.digest_day`, m.StaffID, m.DigestDay).Error
	})
	if err != nil {
		return fmt.Errorf("store: settle notices: %w", err)
	}
	return nil
}

// ContentTitles returns the English titles of content items, by
// collection and slug ("collection/slug"), "" for an item with none.
func (s *Store) ContentTitles(ctx context.Context, keys []ContentKey) (map[string]string, error) {
	out := map[string]string{}
	for _, k := range keys {
		id := k.Collection + "/" + k.Slug
		if _, done := out[id]; done {
			continue
		}
		var rows []contentEntry
		if err := s.db.WithContext(ctx).Where("collection = ? AND slug = ? AND locale = 'en'", k.Collection, k.Slug).
			Limit(1).Find(&rows).Error; err != nil {
			return nil, fmt.Errorf("store: content titles: %w", err)
		}
		out[id] = ""
		if len(rows) == 1 {
			var head struct {
				Title string `json:"title"`
			}
			_ = json.Unmarshal([]byte(rows[0].Body), &head)
			out[id] = strings.TrimSpace(head.Title)
		}
	}
	return out, nil
}
