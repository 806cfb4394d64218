package privacy

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

const secret = "a site secret of thirty-two bytes"

// outbox is the development outbox's count of messages per address.
type outbox map[string]int

func (o outbox) CountFor(_ context.Context, address string) (int, error) { return o[address], nil }

func (o outbox) EraseFor(_ context.Context, address string) (int, error) {
	n := o[address]
	delete(o, address)
	return n, nil
}

// stuckCV refuses to delete one blob.
type stuckCV struct {
	blob.Store
	key string
}

func (s stuckCV) Delete(ctx context.Context, key string) error {
	if key == s.key {
		return errors.New("disk on fire")
	}
	return s.Store.Delete(ctx, key)
}

// person is what the site holds about Nadia, and about Omar beside her.
type person struct {
	svc                        *Service
	st                         *store.Store
	blobs                      blob.Store
	nadia                      *store.User
	proposal, inquiry, applied int64
	cv, otherCV                string
	queue                      *mail.Queue
	clock                      *testenv.Clock
	outbox                     outbox
}

const nadia = "nadia.karim@example.com"

func newPerson(t *testing.T, st *store.Store, stuck bool) *person {
	t.Helper()
	ctx := t.Context()
	clock := testenv.NewClock(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	now := clock.Now()
	fs, err := blob.NewFS(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := &person{st: st, clock: clock, outbox: outbox{nadia: 2, "omar@example.com": 1}, cv: "cvs/nadia.pdf", otherCV: "cvs/omar.pdf"}
	p.blobs = fs
	if stuck {
		p.blobs = stuckCV{Store: fs, key: p.cv}
	}
	for _, key := range []string{p.cv, p.otherCV, "avatars/nadia.jpg"} {
		if err := fs.Put(ctx, key, strings.NewReader("bytes"), "application/octet-stream"); err != nil {
			t.Fatal(err)
		}
	}
	p.nadia = &store.User{Email: nadia, FirstName: "Nadia", LastName: "Karim", PasswordHash: "x", Locale: "en", EmailConfirmedAt: &now}
	if err := st.CreateUser(ctx, p.nadia); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ReplaceAvatarKey(ctx, p.nadia.ID, "avatars/nadia.jpg"); err != nil {
		t.Fatal(err)
	}
	for i, expires := range []time.Time{now.Add(time.Hour), now.Add(2 * time.Hour), now.Add(-time.Minute)} {
		sess := &store.Session{IDHash: "nadia-" + string(rune('a'+i)), UserID: p.nadia.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: expires}
		if err := st.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
	}
	reg := &store.Registration{UserID: p.nadia.ID, TokenHash: "nadia-registration", FirstName: "Nadia", LastName: "Karim",
		PasswordHash: "x", Locale: "en", CreatedAt: now, ExpiresAt: now.Add(24 * time.Hour)}
	if err := st.CreateRegistration(ctx, reg); err != nil {
		t.Fatal(err)
	}
	submit := func(kind, data string, user *string, cv *string) int64 {
		t.Helper()
		sub := &store.Submission{Kind: kind, Locale: "en", Data: data, UserID: user, CVBlobKey: cv, IP: "203.0.113.9", CreatedAt: clock.Now()}
		if err := st.CreateSubmission(ctx, sub, nil); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Second)
		return sub.ID
	}
	// Typed with capitals, as people do; sent signed in under a work
	// address; an application with a CV.
	p.proposal = submit(forms.KindProposal, `{"name":"Nadia Karim","email":"Nadia.Karim@Example.com","message":"Scans."}`, nil, nil)
	p.inquiry = submit(forms.KindInquiry, `{"name":"N. Karim","email":"nadia@work.example","message":"A question."}`, &p.nadia.ID, nil)
	p.applied = submit(forms.KindApplication, `{"name":"Nadia Karim","email":"nadia.karim@example.com"}`, nil, &p.cv)
	// Omar's, which stay.
	submit(forms.KindApplication, `{"name":"Omar Said","email":"omar@example.com","message":"nadia.karim@example.com referred me"}`, nil, &p.otherCV)
	p.queue, err = mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: secret})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []mail.Message{
		{To: nadia, Locale: "en", Kind: mail.KindFormConfirmProposal},
		{To: nadia, Locale: "en", Kind: mail.KindAccountDeleted},
		{To: "omar@example.com", Locale: "en", Kind: mail.KindFormConfirmInquiry},
	} {
		if err := p.queue.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.MarkMailSent(ctx, 2, now); err != nil { // sent already: nothing to erase
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	p.svc = New(st, p.blobs, endpoint.NewKeys(secret), p.outbox, audit.NewTrail(st, quiet, clock.Now), quiet, clock.Now)
	return p
}

// The lookup lists everything held about an address and nothing about
// anyone else: the account with its live sessions, pending registration and
// picture, the submissions sent with the address however it was typed or by
// the account under another address, the mail still queued to it and the
// development outbox's.
func TestHeldIsEverythingAboutTheAddress(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		p := newPerson(t, st, false)
		h, err := p.svc.held(t.Context(), nadia)
		if err != nil {
			t.Fatal(err)
		}
		if a := h.Account; a == nil || !a.Confirmed || a.Sessions != 2 || a.Registrations != 1 || !a.Picture {
			t.Fatalf("account %+v", h.Account)
		}
		var ids []int64
		for _, s := range h.Submissions {
			ids = append(ids, s.ID)
			if s.CV != (s.ID == p.applied) {
				t.Errorf("submission %d lists a CV: %v", s.ID, s.CV)
			}
		}
		if len(ids) != 3 || ids[0] != p.proposal || ids[1] != p.inquiry || ids[2] != p.applied {
			t.Fatalf("submissions %v, want %d, %d, %d (oldest first)", ids, p.proposal, p.inquiry, p.applied)
		}
		if len(h.Mail) != 1 || h.Mail[0].Kind != string(mail.KindFormConfirmProposal) || h.Outbox == nil || *h.Outbox != 2 {
			t.Fatalf("mail %+v, outbox %v", h.Mail, h.Outbox)
		}
		if got := h.detail(); got != "account=1 submissions=3 mail=1 outbox=2" {
			t.Fatalf("the trail's detail %q", got)
		}

		// An address the site knows nothing of finds nothing, and says so
		// in numbers.
		none, err := p.svc.held(t.Context(), "nobody@example.com")
		if err != nil || !none.empty() || none.detail() != "account=0 submissions=0 mail=0 outbox=0" {
			t.Fatalf("nobody: %+v %v", none, err)
		}
	})
}

// Erasing takes everything the lookup listed, counts it, and leaves the
// others' submissions, CVs and mail as they were; erasing again finds
// nothing.
func TestEraseTakesWhatWasHeld(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		p := newPerson(t, st, false)
		ctx := t.Context()
		done, err := p.svc.erase(ctx, nadia)
		if err != nil {
			t.Fatal(err)
		}
		want := erased{account: 1, sessions: 2, registrations: 1, submissions: 3, cvs: 1, mail: 1, outbox: 2}
		if done != want {
			t.Fatalf("erased %+v, want %+v", done, want)
		}
		if got := done.detail(); got != "account=1 sessions=2 registrations=1 submissions=3 cvs=1 mail=1 outbox=2" {
			t.Fatalf("the trail's detail %q", got)
		}
		h, err := p.svc.held(ctx, nadia)
		if err != nil || !h.empty() {
			t.Fatalf("still held: %+v %v", h, err)
		}
		if _, err := st.UserByEmail(ctx, nadia); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the account: %v", err)
		}
		for _, key := range []string{p.cv, "avatars/nadia.jpg"} {
			if _, _, err := p.blobs.Get(ctx, key); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("%s is still stored: %v", key, err)
			}
		}
		sub, err := st.Submission(ctx, p.proposal)
		if err != nil || sub.ErasedAt == nil || strings.Contains(strings.ToLower(sub.Data), "nadia") {
			t.Fatalf("the proposal after erasure: %+v %v", sub, err)
		}

		omar, err := p.svc.held(ctx, "omar@example.com")
		if err != nil || len(omar.Submissions) != 1 || !omar.Submissions[0].CV || len(omar.Mail) != 1 || p.outbox["omar@example.com"] != 1 {
			t.Fatalf("Omar's after Nadia's erasure: %+v %v", omar, err)
		}
		if rc, _, err := p.blobs.Get(ctx, p.otherCV); err != nil {
			t.Fatalf("Omar's CV: %v", err)
		} else {
			rc.Close()
		}

		again, err := p.svc.erase(ctx, nadia)
		if err != nil || again != (erased{}) {
			t.Fatalf("erasing again: %+v %v", again, err)
		}
	})
}

// A CV the blob store will not delete leaves its application as it was,
// counted apart, so the erasure can be tried again; the rest is erased.
func TestEraseLeavesAStuckCVForLater(t *testing.T) {
	p := newPerson(t, testenv.SQLiteStore(t), true)
	ctx := t.Context()
	done, err := p.svc.erase(ctx, nadia)
	if err != nil {
		t.Fatal(err)
	}
	if done.failed != 1 || done.submissions != 2 || done.cvs != 0 || done.account != 1 {
		t.Fatalf("erased %+v", done)
	}
	h, err := p.svc.held(ctx, nadia)
	if err != nil || len(h.Submissions) != 1 || h.Submissions[0].ID != p.applied || !h.Submissions[0].CV {
		t.Fatalf("left %+v %v", h, err)
	}
}

// The trail names an erased address by a keyed hash: the same however the
// address was typed, another for another address, and never the address.
func TestErasureItemNamesNoAddress(t *testing.T) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := New(nil, nil, endpoint.NewKeys(secret), nil, nil, quiet, time.Now)
	item := svc.erasureItem(nadia)
	if len(item) != 16 || strings.Contains(item, "nadia") || strings.Contains(item, "@") {
		t.Fatalf("item %q", item)
	}
	if svc.erasureItem(" Nadia.Karim@Example.COM ") != item || svc.erasureItem("omar@example.com") == item {
		t.Fatal("the item does not follow the address")
	}
	other := New(nil, nil, endpoint.NewKeys("another site's secret, 32 bytes!"), nil, nil, quiet, time.Now)
	if other.erasureItem(nadia) == item {
		t.Fatal("the item is not keyed with the site's secret")
	}
}

// The address to erase is read as the lookup reads it: trimmed and in
// lower case, and refused when it is no address.
func TestErasureRequestCheck(t *testing.T) {
	m := endpoint.For(locale.En)
	for _, tc := range []struct{ in, want, err string }{
		{" Nadia.Karim@Example.com ", nadia, ""},
		{"", "", m.Required},
		{"nadia", "", m.EmailInvalid},
		{"Nadia <nadia.karim@example.com>", "", m.EmailInvalid},
	} {
		req := erasureRequest{Email: tc.in}
		v := endpoint.NewChecker(m)
		req.Check(v)
		if v.Errs["email"] != tc.err || tc.err == "" && req.Email != tc.want {
			t.Errorf("%q: %q, errors %v", tc.in, req.Email, v.Errs)
		}
	}
}
