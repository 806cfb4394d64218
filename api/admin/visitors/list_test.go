package visitors

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// The list's query: what an administrator types is searched trimmed, 25
// accounts a page, and a search or page the list cannot use is refused on
// its field in the reader's language.
func TestListQuery(t *testing.T) {
	en, ar := access.In(locale.En), access.In(locale.Ar)
	for _, tc := range []struct {
		name  string
		query string
		m     *access.Messages
		want  store.UserFilter
		page  int
		errs  map[string]string
	}{
		{name: "the first page of everyone", query: "", m: en, want: store.UserFilter{Limit: 25}, page: 1},
		{name: "a search, trimmed", query: "q=+Lina+F+", m: en, want: store.UserFilter{Search: "Lina F", Limit: 25}, page: 1},
		{name: "the third page", query: "page=3", m: en, want: store.UserFilter{Limit: 25, Offset: 50}, page: 3},
		{name: "the last page there may be", query: "page=100000", m: en, want: store.UserFilter{Limit: 25, Offset: 99999 * 25}, page: 100000},
		{name: "a search of 200 characters", query: "q=" + strings.Repeat("é", MaxSearch), m: en,
			want: store.UserFilter{Search: strings.Repeat("é", MaxSearch), Limit: 25}, page: 1},
		{name: "a search of 201 characters", query: "q=" + strings.Repeat("a", MaxSearch+1), m: ar, errs: map[string]string{"q": ar.TooLongFor(MaxSearch)}},
		{name: "a line break", query: "q=lina%0Afarouk", m: en, errs: map[string]string{"q": en.InvalidChars}},
		{name: "page zero", query: "page=0", m: en, errs: map[string]string{"page": en.FixFields}},
		{name: "a page past the end", query: "page=100001", m: ar, errs: map[string]string{"page": ar.FixFields}},
		{name: "a page that is no number", query: "page=2.5", m: en, errs: map[string]string{"page": en.FixFields}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			f, page, errs := listQuery(q, tc.m)
			if fmt.Sprint(errs) != fmt.Sprint(tc.errs) {
				t.Fatalf("errors %v, want %v", errs, tc.errs)
			}
			if len(tc.errs) == 0 && (f != tc.want || page != tc.page) {
				t.Fatalf("filter %+v page %d, want %+v page %d", f, page, tc.want, tc.page)
			}
		})
	}
}

// listed is the list's answer.
type listed struct {
	Data struct {
		Items    []Item `json:"items"`
		Total    int64  `json:"total"`
		Page     int    `json:"page"`
		PageSize int    `json:"pageSize"`
	} `json:"data"`
}

// The list finds an account by any part of its address or of its full
// name, in any case; a search is text, never a pattern; pages hold 25
// accounts, newest first, and together every account once.
func TestListFindsAndPages(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		for i := range 52 {
			u := &store.User{Email: fmt.Sprintf("visitor%02d@example.com", i), FirstName: "Visitor", LastName: fmt.Sprint(i), PasswordHash: "x", Locale: "en"}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range []*store.User{
			{Email: "lina.farouk@example.com", FirstName: "Lina", LastName: "Farouk", PasswordHash: "x", Locale: "ar"},
			{Email: "100%_real@example.org", FirstName: "Omar", LastName: "Said", PasswordHash: "x", Locale: "en"},
		} {
			if err := st.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		s := New(st, nil, nil, time.Now)
		list := func(query string) listed {
			t.Helper()
			rec := httptest.NewRecorder()
			c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/api/admin/visitors?"+query, nil), rec)
			if err := s.List(c); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("%s: %v %d %s", query, err, rec.Code, rec.Body)
			}
			var l listed
			if err := json.Unmarshal(rec.Body.Bytes(), &l); err != nil {
				t.Fatal(err)
			}
			return l
		}
		emails := func(l listed) []string {
			var out []string
			for _, it := range l.Data.Items {
				out = append(out, it.Email)
			}
			return out
		}

		for _, tc := range []struct {
			search string
			want   []string
		}{
			{"LINA", []string{"lina.farouk@example.com"}},
			{"lina farouk", []string{"lina.farouk@example.com"}},
			{"example.org", []string{"100%_real@example.org"}},
			{"%", []string{"100%_real@example.org"}},
			{"0%_", []string{"100%_real@example.org"}},
			{"visitor 5", []string{"visitor51@example.com", "visitor50@example.com", "visitor05@example.com"}},
			{"nobody", nil},
		} {
			l := list("q=" + url.QueryEscape(tc.search))
			got := emails(l)
			if fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(tc.want)) || l.Data.Total != int64(len(tc.want)) {
				t.Errorf("%q found %v (total %d), want %v", tc.search, got, l.Data.Total, tc.want)
			}
		}

		seen := map[string]bool{}
		var last time.Time
		for page, want := range []int{25, 25, 4, 0} {
			l := list(fmt.Sprint("page=", page+1))
			if len(l.Data.Items) != want || l.Data.Total != 54 || l.Data.Page != page+1 || l.Data.PageSize != 25 {
				t.Fatalf("page %d: %d items, total %d, page %d of %d", page+1, len(l.Data.Items), l.Data.Total, l.Data.Page, l.Data.PageSize)
			}
			for _, it := range l.Data.Items {
				if seen[it.Email] {
					t.Fatalf("%s is on two pages", it.Email)
				}
				seen[it.Email] = true
				if !last.IsZero() && it.CreatedAt.After(last) {
					t.Fatalf("%s, made at %s, comes after an older account", it.Email, it.CreatedAt)
				}
				last = it.CreatedAt
			}
		}
		if len(seen) != 54 {
			t.Fatalf("the pages hold %d accounts of 54", len(seen))
		}
	})
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// An account reads in the list as its state: confirmed once its address
// is, disabled while it is, its times in UTC.
func TestVisitorOf(t *testing.T) {
	riyadh := time.FixedZone("Riyadh", 3*3600)
	made := time.Date(2026, 11, 25, 12, 0, 0, 0, riyadh)
	at := made.Add(time.Hour)
	for _, tc := range []struct {
		name                string
		confirmed, disabled *time.Time
	}{
		{"new", nil, nil},
		{"confirmed", &at, nil},
		{"disabled before confirming", nil, &at},
		{"confirmed, then disabled", &at, &at},
	} {
		it := visitorOf(&store.User{ID: "id", Email: "lina@example.com", CreatedAt: made, EmailConfirmedAt: tc.confirmed, DisabledAt: tc.disabled})
		if it.Confirmed != (tc.confirmed != nil) || it.Disabled != (tc.disabled != nil) || it.CreatedAt.Location() != time.UTC || !it.CreatedAt.Equal(made) {
			t.Errorf("%s: %+v", tc.name, it)
		}
	}
	if utcOrNil(nil) != nil || utcOrNil(&time.Time{}) != nil || utcOrNil(&at).Location() != time.UTC {
		t.Error("a time that is not there reads as none; one that is, in UTC")
	}
}
