package access

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Each role reaches what its job needs and nothing else: a leak here shows
// a sales account the CVs, or a translator the staff list.
func TestRolesReachTheirJobOnly(t *testing.T) {
	all := []Permission{ManageStaff, ReadAudit, ReadContent, EditContent, TranslateContent, ReadApplications,
		ReadLeads, ManageVisitors, ErasePersons, ReadInbox, WriteContent}
	for _, tc := range []struct {
		role Role
		may  []Permission
	}{
		{Administrator, []Permission{ManageStaff, ReadAudit, ReadContent, EditContent, ReadApplications, ReadLeads,
			ManageVisitors, ErasePersons, ReadInbox, WriteContent}},
		{Editor, []Permission{ReadContent, EditContent, WriteContent}},
		{Translator, []Permission{ReadContent, TranslateContent, WriteContent}},
		{HR, []Permission{ReadApplications, ReadInbox}},
		{Sales, []Permission{ReadLeads, ReadInbox}},
		{Viewer, []Permission{ReadContent}},
		{"owner", nil},
	} {
		t.Run(string(tc.role), func(t *testing.T) {
			for _, p := range all {
				want := slices.Contains(tc.may, p)
				if Can(tc.role, p) != want {
					t.Errorf("Can(%s, %s) = %v, want %v", tc.role, p, !want, want)
				}
			}
			if ValidRole(string(tc.role)) != (tc.may != nil) {
				t.Errorf("ValidRole(%q) is wrong", tc.role)
			}
		})
	}
	// The two permissions the inbox and the content's writing routes ask
	// for are never held by name: a role's list shows what it was given.
	for _, r := range Roles {
		for _, p := range Permissions(r) {
			if p == ReadInbox || p == WriteContent {
				t.Errorf("%s holds %s by name", r, p)
			}
		}
	}
}

// A session lasts 30 minutes unused and 8 hours at most; a sign-in that
// waits for its second factor, 10 minutes.
func TestSessionExpiry(t *testing.T) {
	created := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		stage string
		now   time.Time
		want  time.Time
	}{
		{"signed in, just now", StageFull, created, created.Add(30 * time.Minute)},
		{"signed in, used an hour later", StageFull, created.Add(time.Hour), created.Add(90 * time.Minute)},
		{"signed in, used near the end of the day", StageFull, created.Add(7*time.Hour + 50*time.Minute), created.Add(8 * time.Hour)},
		{"enrolling", StageEnrol, created, created.Add(30 * time.Minute)},
		{"waiting for the second factor", StagePassword, created, created.Add(10 * time.Minute)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Expiry(tc.stage, created, tc.now); !got.Equal(tc.want) {
				t.Fatalf("Expiry = %s, want %s", got, tc.want)
			}
		})
	}
}

// The back-office speaks English and Arabic: a reader whose browser asks
// for French reads English, the API's general sentences too.
func TestBackOfficeLanguages(t *testing.T) {
	en, ar, fr := In(locale.En), In(locale.Ar), In(locale.Fr)
	if fr.NotSignedIn != en.NotSignedIn || fr.FixFields != en.FixFields {
		t.Fatalf("a French reader reads %q / %q", fr.NotSignedIn, fr.FixFields)
	}
	if ar.NotSignedIn == en.NotSignedIn || ar.FixFields == en.FixFields || ar.FixFields != locale.For(locale.Ar).API.FixFields {
		t.Fatalf("an Arabic reader reads %q / %q", ar.NotSignedIn, ar.FixFields)
	}
	for _, tc := range []struct{ query, accept, want string }{
		{"?lang=ar", "", "ar"},
		{"", "ar-EG,ar;q=0.9", "ar"},
		{"?lang=nl", "ar", "en"},
		{"", "fr-FR", "en"},
	} {
		req := httptest.NewRequest(http.MethodGet, "/api/admin/me"+tc.query, nil)
		req.Header.Set("Accept-Language", tc.accept)
		c := echo.New().NewContext(req, httptest.NewRecorder())
		if got := StaffLocale(c); got != tc.want {
			t.Errorf("%q %q: %s, want %s", tc.query, tc.accept, got, tc.want)
		}
	}
}

// A proven second factor covers sensitive actions for the step-up window
// only; with a window of zero it never carries over.
func TestFreshness(t *testing.T) {
	clock := testenv.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	at := func(ago time.Duration) *store.StaffSession {
		t := clock.Now().Add(-ago)
		return &store.StaffSession{FactorAt: &t}
	}
	window := NewSessions(nil, false, nil, nil, clock.Now, 10*time.Minute)
	if !window.IsFresh(at(9*time.Minute)) || window.IsFresh(at(10*time.Minute)) || window.IsFresh(&store.StaffSession{}) {
		t.Fatal("a ten-minute window")
	}
	if NewSessions(nil, false, nil, nil, clock.Now, 0).IsFresh(at(0)) {
		t.Fatal("no window")
	}
}

// trailNone records nothing: Lookup records nothing either.
type trailNone struct{}

func (trailNone) Record(context.Context, store.AuditEvent) {}

// member makes a staff member in st, as an accepted invitation does.
func member(t *testing.T, st *store.Store, email string, now time.Time) *store.Staff {
	t.Helper()
	ctx := t.Context()
	inv := &store.StaffInvitation{TokenHash: "invitation-" + email, Email: email, Role: string(Editor), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	if err := st.CreateInvitation(ctx, inv); err != nil {
		t.Fatal(err)
	}
	m := &store.Staff{Name: "Staff member", PasswordHash: "x"}
	if err := st.AcceptInvitation(ctx, inv.TokenHash, m, now); err != nil {
		t.Fatal(err)
	}
	return m
}

// A staff session ends when it goes unused for 30 minutes, 8 hours after
// sign-in however busy, or when the account is disabled; each use slides
// the idle end.
func TestLookupEndsSessions(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		clock := testenv.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
		s := NewSessions(st, false, trailNone{}, slog.New(slog.NewTextHandler(io.Discard, nil)), clock.Now, 10*time.Minute)
		e := echo.New()
		signIn := func(m *store.Staff) *http.Cookie {
			t.Helper()
			rec := httptest.NewRecorder()
			if err := s.Start(e.NewContext(httptest.NewRequest(http.MethodPost, "/api/admin/login", nil), rec), m, StageFull); err != nil {
				t.Fatal(err)
			}
			return rec.Result().Cookies()[0]
		}
		lookup := func(ck *http.Cookie) (Current, error) {
			req := httptest.NewRequest(http.MethodGet, "/api/admin/me", nil)
			req.AddCookie(ck)
			return s.Lookup(e.NewContext(req, httptest.NewRecorder()))
		}
		amal := member(t, st, "amal@noorvale.example", clock.Now())
		ck := signIn(amal)
		if ck.Value == "" || ck.Value == sessioncookie.Hash(ck.Value) {
			t.Fatalf("cookie %+v", ck)
		}
		cur, err := lookup(ck)
		if err != nil || cur.Staff.ID != amal.ID || cur.Session.Stage != StageFull {
			t.Fatalf("signed in: %+v %v", cur, err)
		}

		// Used every 25 minutes, the session lives on past its first
		// half hour, up to eight hours after sign-in.
		for range 19 {
			clock.Advance(25 * time.Minute)
			if _, err := lookup(ck); err != nil {
				t.Fatalf("used at %s: %v", clock.Now(), err)
			}
		}
		clock.Advance(25 * time.Minute) // 8h20 after sign-in
		if _, err := lookup(ck); !errors.Is(err, ErrNoSession) {
			t.Fatalf("after eight hours: %v", err)
		}

		// Left unused for half an hour, it ends.
		ck = signIn(amal)
		clock.Advance(30 * time.Minute)
		if _, err := lookup(ck); !errors.Is(err, ErrNoSession) {
			t.Fatalf("after half an hour unused: %v", err)
		}

		// Disabling the account ends its sessions at their next use.
		ck = signIn(amal)
		if _, err := st.DisableStaff(t.Context(), amal.ID, clock.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := lookup(ck); !errors.Is(err, ErrNoSession) {
			t.Fatalf("disabled: %v", err)
		}

		// A cookie no session has is no session.
		if _, err := lookup(&http.Cookie{Name: ck.Name, Value: sessioncookie.NewSecret()}); !errors.Is(err, ErrNoSession) {
			t.Fatalf("unknown cookie: %v", err)
		}
	})
}
