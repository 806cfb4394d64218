// Package inbox is the back-office's inbox: every form the site takes, for
// the staff whose role covers it, with its status, assignee, notes and
// replies, its CV, its export and its dashboard.
package inbox

import (
	"crypto/hmac"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/bulk"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// The inbox: every form the site takes, for the staff whose role covers
// it. Sales see leads (proposals, inquiries, office contacts — of their
// own office when one is set on their account —, webinar registrations,
// publication downloads), HR sees job applications, administrators see
// everything. The server applies this to every list, count, search,
// export and item; a submission outside it does not exist for the reader.

// Statuses of a lead and of a job application, in the order they are offered.
var (
	LeadStatuses        = []string{"new", "in-progress", "won", "lost", "closed"}
	ApplicationStatuses = []string{"new", "screening", "interview", "offer", "hired", "rejected"}
)

// leadKinds are the kinds of form the leads permission covers.
var leadKinds = []string{forms.KindProposal, forms.KindInquiry, forms.KindContact, forms.KindWebinar, forms.KindPublication}

// Limits of the inbox's lists, searches, notes and replies.
const (
	PageSize  = 25    // submissions on a page of the list
	MaxSearch = 200   // characters of a search
	MaxNote   = 4000  // characters of a note
	MaxReply  = 20000 // characters of a reply
)

const (
	cvLinkLife    = 60 * time.Second
	summaryLength = 160
)

// statusesOf returns the statuses a submission of kind may have.
func statusesOf(kind string) []string {
	if kind == forms.KindApplication {
		return ApplicationStatuses
	}
	return LeadStatuses
}

// scope is what a staff member may see of the inbox: the kinds, and the
// one office whose contact messages they see ("" for every office).
type scope struct {
	kinds  []string
	office string
}

func scopeOf(m *store.Staff) scope {
	role := access.Role(m.Role)
	var sc scope
	for _, k := range forms.Kinds {
		if k == forms.KindApplication && access.Can(role, access.ReadApplications) ||
			k != forms.KindApplication && access.Can(role, access.ReadLeads) {
			sc.kinds = append(sc.kinds, k)
		}
	}
	if role == access.Sales {
		sc.office = m.Office
	}
	return sc
}

// covers reports whether the scope includes a submission.
func (sc scope) covers(kind, target string) bool {
	if !slices.Contains(sc.kinds, kind) {
		return false
	}
	return kind != forms.KindContact || sc.office == "" || target == sc.office
}

// statuses returns every status a submission in the scope may have.
func (sc scope) statuses() []string {
	var out []string
	for _, k := range sc.kinds {
		for _, st := range statusesOf(k) {
			if !slices.Contains(out, st) {
				out = append(out, st)
			}
		}
	}
	return out
}

// filter returns the store's selection of the scope.
func (sc scope) filter() store.InboxFilter {
	return store.InboxFilter{Kinds: sc.kinds, ContactOffice: sc.office}
}

// inboxFilter reads the inbox's filter from the query: kind, office,
// status, assignee (a staff id or "none"), language, from and to (dates,
// inclusive), q (the search) and page (from 1).
func (s *Service) inboxFilter(c echo.Context, m *access.Messages, sc scope) (store.InboxFilter, int, map[string]string) {
	q := c.QueryParams()
	f := sc.filter()
	errs := map[string]string{}
	if v := q.Get("kind"); v != "" {
		if !slices.Contains(sc.kinds, v) {
			errs["kind"] = m.KindInvalid
		}
		f.Kind = v
	}
	if v := q.Get("office"); v != "" {
		if !slices.Contains(access.Offices, v) || sc.office != "" && v != sc.office {
			errs["office"] = m.OfficeInvalid
		}
		f.Office = v
	}
	if v := q.Get("status"); v != "" {
		if !slices.Contains(sc.statuses(), v) {
			errs["status"] = m.StatusInvalid
		}
		f.Status = v
	}
	if v := q.Get("assignee"); v != "" {
		if v != store.AssigneeNone && (len(v) != 32 || strings.Trim(v, "0123456789abcdef") != "") {
			errs["assignee"] = m.AssigneeInvalid
		}
		f.Assignee = v
	}
	// "language", as "lang" chooses the language the back-office answers in.
	if v := q.Get("language"); v != "" {
		if _, ok := locale.Parse(v); !ok || v == "" {
			errs["language"] = m.LanguageInvalid
		}
		f.Locale = v
	}
	audit.ReadDateRange(q, &f.From, &f.To, errs, m.Admin)
	if v := q.Get("ids"); v != "" {
		f.IDs = chosenIDs(v, m, errs)
	}
	// One line of text: a control character (NUL among them, which
	// PostgreSQL refuses) or malformed UTF-8 is the searcher's mistake.
	v := endpoint.NewChecker(m.Messages)
	f.Search = v.Line("q", q.Get("q"), MaxSearch, false)
	f.Source = v.Line("source", q.Get("source"), MaxSearch, false)
	maps.Copy(errs, v.Errs)
	page := 1
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100000 {
			errs["page"] = m.FixFields
		}
		page = n
	}
	return f, page, errs
}

// chosenIDs reads the submissions a selection names ("ids": numbers
// separated by commas, at most bulk.Max), an error in errs when they are
// not that.
func chosenIDs(v string, m *access.Messages, errs map[string]string) []int64 {
	parts := strings.Split(v, ",")
	if len(parts) > bulk.Max {
		errs["ids"] = fmt.Sprintf(m.Bulk.TooMany, bulk.Max)
		return nil
	}
	ids := make([]int64, 0, len(parts))
	for _, p := range parts {
		id, err := strconv.ParseInt(p, 10, 64)
		if err != nil || id < 1 {
			errs["ids"] = m.FixFields
			return nil
		}
		ids = append(ids, id)
	}
	return ids
}

// Item is a submission as the inbox's list shows it.
type Item struct {
	ID     int64  `json:"id"`
	Kind   string `json:"kind"`
	Target string `json:"target"`
	// TargetName is the title of the vacancy, webinar or publication a
	// submission is about; "" for the other forms.
	TargetName string    `json:"targetName"`
	Locale     string    `json:"locale"`
	CreatedAt  time.Time `json:"createdAt"`
	Status     string    `json:"status"`
	Assignee   string    `json:"assignee"`
	Name       string    `json:"name"`
	Email      string    `json:"email"`
	Company    string    `json:"company"`
	Summary    string    `json:"summary"`
	// ErasedAt is when the personal fields were erased (by retention or
	// on request); name, e-mail, company and summary are empty since.
	ErasedAt *time.Time `json:"erasedAt"`
}

func itemOf(it *store.InboxItem) (Item, map[string]any) {
	var data map[string]any
	_ = json.Unmarshal([]byte(it.Data), &data)
	text := func(k string) string { return forms.Flatten(data[k]) }
	summary := text("message")
	if summary == "" {
		summary = text("subject")
	}
	if summary == "" {
		summary = text("coverLetter")
	}
	if r := []rune(strings.Join(strings.Fields(summary), " ")); len(r) > summaryLength {
		summary = string(r[:summaryLength-1]) + "…"
	} else {
		summary = string(r)
	}
	out := Item{
		ID: it.ID, Kind: it.Kind, Target: it.Target, Locale: it.Locale, CreatedAt: it.CreatedAt.UTC(),
		Status: it.Status, Name: text("name"), Email: text("email"), Company: text("company"), Summary: summary,
	}
	if it.AssigneeID != nil {
		out.Assignee = *it.AssigneeID
	}
	if it.ErasedAt != nil {
		at := it.ErasedAt.UTC()
		out.ErasedAt = &at
	}
	if data == nil {
		data = map[string]any{}
	}
	return out, data
}

// Person is a staff member as the inbox names them.
type Person struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// assignees returns the active staff members whose role covers the
// inbox, each with the scope they see.
func (s *Service) assignees(c echo.Context) ([]store.Staff, error) {
	all, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return nil, err
	}
	var out []store.Staff
	for _, m := range all {
		if !m.Disabled() && access.Can(access.Role(m.Role), access.ReadInbox) {
			out = append(out, m)
		}
	}
	return out, nil
}

// List answers a page of the submissions the reader's role covers
// and the filter selects, newest first, with how many there are, the
// statuses and kinds the filters offer, and the staff one may assign.
//
// GET /api/admin/inbox
func (s *Service) List(c echo.Context) error {
	m := access.Text(c)
	me := access.Of(c).Staff
	sc := scopeOf(me)
	f, page, errs := s.inboxFilter(c, m, sc)
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	f.Limit, f.Offset = PageSize, (page-1)*PageSize
	rows, total, err := s.store.Inbox(c.Request().Context(), f)
	if err != nil {
		return err
	}
	items := make([]Item, len(rows))
	for i := range rows {
		items[i], _ = itemOf(&rows[i])
		items[i].TargetName = s.targetName(items[i].Kind, items[i].Target)
	}
	staff, err := s.assignees(c)
	if err != nil {
		return err
	}
	people := []Person{}
	for _, p := range staff {
		// Only those who see something of what the reader sees.
		if slices.ContainsFunc(sc.kinds, func(k string) bool { return scopeOf(&p).covers(k, sc.office) }) {
			people = append(people, Person{ID: p.ID, Name: p.Name})
		}
	}
	offices := access.Offices
	if sc.office != "" {
		offices = []string{sc.office}
	}
	return endpoint.OK(c, Page{
		Items: items, Total: total, Page: page, PageSize: PageSize,
		Kinds: sc.kinds, Offices: offices, Statuses: sc.statuses(),
		LeadStatuses: LeadStatuses, ApplicationStatuses: ApplicationStatuses,
		Languages: locale.All, Staff: people,
	}, "")
}

// Page is one page of the inbox's list, with what its filters offer.
type Page struct {
	Items               []Item          `json:"items"`
	Total               int64           `json:"total"`
	Page                int             `json:"page"`
	PageSize            int             `json:"pageSize"`
	Kinds               []string        `json:"kinds"`    // the forms the reader's role covers
	Offices             []string        `json:"offices"`  // the offices the reader may filter by
	Statuses            []string        `json:"statuses"` // every status of those forms
	LeadStatuses        []string        `json:"leadStatuses"`
	ApplicationStatuses []string        `json:"applicationStatuses"`
	Languages           []locale.Locale `json:"languages"`
	Staff               []Person        `json:"staff"` // who items may be assigned to
}

// Counts is how many new submissions the reader's role covers, and the
// newest submission's id.
type Counts struct {
	New    int64 `json:"new"`
	Latest int64 `json:"latest"`
}

// Count answers how many new submissions the reader's role covers,
// and the newest one's id: the navigation polls it.
//
// GET /api/admin/inbox/count
func (s *Service) Count(c echo.Context) error {
	f := scopeOf(access.Of(c).Staff).filter()
	f.Status = store.StatusNew
	n, _, err := s.store.InboxCount(c.Request().Context(), f)
	if err != nil {
		return err
	}
	_, latest, err := s.store.InboxCount(c.Request().Context(), scopeOf(access.Of(c).Staff).filter())
	if err != nil {
		return err
	}
	return endpoint.OK(c, Counts{New: n, Latest: latest}, "")
}

// inboxTarget loads the submission a route names, answering 404 when
// there is none or the reader's role does not cover it.
func (s *Service) inboxTarget(c echo.Context) (*store.InboxItem, error) {
	notFound := func() error { return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ItemNotFound) }
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, notFound()
	}
	it, err := s.store.InboxItemByID(c.Request().Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound()
	}
	if err != nil {
		return nil, err
	}
	if !scopeOf(access.Of(c).Staff).covers(it.Kind, it.Target) {
		return nil, notFound()
	}
	return it, nil
}

// Note is a note or a reply as the inbox shows it.
type Note struct {
	ID       int64     `json:"id"`
	Kind     string    `json:"kind" tstype:"'note' | 'reply'"` // "note", or "reply" for one sent to the sender
	AuthorID string    `json:"authorId"`
	Author   string    `json:"author"`
	Body     string    `json:"body"`
	At       time.Time `json:"at"`
}

// Show answers one submission, read-only, with its state, notes,
// the statuses it may take and the staff it may be assigned to.
//
// GET /api/admin/inbox/:id
func (s *Service) Show(c echo.Context) error {
	it, err := s.inboxTarget(c)
	if it == nil {
		return err
	}
	ctx := c.Request().Context()
	notes, err := s.store.InboxNotes(ctx, it.ID)
	if err != nil {
		return err
	}
	all, err := s.store.StaffList(ctx)
	if err != nil {
		return err
	}
	names := map[string]string{}
	people := []Person{}
	for _, p := range all {
		names[p.ID] = p.Name
		if !p.Disabled() && scopeOf(&p).covers(it.Kind, it.Target) {
			people = append(people, Person{ID: p.ID, Name: p.Name})
		}
	}
	nv := make([]Note, len(notes))
	for i, n := range notes {
		nv[i] = Note{ID: n.ID, Kind: n.Kind, AuthorID: n.AuthorID, Author: names[n.AuthorID], Body: n.Body, At: n.CreatedAt.UTC()}
	}
	item, data := itemOf(it)
	item.TargetName = s.targetName(it.Kind, it.Target)
	delete(data, "cvSize")
	delete(data, "cvType")
	cv := ""
	switch {
	case it.CVDeletedAt != nil:
		cv = "deleted"
	case it.CVBlobKey != nil:
		cv = "stored"
	}
	// The pages a proposal chose, by name; the fields keep their routes.
	pages := map[string]string{}
	if routes, ok := data["services"].([]any); ok && s.forms != nil {
		for _, r := range routes {
			if route, ok := r.(string); ok {
				if name := s.forms.PageName(route); name != "" {
					pages[route] = name
				}
			}
		}
	}
	return endpoint.OK(c, Detail{
		Item: item, Fields: data, PageNames: pages, Notes: nv, Statuses: statusesOf(it.Kind), Staff: people,
		CV: cv, CanOpenCV: cv == "stored" && access.Can(access.Role(access.Of(c).Staff.Role), access.ReadApplications),
		Source: LeadSource(it.LeadSource),
	}, "")
}

// statusRequest names a submission's new status.
type statusRequest struct {
	Status string `json:"status"`
}

// Detail is one submission with everything its page shows.
type Detail struct {
	Item      Item              `json:"item"`
	Fields    map[string]any    `json:"fields"`    // the form's fields as the visitor sent them
	PageNames map[string]string `json:"pageNames"` // the names of the pages a proposal chose, by route
	Notes     []Note            `json:"notes"`
	Statuses  []string          `json:"statuses"` // the statuses it may take
	Staff     []Person          `json:"staff"`    // who it may be assigned to
	CV        string            `json:"cv" tstype:"'' | 'stored' | 'deleted'"`
	CanOpenCV bool              `json:"canOpenCV"`
	Source    LeadSource        `json:"source"` // where the visit that sent it came from
}

// LeadSource is where the visit that sent a submission came from: the
// page it began on, that page's referring domain and campaign, and the
// page the form was sent from; each "" when the browser kept none.
type LeadSource struct {
	LandingPage string `json:"landingPage"`
	Referrer    string `json:"referrer"`
	UTMSource   string `json:"utmSource"`
	UTMMedium   string `json:"utmMedium"`
	UTMCampaign string `json:"utmCampaign"`
	SentFrom    string `json:"sentFrom"`
}

// SetStatus changes a submission's status.
//
// PUT /api/admin/inbox/:id/status
func (s *Service) SetStatus(c echo.Context) error {
	m := access.Text(c)
	it, err := s.inboxTarget(c)
	if it == nil {
		return err
	}
	req, err := endpoint.Bind[statusRequest](c)
	if err != nil {
		return err
	}
	if !slices.Contains(statusesOf(it.Kind), req.Status) {
		return endpoint.Invalid(c, map[string]string{"status": m.StatusInvalid})
	}
	if req.Status != it.Status {
		if err := s.store.SetSubmissionState(c.Request().Context(), it.ID, req.Status, it.AssigneeID, s.now()); err != nil {
			return err
		}
		s.trail.Record(c.Request().Context(), store.AuditEvent{
			ActorID: access.Of(c).Staff.ID, Action: audit.ActionStatusChange, Item: submissionItem(it.ID),
			Detail: it.Status + " → " + req.Status, IP: c.RealIP(),
		})
	}
	return endpoint.OK(c, StatusChange{Status: req.Status}, m.StatusChanged)
}

// StatusChange is a submission's status after a change.
type StatusChange struct {
	Status string `json:"status"`
}

// AssigneeChange is who a submission is given to after a change ("" for
// nobody).
type AssigneeChange struct {
	Assignee string `json:"assignee"`
}

// CVLink is a short-lived address a CV can be downloaded from.
type CVLink struct {
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// assigneeRequest names who a submission goes to: a staff member's id, or
// "" for nobody.
type assigneeRequest struct {
	Assignee string `json:"assignee"`
}

// SetAssignee gives a submission to a staff member whose role covers it,
// or to nobody ("").
//
// PUT /api/admin/inbox/:id/assignee
func (s *Service) SetAssignee(c echo.Context) error {
	m := access.Text(c)
	it, err := s.inboxTarget(c)
	if it == nil {
		return err
	}
	req, err := endpoint.Bind[assigneeRequest](c)
	if err != nil {
		return err
	}
	var next *string
	if req.Assignee != "" {
		ok := len(req.Assignee) == 32 && strings.Trim(req.Assignee, "0123456789abcdef") == ""
		if ok {
			p, err := s.store.StaffByID(c.Request().Context(), req.Assignee)
			switch {
			case errors.Is(err, store.ErrNotFound):
				ok = false
			case err != nil:
				return err
			default:
				ok = !p.Disabled() && scopeOf(p).covers(it.Kind, it.Target)
			}
		}
		if !ok {
			return endpoint.Invalid(c, map[string]string{"assignee": m.AssigneeInvalid})
		}
		next = &req.Assignee
	}
	before := ""
	if it.AssigneeID != nil {
		before = *it.AssigneeID
	}
	if before != req.Assignee {
		if err := s.store.SetSubmissionState(c.Request().Context(), it.ID, it.Status, next, s.now()); err != nil {
			return err
		}
		s.trail.Record(c.Request().Context(), store.AuditEvent{
			ActorID: access.Of(c).Staff.ID, Action: audit.ActionAssign, Item: submissionItem(it.ID),
			Detail: orNone(before) + " → " + orNone(req.Assignee), IP: c.RealIP(),
		})
	}
	return endpoint.OK(c, AssigneeChange{Assignee: req.Assignee}, m.Assigned)
}

func orNone(id string) string {
	if id == "" {
		return store.AssigneeNone
	}
	return id
}

// submissionItem names a submission in the audit trail.
func submissionItem(id int64) string { return "submission " + strconv.FormatInt(id, 10) }

// noteRequest is an internal note on a submission.
type noteRequest struct {
	Body string `json:"body"`
}

// Check requires the note's text, of at most MaxNote characters.
func (r *noteRequest) Check(v *endpoint.Checker) { r.Body = v.Text("body", r.Body, MaxNote, true) }

// AddNote adds an internal note to a submission; the trail records that
// one was written, never what it says.
//
// POST /api/admin/inbox/:id/notes
func (s *Service) AddNote(c echo.Context) error {
	m := access.Text(c)
	it, err := s.inboxTarget(c)
	if it == nil {
		return err
	}
	// Notes are about the Person; once their data is erased, none is added.
	if it.ErasedAt != nil {
		return endpoint.Fail(c, http.StatusConflict, m.NotesErased)
	}
	req, err := endpoint.BindIn[noteRequest](c, m.Messages)
	if err != nil {
		return err
	}
	body := req.Body
	me := access.Of(c).Staff
	n := &store.InboxNote{SubmissionID: it.ID, AuthorID: me.ID, Body: body, CreatedAt: s.now()}
	if err := s.store.AddInboxNote(c.Request().Context(), n); err != nil {
		return err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{
		ActorID: me.ID, Action: audit.ActionNote, Item: submissionItem(it.ID), Detail: "note " + strconv.FormatInt(n.ID, 10), IP: c.RealIP(),
	})
	return endpoint.OK(c, Note{ID: n.ID, Kind: n.Kind, AuthorID: me.ID, Author: me.Name, Body: n.Body, At: n.CreatedAt.UTC()}, m.NoteAdded)
}

// replyRequest is a staff member's answer to a submission's sender.
type replyRequest struct {
	Body string `json:"body"`
}

// Check requires the reply's text, of at most MaxReply characters.
func (r *replyRequest) Check(v *endpoint.Checker) { r.Body = v.Text("body", r.Body, MaxReply, true) }

// Reply e-mails the staff member's answer to a submission's sender,
// through the queue, and records it on the submission beside the notes.
// The trail records that a reply went, never what it says.
//
// POST /api/admin/inbox/:id/replies
func (s *Service) Reply(c echo.Context) error {
	m := access.Text(c)
	it, err := s.inboxTarget(c)
	if it == nil {
		return err
	}
	req, err := endpoint.BindIn[replyRequest](c, m.Messages)
	if err != nil {
		return err
	}
	body := req.Body
	if s.forms == nil {
		return endpoint.Fail(c, http.StatusConflict, m.ReplyNoAddress)
	}
	me := access.Of(c).Staff
	sealed, err := s.forms.SealReply(&it.Submission, forms.Reply{Body: body, StaffName: me.Name, StaffEmail: me.Email})
	switch {
	case errors.Is(err, forms.ErrNoReplyAddress):
		return endpoint.Fail(c, http.StatusConflict, m.ReplyNoAddress)
	case errors.Is(err, mail.ErrInvalidMessage):
		return endpoint.Fail(c, http.StatusUnprocessableEntity, m.ReplyRefused)
	case err != nil:
		return err
	}
	n := &store.InboxNote{SubmissionID: it.ID, AuthorID: me.ID, Body: body, CreatedAt: s.now()}
	if err := s.store.AddInboxReply(c.Request().Context(), n, sealed); err != nil {
		return err
	}
	s.forms.WakeMail()
	s.trail.Record(c.Request().Context(), store.AuditEvent{
		ActorID: me.ID, Action: audit.ActionReply, Item: submissionItem(it.ID), Detail: "reply " + strconv.FormatInt(n.ID, 10), IP: c.RealIP(),
	})
	return endpoint.OK(c, Note{ID: n.ID, Kind: n.Kind, AuthorID: me.ID, Author: me.Name, Body: n.Body, At: n.CreatedAt.UTC()}, m.ReplySent)
}

// cvToken is what a link to a CV carries: its expiry and a keyed hash
// binding it to the submission and the staff member it was made for.
func (s *Service) cvToken(id int64, staffID string, expires time.Time) string {
	exp := strconv.FormatInt(expires.Unix(), 10)
	return exp + "." + s.keys.Of("cv-link", strconv.FormatInt(id, 10), staffID, exp)[:40]
}

// cvTokenExpiry returns the expiry a CV link's token carries, and whether
// the token was made for this submission and staff member. The keyed hash
// is compared in constant time: how long a refusal takes tells nothing of
// how much of a forged one was right.
func (s *Service) cvTokenExpiry(id int64, staffID, token string) (time.Time, bool) {
	exp, _, ok := strings.Cut(token, ".")
	unix, err := strconv.ParseInt(exp, 10, 64)
	if !ok || err != nil {
		return time.Time{}, false
	}
	want := s.cvToken(id, staffID, time.Unix(unix, 0))
	return time.Unix(unix, 0), hmac.Equal([]byte(want), []byte(token))
}

// CVLink answers a link to an application's CV, valid 60 seconds for the
// staff member who asked: opening a CV needs a fresh second factor, and
// the link keeps that proof from travelling further.
//
// POST /api/admin/inbox/:id/cv-link
func (s *Service) CVLink(c echo.Context) error {
	it, err := s.inboxTarget(c)
	if it == nil {
		return err
	}
	if it.CVBlobKey == nil || it.CVDeletedAt != nil || s.blobs == nil {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).CVMissing)
	}
	expires := s.now().Add(cvLinkLife)
	token := s.cvToken(it.ID, access.Of(c).Staff.ID, expires)
	link := fmt.Sprintf("/api/admin/inbox/%d/cv?token=%s", it.ID, url.QueryEscape(token))
	return endpoint.OK(c, CVLink{URL: link, ExpiresAt: expires}, "")
}

// OpenCV serves a CV through a link from cvLink, as an attachment the
// browser neither sniffs nor runs, and records the opening.
//
// GET /api/admin/inbox/:id/cv?token=…
func (s *Service) OpenCV(c echo.Context) error {
	m := access.Text(c)
	it, err := s.inboxTarget(c)
	if it == nil {
		return err
	}
	me := access.Of(c).Staff
	expires, ok := s.cvTokenExpiry(it.ID, me.ID, c.QueryParam("token"))
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, m.CVLinkExpired)
	}
	if !s.now().Before(expires) {
		return endpoint.Fail(c, http.StatusGone, m.CVLinkExpired)
	}
	if it.CVBlobKey == nil || it.CVDeletedAt != nil || s.blobs == nil {
		return endpoint.Fail(c, http.StatusNotFound, m.CVMissing)
	}
	ctx := c.Request().Context()
	rc, contentType, err := s.blobs.Get(ctx, *it.CVBlobKey)
	if err != nil {
		if errors.Is(err, blob.ErrNotFound) {
			return endpoint.Fail(c, http.StatusNotFound, m.CVMissing)
		}
		return err
	}
	defer rc.Close()
	ext := ".pdf"
	if !strings.HasSuffix(*it.CVBlobKey, ".pdf") {
		ext = ".docx"
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: me.ID, Action: audit.ActionCVOpened, Item: submissionItem(it.ID), IP: c.RealIP()})
	h := c.Response().Header()
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="cv-%d%s"`, it.ID, ext))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'; frame-ancestors 'none'")
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
	_, err = io.Copy(c.Response(), rc)
	return err
}

// Export answers the submissions the filter selects (every page), or
// those of them a selection names ("ids"), as CSV, each cell neutralized as the command line's export does, after a
// fresh second factor. The trail records the export and its filter, not
// the search text, which may be someone's name.
//
// GET /api/admin/inbox/export
func (s *Service) Export(c echo.Context) error {
	m := access.Text(c)
	me := access.Of(c).Staff
	sc := scopeOf(me)
	f, _, errs := s.inboxFilter(c, m, sc)
	if len(errs) > 0 {
		return endpoint.Invalid(c, errs)
	}
	rows, _, err := s.store.Inbox(c.Request().Context(), f)
	if err != nil {
		return err
	}
	all, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return err
	}
	detail := exportDetail(c.QueryParams(), f.Search != "", len(rows))
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me.ID, Action: audit.ActionInboxExport, Detail: detail, IP: c.RealIP()})
	h := c.Response().Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="inbox.csv"`)
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
	w := csv.NewWriter(c.Response())
	_ = w.WriteAll(exportRows(sc, f.Kind, rows, all, s.wordsFor(m)))
	return w.Error()
}

// exportRows is what an export of rows holds: a header naming the columns
// of the kinds exported (kind alone if one was chosen, else every kind of
// the scope; never the visitor's account id), then status and assignee
// (by name, from staff), and a row per submission with every cell
// neutralised so no spreadsheet takes it for a formula. A coded column
// holds the words for its codes (from words) and is followed by one
// holding the codes.
func exportRows(sc scope, kind string, rows []store.InboxItem, staff []store.Staff, words func(kind, col, cell string) string) [][]string {
	names := map[string]string{}
	for _, p := range staff {
		names[p.ID] = p.Name
	}
	kinds := sc.kinds
	if kind != "" {
		kinds = []string{kind}
	}
	var cols []string
	for _, k := range kinds {
		for _, col := range forms.Columns(k) {
			if col != "user_id" && !slices.Contains(cols, col) {
				cols = append(cols, col)
			}
		}
	}
	var header []string
	for _, col := range cols {
		header = append(header, col)
		if slices.Contains(codedColumns, col) {
			header = append(header, col+"Code")
		}
	}
	out := [][]string{append(header, "status", "assignee")}
	for _, r := range rows {
		var cells []string
		for i, cell := range forms.Cells(r.Submission, cols) {
			if slices.Contains(codedColumns, cols[i]) {
				cells = append(cells, words(r.Kind, cols[i], cell))
			}
			cells = append(cells, cell)
		}
		assignee := ""
		if r.AssigneeID != nil {
			assignee = names[*r.AssigneeID]
		}
		cells = append(cells, r.Status, assignee)
		for i := range cells {
			cells[i] = forms.Neutralize(cells[i])
		}
		out = append(out, cells)
	}
	return out
}

// exportDetail describes an export of n rows for the trail: how many, and
// the filter that chose them, the search named but never quoted.
func exportDetail(q url.Values, search bool, n int) string {
	var filter []string
	for _, k := range []string{"ids", "kind", "office", "status", "assignee", "language", "from", "to"} {
		if v := q.Get(k); v != "" {
			filter = append(filter, k+"="+v)
		}
	}
	if search {
		filter = append(filter, "search")
	}
	detail := strconv.Itoa(n) + " rows"
	if len(filter) > 0 {
		detail += " (" + strings.Join(filter, ", ") + ")"
	}
	return detail
}

// Service answers the inbox's routes.
type Service struct {
	store *store.Store
	blobs blob.Store
	forms Forms
	keys  endpoint.Keys
	trail *audit.Trail
	now   func() time.Time
}

// New returns the inbox on st: CVs opened from blobs (none: they cannot
// be), replies sealed by forms (none: no replies), CV links signed with
// keys, the work recorded in trail.
func New(st *store.Store, blobs blob.Store, forms Forms, keys endpoint.Keys, trail *audit.Trail, now func() time.Time) *Service {
	return &Service{store: st, blobs: blobs, forms: forms, keys: keys, trail: trail, now: now}
}

// Forms is what the inbox asks of the site's forms: the sealed e-mail
// answering a submission's sender, which the inbox stores with its record
// of the reply, and the names of the pages a submission chose;
// *forms.Service is one.
type Forms interface {
	SealReply(sub *store.Submission, r forms.Reply) (store.OutgoingMail, error)
	WakeMail()
	PageName(route string) string
}
