package forms

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// flakySMTP is a minimal SMTP server that, while down, answers every
// connection with 421 and hangs up, and otherwise accepts messages.
type flakySMTP struct {
	ln   net.Listener
	down atomic.Bool
	mu   sync.Mutex
	got  []string // RCPT TO of every accepted message
}

func startFlakySMTP(t *testing.T) *flakySMTP {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &flakySMTP{ln: ln}
	s.down.Store(true)
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *flakySMTP) received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got...)
}

func (s *flakySMTP) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	w := bufio.NewWriter(c)
	reply := func(line string) { _, _ = w.WriteString(line + "\r\n"); _ = w.Flush() }
	if s.down.Load() {
		reply("421 test.example Service not available, closing transmission channel")
		return
	}
	reply("220 test.example ESMTP")
	r := bufio.NewReader(c)
	var rcpt string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		switch verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0]); verb {
		case "EHLO", "HELO":
			_, _ = w.WriteString("250-test.example\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")
			_ = w.Flush()
		case "MAIL":
			reply("250 OK")
		case "RCPT":
			rcpt = strings.Trim(strings.TrimPrefix(strings.ToUpper(line[:min(len(line), 8)]), "RCPT TO:")+line[min(len(line), 8):], " <>")
			reply("250 OK")
		case "DATA":
			reply("354 go ahead")
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
			}
			s.mu.Lock()
			s.got = append(s.got, rcpt)
			s.mu.Unlock()
			reply("250 queued")
		case "RSET", "NOOP":
			reply("250 OK")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("502 not implemented")
		}
	}
}

// TestMailServerDownThenUp submits a form while the mail server refuses
// every connection: the submission is stored and the visitor told it
// arrived; once the server is back, the real sender delivers both e-mails.
func TestMailServerDownThenUp(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		srv := startFlakySMTP(t)
		clk := testenv.NewClock(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
		queue, err := mail.NewQueue(mail.QueueConfig{Store: s, SecretKey: testSecret, Now: clk.Now})
		if err != nil {
			t.Fatal(err)
		}
		transport, err := mail.NewSMTP(mail.SMTPConfig{URL: "smtp://" + srv.ln.Addr().String() + "?tls=opportunistic", Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		sender := mail.NewSender(mail.SenderConfig{Queue: queue, Transport: transport, From: "Noorvale Assurance <no-reply@noorvale.example>",
			Logger: logger, MinBackoff: 30 * time.Second})
		h := newHarness(t, s, func(c *Config) { c.Mail = queue; c.Now = clk.Now })

		res := h.postJSON("/api/forms/contact/dubai?lang=ar", validContact(), "")
		if res.status != 200 || !res.env.IsSuccess {
			t.Fatalf("status %d %s", res.status, res.body)
		}
		if subs := h.submissions(); len(subs) != 1 || subs[0].Kind != KindContact {
			t.Fatalf("submission not stored: %+v", subs)
		}
		ctx := context.Background()
		if n := sender.SendDue(ctx); n != 0 {
			t.Fatalf("sent %d while the server was down", n)
		}
		if pending, err := s.PendingMail(ctx); err != nil || pending != 2 {
			t.Fatalf("pending mail %d, %v; want 2", pending, err)
		}

		srv.down.Store(false)
		clk.Advance(31 * time.Second) // past the first back-off
		if n := sender.SendDue(ctx); n != 2 {
			t.Fatalf("sent %d after the server came back, want 2", n)
		}
		got := strings.Join(srv.received(), " ")
		if !strings.Contains(got, "dubai@noorvale.example") || !strings.Contains(got, "nadia@example.com") {
			t.Fatalf("server received mail for %q", got)
		}
		if pending, err := s.PendingMail(ctx); err != nil || pending != 0 {
			t.Fatalf("pending mail %d, %v; want 0", pending, err)
		}
		if subs := h.submissions(); len(subs) != 1 {
			t.Fatalf("%d submissions after delivery", len(subs))
		}
	})
}
