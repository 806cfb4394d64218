package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"noorvale.example/site/api/internal/testenv"
	mailpkg "noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func TestEnqueueRefuses(t *testing.T) {
	s := testenv.SQLiteStore(t)
	q := newQueue(t, s, nil)
	confirm := func(edit func(*mailpkg.Message)) mailpkg.Message {
		m := mailpkg.Message{To: "a@example.com", Name: "Ann Lee", Locale: "en", Kind: mailpkg.KindConfirmEmail,
			Data: map[string]string{"link": "https://noorvale.example/auth/confirm-email/abc", "hours": "24"}}
		edit(&m)
		return m
	}
	cases := []struct {
		name string
		msg  mailpkg.Message
	}{
		{"CR LF in the address", confirm(func(m *mailpkg.Message) { m.To = "a@example.com\r\nBcc: victim@example.com" })},
		{"LF in the address", confirm(func(m *mailpkg.Message) { m.To = "a@example.com\nBcc: victim@example.com" })},
		{"CR in the name", confirm(func(m *mailpkg.Message) { m.Name = "Ann\rBcc: victim@example.com" })},
		{"LF in the name", confirm(func(m *mailpkg.Message) { m.Name = "Ann\nBcc: victim@example.com" })},
		{"two addresses", confirm(func(m *mailpkg.Message) { m.To = "a@example.com, b@example.com" })},
		{"address with a name", confirm(func(m *mailpkg.Message) { m.To = "Ann <a@example.com>" })},
		{"no address", confirm(func(m *mailpkg.Message) { m.To = "" })},
		{"not an address", confirm(func(m *mailpkg.Message) { m.To = "ann" })},
		{"unknown kind", confirm(func(m *mailpkg.Message) { m.Kind = "newsletter" })},
		{"missing data", confirm(func(m *mailpkg.Message) { delete(m.Data, "link") })},
		{"link not http", confirm(func(m *mailpkg.Message) { m.Data["link"] = "javascript:alert(1)" })},
		{"relative link", confirm(func(m *mailpkg.Message) { m.Data["link"] = "/auth/confirm-email/abc" })},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := q.Enqueue(context.Background(), tc.msg)
			if !errors.Is(err, mailpkg.ErrInvalidMessage) {
				t.Fatalf("Enqueue = %v, want ErrInvalidMessage", err)
			}
			if strings.Contains(err.Error(), "abc") {
				t.Fatalf("the error quotes the data: %v", err)
			}
		})
	}
	if n, _ := s.PendingMail(context.Background()); n != 0 {
		t.Fatalf("%d refused messages reached the queue", n)
	}
}

// TestQueueSealsMessages: what sits in the database tells the kind and the
// times, never the recipient, the code or the link.
func TestQueueSealsMessages(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := newClock()
		q := newQueue(t, s, c)
		link := "https://noorvale.example/nl/auth/confirm-email/c2VjcmV0LXRva2Vu"
		if err := q.Enqueue(ctx, mailpkg.Message{To: "jan.devries@example.nl", Name: "Jan de Vries", Locale: "nl",
			Kind: mailpkg.KindConfirmEmail, Data: map[string]string{"link": link, "hours": "24"}}); err != nil {
			t.Fatal(err)
		}
		rec, err := s.Mail(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Kind != "confirm-email" || rec.Sealed == "" || !rec.CreatedAt.Equal(c.Now()) {
			t.Fatalf("queued row: %+v", rec)
		}
		// Only strings long enough that random ciphertext cannot spell them by chance: a
		// two-letter word such as the language turns up in the encoded bytes now and then.
		for _, secret := range []string{"jan.devries", "Jan de Vries", "c2VjcmV0LXRva2Vu", "confirm-email/"} {
			if strings.Contains(rec.Sealed, secret) {
				t.Fatalf("the sealed column shows %q in clear", secret)
			}
		}

		// Another SECRET_KEY cannot open it: the sender gives up on it.
		other, err := mailpkg.NewQueue(mailpkg.QueueConfig{Store: s, SecretKey: strings.Repeat("x", 40), Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		tr := &recorder{}
		logger, logs := captureLogger()
		mailpkg.NewSender(mailpkg.SenderConfig{Queue: other, Transport: tr, Logger: logger}).SendDue(ctx)
		if len(tr.envelopes()) != 0 {
			t.Fatal("a message sealed under another key was sent")
		}
		rec, _ = s.Mail(ctx, 1)
		if rec.FailedAt == nil || rec.Sealed != "" {
			t.Fatalf("unreadable message not abandoned: %+v", rec)
		}
		if !strings.Contains(logs.String(), "mail_id=1") || !strings.Contains(logs.String(), "kind=confirm-email") {
			t.Fatalf("giving up was not logged with the id and kind:\n%s", logs)
		}
	})
}

func TestNewQueueRefusesShortKey(t *testing.T) {
	if _, err := mailpkg.NewQueue(mailpkg.QueueConfig{Store: testenv.SQLiteStore(t), SecretKey: "short"}); err == nil {
		t.Fatal("NewQueue accepted a short secret key")
	}
}
