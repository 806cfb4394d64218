package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/mail"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// TestReplicas runs two server processes on different ports over one fresh
// PostgreSQL database, as two Kubernetes pods behind one Service, and checks
// that they behave as one site: sessions, throttles, spent captchas,
// content, e-mail and uploads are shared through the database alone.
func TestReplicas(t *testing.T) {
	dsn := testenv.PostgresDSN(t) // skips without TEST_DATABASE_URL
	root := testenv.RepoRoot(t)
	dist := testenv.DistDir(t)
	bin := buildServer(t)
	smtp := startCountingSMTP(t)

	secret := make([]byte, 32)
	_, _ = rand.Read(secret)
	env := append(os.Environ(),
		"DATABASE_URL="+dsn, "SECRET_KEY="+hex.EncodeToString(secret), "APP_ENV=development",
		"SMTP_URL=smtp://"+smtp.addr()+"?tls=opportunistic", "DIST_DIR="+dist, "BASE_URL=http://localhost:8080",
		"LOG_LEVEL=info", "AUTO_MIGRATE=false", "TRUSTED_PROXIES=", "METRICS_ALLOW=")

	// The migration Job's step, then the content, once.
	for _, cmd := range []string{"migrate", "seed"} {
		c := exec.Command(bin, cmd)
		c.Dir, c.Env = root, append(env, "DATA_DIR="+t.TempDir())
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("server %s: %v\n%s", cmd, err, out)
		}
	}
	a := startReplica(t, "A", bin, root, env)
	b := startReplica(t, "B", bin, root, env)
	for _, r := range []*replica{a, b} {
		r.await(t, 10*time.Minute, "/healthz answering 200", func() bool {
			res, err := r.get("/healthz", "")
			return err == nil && res.status == http.StatusOK
		})
	}
	st, err := store.Open(context.Background(), store.Postgres, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })

	// Accounts registered through both replicas: one confirmation e-mail each.
	users := []string{"amira@example.com", "bilal@example.com", "carmen@example.com", "dmitri@example.com"}
	const password = "correct horse battery staple 9"
	for i, email := range users {
		r := []*replica{a, b}[i%2]
		res := r.call(t, http.MethodPost, "/api/Website/Register", map[string]any{
			"firstName": "Test", "lastName": "Visitor", "email": email,
			"password": password, "confirmPassword": password, "captcha": r.solveCaptcha(t),
		}, "")
		if res.status != http.StatusOK {
			t.Fatalf("register %s on %s: %d %s", email, r.name, res.status, res.body)
		}
	}

	t.Run("each queued e-mail is sent exactly once", func(t *testing.T) {
		testenv.Eventually(t, "every confirmation e-mail sent and the queue empty", func() bool {
			n, err := st.PendingMail(context.Background())
			return err == nil && n == 0 && len(smtp.messages()) >= len(users)
		})
		got := map[string]int{}
		for _, m := range smtp.messages() {
			got[m.to]++
		}
		for _, u := range users {
			if got[u] != 1 {
				t.Errorf("%s received %d confirmation e-mails, want exactly 1", u, got[u])
			}
		}
		if len(smtp.messages()) != len(users) {
			t.Errorf("%d messages sent for %d queued", len(smtp.messages()), len(users))
		}
	})
	// Each link confirmed through the replica that did not register it.
	for i, email := range users {
		token := smtp.confirmToken(t, email)
		r := []*replica{b, a}[i%2]
		if res := r.call(t, http.MethodPost, "/api/ApplicationUser/ConfirmEmail/"+token, nil, ""); res.status != http.StatusOK {
			t.Fatalf("confirm %s on %s: %d %s", email, r.name, res.status, res.body)
		}
	}

	t.Run("a session made on one is valid on the other until logout on either", func(t *testing.T) {
		cookie := a.login(t, users[0], password, "")
		if res := b.call(t, http.MethodGet, "/api/account", nil, cookie); res.status != http.StatusOK || !strings.Contains(res.body, users[0]) {
			t.Fatalf("B with A's session: %d %s", res.status, res.body)
		}
		if res := a.call(t, http.MethodPost, "/api/account/logout", nil, cookie); res.status != http.StatusOK {
			t.Fatalf("logout on A: %d %s", res.status, res.body)
		}
		for _, r := range []*replica{a, b} {
			if res := r.call(t, http.MethodGet, "/api/account", nil, cookie); res.status != http.StatusUnauthorized {
				t.Errorf("%s after logout: %d, want 401", r.name, res.status)
			}
		}
	})

	t.Run("a brute force spread over both needs the captcha on both and spent captchas are shared", func(t *testing.T) {
		victim := users[1]
		try := func(r *replica, captcha string) result {
			return r.call(t, http.MethodPost, "/api/Website/Login", map[string]any{"email": victim, "password": "wrong password 123", "captcha": captcha}, "")
		}
		for i, r := range []*replica{a, b, a} {
			if res := try(r, ""); res.status != http.StatusUnauthorized {
				t.Fatalf("failure %d on %s: %d %s", i+1, r.name, res.status, res.body)
			}
		}
		// Three failures, two of them on A: B asks for a captcha too.
		if res := try(b, ""); res.status != http.StatusBadRequest || !strings.Contains(res.body, "captchaRequired") {
			t.Fatalf("B after three failures without a captcha: %d %s", res.status, res.body)
		}
		spent := a.solveCaptcha(t)
		if res := try(a, spent); res.status != http.StatusUnauthorized {
			t.Fatalf("failure 4 on A with a captcha: %d %s", res.status, res.body)
		}
		// The captcha A accepted is refused by B...
		if res := try(b, spent); res.status != http.StatusBadRequest || !strings.Contains(res.body, "captchaRequired") {
			t.Fatalf("B accepted a captcha A had spent: %d %s", res.status, res.body)
		}
		// ...although B accepts a fresh one that A issued.
		if res := try(b, a.solveCaptcha(t)); res.status != http.StatusUnauthorized {
			t.Fatalf("failure 5 on B with A's fresh captcha: %d %s", res.status, res.body)
		}
		// Both keep asking for the captcha after five failures, and neither
		// refuses the right password with a solved one.
		for _, r := range []*replica{a, b} {
			if res := try(r, ""); res.status != http.StatusBadRequest || !strings.Contains(res.body, "captchaRequired") {
				t.Errorf("%s after five failures without a captcha: %d %s", r.name, res.status, res.body)
			}
		}
		if res := b.call(t, http.MethodPost, "/api/Website/Login", map[string]any{"email": victim, "password": password, "captcha": a.solveCaptcha(t)}, ""); res.status != http.StatusOK {
			t.Errorf("the right password with a captcha after five failures: %d %s", res.status, res.body)
		}
	})

	t.Run("an avatar uploaded through one is served by the other", func(t *testing.T) {
		cookie := b.login(t, users[2], password, "")
		res := a.upload(t, "/api/account/avatar", avatarPNG(t), cookie)
		if res.status != http.StatusOK {
			t.Fatalf("upload on A: %d %s", res.status, res.body)
		}
		var env struct {
			Data struct {
				ProfileImageURL string `json:"profileImageUrl"`
			} `json:"data"`
		}
		if err := json.Unmarshal([]byte(res.body), &env); err != nil || env.Data.ProfileImageURL == "" {
			t.Fatalf("no picture address in %s", res.body)
		}
		fromA := a.call(t, http.MethodGet, env.Data.ProfileImageURL, nil, cookie)
		fromB := b.call(t, http.MethodGet, env.Data.ProfileImageURL, nil, cookie)
		if fromB.status != http.StatusOK || fromB.header.Get("Content-Type") != "image/png" || fromB.body != fromA.body {
			t.Fatalf("B serves the picture with %d %s (%d bytes; A: %d %d bytes)", fromB.status, fromB.header.Get("Content-Type"), len(fromB.body), fromA.status, len(fromA.body))
		}
		if _, err := png.Decode(strings.NewReader(fromB.body)); err != nil {
			t.Fatalf("B's picture is not a PNG: %v", err)
		}
	})

	t.Run("a content change reaches the other's pages", func(t *testing.T) {
		if _, err := b.WaitReady(10 * time.Minute); err != nil {
			t.Fatalf("B's first render of every page: %v", err)
		}
		entries, err := st.ContentEntries(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]any
		for _, e := range entries {
			if e.Collection == "news" && e.Locale == "en" {
				if err := json.Unmarshal([]byte(e.Body), &body); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if body == nil {
			t.Fatal("no English news story to copy")
		}
		slug := "replicas-share-one-database-" + strconv.FormatInt(time.Now().UnixNano()%1e6, 36)
		title := "Two replicas, one database " + slug[len(slug)-4:]
		body["title"] = title
		raw, _ := json.Marshal(body)
		path := "/resources/news/" + slug
		if res, _ := b.get(path, ""); res.status != http.StatusNotFound {
			t.Fatalf("%s before the change: %d", path, res.status)
		}

		changed := time.Now()
		set := store.ContentSet{Entries: append(entries, store.ContentEntry{Collection: "news", Slug: slug, Locale: "en", Body: string(raw)})}
		if _, err := st.ReplaceContent(context.Background(), set); err != nil {
			t.Fatal(err)
		}
		// B renders the documents the change touched first and serves each as
		// soon as it is rendered: the story, its cover, its sitemap entry, and
		// the cached news list and home page that show it.
		testenv.Eventually(t, "B to serve the new story and its cover, list it in its sitemap, its news list and its home page", func() bool {
			page, err := b.get(path, "")
			if err != nil || page.status != http.StatusOK || !strings.Contains(page.body, title) {
				return false
			}
			cover, err := b.get("/covers"+path+".svg", "")
			if err != nil || cover.status != http.StatusOK || !strings.HasPrefix(cover.body, "<svg") {
				return false
			}
			sitemap, err := b.get("/sitemap-en.xml", "")
			if err != nil || !strings.Contains(sitemap.body, path) {
				return false
			}
			list, err := b.get("/resources/news", "")
			if err != nil || list.status != http.StatusOK || !strings.Contains(list.body, title) {
				return false
			}
			home, err := b.get("/", "")
			return err == nil && home.status == http.StatusOK && strings.Contains(home.body, title)
		})
		t.Logf("B served the change on every page it touches %s after it", time.Since(changed).Round(time.Millisecond))
	})
}

// replica is one running server process.
type replica struct {
	*harness.Server
	name string
}

func startReplica(t *testing.T, name, bin, root string, env []string) *replica {
	t.Helper()
	srv, err := harness.StartServer(harness.ServerConfig{Bin: bin, Dir: root, Env: func() []string {
		return append(slices.Clone(env), "DATA_DIR="+t.TempDir())
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = srv.Stop(20 * time.Second)
		if t.Failed() {
			t.Logf("replica %s output:\n%s", name, srv.Output())
		}
	})
	return &replica{Server: srv, name: name}
}

// await waits for cond, failing the test at once, with the replica's
// output, when the replica exits first.
func (r *replica) await(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	if err := r.Await(limit, r.name+": "+what, cond); err != nil {
		t.Fatal(err)
	}
}

// result is an answer read whole.
type result struct {
	status int
	header http.Header
	body   string
}

var client = &http.Client{Timeout: 10 * time.Second}

func (r *replica) do(method, path string, body io.Reader, contentType, cookie string) (result, error) {
	req, err := http.NewRequest(method, r.BaseURL+path, body)
	if err != nil {
		return result{}, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := client.Do(req)
	if err != nil {
		return result{}, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return result{status: res.StatusCode, header: res.Header, body: string(data)}, err
}

func (r *replica) get(path, cookie string) (result, error) {
	return r.do(http.MethodGet, path, nil, "", cookie)
}

// call sends a JSON request and fails the test if there is no answer.
func (r *replica) call(t *testing.T, method, path string, payload any, cookie string) result {
	t.Helper()
	var body io.Reader
	ct := ""
	if payload != nil {
		data, err := json.Marshal(payload)
		if err != nil {
			t.Fatal(err)
		}
		body, ct = bytes.NewReader(data), "application/json"
	}
	res, err := r.do(method, path, body, ct, cookie)
	if err != nil {
		t.Fatalf("%s %s on %s: %v", method, path, r.name, err)
	}
	return res
}

// login signs in and returns the session cookie as a Cookie header value.
func (r *replica) login(t *testing.T, email, password, captcha string) string {
	t.Helper()
	res := r.call(t, http.MethodPost, "/api/Website/Login", map[string]any{"email": email, "password": password, "captcha": captcha}, "")
	if res.status != http.StatusOK {
		t.Fatalf("login %s on %s: %d %s", email, r.name, res.status, res.body)
	}
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		if c.Name == "session" && c.Value != "" {
			return c.Name + "=" + c.Value
		}
	}
	t.Fatalf("login on %s set no session cookie: %v", r.name, res.header)
	return ""
}

func (r *replica) upload(t *testing.T, path string, file []byte, cookie string) result {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", "me.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(file)
	_ = w.Close()
	res, err := r.do(http.MethodPost, path, &buf, w.FormDataContentType(), cookie)
	if err != nil {
		t.Fatalf("upload on %s: %v", r.name, err)
	}
	return res
}

// solveCaptcha asks the replica for an ALTCHA challenge and solves it as
// the browser widget does, returning the token a form submits.
func (r *replica) solveCaptcha(t *testing.T) string {
	t.Helper()
	res := r.call(t, http.MethodGet, "/api/captcha/challenge", nil, "")
	var env struct {
		Data struct {
			Challenge struct {
				Algorithm string `json:"algorithm"`
				Challenge string `json:"challenge"`
				MaxNumber int64  `json:"maxnumber"`
				Salt      string `json:"salt"`
				Signature string `json:"signature"`
			} `json:"challenge"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(res.body), &env); err != nil || res.status != http.StatusOK {
		t.Fatalf("captcha challenge from %s: %d %s", r.name, res.status, res.body)
	}
	ch := env.Data.Challenge
	for n := int64(0); n <= ch.MaxNumber; n++ {
		sum := sha256.Sum256([]byte(ch.Salt + strconv.FormatInt(n, 10)))
		if hex.EncodeToString(sum[:]) != ch.Challenge {
			continue
		}
		token, _ := json.Marshal(map[string]any{"algorithm": ch.Algorithm, "challenge": ch.Challenge, "number": n, "salt": ch.Salt, "signature": ch.Signature})
		return base64.StdEncoding.EncodeToString(token)
	}
	t.Fatalf("captcha from %s has no solution up to %d", r.name, ch.MaxNumber)
	return ""
}

// avatarPNG is a small picture with transparency, so it stays a PNG.
func avatarPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 40, 40))
	for y := range 40 {
		for x := range 40 {
			img.Set(x, y, color.NRGBA{R: uint8(x * 6), G: 90, B: uint8(y * 6), A: uint8(100 + x)})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// countingSMTP is a minimal SMTP server that keeps every message it is given.
type countingSMTP struct {
	ln  net.Listener
	mu  sync.Mutex
	got []smtpMessage
}

type smtpMessage struct {
	to   string
	data string
}

func startCountingSMTP(t *testing.T) *countingSMTP {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &countingSMTP{ln: ln}
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

func (s *countingSMTP) addr() string { return s.ln.Addr().String() }

func (s *countingSMTP) messages() []smtpMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]smtpMessage(nil), s.got...)
}

var angleAddr = regexp.MustCompile(`<([^>]*)>`)

func (s *countingSMTP) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	r, w := bufio.NewReader(c), bufio.NewWriter(c)
	reply := func(lines ...string) {
		for _, l := range lines {
			_, _ = w.WriteString(l + "\r\n")
		}
		_ = w.Flush()
	}
	reply("220 replicas.test ESMTP")
	var to string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		switch verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0]); verb {
		case "EHLO", "HELO":
			reply("250-replicas.test", "250-8BITMIME", "250-SMTPUTF8", "250 SIZE 10240000")
		case "MAIL", "RSET", "NOOP":
			reply("250 ok")
		case "RCPT":
			if m := angleAddr.FindStringSubmatch(line); m != nil {
				to = m[1]
			}
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
			s.mu.Lock()
			s.got = append(s.got, smtpMessage{to: to, data: b.String()})
			s.mu.Unlock()
			reply("250 queued")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("502 unknown")
		}
	}
}

var confirmLink = regexp.MustCompile(`/auth/confirm-email/([A-Za-z0-9_-]{20,})`)

// confirmToken finds the confirmation link in the e-mail sent to address.
func (s *countingSMTP) confirmToken(t *testing.T, address string) string {
	t.Helper()
	for _, m := range s.messages() {
		if m.to != address {
			continue
		}
		if found := confirmLink.FindStringSubmatch(messageText(t, m.data)); found != nil {
			return found[1]
		}
	}
	t.Fatalf("no confirmation link sent to %s", address)
	return ""
}

// messageText returns the decoded text of every part of a message.
func messageText(t *testing.T, raw string) string {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("unreadable message: %v", err)
	}
	var out strings.Builder
	var walk func(header map[string][]string, body io.Reader)
	walk = func(header map[string][]string, body io.Reader) {
		get := func(k string) string {
			if v := header[k]; len(v) > 0 {
				return v[0]
			}
			return ""
		}
		mediaType, params, _ := mime.ParseMediaType(get("Content-Type"))
		if strings.HasPrefix(mediaType, "multipart/") {
			mr := multipart.NewReader(body, params["boundary"])
			for {
				p, err := mr.NextRawPart()
				if err != nil {
					return
				}
				walk(p.Header, p)
			}
		}
		switch strings.ToLower(get("Content-Transfer-Encoding")) {
		case "quoted-printable":
			body = quotedprintable.NewReader(body)
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, body)
		}
		data, _ := io.ReadAll(body)
		out.Write(data)
		out.WriteString("\n")
	}
	walk(msg.Header, msg.Body)
	return out.String()
}
