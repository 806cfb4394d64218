package content

import (
	"errors"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// Someone else is here: an open editor says every few seconds which
// language of which item it has open and whether its form holds unsaved
// changes; the editor and the lists show the others. Taking a language
// over from the others is explicit, tells them in their editor (and by a
// notification when they are away) and is audited; the conflict screen
// stays for what still slips through.

// presenceSession is the form of an editor's session: a random id its
// browser chose.
var presenceSession = regexp.MustCompile(`^[A-Za-z0-9_-]{16,64}$`)

// presenceRequest is what an open editor says about itself.
type presenceRequest struct {
	Session string `json:"session"`
	Dirty   bool   `json:"dirty"` // its form holds unsaved changes
	Away    bool   `json:"away"`  // its page is hidden
}

// presentEditor is another staff member's open editor.
type presentEditor struct {
	Staff  person    `json:"staff"`
	Locale string    `json:"locale"`
	Dirty  bool      `json:"dirty"` // their form holds unsaved changes
	Away   bool      `json:"away"`  // their page is hidden, or not heard from lately
	SeenAt time.Time `json:"seenAt"`
}

// presenceView is what an editor is told: the others on the item, in
// every language, and who took its language over, if anyone did.
type presenceView struct {
	Others  []presentEditor `json:"others"`
	TakenBy *person         `json:"takenBy"` // null unless someone took this editor's language over
	TakenAt *time.Time      `json:"takenAt"`
}

// presenceOf reads the language a presence route names and the editor's
// request, answering 404 for an item that does not exist and 400 for a
// session not of the form.
func (s *Service) presenceOf(c echo.Context) (store.ContentKey, presenceRequest, error) {
	m := access.Text(c)
	k, ok := KeyOf(c)
	if !ok {
		return k, presenceRequest{}, endpoint.Answered(endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound))
	}
	req, err := endpoint.Bind[presenceRequest](c)
	if err != nil {
		return k, req, err
	}
	if !presenceSession.MatchString(req.Session) {
		return k, req, endpoint.Answered(endpoint.Invalid(c, map[string]string{"session": m.Presence.SessionInvalid}))
	}
	if _, err := s.store.ContentItem(c.Request().Context(), k.Collection, k.Slug); errors.Is(err, store.ErrNotFound) {
		return k, req, endpoint.Answered(endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound))
	} else if err != nil {
		return k, req, err
	}
	return k, req, nil
}

// presenceAnswer puts a heartbeat's rows in the view an editor reads.
func presenceAnswer(mine store.Presence, others []store.Presence, names map[string]string, now time.Time) presenceView {
	out := presenceView{Others: make([]presentEditor, 0, len(others))}
	for _, p := range others {
		out.Others = append(out.Others, viewPresent(p, names, now))
	}
	if mine.TakenBy != "" {
		out.TakenBy = &person{ID: mine.TakenBy, Name: names[mine.TakenBy]}
		if mine.TakenAt != nil {
			at := mine.TakenAt.UTC()
			out.TakenAt = &at
		}
	}
	return out
}

func viewPresent(p store.Presence, names map[string]string, now time.Time) presentEditor {
	return presentEditor{Staff: person{ID: p.StaffID, Name: names[p.StaffID]}, Locale: p.Locale, Dirty: p.Dirty,
		Away: p.AwayAt(now), SeenAt: p.SeenAt.UTC()}
}

// Heartbeat records that the reader's editor has a language of an item
// open, and answers the others who have the item open and whether
// someone took the language over from this editor.
//
// POST /api/admin/content/:collection/:slug/:locale/presence
func (s *Service) Heartbeat(c echo.Context) error {
	k, req, err := s.presenceOf(c)
	if err != nil {
		return err
	}
	now := s.now()
	me := access.Of(c).Staff
	mine, others, err := s.store.Heartbeat(c.Request().Context(), store.Presence{Session: req.Session, StaffID: me.ID,
		Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Dirty: req.Dirty, Away: req.Away}, now)
	if err != nil {
		return err
	}
	names, err := s.names(c)
	if err != nil {
		return err
	}
	return endpoint.OK(c, presenceAnswer(mine, others, names, now), "")
}

// Leave records that the reader's editor closed.
//
// POST /api/admin/content/:collection/:slug/:locale/presence/leave
func (s *Service) Leave(c echo.Context) error {
	_, req, err := s.presenceOf(c)
	if err != nil {
		return err
	}
	if err := s.store.LeavePresence(c.Request().Context(), req.Session, access.Of(c).Staff.ID); err != nil {
		return err
	}
	return endpoint.OK(c, nil, "")
}

// TakeOver takes a language of an item over from everyone else who has it
// open: their editors say so at their next heartbeat, those away with
// unsaved changes are notified, and the trail records it. Only those who
// may change the language may take it over.
//
// POST /api/admin/content/:collection/:slug/:locale/presence/take-over
func (s *Service) TakeOver(c echo.Context) error {
	m := access.Text(c)
	k, req, err := s.presenceOf(c)
	if err != nil {
		return err
	}
	me := access.Of(c).Staff
	if !mayWrite(me, k.Locale) {
		return s.sessions.Refuse(c, "language "+k.Locale, m.ContentLanguageForbidden)
	}
	now := s.now()
	taken, err := s.store.TakeOver(c.Request().Context(), k, req.Session, me.ID, me.Name, now)
	if err != nil {
		return err
	}
	mine, others, err := s.store.Heartbeat(c.Request().Context(), store.Presence{Session: req.Session, StaffID: me.ID,
		Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Dirty: req.Dirty}, now)
	if err != nil {
		return err
	}
	names, err := s.names(c)
	if err != nil {
		return err
	}
	view := presenceAnswer(mine, others, names, now)
	if len(taken) == 0 {
		return endpoint.OK(c, view, m.Presence.NobodyElse)
	}
	from := make([]string, 0, len(taken))
	for _, p := range taken {
		from = append(from, names[p.StaffID])
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me.ID, Action: audit.ActionContentTakeOver,
		Item: k.String(), Detail: "from " + strings.Join(unique(from), ", "), IP: c.RealIP()})
	return endpoint.OK(c, view, m.Presence.TookOver)
}

// unique returns the distinct strings of in, in their first order.
func unique(in []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(in))
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// presentOn groups the editors present at now by item ("collection/slug"),
// leaving out the reader's own.
func (s *Service) presentOn(c echo.Context, names map[string]string) (map[string][]presentEditor, error) {
	now := s.now()
	rows, err := s.store.PresentEditors(c.Request().Context(), now)
	if err != nil {
		return nil, err
	}
	me := access.Of(c).Staff.ID
	out := map[string][]presentEditor{}
	for _, p := range rows {
		if p.StaffID == me {
			continue
		}
		key := p.Collection + "/" + p.Slug
		out[key] = append(out[key], viewPresent(p, names, now))
	}
	return out, nil
}
