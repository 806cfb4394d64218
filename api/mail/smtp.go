package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"syscall"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTPConfig configures the SMTP transport.
type SMTPConfig struct {
	// URL is config.SMTPURL: smtp://[user:password@]host[:port] (STARTTLS
	// required, port 587 by default; with ?tls=opportunistic, STARTTLS when
	// the server offers it and clear text otherwise) or smtps://… (TLS from
	// the first byte, port 465 by default).
	URL       string
	TLSConfig *tls.Config   // trusted roots and such; the system's when nil
	Timeout   time.Duration // connection timeout; 30 s when zero
}

// ErrUnreachable is what a transport returns when it cannot reach its
// server at all (refused, reset, timed out): an outage, not a fault of the
// message, so the message waits without counting an attempt.
var ErrUnreachable = errors.New("mail: server unreachable")

// SMTP sends messages through an SMTP server with go-mail.
type SMTP struct {
	host string
	opts []gomail.Option
}

// NewSMTP returns an SMTP transport for the server the URL names.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil || u.Hostname() == "" || (u.Scheme != "smtp" && u.Scheme != "smtps") {
		return nil, fmt.Errorf("mail: SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465")
	}
	opportunistic := false
	if q := u.Query(); len(q) > 0 {
		if len(q) > 1 || u.Scheme != "smtp" || q.Get("tls") != "opportunistic" {
			return nil, fmt.Errorf("mail: SMTP_URL's one option is ?tls=opportunistic, on smtp:// only")
		}
		opportunistic = true
	}
	host := u.Hostname()
	port := 587
	if u.Scheme == "smtps" {
		port = 465
	}
	if p := u.Port(); p != "" {
		port, err = strconv.Atoi(p)
		if err != nil || port < 1 || port > 65535 {
			return nil, fmt.Errorf("mail: SMTP_URL has an invalid port")
		}
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	tlsConfig := &tls.Config{MinVersion: tls.VersionTLS12}
	if cfg.TLSConfig != nil {
		tlsConfig = cfg.TLSConfig.Clone()
	}
	if tlsConfig.ServerName == "" {
		tlsConfig.ServerName = host
	}
	opts := []gomail.Option{
		gomail.WithPort(port),
		gomail.WithTimeout(cfg.Timeout),
		gomail.WithTLSConfig(tlsConfig),
	}
	// Mail carries confirmation links and reset codes: it crosses the
	// network encrypted unless the URL says the server cannot.
	switch {
	case u.Scheme == "smtps":
		opts = append(opts, gomail.WithSSL())
	case opportunistic:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if u.User != nil && u.User.Username() != "" {
		password, _ := u.User.Password()
		// Auto-discovery picks the strongest mechanism the server offers and
		// never sends a password in clear over an unencrypted connection.
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(password))
	}
	return &SMTP{host: host, opts: opts}, nil
}

// Send delivers one message as multipart/alternative, plain text and HTML.
func (t *SMTP) Send(ctx context.Context, e *Envelope) error {
	m := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := m.From(e.From); err != nil {
		return fmt.Errorf("mail: sender address: %w", err)
	}
	var err error
	if e.Name != "" {
		err = m.AddToFormat(e.Name, e.To)
	} else {
		err = m.To(e.To)
	}
	if err != nil {
		return fmt.Errorf("mail: recipient address refused")
	}
	if e.ReplyTo != "" {
		if err := m.ReplyTo(e.ReplyTo); err != nil {
			return fmt.Errorf("mail: reply-to address refused")
		}
	}
	m.Subject(e.Subject)
	m.SetDate()
	m.SetMessageID()
	m.SetGenHeader(gomail.HeaderContentLang, string(e.Locale))
	m.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	m.SetBodyString(gomail.TypeTextPlain, e.Text)
	m.AddAlternativeString(gomail.TypeTextHTML, e.HTML)

	client, err := gomail.NewClient(t.host, t.opts...)
	if err != nil {
		return fmt.Errorf("mail: smtp client: %w", err)
	}
	conn, err := client.DialToSMTPClientWithContext(ctx)
	if err != nil {
		var netErr net.Error
		if errors.As(err, &netErr) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) {
			return fmt.Errorf("%w: %w", ErrUnreachable, err)
		}
		return fmt.Errorf("mail: smtp: %w", err)
	}
	err = client.SendWithSMTPClient(conn, m)
	if closeErr := client.CloseWithSMTPClient(conn); err == nil && closeErr != nil {
		// The message was accepted before the connection failed to close.
		return nil
	}
	if err != nil {
		return fmt.Errorf("mail: smtp: %w", err)
	}
	return nil
}
