// Package content is editing the site's content from the back-office: items
// per language with their drafts, versions and schedules, review before
// publishing, covers, the pages, and the firm's settings.
package content

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Collection items edited one language at a time: a save is a version and
// a draft, publishing a version makes it live in that language alone,
// unpublishing takes a translation off. Editors write every language,
// translators the languages on their account but English.

const versionsShown = 100

// stateMissing is the state of a language an item has no text in: the
// page shows the English text in that language's frame.
const stateMissing = "missing"

// contentVersionView is a saved version as the back-office shows it.
type contentVersionView struct {
	ID        int64           `json:"id"`
	Author    person          `json:"author"`
	Shipped   bool            `json:"shipped"` // the text the site shipped with, before staff changed it
	CreatedAt time.Time       `json:"createdAt"`
	Body      json.RawMessage `json:"body,omitempty"`
}

// versionsView is the versions saved of one language of an item.
type versionsView struct {
	Versions []*contentVersionView `json:"versions"`
	Reviews  []reviewStep          `json:"reviews"` // the review history, newest first
}

// contentLanguage is one language of an item.
type contentLanguage struct {
	State     string              `json:"state" tstype:"ContentState"`
	Live      json.RawMessage     `json:"live" tstype:"Record<string, unknown> | null"` // null when not live
	Latest    *contentVersionView `json:"latest"`
	Published int64               `json:"published"`
	UpdatedAt *time.Time          `json:"updatedAt"`
	Outdated  *contentOutdated    `json:"outdated"` // null unless live and outdated
	Schedule  *scheduleView       `json:"schedule"` // null unless scheduled
	// ReviewRequired: a rule asks for a review before this language is
	// published; MayApprove: the reader may approve it; Review: the review
	// under way, null for none.
	ReviewRequired bool        `json:"reviewRequired"`
	MayApprove     bool        `json:"mayApprove"`
	Review         *reviewView `json:"review"`
}

// contentOutdated is what changed in the English of an item since a
// translation of it was last published.
type contentOutdated struct {
	Since         time.Time       `json:"since"`         // when the English first changed under it
	EnglishBefore json.RawMessage `json:"englishBefore"` // the English it was published against
	EnglishNow    json.RawMessage `json:"englishNow"`    // the live English
	Fields        []string        `json:"fields"`        // the fields that differ, in the body's order
}

// changedFields lists the top-level fields whose values differ between two
// bodies, in the order of the fields of after, then those only before had.
func changedFields(before, after string) []string {
	var b, a map[string]json.RawMessage
	_ = json.Unmarshal([]byte(before), &b)
	_ = json.Unmarshal([]byte(after), &a)
	out := []string{}
	same := func(x, y json.RawMessage) bool {
		var vx, vy any
		if json.Unmarshal(x, &vx) != nil || json.Unmarshal(y, &vy) != nil {
			return string(x) == string(y)
		}
		mx, _ := json.Marshal(vx)
		my, _ := json.Marshal(vy)
		return string(mx) == string(my)
	}
	seen := map[string]bool{}
	for _, name := range fieldOrder(after) {
		seen[name] = true
		if old, ok := b[name]; !ok || !same(old, a[name]) {
			out = append(out, name)
		}
	}
	for _, name := range fieldOrder(before) {
		if !seen[name] {
			out = append(out, name)
		}
	}
	return out
}

// fieldOrder lists the top-level fields of a JSON object in its order.
func fieldOrder(body string) []string {
	dec := json.NewDecoder(strings.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		name, _ := tok.(string)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return out
		}
		out = append(out, name)
	}
	return out
}

// outdatedOf describes a live translation the English changed under, nil
// for one that is current, English itself, or a language not live.
func outdatedOf(loc string, live map[string]string, outdated map[string]store.ContentOutdated) *contentOutdated {
	o, ok := outdated[loc]
	if _, isLive := live[loc]; !ok || !isLive || loc == string(locale.Default) {
		return nil
	}
	now := live[string(locale.Default)]
	if now == "" {
		return nil
	}
	return &contentOutdated{Since: o.Since, EnglishBefore: json.RawMessage(o.EnglishBefore), EnglishNow: json.RawMessage(now),
		Fields: changedFields(o.EnglishBefore, now)}
}

// stateOf names a language's state: staff's record of it, else published
// when the seed's text is live, else missing.
func stateOf(live bool, ed store.ContentEdition, edited bool) string {
	switch {
	case edited:
		return ed.State
	case live:
		return store.EditionPublished
	}
	return stateMissing
}

// contentItemKey reads the collection and slug a route names, answering
// 404 for a collection that does not exist or a malformed slug.
func contentItemKey(c echo.Context) (collection, slug string, ok bool) {
	collection, slug = c.Param("collection"), c.Param("slug")
	if collection == content.PagesCollection {
		return pageKey(c)
	}
	if !content.IsCollection(collection) || (c.Param("slug") != "" && !content.ValidSlug(slug)) {
		return "", "", false
	}
	return collection, slug, true
}

// KeyOf reads the item and language a content route names: its
// collection, slug and locale.
func KeyOf(c echo.Context) (store.ContentKey, bool) {
	collection, slug, ok := contentItemKey(c)
	loc, known := locale.Parse(c.Param("locale"))
	if !ok || !known || string(loc) != c.Param("locale") {
		return store.ContentKey{}, false
	}
	return store.ContentKey{Collection: collection, Slug: slug, Locale: string(loc)}, true
}

// mayWrite reports whether the staff member may change a language:
// editors every language, translators theirs but English.
func mayWrite(m *store.Staff, loc string) bool {
	role := access.Role(m.Role)
	if access.Can(role, access.EditContent) {
		return true
	}
	return access.Can(role, access.TranslateContent) && loc != string(locale.Default) && slices.Contains(m.LanguageList(), loc)
}

// writableLanguages lists the languages a staff member may change.
func writableLanguages(m *store.Staff) []string {
	out := []string{}
	for _, l := range locale.All {
		if mayWrite(m, string(l)) {
			out = append(out, string(l))
		}
	}
	return out
}

// names returns the names of staff members by id.
func (s *Service) names(c echo.Context) (map[string]string, error) {
	all, err := s.store.StaffList(c.Request().Context())
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(all))
	for _, m := range all {
		out[m.ID] = m.Name
	}
	return out, nil
}

func viewVersion(v store.ContentVersion, names map[string]string, withBody bool) *contentVersionView {
	out := &contentVersionView{ID: v.ID, Author: person{ID: v.AuthorID, Name: names[v.AuthorID]}, Shipped: v.Shipped(), CreatedAt: v.CreatedAt.UTC()}
	if out.Shipped {
		out.Author = person{}
	}
	if withBody {
		out.Body = json.RawMessage(v.Body)
	}
	return out
}

// Schema answers the fields of a collection's items, which the
// editor builds its form from.
//
// GET /api/admin/content/schema/:collection
func (s *Service) Schema(c echo.Context) error {
	fields, ok := content.ItemShape(c.Param("collection"))
	if c.Param("collection") == content.PagesCollection {
		fields, ok = content.PageShapeOf(c.QueryParam("route"))
	}
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	}
	return endpoint.OK(c, schemaView{Collection: c.Param("collection"), Fields: fields}, "")
}

// schemaView is the shape of a collection's items, or of a page's content.
type schemaView struct {
	Collection string              `json:"collection"`
	Fields     []content.FieldSpec `json:"fields"`
}

// contentListItem is an item as a collection's list shows it.
type contentListItem struct {
	Slug      string            `json:"slug"`
	Title     string            `json:"title"`
	Languages map[string]string `json:"languages" tstype:"Record<string, ContentState>"` // state by locale
	Outdated  []string          `json:"outdated"`                                        // the live translations the English changed under
}

// languageCount is how many of a collection's items are not live in a
// language (the page shows the English) and how many are outdated there.
type languageCount struct {
	Missing  int `json:"missing"`
	Outdated int `json:"outdated"`
}

// List answers a collection's items with each language's state,
// and per language how many items are missing or outdated.
//
// GET /api/admin/content/:collection
func (s *Service) List(c echo.Context) error {
	collection, _, ok := contentItemKey(c)
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).ContentNotFound)
	}
	rows, err := s.store.ContentCollection(c.Request().Context(), collection)
	if err != nil {
		return err
	}
	items := make([]contentListItem, 0, len(rows))
	counts := map[string]*languageCount{}
	for _, l := range locale.All {
		counts[string(l)] = &languageCount{}
	}
	for _, r := range rows {
		it := contentListItem{Slug: r.Slug, Languages: map[string]string{}, Outdated: []string{}}
		var head struct {
			Title string `json:"title"`
		}
		_ = json.Unmarshal([]byte(r.Live[string(locale.Default)]), &head)
		it.Title = head.Title
		for _, l := range locale.All {
			_, live := r.Live[string(l)]
			ed, edited := r.Editions[string(l)]
			it.Languages[string(l)] = stateOf(live, ed, edited)
			_, planned := r.Schedules[string(l)]
			if planned {
				it.Languages[string(l)] = StateScheduled
			}
			rv, reviewed := r.Reviews[string(l)]
			it.Languages[string(l)] = reviewedState(it.Languages[string(l)], rv, reviewed, planned)
			switch {
			case !live:
				counts[string(l)].Missing++
			case outdatedOf(string(l), r.Live, r.Outdated) != nil:
				counts[string(l)].Outdated++
				it.Outdated = append(it.Outdated, string(l))
			}
		}
		items = append(items, it)
	}
	names := make([]string, 0)
	for _, col := range content.Collections() {
		names = append(names, col.Name)
	}
	return endpoint.OK(c, listView{Collection: collection, Collections: names, Items: items, Languages: locale.All, Counts: counts}, "")
}

// listView is a collection's items with each language's state, and how
// many are missing or outdated per language.
type listView struct {
	Collection  string                    `json:"collection"`
	Collections []string                  `json:"collections"`
	Languages   []locale.Locale           `json:"languages"`
	Items       []contentListItem         `json:"items"`
	Counts      map[string]*languageCount `json:"counts"` // by locale
}

// Show answers one item: every language's live text, latest
// version and state, and the languages the reader may change.
//
// GET /api/admin/content/:collection/:slug
func (s *Service) Show(c echo.Context) error {
	m := access.Text(c)
	collection, slug, ok := contentItemKey(c)
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	it, err := s.store.ContentItem(c.Request().Context(), collection, slug)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	if err != nil {
		return err
	}
	names, err := s.names(c)
	if err != nil {
		return err
	}
	liveBodies := make(map[string]string, len(it.Live))
	for loc, e := range it.Live {
		liveBodies[loc] = e.Body
	}
	rules, err := s.rules(c.Request().Context())
	if err != nil {
		return err
	}
	me := access.Of(c).Staff
	langs := map[string]contentLanguage{}
	for _, l := range locale.All {
		live, isLive := it.Live[string(l)]
		ed, edited := it.Editions[string(l)]
		lang := contentLanguage{State: stateOf(isLive, ed, edited), Live: json.RawMessage("null"),
			Outdated: outdatedOf(string(l), liveBodies, it.Outdated)}
		if isLive {
			lang.Live = json.RawMessage(live.Body)
			at := live.UpdatedAt
			lang.UpdatedAt = &at
		}
		if v, ok := it.Latest[string(l)]; ok {
			lang.Latest = viewVersion(v, names, true)
		}
		if sc, ok := it.Schedules[string(l)]; ok {
			lang.State = StateScheduled
			lang.Schedule = viewSchedule(sc, names)
		}
		if edited {
			lang.Published = ed.PublishedVersion
			at := ed.UpdatedAt
			lang.UpdatedAt = &at
		}
		reviewContext(&lang, store.ContentKey{Collection: collection, Slug: slug, Locale: string(l)}, it, rules, me, names)
		langs[string(l)] = lang
	}
	return endpoint.OK(c, itemView{
		Collection: collection, Slug: slug, Languages: langs, Order: locale.All,
		Writable: writableLanguages(me),
		Added:    collection == content.PagesCollection && content.AddedPageAt(slug) != nil,
	}, "")
}

// itemView is one item with every language's state.
type itemView struct {
	Collection string                     `json:"collection"`
	Slug       string                     `json:"slug"`
	Languages  map[string]contentLanguage `json:"languages"` // by locale
	Order      []locale.Locale            `json:"order"`     // the languages in the order the editor shows them
	Writable   []string                   `json:"writable"`  // the languages the reader may change
	Added      bool                       `json:"added"`     // a page editors added, which they may delete
}

// contentLanguageOf loads the language a writing route names, answering
// 404 when it is not one of an existing item's and 403 when the staff
// member may not change it.
func (s *Service) contentLanguageOf(c echo.Context) (store.ContentKey, *store.ContentItem, error) {
	m := access.Text(c)
	k, ok := KeyOf(c)
	if !ok {
		return k, nil, endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	if !mayWrite(access.Of(c).Staff, k.Locale) {
		return k, nil, s.sessions.Refuse(c, "language "+k.Locale, m.ContentLanguageForbidden)
	}
	it, err := s.store.ContentItem(c.Request().Context(), k.Collection, k.Slug)
	if errors.Is(err, store.ErrNotFound) {
		return k, nil, endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	if err != nil {
		return k, nil, err
	}
	// An item exists by its English text, live or a draft of a new item;
	// translations are added to it.
	_, live := it.Live[string(locale.Default)]
	if _, edited := it.Editions[string(locale.Default)]; !live && !edited {
		return k, nil, endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	return k, it, nil
}

// conflict answers 409 with the language's latest version and who saved it.
func (s *Service) conflict(c echo.Context, k store.ContentKey) error {
	it, err := s.store.ContentItem(c.Request().Context(), k.Collection, k.Slug)
	if err != nil {
		return err
	}
	names, err := s.names(c)
	if err != nil {
		return err
	}
	var current *contentVersionView
	if v, ok := it.Latest[k.Locale]; ok {
		current = viewVersion(v, names, true)
	}
	return endpoint.FailWith(c, http.StatusConflict, access.Text(c).ContentConflict, conflictView{Conflict: true, Current: current})
}

// conflictView is what a refused save answers: the version saved
// meanwhile, and by whom.
type conflictView struct {
	Conflict bool                `json:"conflict" tstype:"true"`
	Current  *contentVersionView `json:"current"`
}

// fieldErrors puts what is wrong with a body in the reader's words, by field path.
func fieldErrors(m *access.Messages, problems []content.Problem) map[string]string {
	out := map[string]string{}
	for _, p := range problems {
		if _, taken := out[p.Path]; taken {
			continue
		}
		msg, ok := m.ContentProblems[p.Code]
		switch {
		case p.Code == content.ProblemEmpty || p.Code == content.ProblemMissing:
			// The same sentence as every other form's required field.
			msg = m.Messages.Required
		case !ok:
			msg = m.FixFields
		}
		if p.Code == content.ProblemEnum {
			msg = fmt.Sprintf(msg, strings.Join(p.Values, ", "))
		}
		if limit, isInt := p.Value.(int); p.Code == content.ProblemTooLong && isInt {
			msg = fmt.Sprintf(msg, limit)
		}
		out[p.Path] = msg
	}
	return out
}

type saveRequest struct {
	Base int64           `json:"base"`
	Body json.RawMessage `json:"body"`
}

// Save saves a draft of one language of an item: checked against
// its collection's shape (400 with a message per field), and only if it
// is based on the language's latest version (409 otherwise, with that
// version and who saved it).
//
// PUT /api/admin/content/:collection/:slug/:locale
func (s *Service) Save(c echo.Context) error {
	m := access.Text(c)
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	req, err := endpoint.Bind[saveRequest](c)
	if err != nil {
		return err
	}
	body, problems, err := content.CheckEntry(k.Collection, k.Slug, req.Body)
	if errors.Is(err, content.ErrNotAnObject) {
		return endpoint.Invalid(c, map[string]string{"body": m.FixFields})
	}
	if err != nil {
		return err
	}
	if len(problems) == 0 {
		problems = content.PageProblems(k.Collection, k.Slug, body)
	}
	if len(problems) > 0 {
		return endpoint.Invalid(c, fieldErrors(m, problems))
	}
	if problem := s.coverProblem(c, body); problem != nil {
		return endpoint.Invalid(c, problem)
	}
	if problems, err := s.proseMediaProblems(c.Request().Context(), m, body); err != nil {
		return err
	} else if problems != nil {
		return endpoint.Invalid(c, problems)
	}
	me := access.Of(c).Staff
	v, err := s.store.SaveContentVersion(c.Request().Context(), k, body, me.ID, req.Base, s.now())
	if errors.Is(err, store.ErrVersionConflict) {
		return s.conflict(c, k)
	}
	if err != nil {
		return err
	}
	return endpoint.OK(c, viewVersion(v, map[string]string{me.ID: me.Name}, false), m.ContentSaved)
}

type versionRequest struct {
	Version int64 `json:"version"`
	Base    int64 `json:"base"`
}

// readVersion reads the version a request names; a request that names
// none is answered 400 (endpoint.ErrAnswered).
func readVersion(c echo.Context, m *access.Messages) (versionRequest, error) {
	req, err := endpoint.Bind[versionRequest](c)
	if err != nil {
		return req, err
	}
	if req.Version <= 0 {
		return req, endpoint.Answered(endpoint.Invalid(c, map[string]string{"version": m.ContentVersionNotFound}))
	}
	return req, nil
}

// auditContent records an action on one language of an item, never its text.
func (s *Service) auditContent(c echo.Context, action string, k store.ContentKey, version int64) {
	detail := ""
	if version > 0 {
		detail = "version " + strconv.FormatInt(version, 10)
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: action, Item: k.String(), Detail: detail, IP: c.RealIP()})
}

// Publish makes a version of one language live, in that language alone.
//
// POST /api/admin/content/:collection/:slug/:locale/publish
func (s *Service) Publish(c echo.Context) error {
	m := access.Text(c)
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	req, err := readVersion(c, m)
	if err != nil {
		return err
	}
	if incomplete, err := s.incompletePage(c.Request().Context(), k, req.Version); err != nil {
		return err
	} else if incomplete {
		return endpoint.Fail(c, http.StatusConflict, m.Pages.Incomplete)
	}
	if msg, err := s.publishRefusal(c.Request().Context(), k, it, req.Version, m); err != nil {
		return err
	} else if msg != "" {
		return endpoint.Fail(c, http.StatusConflict, msg)
	}
	if msg, err := s.mediaGone(c.Request().Context(), k, req.Version, m); err != nil {
		return err
	} else if msg != "" {
		return endpoint.Fail(c, http.StatusConflict, msg)
	}
	err = s.store.PublishContentVersion(c.Request().Context(), k, req.Version, access.Of(c).Staff.ID, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentVersionNotFound)
	}
	if err != nil {
		return err
	}
	s.auditContent(c, audit.ActionContentPublish, k, req.Version)
	return endpoint.OK(c, nil, m.ContentPublished)
}

// Unpublish takes a translation off the site; the page then shows
// the English text in that language's frame. English stays published.
//
// POST /api/admin/content/:collection/:slug/:locale/unpublish
func (s *Service) Unpublish(c echo.Context) error {
	m := access.Text(c)
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	if k.Locale == string(locale.Default) {
		return endpoint.Fail(c, http.StatusConflict, m.ContentEnglishStays)
	}
	if _, live := it.Live[k.Locale]; !live {
		return endpoint.Fail(c, http.StatusConflict, m.ContentNotLive)
	}
	err = s.store.UnpublishContent(c.Request().Context(), k, access.Of(c).Staff.ID, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusConflict, m.ContentNotLive)
	}
	if err != nil {
		return err
	}
	s.auditContent(c, audit.ActionContentUnpublish, k, 0)
	return endpoint.OK(c, nil, m.ContentUnpublished)
}

// Versions answers a language's versions, newest first.
//
// GET /api/admin/content/:collection/:slug/:locale/versions
func (s *Service) Versions(c echo.Context) error {
	m := access.Text(c)
	k, ok := KeyOf(c)
	if !ok {
		return endpoint.Fail(c, http.StatusNotFound, m.ContentNotFound)
	}
	rows, err := s.store.ContentVersions(c.Request().Context(), k, versionsShown)
	if err != nil {
		return err
	}
	names, err := s.names(c)
	if err != nil {
		return err
	}
	out := make([]*contentVersionView, len(rows))
	for i, r := range rows {
		out[i] = viewVersion(r, names, false)
	}
	steps, err := s.reviewHistory(c.Request().Context(), k, names)
	if err != nil {
		return err
	}
	return endpoint.OK(c, versionsView{Versions: out, Reviews: steps}, "")
}

// Restore saves an earlier version of a language as its new draft.
//
// POST /api/admin/content/:collection/:slug/:locale/restore
func (s *Service) Restore(c echo.Context) error {
	m := access.Text(c)
	k, it, err := s.contentLanguageOf(c)
	if it == nil {
		return err
	}
	req, err := readVersion(c, m)
	if err != nil {
		return err
	}
	me := access.Of(c).Staff
	v, err := s.store.RestoreContentVersion(c.Request().Context(), k, req.Version, me.ID, req.Base, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return endpoint.Fail(c, http.StatusNotFound, m.ContentVersionNotFound)
	case errors.Is(err, store.ErrVersionConflict):
		return s.conflict(c, k)
	case err != nil:
		return err
	}
	s.auditContent(c, audit.ActionContentRestore, k, req.Version)
	return endpoint.OK(c, viewVersion(v, map[string]string{me.ID: me.Name}, true), m.ContentRestored)
}

// person is a staff member as the content's history names them.
type person struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Service answers the content's routes.
type Service struct {
	store    *store.Store
	blobs    blob.Store
	covers   CoverEncoder
	sessions *access.Sessions
	trail    *audit.Trail
	log      *slog.Logger
	now      func() time.Time
}

// Config is what the content's routes need.
type Config struct {
	Store    *store.Store
	Blobs    blob.Store   // where covers are kept
	Covers   CoverEncoder // none: covers cannot be uploaded
	Sessions *access.Sessions
	Trail    *audit.Trail
	Logger   *slog.Logger
	Now      func() time.Time
}

// New returns the content's routes.
func New(cfg Config) *Service {
	return &Service{store: cfg.Store, blobs: cfg.Blobs, covers: cfg.Covers, sessions: cfg.Sessions,
		trail: cfg.Trail, log: cfg.Logger, now: cfg.Now}
}
