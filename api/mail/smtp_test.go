package mail_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	mailpkg "noorvale.example/site/api/mail"
)

// received is one message the test SMTP server accepted.
type received struct {
	from, to string
	auth     string // "user:password" when the client authenticated
	tls      bool   // whether the session was encrypted when DATA came
	data     string
}

// smtpServer is a minimal SMTP server for tests: EHLO, STARTTLS (when it
// has a certificate), AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
type smtpServer struct {
	ln       net.Listener
	tls      *tls.Config // offered through STARTTLS, or spoken from the first byte when implicit
	implicit bool
	mu       sync.Mutex
	got      []received
}

func startSMTP(t *testing.T, cfg *tls.Config, implicit bool) *smtpServer {
	t.Helper()
	var ln net.Listener
	var err error
	if implicit {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", cfg)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{ln: ln, tls: cfg, implicit: implicit}
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

func (s *smtpServer) addr() string { return s.ln.Addr().String() }

func (s *smtpServer) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	encrypted := s.implicit
	r := bufio.NewReader(c)
	w := bufio.NewWriter(c)
	reply := func(lines ...string) {
		for _, l := range lines {
			_, _ = w.WriteString(l + "\r\n")
		}
		_ = w.Flush()
	}
	reply("220 test.example ESMTP")
	var cur received
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0])
		switch verb {
		case "EHLO", "HELO":
			ext := []string{"250-test.example", "250-8BITMIME", "250-SMTPUTF8"}
			if s.tls != nil && !encrypted {
				ext = append(ext, "250-STARTTLS")
			}
			if encrypted {
				ext = append(ext, "250-AUTH PLAIN")
			}
			ext = append(ext, "250 SIZE 10240000")
			reply(ext...)
		case "STARTTLS":
			reply("220 go ahead")
			tc := tls.Server(c, s.tls)
			if err := tc.Handshake(); err != nil {
				return
			}
			c, encrypted = tc, true
			r, w = bufio.NewReader(tc), bufio.NewWriter(tc)
		case "AUTH":
			parts := strings.Fields(line)
			if len(parts) != 3 || strings.ToUpper(parts[1]) != "PLAIN" {
				reply("504 unsupported")
				continue
			}
			raw, _ := base64.StdEncoding.DecodeString(parts[2])
			f := strings.Split(string(raw), "\x00")
			if len(f) != 3 {
				reply("535 bad credentials")
				continue
			}
			cur.auth = f[1] + ":" + f[2]
			reply("235 ok")
		case "MAIL":
			cur.from = line
			reply("250 ok")
		case "RCPT":
			cur.to = line
			reply("250 ok")
		case "DATA":
			reply("354 go on")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			cur.data, cur.tls = b.String(), encrypted
			s.mu.Lock()
			s.got = append(s.got, cur)
			s.mu.Unlock()
			cur = received{auth: cur.auth}
			reply("250 queued")
		case "RSET", "NOOP":
			reply("250 ok")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("502 unknown")
		}
	}
}

// testCert returns a server certificate for 127.0.0.1 and a client
// configuration that trusts it.
func testCert(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "127.0.0.1"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	server = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}, MinVersion: tls.VersionTLS12}
	client = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	return server, client
}

// parsed is a received message taken apart.
type parsed struct {
	header      mail.Header
	subject     string
	text, html  string
	contentType string
}

func parseMessage(t *testing.T, data string) parsed {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(data))
	if err != nil {
		t.Fatalf("received message unreadable: %v\n%s", err, data)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	p := parsed{header: msg.Header, subject: subject, contentType: msg.Header.Get("Content-Type")}
	mediaType, params, err := mime.ParseMediaType(p.contentType)
	if err != nil || mediaType != "multipart/alternative" {
		t.Fatalf("Content-Type = %q, want multipart/alternative", p.contentType)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var body io.Reader = part
		switch strings.ToLower(part.Header.Get("Content-Transfer-Encoding")) {
		case "quoted-printable":
			body = quotedprintable.NewReader(part)
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, part)
		}
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		ct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		switch ct {
		case "text/plain":
			p.text = string(b)
		case "text/html":
			p.html = string(b)
		}
	}
	return p
}

// TestSMTP sends through each kind of connection a real SMTP server
// accepts and checks what arrives.
func TestSMTP(t *testing.T) {
	serverTLS, clientTLS := testCert(t)
	cases := []struct {
		name     string
		tls      *tls.Config
		implicit bool
		scheme   string
		userinfo string
		query    string
		wantTLS  bool
		wantAuth string
	}{
		{name: "plain smtp where the URL allows it", scheme: "smtp", query: "?tls=opportunistic"},
		{name: "STARTTLS where the URL allows clear text", tls: serverTLS, scheme: "smtp", query: "?tls=opportunistic", wantTLS: true},
		{name: "STARTTLS without a password", tls: serverTLS, scheme: "smtp", wantTLS: true},
		{name: "STARTTLS with a password", tls: serverTLS, scheme: "smtp", userinfo: "mailer:s3cret%20pass@", wantTLS: true, wantAuth: "mailer:s3cret pass"},
		{name: "implicit TLS", tls: serverTLS, implicit: true, scheme: "smtps", userinfo: "mailer:pw@", wantTLS: true, wantAuth: "mailer:pw"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := startSMTP(t, tc.tls, tc.implicit)
			transport, err := mailpkg.NewSMTP(mailpkg.SMTPConfig{
				URL:       tc.scheme + "://" + tc.userinfo + srv.addr() + tc.query,
				TLSConfig: clientTLS,
				Timeout:   5 * time.Second,
			})
			if err != nil {
				t.Fatal(err)
			}
			s := testenv.SQLiteStore(t)
			q := newQueue(t, s, nil)
			sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: transport, From: "Noorvale Assurance <no-reply@noorvale.example>", Logger: discardLogger()})
			link := "https://noorvale.example/fr/auth/confirm-email/Zm9vYmFyYmF6"
			if err := q.Enqueue(context.Background(), mailpkg.Message{
				To: "claire@example.com", Name: "Claire Dubois", Locale: "fr", Kind: mailpkg.KindConfirmEmail,
				Data: map[string]string{"link": link, "hours": "24"},
			}); err != nil {
				t.Fatal(err)
			}
			if n := sender.SendDue(context.Background()); n != 1 {
				t.Fatalf("sent %d messages, want 1", n)
			}
			got := srv.messages()
			if len(got) != 1 {
				t.Fatalf("server received %d messages, want 1", len(got))
			}
			m := got[0]
			if m.tls != tc.wantTLS || m.auth != tc.wantAuth {
				t.Fatalf("session: tls %v auth %q; want tls %v auth %q", m.tls, m.auth, tc.wantTLS, tc.wantAuth)
			}
			if !strings.Contains(m.from, "<no-reply@noorvale.example>") || !strings.Contains(m.to, "<claire@example.com>") {
				t.Fatalf("envelope: %q %q", m.from, m.to)
			}
			p := parseMessage(t, m.data)
			from, err := mail.ParseAddress(p.header.Get("From"))
			if err != nil || from.Address != "no-reply@noorvale.example" || from.Name != "Noorvale Assurance" {
				t.Fatalf("From = %q", p.header.Get("From"))
			}
			to, err := mail.ParseAddress(p.header.Get("To"))
			if err != nil || to.Address != "claire@example.com" || to.Name != "Claire Dubois" {
				t.Fatalf("To = %q", p.header.Get("To"))
			}
			if p.subject != "Confirmez votre adresse e-mail" {
				t.Fatalf("Subject = %q", p.subject)
			}
			if p.header.Get("Date") == "" || p.header.Get("Message-Id") == "" || p.header.Get("Content-Language") != "fr" {
				t.Fatalf("headers: %v", p.header)
			}
			if strings.Contains(m.data, "go-mail") {
				t.Fatal("the message names the mail library")
			}
			for _, body := range []string{p.text, p.html} {
				if !strings.Contains(body, link) || !strings.Contains(body, "Claire Dubois") {
					t.Fatalf("a body lacks the link or the name:\n%s", body)
				}
			}
			if !strings.Contains(p.html, `<html lang="fr" dir="ltr">`) || !strings.Contains(p.text, "Confirmer mon adresse e-mail") {
				t.Fatalf("bodies not in French:\n%s\n%s", p.text, p.html)
			}
		})
	}
}

// TestSMTPRefusesClearText: to a server that offers no STARTTLS, a plain
// smtp:// URL sends nothing, neither a password nor a message, which the
// queue then reschedules.
func TestSMTPRefusesClearText(t *testing.T) {
	srv := startSMTP(t, nil, false)
	for _, userinfo := range []string{"mailer:pw@", ""} {
		transport, err := mailpkg.NewSMTP(mailpkg.SMTPConfig{URL: "smtp://" + userinfo + srv.addr(), Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		err = transport.Send(context.Background(), &mailpkg.Envelope{
			From: "no-reply@noorvale.example", To: "a@example.com", Subject: "Your code", Text: "t", HTML: "<p>t</p>",
		})
		if err == nil {
			t.Fatalf("smtp://%s: sent over an unencrypted connection", userinfo)
		}
	}
	if len(srv.messages()) != 0 {
		t.Fatal("the server received a message")
	}
}

func TestNewSMTPRefusesBadURLs(t *testing.T) {
	for _, u := range []string{"", "http://mail.example", "smtp://", "smtp://host:99999", "mail.example:25",
		"smtp://host:25?tls=off", "smtps://host:465?tls=opportunistic", "smtp://host:25?tls=opportunistic&x=1"} {
		if _, err := mailpkg.NewSMTP(mailpkg.SMTPConfig{URL: u}); err == nil {
			t.Errorf("NewSMTP(%q) accepted", u)
		}
	}
}
