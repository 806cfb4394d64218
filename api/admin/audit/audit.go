// Package audit is the back-office's audit trail: the actions it records,
// recording them, and the routes that list and export it.
package audit

import (
	"context"
	"encoding/csv"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// What the audit trail records.
const (
	ActionSignIn        = "sign-in"
	ActionSignInFailed  = "sign-in-failed"
	ActionFactorFailed  = "second-factor-failed"
	ActionFactorLocked  = "second-factor-locked"
	ActionSignOut       = "sign-out"
	ActionStepUp        = "second-factor-confirmed"
	ActionRecoveryUsed  = "recovery-code-used"
	ActionFactorAdded   = "second-factor-added"
	ActionFactorReset   = "second-factor-reset"
	ActionFactorRemoved = "second-factor-removed"
	ActionCodesRenewed  = "recovery-codes-renewed"
	// A link to choose a new password e-mailed to a staff member who
	// asked for one, and a new password chosen through it.
	ActionPasswordLink  = "password-link-sent"
	ActionPasswordReset = "password-reset"
	ActionInvitation    = "invitation"
	// An invitation revoked by an administrator, or voided when the
	// administrator who made it was disabled or lost the role; named, as
	// an invitation is, by a keyed hash of the address.
	ActionInvitationRevoked = "invitation-revoked"
	ActionInvitationVoided  = "invitation-voided"
	ActionJoined            = "invitation-accepted"
	ActionRoleChange        = "role-change"
	ActionDisable           = "disable"
	ActionEnable            = "enable"
	ActionAuditExport       = "audit-export"
	// A back-office request refused: the role does not cover the route
	// (or the language), or the route asked for the second factor again.
	// The item is the route, "PUT /staff/:id/role".
	ActionRefused        = access.ActionRefused
	ActionStepUpRequired = access.ActionStepUpRequired
	ActionStatusChange   = "submission-status"
	ActionAssign         = "submission-assignee"
	ActionNote           = "submission-note"
	ActionReply          = "submission-reply"
	ActionCVOpened       = "cv-opened"
	ActionInboxExport    = "inbox-export"
	// A visitor's account, named by its id.
	ActionVisitorConfirmation  = "visitor-confirmation-sent"
	ActionVisitorSessionsEnded = "visitor-sessions-ended"
	ActionVisitorDisable       = "visitor-disable"
	ActionVisitorEnable        = "visitor-enable"
	ActionVisitorDelete        = "visitor-delete"
	ActionErasure              = "erasure"
	// Everything held about an address listed, named as an erasure is.
	ActionErasureLookup = "erasure-lookup"
	// One language of a collection item, named "news/a-slug (ar)".
	ActionContentPublish   = "content-publish"
	ActionContentUnpublish = "content-unpublish"
	ActionContentRestore   = "content-restore"
	ActionContentSchedule  = "content-schedule"
	ActionContentCancel    = "content-schedule-cancel"
	// A plan cancelled because its author may no longer carry it out:
	// when an administrator disables them (the administrator is the
	// actor), or when it falls due (no actor).
	ActionContentVoided = "content-schedule-voided"
	// Whole items, named "news/a-slug", and the firm's settings.
	ActionContentCreate        = "content-create"
	ActionContentUnpublishItem = "content-unpublish-item"
	ActionContentDelete        = "content-delete"
	ActionContentRename        = "content-rename"
	ActionSettingsSave         = "settings-save"
	// The media library's items, named "media/<id>", with the file's name.
	ActionMediaUpload = "media-upload"
	ActionMediaEdit   = "media-edit"
	ActionMediaDelete = "media-delete"
	// A staff member took a language of an item over from others editing it.
	ActionContentTakeOver = "content-take-over"
	// A staff member changed how they are e-mailed their notifications.
	ActionNoticeSettings = "notification-settings"
	// Review before publishing: one language sent, approved or sent back
	// (its comment in the detail), a publication held for want of an
	// approval, the rules changed and a staff member's right to approve.
	ActionReviewSent     = "review-sent"
	ActionReviewApproved = "review-approved"
	ActionReviewChanges  = "review-changes"
	ActionReviewHeld     = "review-schedule-held"
	ActionReviewRules    = "review-rules"
	ActionReviewRight    = "review-right"
	// A redirect added or deleted, named by the address it starts from.
	ActionRedirectAdd    = "redirect-add"
	ActionRedirectDelete = "redirect-delete"
	auditDetailMaxLength = 200
	auditPage            = 100
)

// Actions lists what the trail records, for the filter.
var Actions = []string{
	ActionSignIn, ActionSignInFailed, ActionFactorFailed, ActionFactorLocked, ActionSignOut, ActionStepUp, ActionRecoveryUsed,
	ActionFactorAdded, ActionFactorRemoved, ActionCodesRenewed, ActionFactorReset, ActionInvitation, ActionInvitationRevoked,
	ActionInvitationVoided, ActionJoined, ActionRoleChange, ActionDisable,
	ActionEnable, ActionAuditExport, ActionRefused, ActionStepUpRequired, ActionPasswordLink, ActionPasswordReset,
	ActionStatusChange, ActionAssign, ActionNote, ActionReply, ActionCVOpened, ActionInboxExport,
	ActionVisitorConfirmation, ActionVisitorSessionsEnded, ActionVisitorDisable, ActionVisitorEnable, ActionVisitorDelete,
	ActionErasure, ActionErasureLookup,
	ActionContentPublish, ActionContentUnpublish, ActionContentRestore, ActionContentSchedule, ActionContentCancel,
	ActionContentVoided, ActionContentCreate, ActionContentUnpublishItem, ActionContentDelete, ActionContentRename, ActionSettingsSave,
	ActionNoticeSettings, ActionReviewSent, ActionReviewApproved, ActionReviewChanges, ActionReviewHeld, ActionReviewRules, ActionReviewRight,
	ActionRedirectAdd, ActionRedirectDelete,
	ActionMediaUpload, ActionMediaEdit, ActionMediaDelete,
	ActionContentTakeOver,
}

// Trail records what staff did.
type Trail struct {
	store *store.Store
	log   *slog.Logger
	now   func() time.Time
}

// NewTrail returns the trail kept in st.
func NewTrail(st *store.Store, log *slog.Logger, now func() time.Time) *Trail {
	return &Trail{store: st, log: log, now: now}
}

// Record appends an event; a failure is logged, not answered: the action
// itself already happened.
func (s *Trail) Record(ctx context.Context, e store.AuditEvent) {
	e.At = s.now()
	if len(e.Detail) > auditDetailMaxLength {
		e.Detail = e.Detail[:auditDetailMaxLength]
	}
	if err := s.store.Audit(context.WithoutCancel(ctx), e); err != nil {
		s.log.Error("admin: writing the audit trail", "action", e.Action, "err", err)
	}
}

// Service answers the trail's routes.
type Service struct {
	store *store.Store
	trail *Trail
}

// New returns the trail's routes on st, their exports recorded in trail.
func New(st *store.Store, trail *Trail) *Service { return &Service{store: st, trail: trail} }

// Event is an event as the back-office shows it.
type Event struct {
	ID      int64     `json:"id"`
	At      time.Time `json:"at"`
	ActorID string    `json:"actorId"`
	Action  string    `json:"action"`
	Item    string    `json:"item"`
	Detail  string    `json:"detail"`
	IP      string    `json:"ip"`
}

// auditFilter reads the filter of the list and the export from the query:
// actor, action, item, from and to (dates, inclusive), before (an id).
func auditFilter(c echo.Context, m *access.Messages) (store.AuditFilter, map[string]string) {
	q := c.QueryParams()
	// Lines of text: a control character (NUL among them, which
	// PostgreSQL refuses) or malformed UTF-8 is the reader's mistake.
	v := endpoint.NewChecker(m.Messages)
	f := store.AuditFilter{ActorID: v.Line("actor", q.Get("actor"), 64, false), Item: v.Line("item", q.Get("item"), 64, false)}
	errs := map[string]string{}
	maps.Copy(errs, v.Errs)
	if a := q.Get("action"); a != "" {
		if !contains(Actions, a) {
			errs["action"] = m.FixFields
		}
		f.Action = a
	}
	ReadDateRange(q, &f.From, &f.To, errs, m.Admin)
	if v := q.Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			errs["before"] = m.FixFields
		}
		f.Before = n
	}
	return f, errs
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// List answers a page of the trail, newest first, with the staff
// names the page needs and the id to ask for the next page with.
//
// GET /api/admin/audit
func (s *Service) List(c echo.Context) error {
	m := access.Text(c)
	f, errs := auditFilter(c, m)
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	f.Limit = auditPage + 1
	rows, err := s.store.AuditEvents(c.Request().Context(), f)
	if err != nil {
		return err
	}
	var next int64
	if len(rows) > auditPage {
		rows = rows[:auditPage]
		next = rows[len(rows)-1].ID
	}
	events := make([]Event, len(rows))
	for i, r := range rows {
		events[i] = Event(r)
	}
	return endpoint.OK(c, Page{Events: events, Next: next, Actions: Actions}, "")
}

// Page is one page of the audit trail, newest first.
type Page struct {
	Events  []Event  `json:"events"`
	Next    int64    `json:"next"`    // the next page's before= parameter; 0 on the last page
	Actions []string `json:"actions"` // every action the trail records, to filter by
}

// Export answers the events the filter selects as CSV, every cell
// neutralized so a spreadsheet never runs one as a formula. The export is
// itself recorded.
//
// GET /api/admin/audit/export
func (s *Service) Export(c echo.Context) error {
	m := access.Text(c)
	f, errs := auditFilter(c, m)
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	rows, err := s.store.AuditEvents(c.Request().Context(), f)
	if err != nil {
		return err
	}
	staff, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return err
	}
	// People are named beside their ids: a reader of the file knows them by name.
	names := make(map[string]string, len(staff))
	for _, m := range staff {
		names[m.ID] = m.Name
	}
	cur := access.Of(c)
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: cur.Staff.ID, Action: ActionAuditExport, Detail: strconv.Itoa(len(rows)) + " rows", IP: c.RealIP()})
	h := c.Response().Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="audit-trail.csv"`)
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
	w := csv.NewWriter(c.Response())
	_ = w.Write([]string{"id", "at", "actor", "actor_name", "action", "item", "detail", "ip"})
	for _, r := range rows {
		_ = w.Write([]string{
			strconv.FormatInt(r.ID, 10), r.At.UTC().Format(time.RFC3339), forms.Neutralize(r.ActorID), forms.Neutralize(names[r.ActorID]),
			forms.Neutralize(r.Action),
			forms.Neutralize(r.Item), forms.Neutralize(r.Detail), forms.Neutralize(r.IP),
		})
	}
	w.Flush()
	return w.Error()
}

// ReadDateRange reads the query's from and to (dates, both inclusive) into
// from and to: the start of the first day and the end of the last. A
// malformed date is an error on its field.
func ReadDateRange(q url.Values, from, to *time.Time, errs map[string]string, m *locale.Admin) {
	for _, d := range []struct {
		name string
		into *time.Time
		add  time.Duration
	}{{"from", from, 0}, {"to", to, 24 * time.Hour}} {
		if v := q.Get(d.name); v != "" {
			t, err := time.Parse(time.DateOnly, v)
			if err != nil {
				errs[d.name] = m.DateInvalid
				continue
			}
			*d.into = t.Add(d.add)
		}
	}
}

// ScheduleDetail describes a plan for the trail: "publish version 12 at
// 2026-11-27T09:00:00Z (Asia/Riyadh)".
func ScheduleDetail(sc store.ContentSchedule) string {
	what := sc.Action
	if sc.Version > 0 {
		what += " version " + strconv.FormatInt(sc.Version, 10)
	}
	return what + " at " + sc.DueAt.UTC().Format(time.RFC3339) + " (" + sc.TimeZone + ")"
}
