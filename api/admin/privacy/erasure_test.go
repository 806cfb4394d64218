package privacy_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/inbox"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// erasable is a visitor the erasure tests look up and erase: an account with
// a session, a pending registration and a picture, three submissions (two
// with the address, one by the account under another address, one of them
// with a CV), mail queued to the address and mail already sent to it.
type erasable struct {
	user         *store.User
	avatar       string
	proposal     int64
	inquiry      int64
	app          int64
	cvKey        string
	queued       int64
	notification int64 // the firm's notification of her proposal, queued
	sent         int64
}

const laylaEmail = "layla.haddad@example.com"

func newErasable(e *admintest.Env, queue *mail.Queue) *erasable {
	e.T.Helper()
	ctx := e.T.Context()
	st := e.Store
	p := &erasable{avatar: "avatars/layla.jpg"}
	if err := e.Blobs.Put(ctx, p.avatar, strings.NewReader("jpeg"), "image/jpeg"); err != nil {
		e.T.Fatal(err)
	}
	now := e.Clock.Now()
	p.user = &store.User{Email: laylaEmail, FirstName: "Layla", LastName: "Haddad", PasswordHash: "x", Locale: "ar", EmailConfirmedAt: &now}
	if err := st.CreateUser(ctx, p.user); err != nil {
		e.T.Fatal(err)
	}
	if _, err := st.ReplaceAvatarKey(ctx, p.user.ID, p.avatar); err != nil {
		e.T.Fatal(err)
	}
	sess := &store.Session{IDHash: "layla-session", UserID: p.user.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(24 * time.Hour)}
	if err := st.CreateSession(ctx, sess); err != nil {
		e.T.Fatal(err)
	}
	reg := &store.Registration{UserID: p.user.ID, TokenHash: "layla-registration", FirstName: "Layla", LastName: "Haddad",
		PasswordHash: "x", Locale: "ar", CreatedAt: now, ExpiresAt: now.Add(24 * time.Hour)}
	if err := st.CreateRegistration(ctx, reg); err != nil {
		e.T.Fatal(err)
	}
	p.proposal = e.Submit(forms.KindProposal, "", "ar", map[string]any{
		"name": "Layla Haddad", "email": laylaEmail, "phone": "+971 4 123 4567", "company": "Gulf Payments",
		"country": "United Arab Emirates", "companySize": "250-999", "timeline": "asap",
		"services": []string{"/services/cybersecurity-services/asv"}, "message": "Quarterly ASV scans, please.",
	}, nil)
	p.app = e.Submit(forms.KindApplication, "security-consultant", "en",
		map[string]any{"name": "Layla Haddad", "email": laylaEmail, "coverLetter": "Eight years of testing."}, []byte(admintest.SamplePDF))
	// Sent signed in, with a work address.
	inquiry := &store.Submission{Kind: forms.KindInquiry, Locale: "en", UserID: &p.user.ID, IP: "203.0.113.9", CreatedAt: e.Clock.Now(),
		Data: `{"name": "Layla H.", "email": "layla@gulfpayments.example", "message": "A question."}`}
	if err := st.CreateSubmission(ctx, inquiry, nil); err != nil {
		e.T.Fatal(err)
	}
	p.inquiry = inquiry.ID
	if err := st.EraseSubmission(ctx, -1, "{}", now); !errors.Is(err, store.ErrNotFound) {
		e.T.Fatalf("erasing no submission: %v", err)
	}
	app, err := st.Submission(ctx, p.app)
	if err != nil {
		e.T.Fatal(err)
	}
	p.cvKey = *app.CVBlobKey
	for _, m := range []mail.Message{
		{To: laylaEmail, Locale: "ar", Kind: mail.KindFormConfirmProposal},
		{To: laylaEmail, Locale: "ar", Kind: mail.KindAccountDeleted},
		// The firm's notification of her proposal, which carries what she wrote.
		{To: "info@noorvale.example", ReplyTo: laylaEmail, Locale: "en", Kind: mail.KindFormNotification,
			Data: map[string]string{"form": "Request for proposal", "reference": "#1", "fields": "Name: Layla Haddad"}},
	} {
		if err := queue.Enqueue(ctx, m); err != nil {
			e.T.Fatal(err)
		}
	}
	p.sent, p.queued, p.notification = 1, 2, 3
	if err := st.MarkMailSent(ctx, p.sent, now); err != nil {
		e.T.Fatal(err)
	}
	return p
}

// doRaw sends a body as it is, with a content type.
func doRaw(b *admintest.Browser, method, target, contentType, body string) *admintest.Result {
	b.Env.T.Helper()
	req := httptest.NewRequest(method, "/api/admin"+target+"?lang="+b.Lang, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	a := testenv.Serve(b.Env.T, b.Env.Echo, req, b.IP, b.Cookies)
	return &admintest.Result{Status: a.Status, Header: a.Header, Body: a.Body, Env: a.Envelope}
}

type heldData struct {
	Account *struct {
		Confirmed     bool `json:"confirmed"`
		Sessions      int  `json:"sessions"`
		Registrations int  `json:"registrations"`
		Picture       bool `json:"picture"`
	} `json:"account"`
	Submissions []struct {
		ID   int64  `json:"id"`
		Kind string `json:"kind"`
		CV   bool   `json:"cv"`
	} `json:"submissions"`
	Mail []struct {
		ID   int64  `json:"id"`
		Kind string `json:"kind"`
	} `json:"mail"`
}

func TestErasePerson(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		// The inbox can reply, so that a reply to an erased address is
		// refused for the erasure, not for want of a way to send it.
		var queue *mail.Queue
		e := admintest.New(t, st, func(cfg *admin.Config) {
			q, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: strings.Repeat("k", 32), Now: cfg.Now})
			if err != nil {
				t.Fatal(err)
			}
			queue = q
			admintest.WithReplies(st, q)(cfg)
		})
		ctx := t.Context()
		admin := e.Join("amal@noorvale.example", access.Administrator)
		p := newErasable(e, queue)
		// Someone else's submission and mail, which stay.
		other := e.Submit(forms.KindContact, "dubai", "en", map[string]any{"name": "Omar Said", "email": "omar@example.com", "message": "Hello."}, nil)
		if err := queue.Enqueue(ctx, mail.Message{To: "omar@example.com", Locale: "en", Kind: mail.KindFormConfirmInquiry}); err != nil {
			t.Fatal(err)
		}
		// Staff worked on the proposal: a status and a note about the person.
		admintest.Expect(t, "status", admin.B.Do("PUT", "/inbox/"+strconv.FormatInt(p.proposal, 10)+"/status", map[string]string{"status": "won"}), http.StatusOK)
		admintest.Expect(t, "note", admin.B.Do("POST", "/inbox/"+strconv.FormatInt(p.proposal, 10)+"/notes", map[string]string{"body": "Layla prefers WhatsApp."}), http.StatusOK)

		// The lookup, whatever the address's case and spaces.
		r := admin.B.Do("GET", "/erasure?email=%20Layla.Haddad%40Example.com%20", nil)
		admintest.Expect(t, "lookup", r, http.StatusOK)
		var held heldData
		r.Data(t, &held)
		if held.Account == nil || !held.Account.Confirmed || held.Account.Sessions != 1 || held.Account.Registrations != 1 || !held.Account.Picture {
			t.Fatalf("the account as held: %+v", held.Account)
		}
		var ids []int64
		cvs := 0
		for _, s := range held.Submissions {
			ids = append(ids, s.ID)
			if s.CV {
				cvs++
			}
		}
		if len(ids) != 3 || ids[0] != p.proposal || ids[1] != p.app || ids[2] != p.inquiry || cvs != 1 {
			t.Fatalf("the submissions as held: %+v", held.Submissions)
		}
		if len(held.Mail) != 2 || held.Mail[0].ID != p.queued || held.Mail[0].Kind != string(mail.KindAccountDeleted) ||
			held.Mail[1].ID != p.notification || held.Mail[1].Kind != string(mail.KindFormNotification) {
			t.Fatalf("the queued mail as held: %+v", held.Mail)
		}

		// Erasing needs a second factor proven within the step-up window.
		e.Clock.Advance(11 * time.Minute)
		r = admin.B.Do("POST", "/erasure", map[string]string{"email": laylaEmail})
		admintest.Expect(t, "a stale factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.Env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the factor: %s", r.Body)
		}
		if _, err := st.UserByEmail(ctx, laylaEmail); err != nil {
			t.Fatalf("refused, yet the account went: %v", err)
		}
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "code", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
		r = admin.B.Do("POST", "/erasure", map[string]string{"email": "LAYLA.HADDAD@example.com"})
		admintest.Expect(t, "erasure", r, http.StatusOK)
		var counts map[string]int
		r.Data(t, &counts)
		want := map[string]int{"account": 1, "sessions": 1, "registrations": 1, "submissions": 3, "cvs": 1, "mail": 2, "outbox": 0}
		for k, v := range want {
			if counts[k] != v {
				t.Fatalf("counts %v, want %v", counts, want)
			}
		}

		checks := []struct {
			name  string
			check func(t *testing.T)
		}{
			{"the account, its sessions and registrations are gone", func(t *testing.T) {
				if _, err := st.UserByEmail(ctx, laylaEmail); !errors.Is(err, store.ErrNotFound) {
					t.Fatalf("account: %v", err)
				}
				if sessions, _ := st.UserSessions(ctx, p.user.ID, e.Clock.Now()); len(sessions) != 0 {
					t.Fatalf("%d sessions left", len(sessions))
				}
				if n, _ := st.RegistrationCount(ctx, p.user.ID); n != 0 {
					t.Fatalf("%d registrations left", n)
				}
			}},
			{"the picture and the CV are deleted", func(t *testing.T) {
				for _, key := range []string{p.avatar, p.cvKey} {
					if _, _, err := e.Blobs.Get(ctx, key); !errors.Is(err, blob.ErrNotFound) {
						t.Fatalf("%s: %v", key, err)
					}
				}
			}},
			{"the submissions keep only their anonymous remainder", func(t *testing.T) {
				for _, id := range []int64{p.proposal, p.app, p.inquiry} {
					sub, err := st.Submission(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					if sub.ErasedAt == nil || sub.IP != "" || sub.UserID != nil || strings.Contains(strings.ToLower(sub.Data), "layla") {
						t.Fatalf("submission %d: %+v", id, sub)
					}
				}
				prop, _ := st.Submission(ctx, p.proposal)
				if prop.Data != `{"companySize":"250-999","country":"United Arab Emirates","services":["/services/cybersecurity-services/asv"],"timeline":"asap"}` {
					t.Fatalf("the proposal's remainder: %s", prop.Data)
				}
			}},
			{"the notes go and the status stays", func(t *testing.T) {
				notes, err := st.InboxNotes(ctx, p.proposal)
				if err != nil || len(notes) != 0 {
					t.Fatalf("notes: %v, %v", notes, err)
				}
				it, err := st.InboxItemByID(ctx, p.proposal)
				if err != nil || it.Status != "won" {
					t.Fatalf("state: %+v, %v", it, err)
				}
			}},
			{"the queued mail goes, and the sent message's hash", func(t *testing.T) {
				for _, id := range []int64{p.queued, p.notification} {
					if _, err := st.Mail(ctx, id); !errors.Is(err, store.ErrNotFound) {
						t.Fatalf("queued mail %d: %v", id, err)
					}
				}
				sent, err := st.Mail(ctx, p.sent)
				if err != nil || sent.RecipientHash != "" {
					t.Fatalf("sent mail: %+v, %v", sent, err)
				}
			}},
			{"someone else's submission and mail stay", func(t *testing.T) {
				sub, err := st.Submission(ctx, other)
				if err != nil || sub.ErasedAt != nil || !strings.Contains(sub.Data, "omar@example.com") {
					t.Fatalf("the other submission: %+v, %v", sub, err)
				}
				if n, _ := st.PendingMail(ctx); n != 1 {
					t.Fatalf("%d messages pending, want the other's 1", n)
				}
			}},
			{"the lookup finds nothing", func(t *testing.T) {
				r := admin.B.Do("GET", "/erasure?email="+laylaEmail, nil)
				admintest.Expect(t, "lookup after", r, http.StatusOK)
				var after heldData
				r.Data(t, &after)
				if after.Account != nil || len(after.Submissions) != 0 || len(after.Mail) != 0 {
					t.Fatalf("still held: %s", r.Body)
				}
			}},
			{"the inbox shows an erased submission", func(t *testing.T) {
				r := admin.B.Do("GET", "/inbox/"+strconv.FormatInt(p.app, 10), nil)
				admintest.Expect(t, "inbox item", r, http.StatusOK)
				var got struct {
					Item inbox.Item `json:"item"`
					CV   string     `json:"cv"`
				}
				r.Data(t, &got)
				if got.Item.ErasedAt == nil || got.Item.Name != "" || got.Item.Email != "" || got.CV != "deleted" {
					t.Fatalf("the erased application: %s", r.Body)
				}
				page := admin.B.Inbox(t, "kind=application")
				if len(page.Items) != 1 || page.Items[0].ErasedAt == nil {
					t.Fatalf("the inbox list: %+v", page.Items)
				}
				// Nothing about the person is added back: no note, and no reply to an address it no longer holds.
				item := "/inbox/" + strconv.FormatInt(p.proposal, 10)
				admintest.Expect(t, "a note", admin.B.Do("POST", item+"/notes", map[string]string{"body": "She called again."}), http.StatusConflict)
				admintest.Expect(t, "a reply", admin.B.Do("POST", item+"/replies", map[string]string{"body": "Hello"}), http.StatusConflict)
			}},
			{"the trail has one entry, without the address", func(t *testing.T) {
				events, err := st.AuditEvents(ctx, store.AuditFilter{Action: audit.ActionErasure})
				if err != nil || len(events) != 1 {
					t.Fatalf("%d erasure events, %v", len(events), err)
				}
				ev := events[0]
				if ev.ActorID != admin.ID || ev.Item != e.ErasureItem(laylaEmail) || len(ev.Item) != 16 ||
					ev.Detail != "account=1 sessions=1 registrations=1 submissions=3 cvs=1 mail=2 outbox=0" {
					t.Fatalf("the event: %+v", ev)
				}
				r := admin.B.Do("GET", "/audit/export", nil)
				admintest.Expect(t, "audit export", r, http.StatusOK)
				if body := strings.ToLower(string(r.Body)); strings.Contains(body, "layla") || strings.Contains(body, "haddad") {
					t.Fatalf("the trail names the person:\n%s", r.Body)
				}
			}},
		}
		for _, c := range checks {
			t.Run(c.name, c.check)
		}

		// Erasing again finds nothing left and says so in the trail.
		r = admin.B.Do("POST", "/erasure", map[string]string{"email": laylaEmail})
		admintest.Expect(t, "a second erasure", r, http.StatusOK)
		r.Data(t, &counts)
		if counts["account"]+counts["submissions"]+counts["mail"] != 0 {
			t.Fatalf("a second erasure erased %v", counts)
		}
	})
}

// Bad input is refused with 4xx and a message in the staff member's
// language, never a 500; nothing is erased.
func TestErasureRefusesBadInput(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		hr := e.Join("hr@noorvale.example", access.HR)
		tooLong := strings.Repeat("a", 250) + "@example.com"
		cases := []struct {
			name, method, path string
			body               any
			raw                string // sent as is instead of body
			lang               string
			status             int
			field              bool // the message is the e-mail field's
		}{
			{name: "lookup without an address", method: "GET", path: "/erasure", status: 400, field: true},
			{name: "lookup of a name", method: "GET", path: "/erasure?email=Layla", status: 400, field: true},
			{name: "lookup of two addresses", method: "GET", path: "/erasure?email=a@example.com,b@example.com", status: 400, field: true},
			{name: "lookup too long", method: "GET", path: "/erasure?email=" + tooLong, status: 400, field: true},
			{name: "lookup in Arabic", method: "GET", path: "/erasure?email=layla", lang: "ar", status: 400, field: true},
			{name: "erasure without an address", method: "POST", path: "/erasure", body: map[string]string{}, status: 400, field: true},
			{name: "erasure of a name", method: "POST", path: "/erasure", body: map[string]string{"email": "Layla Haddad"}, status: 400, field: true},
			{name: "erasure in Arabic", method: "POST", path: "/erasure", body: map[string]string{"email": "@example.com"}, lang: "ar", status: 400, field: true},
			{name: "erasure of a number", method: "POST", path: "/erasure", body: map[string]any{"email": 42}, status: 400},
			{name: "erasure of broken JSON", method: "POST", path: "/erasure", raw: `{"email": "layla@`, status: 400},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				b := admin.B
				b.Lang = "en"
				if tc.lang != "" {
					b.Lang = tc.lang
				}
				var r *admintest.Result
				if tc.raw != "" {
					r = doRaw(b, tc.method, tc.path, "application/json", tc.raw)
				} else {
					r = b.Do(tc.method, tc.path, tc.body)
				}
				admintest.Expect(t, tc.name, r, tc.status)
				msg := r.Env.Message
				if tc.field {
					msg = r.Env.Errors["email"]
				}
				if msg == "" {
					t.Fatalf("no message: %s", r.Body)
				}
				if arabic := strings.ContainsFunc(msg, func(c rune) bool { return c >= 0x600 && c <= 0x6ff }); arabic != (tc.lang == "ar") {
					t.Fatalf("the message %q is not in %q", msg, b.Lang)
				}
			})
		}
		admin.B.Lang = "en"
		t.Run("another role", func(t *testing.T) {
			admintest.Expect(t, "HR looking up", hr.B.Do("GET", "/erasure?email=layla@example.com", nil), http.StatusForbidden)
			admintest.Expect(t, "HR erasing", hr.B.Do("POST", "/erasure", map[string]string{"email": "layla@example.com"}), http.StatusForbidden)
		})
		t.Run("form-encoded", func(t *testing.T) {
			r := doRaw(admin.B, "POST", "/erasure", "application/x-www-form-urlencoded", "email=layla%40example.com")
			if r.Status < 400 || r.Status >= 500 {
				t.Fatalf("a form-encoded erasure: %d", r.Status)
			}
		})
		if events, _ := st.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionErasure}); len(events) != 0 {
			t.Fatalf("refused erasures were recorded: %+v", events)
		}
	})
}

// failingDelete refuses to delete anything while it is failing.
type failingDelete struct {
	blob.Store
	failing bool
}

func (f *failingDelete) Delete(ctx context.Context, key string) error {
	if f.failing {
		return errors.New("disk on fire")
	}
	return f.Store.Delete(ctx, key)
}

// A CV that cannot be deleted leaves its application unerased and the
// answer says to try again; what could be erased was, and the trail says so.
func TestErasureWithAStuckCV(t *testing.T) {
	stuck := &failingDelete{}
	e := admintest.New(t, testenv.SQLiteStore(t), func(cfg *admin.Config) {
		stuck.Store = cfg.Blobs
		cfg.Blobs = stuck
	})
	admin := e.Join("amal@noorvale.example", access.Administrator)
	app := e.Submit(forms.KindApplication, "security-consultant", "en", map[string]any{"name": "Layla Haddad", "email": laylaEmail}, []byte(admintest.SamplePDF))
	lead := e.Submit(forms.KindInquiry, "", "en", map[string]any{"name": "Layla Haddad", "email": laylaEmail}, nil)
	stuck.failing = true
	r := admin.B.Do("POST", "/erasure", map[string]string{"email": laylaEmail})
	admintest.Expect(t, "erasure", r, http.StatusServiceUnavailable)
	if r.Env.Message != access.In("en").ErasureIncomplete {
		t.Fatalf("message %q", r.Env.Message)
	}
	if sub, _ := e.Store.Submission(t.Context(), app); sub.ErasedAt != nil {
		t.Fatal("the application was erased though its CV stayed")
	}
	if sub, _ := e.Store.Submission(t.Context(), lead); sub.ErasedAt == nil {
		t.Fatal("the inquiry was not erased")
	}
	stuck.failing = false
	admintest.Expect(t, "erasure again", admin.B.Do("POST", "/erasure", map[string]string{"email": laylaEmail}), http.StatusOK)
	if sub, _ := e.Store.Submission(t.Context(), app); sub.ErasedAt == nil {
		t.Fatal("the application was not erased the second time")
	}
}

// After "Erase everything", nothing of the person is left in the SQLite
// database's files: not in the free space of site.db, not in older copies
// of its pages in site.db-wal.
func TestErasureLeavesNothingOnDisk(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(t.Context(), store.SQLite, filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	e := admintest.New(t, st)
	queue, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: strings.Repeat("k", 32), Now: e.Clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	admin := e.Join("amal@noorvale.example", access.Administrator)
	p := newErasable(e, queue)
	admintest.Expect(t, "note", admin.B.Do("POST", "/inbox/"+strconv.FormatInt(p.proposal, 10)+"/notes", map[string]string{"body": "Prefers WhatsApp after six."}), http.StatusOK)
	// Part of it reached the database file, as it does between checkpoints.
	other, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.ExecContext(t.Context(), "PRAGMA wal_checkpoint(PASSIVE)"); err != nil {
		t.Fatal(err)
	}
	if err := other.Close(); err != nil {
		t.Fatal(err)
	}

	admintest.Expect(t, "erasure", admin.B.Do("POST", "/erasure", map[string]string{"email": laylaEmail}), http.StatusOK)

	traces := []string{laylaEmail, "layla@gulfpayments.example", "Layla", "Haddad", "+971 4 123 4567", "Gulf Payments",
		"Quarterly ASV scans", "Eight years of testing", "Prefers WhatsApp", "203.0.113.9"}
	for _, file := range []string{"site.db", "site.db-wal"} {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		for _, trace := range traces {
			if bytes.Contains(data, []byte(trace)) {
				t.Errorf("%s still holds %q after the erasure", file, trace)
			}
		}
	}
}
