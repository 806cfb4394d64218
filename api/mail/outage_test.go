package mail_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"testing"

	"noorvale.example/site/api/internal/testenv"
	mailpkg "noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// flaky is a mail server that may be away: while down it is not reached
// at all, and it counts the connections tried.
type flaky struct {
	recorder
	mu    sync.Mutex
	down  bool
	tries int
}

func (f *flaky) Send(ctx context.Context, e *mailpkg.Envelope) error {
	f.mu.Lock()
	f.tries++
	down := f.down
	f.mu.Unlock()
	if down {
		return fmt.Errorf("%w: dial tcp 127.0.0.1:25: connect: connection refused", mailpkg.ErrUnreachable)
	}
	return f.recorder.Send(ctx, e)
}

// While the mail server cannot be reached, queued mail waits without
// spending its attempts, one connection is tried per pass rather than one
// per message, and once the server is back every message goes out once.
func TestUnreachableServerSpendsNoAttempts(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := newClock()
		q := newQueue(t, s, c)
		tr := &flaky{down: true}
		logger, logs := captureLogger()
		sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: tr, Logger: logger})
		const queued = 3
		for range queued {
			if err := q.Enqueue(ctx, resetCode()); err != nil {
				t.Fatal(err)
			}
		}
		for pass := 1; pass <= 2; pass++ {
			if n := sender.SendDue(ctx); n != 0 {
				t.Fatalf("pass %d sent %d with the server away", pass, n)
			}
			tr.mu.Lock()
			tries := tr.tries
			tr.mu.Unlock()
			if tries != pass {
				t.Fatalf("pass %d: %d connections tried, want one a pass", pass, tries)
			}
		}
		for id := int64(1); id <= queued; id++ {
			rec, err := s.Mail(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Attempts != 0 || rec.ClaimedUntil != nil || rec.SentAt != nil || rec.FailedAt != nil {
				t.Fatalf("message %d after the outage: %+v", id, rec)
			}
		}

		tr.mu.Lock()
		tr.down = false
		tr.mu.Unlock()
		if n := sender.SendDue(ctx); n != queued {
			t.Fatalf("server back: sent %d, want %d", n, queued)
		}
		if n := sender.SendDue(ctx); n != 0 || len(tr.envelopes()) != queued {
			t.Fatalf("a second pass sent %d more; %d delivered in all", n, len(tr.envelopes()))
		}
		assertNoSecrets(t, logs.String(), resetCode())
	})
}

// The SMTP transport tells an unreachable server from a refused message.
func TestSMTPReportsUnreachableServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close() // nothing listens there now
	tr, err := mailpkg.NewSMTP(mailpkg.SMTPConfig{URL: "smtp://" + addr + "?tls=opportunistic"})
	if err != nil {
		t.Fatal(err)
	}
	err = tr.Send(context.Background(), &mailpkg.Envelope{From: "no-reply@noorvale.example", To: "someone@example.com",
		Subject: "Hello", Text: "Hello", HTML: "<p>Hello</p>", Locale: "en"})
	if !errors.Is(err, mailpkg.ErrUnreachable) {
		t.Fatalf("send to a closed port: %v, want ErrUnreachable", err)
	}
}
