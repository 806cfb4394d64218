package mail_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	mailpkg "noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

const testSecret = "0123456789abcdef0123456789abcdef-test-secret"

// clock is a fake clock tests move by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newQueue(t *testing.T, s *store.Store, c *clock) *mailpkg.Queue {
	t.Helper()
	cfg := mailpkg.QueueConfig{Store: s, SecretKey: testSecret}
	if c != nil {
		cfg.Now = c.Now
	}
	q, err := mailpkg.NewQueue(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func captureLogger() (*slog.Logger, *testenv.LogBuffer) {
	b := &testenv.LogBuffer{}
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})), b
}

// recorder is a transport that keeps what it is given, or fails with err.
type recorder struct {
	mu   sync.Mutex
	sent []*mailpkg.Envelope
	err  error
}

func (r *recorder) Send(_ context.Context, e *mailpkg.Envelope) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return r.err
	}
	r.sent = append(r.sent, e)
	return nil
}

func (r *recorder) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.err = err
}

func (r *recorder) envelopes() []*mailpkg.Envelope {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*mailpkg.Envelope(nil), r.sent...)
}

var errRefused = errors.New("connection refused")

func resetCode() mailpkg.Message {
	return mailpkg.Message{
		To: "layla.haddad@example.com", Name: "Layla Haddad", Locale: "en", Kind: mailpkg.KindResetCode,
		Data: map[string]string{"code": "493817", "minutes": "10"},
	}
}
