package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"noorvale.example/site/api/endpoint"
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

// Every queued message records a keyed hash of its recipient, whichever way
// it reaches the queue, so erasure finds a person's mail; the address stays
// sealed, and the hash is the same for the address however it was typed.
func TestQueueRecordsRecipientHash(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		q := newQueue(t, s, newClock())
		keys := endpoint.NewKeys(testSecret)
		want := keys.Recipient("layla.haddad@example.com")
		notice := func(to string) mailpkg.Message {
			return mailpkg.Message{To: to, Locale: "en", Kind: mailpkg.KindAccountDeleted}
		}
		cases := []struct {
			name    string
			enqueue func() (int64, error)
			want    string
		}{
			{"enqueued", func() (int64, error) { return 0, q.Enqueue(ctx, notice("layla.haddad@example.com")) }, want},
			{"enqueued in capitals", func() (int64, error) { return 0, q.Enqueue(ctx, notice("Layla.Haddad@Example.COM")) }, want},
			{"sealed with a record", func() (int64, error) {
				m, err := q.Seal(notice("layla.haddad@example.com"))
				if err != nil {
					return 0, err
				}
				if m.RecipientHash != want {
					return 0, errors.New("Seal gave another hash")
				}
				err = s.CreateSubmission(ctx, &store.Submission{Kind: "inquiry", Locale: "en", Data: "{}"},
					func(*store.Submission) []store.OutgoingMail { return []store.OutgoingMail{m} })
				return 0, err
			}, want},
			{"another address", func() (int64, error) { return 0, q.Enqueue(ctx, notice("omar@example.com")) }, keys.Recipient("omar@example.com")},
			{"the firm's notification of her form", func() (int64, error) {
				return 0, q.Enqueue(ctx, mailpkg.Message{To: "info@noorvale.example", ReplyTo: "Layla.Haddad@example.com", Locale: "en",
					Kind: mailpkg.KindFormNotification, Data: map[string]string{"form": "Inquiry", "reference": "#7", "fields": "Name: Layla"}})
			}, want},
		}
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				if _, err := tc.enqueue(); err != nil {
					t.Fatal(err)
				}
				rec, err := s.Mail(ctx, int64(i+1))
				if err != nil {
					t.Fatal(err)
				}
				if rec.RecipientHash != tc.want || len(rec.RecipientHash) != 64 {
					t.Fatalf("recipient hash %q, want %q", rec.RecipientHash, tc.want)
				}
				if strings.Contains(strings.ToLower(rec.Sealed), "layla") || strings.Contains(rec.Sealed, rec.RecipientHash) {
					t.Fatal("the sealed column shows the recipient")
				}
			})
		}
		if want == endpoint.NewKeys(strings.Repeat("x", 40)).Recipient("layla.haddad@example.com") {
			t.Fatal("the hash does not depend on the secret key")
		}
		pending, err := s.PendingMailTo(ctx, want)
		if err != nil || len(pending) != 4 {
			t.Fatalf("pending mail to the address: %d, %v", len(pending), err)
		}
		// Erasing the address's mail leaves the other's.
		if n, err := s.ErasePendingMailTo(ctx, want); err != nil || n != 4 {
			t.Fatalf("erased %d, %v", n, err)
		}
		if n, _ := s.PendingMail(ctx); n != 1 {
			t.Fatalf("%d messages left, want 1", n)
		}
	})
}
