package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/mail"
	"strings"
	"sync"

	"github.com/emersion/go-smtp"
)

// delivery is one message the mail server accepted.
type delivery struct {
	To      []string
	ReplyTo string
}

// mailSink is a real SMTP server (go-smtp) on a fixed loopback port that
// keeps what it receives; it can be stopped, so that the port refuses
// connections, and started again on the same port.
type mailSink struct {
	addr string

	mu       sync.Mutex
	srv      *smtp.Server
	received []delivery
	arrived  chan struct{} // signalled after each message
}

func newMailSink() (*mailSink, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &mailSink{addr: ln.Addr().String(), arrived: make(chan struct{}, 1)}
	s.serve(ln)
	return s, nil
}

// URL is the SMTP_URL of the sink: clear text on loopback.
func (s *mailSink) URL() string { return "smtp://" + s.addr + "?tls=opportunistic" }

func (s *mailSink) serve(ln net.Listener) {
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sinkSession{sink: s}, nil }))
	srv.Domain = "localhost"
	srv.ErrorLog = log.New(io.Discard, "", 0)
	s.mu.Lock()
	s.srv = srv
	s.mu.Unlock()
	go func() { _ = srv.Serve(ln) }()
}

// Stop closes the server and every connection it has: the port refuses.
func (s *mailSink) Stop() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		_ = srv.Close()
	}
}

// Start serves again on the same port.
func (s *mailSink) Start() error {
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return fmt.Errorf("mail server: listen again on %s: %w", s.addr, err)
	}
	s.serve(ln)
	return nil
}

// Received returns a copy of what arrived so far.
func (s *mailSink) Received() []delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]delivery(nil), s.received...)
}

type sinkSession struct {
	sink *mailSink
	to   []string
}

func (ss *sinkSession) Reset()                               { ss.to = nil }
func (ss *sinkSession) Logout() error                        { return nil }
func (ss *sinkSession) Mail(string, *smtp.MailOptions) error { return nil }
func (ss *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, strings.ToLower(to))
	return nil
}

func (ss *sinkSession) Data(r io.Reader) error {
	msg, err := mail.ReadMessage(r)
	if err != nil {
		return errors.New("unreadable message")
	}
	_, _ = io.Copy(io.Discard, msg.Body)
	replyTo := ""
	if list, err := msg.Header.AddressList("Reply-To"); err == nil && len(list) == 1 {
		replyTo = strings.ToLower(list[0].Address)
	}
	s := ss.sink
	s.mu.Lock()
	s.received = append(s.received, delivery{To: ss.to, ReplyTo: replyTo})
	s.mu.Unlock()
	select {
	case s.arrived <- struct{}{}:
	default:
	}
	return nil
}
