package admin

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

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/inbox"
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

func (e *env) erasable(queue *mail.Queue) *erasable {
	e.t.Helper()
	ctx := e.t.Context()
	st := e.store
	p := &erasable{avatar: "avatars/layla.jpg"}
	if err := e.blobs.Put(ctx, p.avatar, strings.NewReader("jpeg"), "image/jpeg"); err != nil {
		e.t.Fatal(err)
	}
	now := e.clock.Now()
	p.user = &store.User{Email: laylaEmail, FirstName: "Layla", LastName: "Haddad", PasswordHash: "x", Locale: "ar", EmailConfirmedAt: &now}
	if err := st.CreateUser(ctx, p.user); err != nil {
		e.t.Fatal(err)
	}
	if _, err := st.ReplaceAvatarKey(ctx, p.user.ID, p.avatar); err != nil {
		e.t.Fatal(err)
	}
	sess := &store.Session{IDHash: "layla-session", UserID: p.user.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(24 * time.Hour)}
	if err := st.CreateSession(ctx, sess); err != nil {
		e.t.Fatal(err)
	}
	reg := &store.Registration{UserID: p.user.ID, TokenHash: "layla-registration", FirstName: "Layla", LastName: "Haddad",
		PasswordHash: "x", Locale: "ar", CreatedAt: now, ExpiresAt: now.Add(24 * time.Hour)}
	if err := st.CreateRegistration(ctx, reg); err != nil {
		e.t.Fatal(err)
	}
	p.proposal = e.submit(forms.KindProposal, "", "ar", map[string]any{
		"name": "Layla Haddad", "email": laylaEmail, "phone": "+971 4 123 4567", "company": "Gulf Payments",
		"country": "United Arab Emirates", "companySize": "250-999", "timeline": "asap",
		"services": []string{"/services/cybersecurity-services/asv"}, "message": "Quarterly ASV scans, please.",
	}, nil)
	p.app = e.submit(forms.KindApplication, "security-consultant", "en",
		map[string]any{"name": "Layla Haddad", "email": laylaEmail, "coverLetter": "Eight years of testing."}, []byte(samplePDF))
	// Sent signed in, with a work address.
	inquiry := &store.Submission{Kind: forms.KindInquiry, Locale: "en", UserID: &p.user.ID, IP: "203.0.113.9", CreatedAt: e.clock.Now(),
		Data: `{"name": "Layla H.", "email": "layla@gulfpayments.example", "message": "A question."}`}
	if err := st.CreateSubmission(ctx, inquiry, nil); err != nil {
		e.t.Fatal(err)
	}
	p.inquiry = inquiry.ID
	if err := st.EraseSubmission(ctx, -1, "{}", now); !errors.Is(err, store.ErrNotFound) {
		e.t.Fatalf("erasing no submission: %v", err)
	}
	app, err := st.Submission(ctx, p.app)
	if err != nil {
		e.t.Fatal(err)
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
			e.t.Fatal(err)
		}
	}
	p.sent, p.queued, p.notification = 1, 2, 3
	if err := st.MarkMailSent(ctx, p.sent, now); err != nil {
		e.t.Fatal(err)
	}
	return p
}

// doRaw sends a body as it is, with a content type.
func (b *browser) doRaw(method, target, contentType, body string) *result {
	b.env.t.Helper()
	req := httptest.NewRequest(method, "/api/admin"+target+"?lang="+b.lang, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	a := testenv.Serve(b.env.t, b.env.echo, req, b.ip, b.cookies)
	return &result{status: a.Status, header: a.Header, body: a.Body, env: a.Envelope}
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
		e := newEnv(t, st, func(cfg *Config) {
			q, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: strings.Repeat("k", 32), Now: cfg.Now})
			if err != nil {
				t.Fatal(err)
			}
			queue = q
			withReplies(st, q)(cfg)
		})
		ctx := t.Context()
		admin := e.join("amal@noorvale.example", access.Administrator)
		p := e.erasable(queue)
		// Someone else's submission and mail, which stay.
		other := e.submit(forms.KindContact, "dubai", "en", map[string]any{"name": "Omar Said", "email": "omar@example.com", "message": "Hello."}, nil)
		if err := queue.Enqueue(ctx, mail.Message{To: "omar@example.com", Locale: "en", Kind: mail.KindFormConfirmInquiry}); err != nil {
			t.Fatal(err)
		}
		// Staff worked on the proposal: a status and a note about the person.
		expect(t, "status", admin.b.do("PUT", "/inbox/"+strconv.FormatInt(p.proposal, 10)+"/status", map[string]string{"status": "won"}), http.StatusOK)
		expect(t, "note", admin.b.do("POST", "/inbox/"+strconv.FormatInt(p.proposal, 10)+"/notes", map[string]string{"body": "Layla prefers WhatsApp."}), http.StatusOK)

		// The lookup, whatever the address's case and spaces.
		r := admin.b.do("GET", "/erasure?email=%20Layla.Haddad%40Example.com%20", nil)
		expect(t, "lookup", r, http.StatusOK)
		var held heldData
		r.data(t, &held)
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
		e.clock.Advance(11 * time.Minute)
		r = admin.b.do("POST", "/erasure", map[string]string{"email": laylaEmail})
		expect(t, "a stale factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the factor: %s", r.body)
		}
		if _, err := st.UserByEmail(ctx, laylaEmail); err != nil {
			t.Fatalf("refused, yet the account went: %v", err)
		}
		e.clock.Advance(30 * time.Second)
		expect(t, "code", admin.b.do("POST", "/factor/code", map[string]string{"code": admin.code(e)}), http.StatusOK)
		r = admin.b.do("POST", "/erasure", map[string]string{"email": "LAYLA.HADDAD@example.com"})
		expect(t, "erasure", r, http.StatusOK)
		var counts map[string]int
		r.data(t, &counts)
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
				if sessions, _ := st.UserSessions(ctx, p.user.ID, e.clock.Now()); len(sessions) != 0 {
					t.Fatalf("%d sessions left", len(sessions))
				}
				if n, _ := st.RegistrationCount(ctx, p.user.ID); n != 0 {
					t.Fatalf("%d registrations left", n)
				}
			}},
			{"the picture and the CV are deleted", func(t *testing.T) {
				for _, key := range []string{p.avatar, p.cvKey} {
					if _, _, err := e.blobs.Get(ctx, key); !errors.Is(err, blob.ErrNotFound) {
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
				r := admin.b.do("GET", "/erasure?email="+laylaEmail, nil)
				expect(t, "lookup after", r, http.StatusOK)
				var after heldData
				r.data(t, &after)
				if after.Account != nil || len(after.Submissions) != 0 || len(after.Mail) != 0 {
					t.Fatalf("still held: %s", r.body)
				}
			}},
			{"the inbox shows an erased submission", func(t *testing.T) {
				r := admin.b.do("GET", "/inbox/"+strconv.FormatInt(p.app, 10), nil)
				expect(t, "inbox item", r, http.StatusOK)
				var got struct {
					Item inbox.Item `json:"item"`
					CV   string     `json:"cv"`
				}
				r.data(t, &got)
				if got.Item.ErasedAt == nil || got.Item.Name != "" || got.Item.Email != "" || got.CV != "deleted" {
					t.Fatalf("the erased application: %s", r.body)
				}
				page := admin.b.inbox(t, "kind=application")
				if len(page.Items) != 1 || page.Items[0].ErasedAt == nil {
					t.Fatalf("the inbox list: %+v", page.Items)
				}
				// Nothing about the person is added back: no note, and no reply to an address it no longer holds.
				item := "/inbox/" + strconv.FormatInt(p.proposal, 10)
				expect(t, "a note", admin.b.do("POST", item+"/notes", map[string]string{"body": "She called again."}), http.StatusConflict)
				expect(t, "a reply", admin.b.do("POST", item+"/replies", map[string]string{"body": "Hello"}), http.StatusConflict)
			}},
			{"the trail has one entry, without the address", func(t *testing.T) {
				events, err := st.AuditEvents(ctx, store.AuditFilter{Action: audit.ActionErasure})
				if err != nil || len(events) != 1 {
					t.Fatalf("%d erasure events, %v", len(events), err)
				}
				ev := events[0]
				if ev.ActorID != admin.id || ev.Item != e.erasureItem(laylaEmail) || len(ev.Item) != 16 ||
					ev.Detail != "account=1 sessions=1 registrations=1 submissions=3 cvs=1 mail=2 outbox=0" {
					t.Fatalf("the event: %+v", ev)
				}
				r := admin.b.do("GET", "/audit/export", nil)
				expect(t, "audit export", r, http.StatusOK)
				if body := strings.ToLower(string(r.body)); strings.Contains(body, "layla") || strings.Contains(body, "haddad") {
					t.Fatalf("the trail names the person:\n%s", r.body)
				}
			}},
		}
		for _, c := range checks {
			t.Run(c.name, c.check)
		}

		// Erasing again finds nothing left and says so in the trail.
		r = admin.b.do("POST", "/erasure", map[string]string{"email": laylaEmail})
		expect(t, "a second erasure", r, http.StatusOK)
		r.data(t, &counts)
		if counts["account"]+counts["submissions"]+counts["mail"] != 0 {
			t.Fatalf("a second erasure erased %v", counts)
		}
	})
}

// Bad input is refused with 4xx and a message in the staff member's
// language, never a 500; nothing is erased.
func TestErasureRefusesBadInput(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		hr := e.join("hr@noorvale.example", access.HR)
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
				b := admin.b
				b.lang = "en"
				if tc.lang != "" {
					b.lang = tc.lang
				}
				var r *result
				if tc.raw != "" {
					r = b.doRaw(tc.method, tc.path, "application/json", tc.raw)
				} else {
					r = b.do(tc.method, tc.path, tc.body)
				}
				expect(t, tc.name, r, tc.status)
				msg := r.env.Message
				if tc.field {
					msg = r.env.Errors["email"]
				}
				if msg == "" {
					t.Fatalf("no message: %s", r.body)
				}
				if arabic := strings.ContainsFunc(msg, func(c rune) bool { return c >= 0x600 && c <= 0x6ff }); arabic != (tc.lang == "ar") {
					t.Fatalf("the message %q is not in %q", msg, b.lang)
				}
			})
		}
		admin.b.lang = "en"
		t.Run("another role", func(t *testing.T) {
			expect(t, "HR looking up", hr.b.do("GET", "/erasure?email=layla@example.com", nil), http.StatusForbidden)
			expect(t, "HR erasing", hr.b.do("POST", "/erasure", map[string]string{"email": "layla@example.com"}), http.StatusForbidden)
		})
		t.Run("form-encoded", func(t *testing.T) {
			r := admin.b.doRaw("POST", "/erasure", "application/x-www-form-urlencoded", "email=layla%40example.com")
			if r.status < 400 || r.status >= 500 {
				t.Fatalf("a form-encoded erasure: %d", r.status)
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
	e := newEnv(t, testenv.SQLiteStore(t), func(cfg *Config) {
		stuck.Store = cfg.Blobs
		cfg.Blobs = stuck
	})
	admin := e.join("amal@noorvale.example", access.Administrator)
	app := e.submit(forms.KindApplication, "security-consultant", "en", map[string]any{"name": "Layla Haddad", "email": laylaEmail}, []byte(samplePDF))
	lead := e.submit(forms.KindInquiry, "", "en", map[string]any{"name": "Layla Haddad", "email": laylaEmail}, nil)
	stuck.failing = true
	r := admin.b.do("POST", "/erasure", map[string]string{"email": laylaEmail})
	expect(t, "erasure", r, http.StatusServiceUnavailable)
	if r.env.Message != access.In("en").ErasureIncomplete {
		t.Fatalf("message %q", r.env.Message)
	}
	if sub, _ := e.store.Submission(t.Context(), app); sub.ErasedAt != nil {
		t.Fatal("the application was erased though its CV stayed")
	}
	if sub, _ := e.store.Submission(t.Context(), lead); sub.ErasedAt == nil {
		t.Fatal("the inquiry was not erased")
	}
	stuck.failing = false
	expect(t, "erasure again", admin.b.do("POST", "/erasure", map[string]string{"email": laylaEmail}), http.StatusOK)
	if sub, _ := e.store.Submission(t.Context(), app); sub.ErasedAt == nil {
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
	e := newEnv(t, st)
	queue, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: strings.Repeat("k", 32), Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	admin := e.join("amal@noorvale.example", access.Administrator)
	p := e.erasable(queue)
	expect(t, "note", admin.b.do("POST", "/inbox/"+strconv.FormatInt(p.proposal, 10)+"/notes", map[string]string{"body": "Prefers WhatsApp after six."}), http.StatusOK)
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

	expect(t, "erasure", admin.b.do("POST", "/erasure", map[string]string{"email": laylaEmail}), http.StatusOK)

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
