// Package redirects is the back-office's redirects manager: the list of
// every redirect of the site (those staff added and those renamed items
// left), adding one from any address of the site to a page of the site or,
// for administrators, to an https address elsewhere, answered 301 or 302,
// deleting one, and importing a CSV file of old addresses with a report of
// each line. Loops are refused, chains collapsed, and no redirect starts
// from a live page.
package redirects

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// The kinds of redirect the list holds.
const (
	KindAdded   = "added"   // added by staff, here or by an import
	KindRenamed = "renamed" // left by an item whose slug changed, always 301
)

// maxPath is the longest address a redirect starts from or leads to.
const maxPath = 500

// maxExternal is the longest address elsewhere a redirect leads to.
const maxExternal = 2000

// reserved are the prefixes of the site's workings, which never reach the
// page server and so never redirect.
var reserved = []string{"/api", "/admin", "/assets", "/media", "/dev"}

// Service answers the redirects' routes.
type Service struct {
	store *store.Store
	trail *audit.Trail
	pages func() *content.Catalog
	now   func() time.Time

	shipped     sync.Once
	shippedTree *content.Catalog
}

// New returns the redirects manager on st, its changes recorded in trail;
// pages is the live catalogue, whose pages no redirect may start from and
// to which internal redirects lead (the shipped tree when nil).
func New(st *store.Store, trail *audit.Trail, pages func() *content.Catalog, now func() time.Time) *Service {
	return &Service{store: st, trail: trail, pages: pages, now: now}
}

// catalog returns the live catalogue, or the shipped page tree when the
// service has none.
func (s *Service) catalog() *content.Catalog {
	if s.pages != nil {
		if c := s.pages(); c != nil {
			return c
		}
	}
	s.shipped.Do(func() { s.shippedTree, _ = content.Load() })
	return s.shippedTree
}

// Redirect is one redirect of the list.
type Redirect struct {
	// From is the address it starts from, without a language prefix: it
	// answers in every language.
	From string `json:"from"`
	// To is a page of the site, without a language prefix, or an https
	// address elsewhere.
	To       string `json:"to"`
	Status   int    `json:"status"`
	Kind     string `json:"kind"`
	External bool   `json:"external"`
	// Collection is the collection of the renamed item; "" for an added one.
	Collection string `json:"collection,omitempty"`
	CreatedAt  string `json:"createdAt,omitempty"`
}

// List is the answer of the list: the redirects, and whether the staff
// member may lead one elsewhere.
type List struct {
	Redirects  []Redirect `json:"redirects"`
	MayLinkOut bool       `json:"mayLinkOut"`
}

// all returns every redirect, added and renamed, by the address it starts from.
func (s *Service) all(ctx context.Context) ([]Redirect, error) {
	added, err := s.store.SiteRedirects(ctx)
	if err != nil {
		return nil, err
	}
	renamed, err := s.store.ContentRedirects(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Redirect, 0, len(added)+len(renamed))
	for _, r := range added {
		out = append(out, Redirect{From: r.From, To: r.To, Status: r.Status, Kind: KindAdded,
			External: isExternal(r.To), CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339)})
	}
	for _, c := range content.Collections() {
		for _, r := range renamed {
			if r.Collection == c.Name {
				out = append(out, Redirect{From: c.ListRoute + "/" + r.From, To: c.ListRoute + "/" + r.To,
					Status: http.StatusMovedPermanently, Kind: KindRenamed, Collection: c.Name})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out, nil
}

// List answers every redirect whose address or target holds the words of
// q, if any.
//
// GET /api/admin/redirects?q=
func (s *Service) List(c echo.Context) error {
	all, err := s.all(c.Request().Context())
	if err != nil {
		return err
	}
	q := strings.ToLower(strings.TrimSpace(c.QueryParam("q")))
	out := make([]Redirect, 0, len(all))
	for _, r := range all {
		if q == "" || strings.Contains(strings.ToLower(r.From), q) || strings.Contains(strings.ToLower(r.To), q) {
			out = append(out, r)
		}
	}
	return endpoint.OK(c, List{Redirects: out, MayLinkOut: mayLinkOut(c)}, "")
}

// mayLinkOut reports whether the staff member may lead a redirect to
// another website: administrators only.
func mayLinkOut(c echo.Context) bool {
	return access.Role(access.Of(c).Staff.Role) == access.Administrator
}

// addRequest is a redirect to add.
type addRequest struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Status int    `json:"status"`
}

// Add adds a redirect: 400 with a message per field for an address, a
// target or a status it cannot take, 409 when a redirect starts from the
// address already.
//
// POST /api/admin/redirects
func (s *Service) Add(c echo.Context) error {
	req, m, err := access.Bind[addRequest](c)
	if err != nil {
		return err
	}
	rm := &m.Redirects
	all, err := s.all(c.Request().Context())
	if err != nil {
		return err
	}
	saved, field, msg, err := s.add(c, all, req.From, req.To, req.Status)
	if err != nil {
		return err
	}
	if msg != "" {
		if field == "" {
			return endpoint.Fail(c, http.StatusConflict, msg)
		}
		return endpoint.Invalid(c, map[string]string{field: msg})
	}
	return endpoint.OK(c, saved, rm.Added)
}

// add checks and saves one redirect, recorded in the audit trail. A
// refusal is the field it concerns and its message, field "" for a
// conflict with the redirects there are.
func (s *Service) add(c echo.Context, all []Redirect, fromIn, toIn string, status int) (saved Redirect, field, msg string, err error) {
	rm := &access.Text(c).Redirects
	catalog := s.catalog()
	from, fromMsg := s.checkFrom(rm, catalog, fromIn)
	if fromMsg != "" {
		return Redirect{}, "from", fromMsg, nil
	}
	to, toMsg := s.checkTo(c, rm, catalog, all, toIn)
	if toMsg != "" {
		return Redirect{}, "to", toMsg, nil
	}
	if status != http.StatusMovedPermanently && status != http.StatusFound {
		return Redirect{}, "status", rm.StatusInvalid, nil
	}
	for _, r := range all {
		if r.From == from {
			return Redirect{}, "from", rm.FromExists, nil
		}
	}
	if to == from {
		return Redirect{}, "to", rm.Loop, nil
	}
	me := access.Of(c).Staff
	got, err := s.store.AddSiteRedirect(c.Request().Context(), store.SiteRedirect{From: from, To: to, Status: status}, me.ID, s.now())
	switch {
	case errors.Is(err, store.ErrRedirectExists):
		return Redirect{}, "from", rm.FromExists, nil
	case errors.Is(err, store.ErrRedirectLoop):
		return Redirect{}, "to", rm.Loop, nil
	case err != nil:
		return Redirect{}, "", "", err
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: me.ID, Action: audit.ActionRedirectAdd,
		Item: got.From, Detail: strconv.Itoa(got.Status) + " → " + got.To, IP: c.RealIP()})
	return Redirect{From: got.From, To: got.To, Status: got.Status, Kind: KindAdded, External: isExternal(got.To),
		CreatedAt: got.CreatedAt.UTC().Format(time.RFC3339)}, "", "", nil
}

// checkFrom returns the language-free route an address of the site names,
// or why no redirect may start from it. A full address keeps its path
// only, so the addresses of a previous website can be pasted as they are.
func (s *Service) checkFrom(rm *locale.AdminRedirects, catalog *content.Catalog, in string) (string, string) {
	route, ok := sitePath(in, true)
	if !ok {
		return "", rm.FromInvalid
	}
	for _, p := range reserved {
		if route == p || strings.HasPrefix(route, p+"/") {
			return "", rm.FromReserved
		}
	}
	if catalog != nil && catalog.Page(route) != nil {
		return "", rm.FromLive
	}
	return route, ""
}

// checkTo returns where a redirect leads: a live page of the site, past
// the renames it went through, or an https address elsewhere for a staff
// member who may lead there; or why it may not.
func (s *Service) checkTo(c echo.Context, rm *locale.AdminRedirects, catalog *content.Catalog, all []Redirect, in string) (string, string) {
	in = strings.TrimSpace(in)
	lower := strings.ToLower(in)
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
		u, err := url.Parse(in)
		switch {
		case err != nil || u.Host == "" || u.User != nil || len(in) > maxExternal || strings.ContainsFunc(in, unicode.IsSpace):
			return "", rm.ToInvalid
		case u.Scheme != "https":
			return "", rm.ToInsecure
		case !mayLinkOut(c):
			return "", rm.ToExternalForbidden
		}
		return u.String(), ""
	}
	route, ok := sitePath(in, false)
	if !ok {
		return "", rm.ToInvalid
	}
	for _, r := range all {
		if r.Kind == KindRenamed && r.From == route {
			route = r.To
		}
	}
	if catalog == nil || catalog.Page(route) == nil {
		// The address may lead on from a redirect added before: the store
		// collapses the chain.
		for _, r := range all {
			if r.Kind == KindAdded && r.From == route {
				return route, ""
			}
		}
		return "", rm.ToNotPage
	}
	return route, ""
}

// sitePath reads an address of the site, a path or a full address whose
// path is kept, into a route without a language prefix or trailing slash.
// A query or fragment is refused, and a full address only where full is
// true.
func sitePath(in string, full bool) (string, bool) {
	in = strings.TrimSpace(in)
	if in == "" || len(in) > maxPath || strings.ContainsAny(in, "?#\\") ||
		strings.ContainsFunc(in, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return "", false
	}
	if !strings.HasPrefix(in, "/") {
		if !full {
			return "", false
		}
		u, err := url.Parse(in)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", false
		}
		in = u.EscapedPath()
		if in == "" {
			return "", false
		}
	}
	u, err := url.Parse(in)
	if err != nil || strings.HasPrefix(in, "//") {
		return "", false
	}
	path := strings.TrimRight(u.Path, "/")
	if path == "" || strings.Contains(path, "//") || strings.Contains(path, "/../") || strings.HasSuffix(path, "/..") {
		return "", false
	}
	_, route := locale.Split(path)
	if route == "/" {
		return "", false
	}
	return route, true
}

// isExternal reports whether a target is an address elsewhere.
func isExternal(to string) bool { return !strings.HasPrefix(to, "/") }

// Delete removes the redirect that starts from an address, added or
// renamed: 404 when none does.
//
// DELETE /api/admin/redirects?from=
func (s *Service) Delete(c echo.Context) error {
	m := access.Text(c)
	from := c.QueryParam("from")
	ctx := c.Request().Context()
	all, err := s.all(ctx)
	if err != nil {
		return err
	}
	for _, r := range all {
		if r.From != from {
			continue
		}
		if r.Kind == KindRenamed {
			err = s.store.DeleteContentRedirect(ctx, r.Collection, strings.TrimPrefix(r.From, listRoute(r.Collection)+"/"), s.now())
		} else {
			err = s.store.DeleteSiteRedirect(ctx, r.From, s.now())
		}
		if errors.Is(err, store.ErrNotFound) {
			break
		}
		if err != nil {
			return err
		}
		s.trail.Record(ctx, store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: audit.ActionRedirectDelete,
			Item: r.From, Detail: strconv.Itoa(r.Status) + " → " + r.To, IP: c.RealIP()})
		return endpoint.OK(c, nil, m.Redirects.Deleted)
	}
	return endpoint.Fail(c, http.StatusNotFound, m.Redirects.NotFound)
}

// listRoute returns the route of a collection's list page.
func listRoute(collection string) string {
	for _, c := range content.Collections() {
		if c.Name == collection {
			return c.ListRoute
		}
	}
	return ""
}
