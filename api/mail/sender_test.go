package mail_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	mailpkg "noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func TestSenderSends(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := newClock()
		q := newQueue(t, s, c)
		tr := &recorder{}
		logger, logs := captureLogger()
		sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, From: "Noorvale Assurance <no-reply@noorvale.example>", Logger: logger})
		msg := resetCode()
		msg.Locale = "ar"
		if err := q.Enqueue(ctx, msg); err != nil {
			t.Fatal(err)
		}
		if n := sender.SendDue(ctx); n != 1 {
			t.Fatalf("sent %d, want 1", n)
		}
		got := tr.envelopes()
		if len(got) != 1 {
			t.Fatalf("transport got %d messages", len(got))
		}
		e := got[0]
		if e.From != "Noorvale Assurance <no-reply@noorvale.example>" || e.To != msg.To || e.Name != msg.Name ||
			e.Kind != mailpkg.KindResetCode || e.Locale != "ar" || e.Subject != "رمز إعادة تعيين كلمة المرور" ||
			!strings.Contains(e.Text, "493817") || !strings.Contains(e.HTML, "493817") {
			t.Fatalf("envelope %+v", e)
		}
		rec, err := s.Mail(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if rec.SentAt == nil || rec.Sealed != "" || rec.Kind != "reset-code" {
			t.Fatalf("after sending: %+v", rec)
		}
		// Nothing more to send: a second pass sends nothing again.
		if n := sender.SendDue(ctx); n != 0 || len(tr.envelopes()) != 1 {
			t.Fatalf("second pass sent %d", n)
		}
		assertNoSecrets(t, logs.String(), msg)
	})
}

func TestSenderSendsFromTheAddressAMessageNames(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		q := newQueue(t, s, newClock())
		tr := &recorder{}
		sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, From: "Noorvale Assurance <no-reply@noorvale.example>", Logger: discardLogger()})
		reply := mailpkg.Message{
			To: "nadia@desertrose.example", Locale: "en", Kind: mailpkg.KindInboxReply,
			From: "dubai@noorvale.example", ReplyTo: "sami@noorvale.example",
			Data: map[string]string{"topic": "Your message to our Dubai office", "body": "We will call you on Monday.", "signature": "Sami Nasser"},
		}
		for _, m := range []mailpkg.Message{reply, resetCode()} {
			if err := q.Enqueue(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		if n := sender.SendDue(ctx); n != 2 {
			t.Fatalf("sent %d, want 2", n)
		}
		from := map[mailpkg.Kind]string{}
		for _, e := range tr.envelopes() {
			from[e.Kind] = e.From + " / " + e.ReplyTo
		}
		want := map[mailpkg.Kind]string{
			mailpkg.KindInboxReply: `"Noorvale Assurance" <dubai@noorvale.example> / sami@noorvale.example`,
			mailpkg.KindResetCode:  "Noorvale Assurance <no-reply@noorvale.example> / ",
		}
		for k, w := range want {
			if from[k] != w {
				t.Errorf("%s sent as %q, want %q", k, from[k], w)
			}
		}
	})
	for _, bad := range []string{"Sales <dubai@noorvale.example>", "dubai@noorvale.example\r\nBcc: x@example.com", "not an address"} {
		m := mailpkg.Message{To: "r@example.com", Kind: mailpkg.KindAccountDeleted, From: bad}
		if _, err := mailpkg.Render(m); !errors.Is(err, mailpkg.ErrInvalidMessage) {
			t.Errorf("From %q: %v, want refused", bad, err)
		}
	}
}

// assertNoSecrets fails when the text holds the message's recipient, name
// or data.
func assertNoSecrets(t *testing.T, text string, m mailpkg.Message) {
	t.Helper()
	secrets := []string{m.To, m.Name}
	for _, v := range m.Data {
		if len(v) >= 4 {
			secrets = append(secrets, v)
		}
	}
	for _, v := range secrets {
		if strings.Contains(text, v) {
			t.Fatalf("%q leaked into:\n%s", v, text)
		}
	}
}

// leakyError is a transport error quoting what it was given, as some
// servers' answers do.
type leakyTransport struct{ calls int }

func (l *leakyTransport) Send(_ context.Context, e *mailpkg.Envelope) error {
	l.calls++
	return fmt.Errorf("550 rejected <%s> %s: %s", e.To, e.Name, e.Text)
}

func TestSenderRetriesWithBackoffThenGivesUp(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := newClock()
		q := newQueue(t, s, c)
		tr := &leakyTransport{}
		logger, logs := captureLogger()
		sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, From: "no-reply@noorvale.example", Logger: logger})
		msg := mailpkg.Message{To: "sam.carter@example.com", Name: "Sam Carter", Locale: "en", Kind: mailpkg.KindConfirmEmail,
			Data: map[string]string{"link": "https://noorvale.example/auth/confirm-email/Q0xFQVJMWS1TRUNSRVQ", "hours": "24"}}
		if err := q.Enqueue(ctx, msg); err != nil {
			t.Fatal(err)
		}
		start := c.Now()

		// Waits double from 30 s and stop growing at an hour.
		wantWaits := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
			16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour}
		for i, wait := range wantWaits {
			sender.SendDue(ctx)
			if tr.calls != i+1 {
				t.Fatalf("attempt %d: transport called %d times", i+1, tr.calls)
			}
			rec, err := s.Mail(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Attempts != i+1 || !rec.NextAttemptAt.Equal(c.Now().Add(wait)) || rec.SentAt != nil || rec.FailedAt != nil {
				t.Fatalf("after failure %d: attempts %d, next in %v; want next in %v", i+1, rec.Attempts, rec.NextAttemptAt.Sub(c.Now()), wait)
			}
			assertNoSecrets(t, rec.LastError, msg)
			if !strings.Contains(rec.LastError, "550 rejected") {
				t.Fatalf("last_error %q lost the server's answer", rec.LastError)
			}
			// Not before its time.
			c.Add(wait - time.Second)
			sender.SendDue(ctx)
			if tr.calls != i+1 {
				t.Fatalf("retried %v early", time.Second)
			}
			c.Add(time.Second)
		}

		// Three days after it was queued, the sender gives up.
		c.Add(72*time.Hour - c.Now().Sub(start))
		sender.SendDue(ctx)
		rec, err := s.Mail(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if rec.FailedAt == nil || rec.Sealed != "" {
			t.Fatalf("not abandoned after three days: %+v", rec)
		}
		calls := tr.calls
		c.Add(24 * time.Hour)
		sender.SendDue(ctx)
		if tr.calls != calls {
			t.Fatal("an abandoned message was tried again")
		}
		log := logs.String()
		if !strings.Contains(log, "gave up on an e-mail") || !strings.Contains(log, "mail_id=1") || !strings.Contains(log, "kind=confirm-email") {
			t.Fatalf("giving up not logged with id and kind:\n%s", log)
		}
		assertNoSecrets(t, log, msg)
	})
}

func TestSenderWakesOnEnqueue(t *testing.T) {
	s := testenv.SQLiteStore(t)
	q := newQueue(t, s, nil)
	tr := &recorder{}
	// Polling is an hour away: only the wake-up can send in time.
	sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, From: "no-reply@noorvale.example",
		Logger: discardLogger(), PollInterval: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); sender.Run(ctx) }()
	defer func() { cancel(); <-done }()

	for i := range 3 {
		if err := q.Enqueue(context.Background(), resetCode()); err != nil {
			t.Fatal(err)
		}
		testenv.Eventually(t, "the message to be sent", func() bool { return len(tr.envelopes()) == i+1 })
	}
}

func TestSenderStops(t *testing.T) {
	s := testenv.SQLiteStore(t)
	q := newQueue(t, s, nil)
	sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: &recorder{}, Logger: discardLogger()})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); sender.Run(ctx) }()
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}

// TestSenderWithoutTransport is production without SMTP_URL: one warning,
// and messages wait in the queue.
func TestSenderWithoutTransport(t *testing.T) {
	s := testenv.SQLiteStore(t)
	q := newQueue(t, s, nil)
	logger, logs := captureLogger()
	sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Logger: logger})
	if err := q.Enqueue(context.Background(), resetCode()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); sender.Run(ctx) }()
	testenv.Eventually(t, "the start-up warning", func() bool { return strings.Contains(logs.String(), "SMTP_URL is not set") })
	if err := q.Enqueue(context.Background(), resetCode()); err != nil {
		t.Fatal(err)
	}
	cancel()
	<-done
	if n := strings.Count(logs.String(), "SMTP_URL is not set"); n != 1 {
		t.Fatalf("warned %d times, want once", n)
	}
	if n, _ := s.PendingMail(context.Background()); n != 2 {
		t.Fatalf("%d messages pending, want 2", n)
	}
}

func TestSenderCleanup(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := newClock()
		q := newQueue(t, s, c)
		tr := &recorder{}
		sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, Logger: discardLogger()})
		for range 2 {
			if err := q.Enqueue(ctx, resetCode()); err != nil {
				t.Fatal(err)
			}
		}
		sender.SendDue(ctx)
		c.Add(29 * 24 * time.Hour)
		if err := q.Enqueue(ctx, resetCode()); err != nil {
			t.Fatal(err)
		}
		sender.SendDue(ctx)
		c.Add(24*time.Hour + time.Second)
		sender.Cleanup(ctx)
		if _, err := s.Mail(ctx, 1); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a 30-day-old sent message was kept: %v", err)
		}
		if _, err := s.Mail(ctx, 3); err != nil {
			t.Fatalf("a recent sent message was deleted: %v", err)
		}
	})
}

// countingTransport counts deliveries per recipient.
type countingTransport struct {
	mu    sync.Mutex
	count map[string]int
}

func (c *countingTransport) Send(_ context.Context, e *mailpkg.Envelope) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.count[e.To]++
	return nil
}

func (c *countingTransport) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.count {
		n += v
	}
	return n
}

// TestTwoSendersSendEachMessageOnce runs two queues and senders, as two
// replicas would, over one database: every message arrives exactly once.
func TestTwoSendersSendEachMessageOnce(t *testing.T) {
	run := func(t *testing.T, a, b *store.Store) {
		tr := &countingTransport{count: map[string]int{}}
		queues := []*mailpkg.Queue{newQueue(t, a, nil), newQueue(t, b, nil)}
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for _, q := range queues {
			sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, Logger: discardLogger(), PollInterval: 10 * time.Millisecond})
			wg.Add(1)
			go func() { defer wg.Done(); sender.Run(ctx) }()
		}
		const messages = 60
		for i := range messages {
			m := resetCode()
			m.To = fmt.Sprintf("user%d@example.com", i)
			if err := queues[i%2].Enqueue(context.Background(), m); err != nil {
				t.Fatal(err)
			}
		}
		testenv.Eventually(t, "every message to be sent", func() bool {
			n, err := a.PendingMail(context.Background())
			return err == nil && n == 0
		})
		cancel()
		wg.Wait()
		if got := tr.total(); got != messages {
			t.Fatalf("%d deliveries for %d messages", got, messages)
		}
		for to, n := range tr.count {
			if n != 1 {
				t.Fatalf("%s got the message %d times", to, n)
			}
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "site.db")
		a, b := openStore(t, store.SQLite, file), openStore(t, store.SQLite, file)
		run(t, a, b)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := testenv.PostgresDSN(t)
		a, b := openStore(t, store.Postgres, dsn), openStore(t, store.Postgres, dsn)
		run(t, a, b)
	})
}

func openStore(t *testing.T, driver, dsn string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// completer writes reset codes for the one address it knows, and fails
// while down.
type completer struct {
	known string
	down  bool
	calls int
}

func (c *completer) CompleteMail(_ context.Context, m mailpkg.Message) (mailpkg.Message, bool, error) {
	c.calls++
	if c.down {
		return m, false, errRefused
	}
	if m.To != c.known {
		return m, false, nil
	}
	done := resetCode()
	done.To = m.To
	return done, true, nil
}

// A request is written by the completer as it is sent: sent as the e-mail
// it became, closed quietly when it needed none, retried when the
// completer failed, and given up when there is no completer.
func TestSenderCompletesRequests(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := newClock()
		q := newQueue(t, s, c)
		tr := &recorder{}
		logger, logs := captureLogger()
		comp := &completer{known: "layla.haddad@example.com", down: true}
		sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, Completer: comp, From: "no-reply@noorvale.example", Logger: logger})
		request := func(to string) mailpkg.Message {
			return mailpkg.Message{To: to, Locale: "fr", Kind: mailpkg.KindResetRequest, Data: map[string]string{"asked": "1795338000000"}}
		}
		for _, to := range []string{"layla.haddad@example.com", "nobody@example.com"} {
			if err := q.Enqueue(ctx, request(to)); err != nil {
				t.Fatal(err)
			}
		}

		// The completer is down: both wait for another attempt.
		if n := sender.SendDue(ctx); n != 0 || comp.calls != 2 || len(tr.envelopes()) != 0 {
			t.Fatalf("completer down: sent %d, %d calls", n, comp.calls)
		}
		for id := int64(1); id <= 2; id++ {
			if rec, err := s.Mail(ctx, id); err != nil || rec.Attempts != 1 || rec.FailedAt != nil || rec.SentAt != nil {
				t.Fatalf("request %d after a failed completion: %+v %v", id, rec, err)
			}
		}

		comp.down = false
		c.Add(30 * time.Second)
		if n := sender.SendDue(ctx); n != 1 {
			t.Fatalf("sent %d, want 1", n)
		}
		got := tr.envelopes()
		if len(got) != 1 || got[0].To != "layla.haddad@example.com" || got[0].Kind != mailpkg.KindResetCode || !strings.Contains(got[0].Text, "493817") {
			t.Fatalf("sent %+v", got)
		}
		if rec, _ := s.Mail(ctx, 1); rec.SentAt == nil {
			t.Fatalf("the completed request is not marked sent: %+v", rec)
		}
		if rec, _ := s.Mail(ctx, 2); rec.FailedAt == nil || rec.LastError != "nothing to send" || rec.Sealed != "" {
			t.Fatalf("the request that needed no e-mail: %+v", rec)
		}
		if strings.Contains(logs.String(), "gave up") {
			t.Fatalf("a request that needed no e-mail was reported as a failure:\n%s", logs.String())
		}
		for _, addr := range []string{"nobody@example.com", "layla.haddad@example.com"} {
			if strings.Contains(logs.String(), addr) {
				t.Fatalf("%s reached the log:\n%s", addr, logs.String())
			}
		}

		// Without a completer a request cannot be written, and is given up.
		bare := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, From: "no-reply@noorvale.example", Logger: discardLogger()})
		if err := q.Enqueue(ctx, request("layla.haddad@example.com")); err != nil {
			t.Fatal(err)
		}
		if n := bare.SendDue(ctx); n != 0 {
			t.Fatalf("sent %d requests without a completer", n)
		}
		if rec, _ := s.Mail(ctx, 3); rec.FailedAt == nil {
			t.Fatalf("a request without a completer: %+v", rec)
		}
	})
}
