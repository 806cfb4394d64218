package mail_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"noorvale.example/site/api/internal/testenv"
	mailpkg "noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func TestOutbox(t *testing.T) {
	s := testenv.SQLiteStore(t)
	ctx := context.Background()
	q := newQueue(t, s, nil)
	outbox, err := mailpkg.NewOutbox(s, testSecret, discardLogger())
	if err != nil {
		t.Fatal(err)
	}
	sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: outbox, From: "no-reply@noorvale.example", Logger: discardLogger()})

	link := "https://noorvale.example/auth/confirm-email/T1VUQk9Y"
	if err := q.Enqueue(ctx, mailpkg.Message{To: "first@example.com", Locale: "en", Kind: mailpkg.KindConfirmEmail,
		Data: map[string]string{"link": link, "hours": "24"}}); err != nil {
		t.Fatal(err)
	}
	sender.SendDue(ctx)
	if err := q.Enqueue(ctx, mailpkg.Message{To: "second@example.com", Name: "Nadia <Fahmy>", Locale: "ar", Kind: mailpkg.KindResetCode,
		Data: map[string]string{"code": "552901", "minutes": "10"}}); err != nil {
		t.Fatal(err)
	}
	sender.SendDue(ctx)

	h := outbox.Handler()
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}

	list := get("/dev/mail")
	if list.Code != http.StatusOK || !strings.HasPrefix(list.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("GET /dev/mail: %d %s", list.Code, list.Header().Get("Content-Type"))
	}
	if list.Header().Get("Cache-Control") != "no-store" || !strings.Contains(list.Header().Get("Content-Security-Policy"), "default-src 'none'") {
		t.Fatalf("list headers: %v", list.Header())
	}
	body := list.Body.String()
	second, first := strings.Index(body, "second@example.com"), strings.Index(body, "first@example.com")
	if second < 0 || first < 0 || second > first {
		t.Fatal("the list is not newest first, or lacks a recipient")
	}
	for _, want := range []string{"رمز إعادة تعيين كلمة المرور", "Confirm your e-mail address", "552901", `href="` + link + `"`,
		"Nadia &lt;Fahmy&gt;", `sandbox="`, `src="/dev/mail/1/html"`, "<time"} {
		if !strings.Contains(body, want) {
			t.Errorf("the list lacks %q", want)
		}
	}
	if strings.Contains(body, "<Fahmy>") {
		t.Error("the list shows a name unescaped")
	}

	one := get("/dev/mail/1/html")
	if one.Code != http.StatusOK {
		t.Fatalf("GET /dev/mail/1/html: %d", one.Code)
	}
	csp := one.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "sandbox") || !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src") {
		t.Fatalf("HTML body CSP %q", csp)
	}
	b, _ := io.ReadAll(one.Body)
	if !strings.Contains(string(b), `<html lang="en" dir="ltr">`) || !strings.Contains(string(b), link) {
		t.Fatal("the HTML body is not the message's")
	}
	for _, path := range []string{"/dev/mail/99/html", "/dev/mail/x/html", "/dev/mail/1"} {
		if code := get(path).Code; code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, code)
		}
	}

	// The outbox is sealed in the database too.
	rows, err := s.OutboxMails(ctx, 10)
	if err != nil || len(rows) != 2 {
		t.Fatalf("outbox rows: %v, %v", rows, err)
	}
	for _, r := range rows {
		if strings.Contains(r.Sealed, "552901") || strings.Contains(r.Sealed, "example.com") {
			t.Fatal("the outbox keeps a message in clear")
		}
	}
}

// The outbox finds and erases a person's messages: those to them and the
// notifications answering to them, which carry what they wrote.
func TestOutboxErasesAPerson(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		q := newQueue(t, s, nil)
		outbox, err := mailpkg.NewOutbox(s, testSecret, discardLogger())
		if err != nil {
			t.Fatal(err)
		}
		sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: outbox, From: "no-reply@noorvale.example", Logger: discardLogger()})
		for _, m := range []mailpkg.Message{
			{To: "layla@example.com", Locale: "ar", Kind: mailpkg.KindFormConfirmInquiry},
			{To: "info@noorvale.example", Locale: "en", Kind: mailpkg.KindFormNotification, ReplyTo: "layla@example.com",
				Data: map[string]string{"form": "General inquiry", "reference": "#1", "fields": "Name: Layla"}},
			{To: "omar@example.com", Locale: "en", Kind: mailpkg.KindFormConfirmInquiry},
		} {
			if err := q.Enqueue(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		sender.SendDue(ctx)
		for _, tc := range []struct {
			name, address string
			want          int
		}{
			{"the person, typed in capitals", " Layla@Example.com", 2},
			{"someone else", "omar@example.com", 1},
			{"nobody", "nobody@example.com", 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if n, err := outbox.CountFor(ctx, tc.address); err != nil || n != tc.want {
					t.Fatalf("count %d, %v; want %d", n, err, tc.want)
				}
			})
		}
		if n, err := outbox.EraseFor(ctx, "layla@example.com"); err != nil || n != 2 {
			t.Fatalf("erased %d, %v", n, err)
		}
		if n, _ := outbox.CountFor(ctx, "layla@example.com"); n != 0 {
			t.Fatalf("%d left", n)
		}
		if n, _ := outbox.CountFor(ctx, "omar@example.com"); n != 1 {
			t.Fatalf("the other's message went too")
		}
	})
}
