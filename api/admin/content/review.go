package content

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Review before publishing. Administrators name the sections of the site
// whose languages a second person approves before they are public; there
// the author sends a version for review instead of publishing it, and a
// staff member with the right to approve that language approves it (it
// is published at once, or at the time planned) or sends it back with a
// comment. Nobody approves their own change, and a save after an approval
// needs a new one.

// StateApprovedScheduled is the state of an approved language waiting for
// its planned publication.
const StateApprovedScheduled = "approved-scheduled"

// The sections review rules name: the pages by part of the site, then
// every collection by name.
const (
	SectionHome      = "home"
	SectionServices  = "services"
	SectionStandards = "standards"
	SectionLegal     = "legal"
	SectionPages     = "other-pages"
)

// reviewTextMax is the longest note or comment a review step keeps.
const reviewTextMax = 2000

// reviewHistoryShown is how many steps of a language's reviews the
// versions show.
const reviewHistoryShown = 100

// ReviewSections lists every section a rule may name, in the order the
// rules' screen shows them.
func ReviewSections() []string {
	out := []string{SectionHome, SectionServices, SectionStandards, SectionLegal, SectionPages}
	for _, col := range content.Collections() {
		out = append(out, col.Name)
	}
	return out
}

// SectionOf names the section of the site a page or an item belongs to.
func SectionOf(collection, slug string) string {
	if collection != content.PagesCollection {
		return collection
	}
	under := func(prefix string) bool { return slug == prefix || strings.HasPrefix(slug, prefix+"/") }
	switch {
	case slug == "/":
		return SectionHome
	case under("/services"):
		return SectionServices
	case under("/compliance"):
		return SectionStandards
	case slug == "/policy" || slug == "/terms":
		return SectionLegal
	}
	return SectionPages
}

// reviewRules reads the rules: the languages each section is reviewed in.
type reviewRules map[string][]string

// applies reports whether a language of an item needs a review.
func (r reviewRules) applies(k store.ContentKey) bool {
	return slices.Contains(r[SectionOf(k.Collection, k.Slug)], k.Locale)
}

func (s *Service) rules(ctx context.Context) (reviewRules, error) {
	r, err := s.store.ReviewRules(ctx)
	return reviewRules(r), err
}

// mayApprove reports whether a staff member may approve a language: one
// with the right whose role writes it (editors every language, translators
// theirs but English).
func mayApprove(m *store.Staff, loc string) bool {
	return m.MayApprove && mayWrite(m, loc)
}

// reviewView is a language's review as the editor shows it.
type reviewView struct {
	State      string    `json:"state" tstype:"ReviewState"`
	Version    int64     `json:"version"`
	SentBy     person    `json:"sentBy"`
	Note       string    `json:"note"`
	ReviewedBy *person   `json:"reviewedBy"` // null while waiting
	Comment    string    `json:"comment"`
	At         time.Time `json:"at"`
}

func viewReview(r store.ContentReview, names map[string]string) *reviewView {
	out := &reviewView{State: r.State, Version: r.Version, SentBy: person{ID: r.SentBy, Name: names[r.SentBy]}, Note: r.Note,
		Comment: r.Comment, At: r.UpdatedAt}
	if r.ReviewedBy != "" {
		out.ReviewedBy = &person{ID: r.ReviewedBy, Name: names[r.ReviewedBy]}
	}
	return out
}

// reviewStep is one step of a language's review history.
type reviewStep struct {
	Action  string    `json:"action" tstype:"ReviewAction"`
	Version int64     `json:"version"`
	By      person    `json:"by"`
	Comment string    `json:"comment"`
	At      time.Time `json:"at"`
}

// reviewedState is a language's state with its review: in review, changes
// requested, approved, or approved and waiting for its planned publication.
func reviewedState(state string, r store.ContentReview, reviewed, scheduled bool) string {
	if !reviewed {
		return state
	}
	if r.State == store.ReviewApproved && scheduled {
		return StateApprovedScheduled
	}
	return r.State
}

type sendRequest struct {
	Version int64  `json:"version"`
	Note    string `json:"note"`
}

// SendForReview sends the latest version of a language for review, with a
// note for the reviewers, who are told.
//
// POST /api/admin/content/:collection/:slug/:locale/review
func (s *Service) SendForReview(c echo.Context) error {
	m := access.Text(c)
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	req, err := endpoint.Bind[sendRequest](c)
	if err != nil {
		return err
	}
	req.Note = strings.TrimSpace(req.Note)
	if len([]rune(req.Note)) > reviewTextMax {
		return endpoint.Invalid(c, map[string]string{"note": fmt.Sprintf(m.Review.TooLong, reviewTextMax)})
	}
	if req.Version <= 0 {
		return endpoint.Invalid(c, map[string]string{"version": m.ContentVersionNotFound})
	}
	rules, err := s.rules(c.Request().Context())
	if err != nil {
		return err
	}
	if !rules.applies(k) {
		return endpoint.Fail(c, http.StatusConflict, m.Review.NotNeeded)
	}
	me := access.Of(c).Staff
	err = s.store.SendForReview(c.Request().Context(), k, req.Version, me.ID, req.Note, s.now())
	if errors.Is(err, store.ErrVersionConflict) {
		return s.conflict(c, k)
	}
	if err != nil {
		return err
	}
	s.auditContent(c, audit.ActionReviewSent, k, req.Version)
	return endpoint.OK(c, nil, m.Review.Sent)
}

type decisionRequest struct {
	Version  int64     `json:"version"`
	Comment  string    `json:"comment"`
	At       time.Time `json:"at"`       // approving: when to publish; zero for the author's plan, or at once
	TimeZone string    `json:"timeZone"` // with at
}

// reviewOf loads what a reviewer's step acts on: the language (404), the
// reviewer's right to approve it (403), its review waiting on the version
// asked (409) and not sent or written by the reviewer (403).
func (s *Service) reviewOf(c echo.Context) (store.ContentKey, *store.ContentItem, decisionRequest, error) {
	m := access.Text(c)
	me := access.Of(c).Staff
	k, ok := KeyOf(c)
	if !ok {
		return k, nil, decisionRequest{}, endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	if !mayApprove(me, k.Locale) {
		return k, nil, decisionRequest{}, s.sessions.Refuse(c, "approve "+k.Locale, m.Review.Forbidden)
	}
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return k, nil, decisionRequest{}, err
	}
	req, err := endpoint.Bind[decisionRequest](c)
	if err != nil {
		return k, nil, req, err
	}
	req.Comment = strings.TrimSpace(req.Comment)
	if len([]rune(req.Comment)) > reviewTextMax {
		return k, nil, req, endpoint.Invalid(c, map[string]string{"comment": fmt.Sprintf(m.Review.TooLong, reviewTextMax)})
	}
	r, reviewed := it.Reviews[k.Locale]
	if !reviewed || r.State != store.ReviewPending || r.Version != req.Version {
		return k, nil, req, endpoint.Fail(c, http.StatusConflict, m.Review.Stale)
	}
	v, latest := it.Latest[k.Locale]
	if r.SentBy == me.ID || latest && v.ID == r.Version && v.AuthorID == me.ID {
		return k, nil, req, s.sessions.Refuse(c, "approve own change", m.Review.Own)
	}
	return k, it, req, nil
}

// Approve approves the version under review of a language: it is
// published at the time the reviewer chooses, else at the time its author
// planned, else at once.
//
// POST /api/admin/content/:collection/:slug/:locale/approve
func (s *Service) Approve(c echo.Context) error {
	m := access.Text(c)
	k, it, req, err := s.reviewOf(c)
	if it == nil {
		return err
	}
	me := access.Of(c).Staff
	now := s.now()
	var plan *store.ContentSchedule
	if !req.At.IsZero() {
		checked, errs := checkSchedule(scheduleRequest{Action: store.SchedulePublish, Version: req.Version, At: req.At, TimeZone: req.TimeZone}, now, m.Admin)
		if len(errs) > 0 {
			return endpoint.Invalid(c, errs)
		}
		plan = &store.ContentSchedule{Collection: k.Collection, Slug: k.Slug, Locale: k.Locale, Action: store.SchedulePublish,
			Version: req.Version, DueAt: checked.At.UTC(), TimeZone: checked.TimeZone, CreatedBy: me.ID, CreatedAt: now}
	} else if sc, ok := it.Schedules[k.Locale]; ok && sc.Action == store.SchedulePublish && sc.DueAt.After(now) {
		sc.Version = req.Version
		plan = &sc
	}
	err = s.store.ApproveReview(c.Request().Context(), k, req.Version, me.ID, req.Comment, plan, now)
	switch {
	case errors.Is(err, store.ErrReviewStale):
		return endpoint.Fail(c, http.StatusConflict, m.Review.Stale)
	case errors.Is(err, store.ErrNotFound):
		return endpoint.Fail(c, http.StatusNotFound, m.ContentVersionNotFound)
	case err != nil:
		return err
	}
	s.auditContent(c, audit.ActionReviewApproved, k, req.Version)
	if plan != nil {
		s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me.ID, Action: audit.ActionContentSchedule, Item: k.String(),
			Detail: audit.ScheduleDetail(*plan), IP: c.RealIP()})
		return endpoint.OK(c, nil, m.Review.ApprovedScheduled)
	}
	s.auditContent(c, audit.ActionContentPublish, k, req.Version)
	return endpoint.OK(c, nil, m.Review.Approved)
}

// RequestChanges sends the version under review of a language back to its
// author with a comment, which they are told of.
//
// POST /api/admin/content/:collection/:slug/:locale/changes
func (s *Service) RequestChanges(c echo.Context) error {
	m := access.Text(c)
	k, it, req, err := s.reviewOf(c)
	if it == nil {
		return err
	}
	if req.Comment == "" {
		return endpoint.Invalid(c, map[string]string{"comment": m.Review.CommentRequired})
	}
	err = s.store.RequestChanges(c.Request().Context(), k, req.Version, access.Of(c).Staff.ID, req.Comment, s.now())
	if errors.Is(err, store.ErrReviewStale) {
		return endpoint.Fail(c, http.StatusConflict, m.Review.Stale)
	}
	if err != nil {
		return err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: audit.ActionReviewChanges, Item: k.String(),
		Detail: "version " + strconv.FormatInt(req.Version, 10) + ": " + req.Comment, IP: c.RealIP()})
	return endpoint.OK(c, nil, m.Review.ChangesRequested)
}

// publishRefusal says why a version may not be published by hand: its
// language needs a review and this version was not approved. "" when it
// may.
func (s *Service) publishRefusal(ctx context.Context, k store.ContentKey, it *store.ContentItem, version int64, m *access.Messages) (string, error) {
	rules, err := s.rules(ctx)
	if err != nil || !rules.applies(k) {
		return "", err
	}
	if r, ok := it.Reviews[k.Locale]; ok && r.State == store.ReviewApproved && r.Version == version {
		return "", nil
	}
	return m.Review.Needed, nil
}

// approvedFor reports whether a due publication may go ahead: its
// language needs no review, or the version was approved.
func (s *Service) approvedFor(ctx context.Context, sc store.ContentSchedule, rules reviewRules) (bool, error) {
	if sc.Action != store.SchedulePublish || !rules.applies(sc.Key()) {
		return true, nil
	}
	r, err := s.store.ContentReviewOf(ctx, sc.Key())
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return r.State == store.ReviewApproved && r.Version == sc.Version, nil
}

// reviewContext is what the editor needs to know of a language's review:
// whether it needs one, whether the reader may approve it, and the review
// under way.
func reviewContext(lang *contentLanguage, k store.ContentKey, it *store.ContentItem, rules reviewRules, me *store.Staff, names map[string]string) {
	lang.ReviewRequired = rules.applies(k)
	lang.MayApprove = lang.ReviewRequired && mayApprove(me, k.Locale)
	if r, ok := it.Reviews[k.Locale]; ok {
		lang.Review = viewReview(r, names)
		_, scheduled := it.Schedules[k.Locale]
		lang.State = reviewedState(lang.State, r, true, scheduled)
	}
}

// reviewHistory answers a language's review steps, newest first.
func (s *Service) reviewHistory(ctx context.Context, k store.ContentKey, names map[string]string) ([]reviewStep, error) {
	rows, err := s.store.ContentReviewHistory(ctx, k, reviewHistoryShown)
	if err != nil {
		return nil, err
	}
	out := make([]reviewStep, len(rows))
	for i, r := range rows {
		out[i] = reviewStep{Action: r.Action, Version: r.Version, By: person{ID: r.ActorID, Name: names[r.ActorID]}, Comment: r.Comment, At: r.CreatedAt}
	}
	return out, nil
}

// rulesView is the review rules as administrators set them: the languages
// each section is reviewed in, every section and language offered, and
// who holds the right to approve.
type rulesView struct {
	Rules     map[string][]string `json:"rules"` // by section
	Sections  []string            `json:"sections"`
	Languages []locale.Locale     `json:"languages"`
	Reviewers []reviewerView      `json:"reviewers"`
}

// reviewerView is a staff member who may approve, and the languages.
type reviewerView struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Languages []string `json:"languages"`
}

// Rules answers the review rules.
//
// GET /api/admin/review-rules
func (s *Service) Rules(c echo.Context) error {
	rules, err := s.rules(c.Request().Context())
	if err != nil {
		return err
	}
	staff, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return err
	}
	reviewers := []reviewerView{}
	for _, m := range staff {
		if m.Disabled() || !m.MayApprove {
			continue
		}
		langs := []string{}
		for _, l := range locale.All {
			if mayApprove(&m, string(l)) {
				langs = append(langs, string(l))
			}
		}
		if len(langs) > 0 {
			reviewers = append(reviewers, reviewerView{ID: m.ID, Name: m.Name, Languages: langs})
		}
	}
	out := map[string][]string{}
	for _, sec := range ReviewSections() {
		out[sec] = []string{}
		for _, l := range locale.All {
			if slices.Contains(rules[sec], string(l)) {
				out[sec] = append(out[sec], string(l))
			}
		}
	}
	return endpoint.OK(c, rulesView{Rules: out, Sections: ReviewSections(), Languages: locale.All, Reviewers: reviewers}, "")
}

type rulesRequest struct {
	Rules map[string][]string `json:"rules"`
}

// SaveRules replaces the review rules.
//
// PUT /api/admin/review-rules
func (s *Service) SaveRules(c echo.Context) error {
	m := access.Text(c)
	req, err := endpoint.Bind[rulesRequest](c)
	if err != nil {
		return err
	}
	clean := map[string][]string{}
	var detail []string
	for _, sec := range ReviewSections() {
		langs := req.Rules[sec]
		for _, l := range langs {
			if p, ok := locale.Parse(l); !ok || string(p) != l {
				return endpoint.Invalid(c, map[string]string{"rules": m.Review.RulesInvalid})
			}
		}
		var kept []string
		for _, l := range locale.All {
			if slices.Contains(langs, string(l)) {
				kept = append(kept, string(l))
			}
		}
		if len(kept) > 0 {
			clean[sec] = kept
			detail = append(detail, sec+": "+strings.Join(kept, ","))
		}
	}
	for sec := range req.Rules {
		if !slices.Contains(ReviewSections(), sec) {
			return endpoint.Invalid(c, map[string]string{"rules": m.Review.RulesInvalid})
		}
	}
	me := access.Of(c).Staff
	if err := s.store.SaveReviewRules(c.Request().Context(), clean, me.ID, s.now()); err != nil {
		return err
	}
	d := strings.Join(detail, "; ")
	if d == "" {
		d = "none"
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me.ID, Action: audit.ActionReviewRules, Item: "review rules", Detail: d, IP: c.RealIP()})
	return endpoint.OK(c, nil, m.Review.RulesSaved)
}
