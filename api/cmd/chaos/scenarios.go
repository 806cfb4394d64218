package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// size is how much load a run puts on each fault.
type size struct {
	warm        int64 // page answers before a fault, and between faults
	kills       int   // renderer kills
	submissions int   // form submissions during a mail outage
	outageCalls int   // API calls while the database is away
	slow        int   // submissions in flight across SIGTERM
	pageWorkers int   // connections requesting pages
	pageRate    int   // pages a second at most
}

var (
	short = size{warm: 300, kills: 2, submissions: 8, outageCalls: 8, slow: 2, pageWorkers: 4, pageRate: 300}
	full  = size{warm: 2000, kills: 5, submissions: 40, outageCalls: 40, slow: 4, pageWorkers: 8, pageRate: 500}
)

// result is what a run prints for one fault.
type result struct {
	name               string
	sent, failed, lost int64
	notes              []string
	problems           []string
}

func (r *result) add(t *tally) {
	r.sent += t.sent.Load()
	r.failed += t.failed.Load()
	r.lost += t.lost.Load()
	t.mu.Lock()
	r.problems = append(r.problems, t.problems...)
	t.mu.Unlock()
}

func (r *result) problem(format string, args ...any) {
	r.failed++
	r.problems = append(r.problems, fmt.Sprintf(format, args...))
}

// rendererKill kills the renderer under page load, n times, each time
// waiting until the supervisor has a new one healthy.
func rendererKill(s *site, paths []string, sz size) result {
	res := result{name: "renderer killed"}
	pages := &tally{}
	load := startPageLoad(s.BaseURL, paths, sz.pageWorkers, sz.pageRate, pages, nil, nil)
	load.waitAnswers(sz.warm)
	client := &http.Client{Timeout: 5 * time.Second}
	var slowest time.Duration
	for range sz.kills {
		old := s.renderer()
		if old == 0 {
			res.problem("the server has no renderer process to kill")
			break
		}
		killed := time.Now()
		_ = syscall.Kill(old, syscall.SIGKILL)
		// Back: a new renderer process, and /readyz says it is healthy.
		for {
			if pid := s.renderer(); pid != 0 && pid != old {
				if r, err := s.readiness(client); err == nil && r.Renderer == "ok" {
					break
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
		slowest = max(slowest, time.Since(killed))
		load.waitAnswers(sz.warm / 3)
	}
	load.end()
	res.add(pages)
	res.notes = append(res.notes, fmt.Sprintf("%d kills, renderer back in at most %d ms", sz.kills, slowest.Milliseconds()))
	return res
}

// mailOutage stops the mail server, submits forms, checks that every
// submission is stored, starts the mail server again and checks that
// every e-mail arrives exactly once.
func mailOutage(s *site, sink *mailSink, st *store.Store, sz size, first int) result {
	res := result{name: "mail server down"}
	forms := &tally{}
	client := newClient(2)
	tokens, err := captchas(client, s.BaseURL, sz.submissions)
	if err != nil {
		res.problem("captcha: %v", err)
		return res
	}
	sink.Stop()
	accepted := map[string]bool{}
	for i := range sz.submissions {
		n := first + i
		req := apiRequest(s.BaseURL, "/api/forms/inquiry", inquiry(n, tokens[i]), n, "en")
		r, body := forms.do(client, req)
		if r == nil {
			continue
		}
		if r.StatusCode != http.StatusOK {
			forms.fail("inquiry during the mail outage: %s %s", r.Status, body)
			continue
		}
		accepted[visitorEmail(n)] = true
	}
	stored, err := storedInquiries(st)
	if err != nil {
		res.problem("reading the submissions: %v", err)
	}
	for email := range accepted {
		if !stored[email] {
			forms.lose("submission of %s answered 200 but not stored", email)
		}
	}
	// Nothing went out while the server was away; now it is back.
	if err := sink.Start(); err != nil {
		res.problem("%v", err)
		res.add(forms)
		return res
	}
	want := 2 * len(accepted) // a notification and a confirmation each
	// A safety net far above the sender's 5-second poll; missing e-mails
	// are counted below.
	giveUp := time.Now().Add(5 * time.Minute)
	for time.Now().Before(giveUp) {
		ctx, cancel := withTimeout(5 * time.Second)
		pending, err := st.PendingMail(ctx)
		cancel()
		if err == nil && pending == 0 && len(ours(sink.Received())) >= want {
			break
		}
		select {
		case <-sink.arrived:
		case <-time.After(time.Second):
		}
	}
	notifications, confirmations := map[string]int{}, map[string]int{}
	for _, d := range ours(sink.Received()) {
		if d.ReplyTo != "" {
			notifications[d.ReplyTo]++
		}
		for _, to := range d.To {
			confirmations[to]++
		}
	}
	duplicates := 0
	for email := range accepted {
		for kind, got := range map[string]int{"notification": notifications[email], "confirmation": confirmations[email]} {
			switch {
			case got == 0:
				forms.lose("no %s for %s", kind, email)
			case got > 1:
				duplicates++
				forms.fail("%s for %s delivered %d times", kind, email, got)
			}
		}
	}
	res.add(forms)
	res.notes = append(res.notes, fmt.Sprintf("%d submissions stored, %d e-mails delivered, %d twice", len(accepted), len(ours(sink.Received())), duplicates))
	return res
}

// ours keeps the deliveries of this run's visitors.
func ours(all []delivery) []delivery {
	var out []delivery
	for _, d := range all {
		mine := strings.Contains(d.ReplyTo, "-"+runID+"-")
		for _, to := range d.To {
			mine = mine || strings.Contains(to, "-"+runID+"-")
		}
		if mine {
			out = append(out, d)
		}
	}
	return out
}

// storedInquiries returns the addresses of the inquiries in the database.
func storedInquiries(st *store.Store) (map[string]bool, error) {
	ctx, cancel := withTimeout(time.Minute)
	defer cancel()
	subs, err := st.Submissions(ctx, store.SubmissionFilter{Kind: "inquiry"})
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, sub := range subs {
		var data struct {
			Email string `json:"email"`
		}
		if json.Unmarshal([]byte(sub.Data), &data) == nil {
			out[strings.ToLower(data.Email)] = true
		}
	}
	return out, nil
}

// captchas solves n of the server's captchas ahead of time.
func captchas(client *http.Client, base string, n int) ([]string, error) {
	out := make([]string, n)
	for i := range out {
		token, err := harness.SolvedCaptcha(client, base)
		if err != nil {
			return nil, err
		}
		out[i] = token
	}
	return out, nil
}

// outage is a way to take the database away and bring it back.
type outage struct {
	name    string
	cut     func() error
	restore func() error
}

var languages = []locale.Locale{locale.En, locale.Nl, locale.Fr, locale.Ar}

// databaseOutage takes the database away under page load and sends API
// calls that need it: each must answer 503 with Retry-After and the
// message of its language; pages and /readyz must not notice; once the
// database is back, submissions are accepted again and every accepted one
// is stored.
func databaseOutage(s *site, o outage, st *store.Store, paths []string, sz size, first int) result {
	res := result{name: "database down (" + o.name + ")"}
	pages, api, ready := &tally{}, &tally{}, &tally{}
	client := newClient(2)
	const after = 3 // submissions once the database is back
	tokens, err := captchas(client, s.BaseURL, sz.outageCalls/2+after+20)
	if err != nil {
		res.problem("captcha: %v", err)
		return res
	}
	load := startPageLoad(s.BaseURL, paths, sz.pageWorkers, sz.pageRate, pages, nil, nil)
	load.waitAnswers(sz.warm / 3)

	if err := o.cut(); err != nil {
		load.end()
		res.problem("cutting the database off: %v", err)
		return res
	}
	// /readyz is asked all through the outage and must stay 200.
	readyStop := make(chan struct{})
	var readyDone sync.WaitGroup
	readyDone.Add(1)
	go func() {
		defer readyDone.Done()
		rc := newClient(1)
		for {
			select {
			case <-readyStop:
				return
			default:
			}
			req, _ := http.NewRequest(http.MethodGet, s.BaseURL+"/readyz", nil)
			if r, body := ready.do(rc, req); r != nil && r.StatusCode != http.StatusOK {
				ready.fail("/readyz during the outage: %s %s", r.Status, body)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()

	accepted := map[string]bool{}
	var slowest time.Duration
	token := 0
	for i := range sz.outageCalls {
		n := first + i
		lang := languages[i%len(languages)]
		var req *http.Request
		if i%2 == 0 {
			req = apiRequest(s.BaseURL, "/api/Website/Login", map[string]any{"email": visitorEmail(n), "password": "not the password of anyone"}, n, string(lang))
		} else {
			req = apiRequest(s.BaseURL, "/api/forms/inquiry", inquiry(n, tokens[token]), n, string(lang))
			token++
		}
		start := time.Now()
		r, body := api.do(client, req)
		if r == nil {
			continue
		}
		slowest = max(slowest, time.Since(start))
		var env envelope
		_ = json.Unmarshal(body, &env)
		switch {
		case r.StatusCode == http.StatusOK && strings.HasSuffix(req.URL.Path, "/inquiry"):
			accepted[visitorEmail(n)] = true // the database answered after all; it must be stored
		case r.StatusCode != http.StatusServiceUnavailable:
			api.fail("%s during the outage: %s %s", req.URL.Path, r.Status, body)
		case r.Header.Get("Retry-After") == "":
			api.fail("%s during the outage: 503 without Retry-After", req.URL.Path)
		case env.Message != endpoint.For(lang).Unavailable:
			api.fail("%s during the outage in %s: message %q", req.URL.Path, lang, env.Message)
		}
	}
	load.waitAnswers(sz.warm / 3)
	if err := o.restore(); err != nil {
		res.problem("restoring the database: %v", err)
	}
	close(readyStop)
	readyDone.Wait()

	// Back by itself: a submission is accepted again (each refusal says
	// when to ask again).
	recovered := time.Now()
	for done := 0; done < after && token < len(tokens); {
		n := first + sz.outageCalls + token
		r, body := api.do(client, apiRequest(s.BaseURL, "/api/forms/inquiry", inquiry(n, tokens[token]), n, "en"))
		token++
		switch {
		case r == nil:
		case r.StatusCode == http.StatusOK:
			accepted[visitorEmail(n)] = true
			done++
		case r.StatusCode == http.StatusServiceUnavailable && done == 0:
			time.Sleep(time.Second) // still reconnecting; Retry-After allows longer
		default:
			api.fail("inquiry after the database returned: %s %s", r.Status, body)
			done++
		}
	}
	back := time.Since(recovered)
	load.end()
	stored, err := storedInquiries(st)
	if err != nil {
		res.problem("reading the submissions: %v", err)
	}
	for email := range accepted {
		if !stored[email] {
			api.lose("submission of %s answered 200 but not stored", email)
		}
	}
	res.add(pages)
	res.add(api)
	res.add(ready)
	res.notes = append(res.notes, fmt.Sprintf("%d pages, %d API calls answered 503 in at most %d ms, %d /readyz; accepting again %d ms after the database returned",
		pages.sent.Load(), sz.outageCalls, slowest.Milliseconds(), ready.sent.Load(), back.Milliseconds()))
	return res
}

// sigterm stops the server under load: page requests and logins until
// /readyz answers 503 (as a load balancer stops sending), and slow
// submissions whose bodies are still arriving when the server stops
// accepting. Every request sent must be answered; after /readyz said 503
// every answer must close its connection; the process must exit 0 and
// leave no renderer behind.
func sigterm(s *site, st *store.Store, paths []string, sz size, first int) result {
	res := result{name: "SIGTERM under load"}
	pages, logins, slow := &tally{}, &tally{}, &tally{}
	var stopping atomic.Bool // /readyz answered 503
	kept := &tally{}         // answers to requests sent after that which kept the connection open
	const afterStop = "X-Sent-After-Readyz-503"
	mark := func(req *http.Request) {
		if stopping.Load() {
			req.Header.Set(afterStop, "1")
		}
	}
	checkClose := func(r *http.Response) {
		if r.Request.Header.Get(afterStop) != "" && !r.Close {
			kept.fail("%s %s: answered after /readyz said 503 without Connection: close", r.Request.Method, r.Request.URL.Path)
		}
	}
	tokens, err := captchas(newClient(1), s.BaseURL, sz.slow)
	if err != nil {
		res.problem("captcha: %v", err)
		return res
	}
	renderer := s.renderer()

	load := startPageLoad(s.BaseURL, paths, sz.pageWorkers, sz.pageRate, pages, mark, checkClose)
	loginStop := make(chan struct{})
	var loginDone sync.WaitGroup
	for w := range 2 {
		loginDone.Add(1)
		go func() {
			defer loginDone.Done()
			client := newClient(1)
			for i := 0; ; i++ {
				select {
				case <-loginStop:
					return
				default:
				}
				n := first + 1000 + w*100000 + i
				req := apiRequest(s.BaseURL, "/api/Website/Login", map[string]any{"email": visitorEmail(n), "password": "not the password of anyone"}, n, "en")
				mark(req)
				r, body := logins.do(client, req)
				if r == nil {
					continue
				}
				if r.StatusCode >= 500 {
					logins.fail("login: %s %s", r.Status, body)
				}
				checkClose(r)
			}
		}()
	}
	load.waitAnswers(sz.warm)
	// Slow submissions: half the body just before SIGTERM, the rest once
	// the server has stopped accepting and waits for in-flight requests.
	shuttingDown := make(chan struct{})
	var slowDone, halfSent sync.WaitGroup
	accepted := make([]string, sz.slow)
	for i := range sz.slow {
		slowDone.Add(1)
		halfSent.Add(1)
		go func() {
			defer slowDone.Done()
			n := first + i
			if slowSubmission(s.BaseURL, n, tokens[i], halfSent.Done, shuttingDown, slow) {
				accepted[i] = visitorEmail(n)
			}
		}()
	}
	halfSent.Wait()

	signalled := time.Now()
	_ = s.Cmd.Process.Signal(syscall.SIGTERM)
	// /readyz must answer 503 before the server stops accepting.
	rc := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for {
		r, err := rc.Get(s.BaseURL + "/readyz")
		if err != nil {
			res.problem("/readyz never answered 503 after SIGTERM: %v", err)
			break
		}
		drain(r.Body)
		if r.StatusCode == http.StatusServiceUnavailable {
			res.notes = append(res.notes, fmt.Sprintf("/readyz 503 %d ms after SIGTERM", time.Since(signalled).Milliseconds()))
			break
		}
	}
	stopping.Store(true)
	load.end()
	close(loginStop)
	loginDone.Wait()
	// The server says when it stops accepting and waits for in-flight requests.
	for !strings.Contains(s.Output(), "shutting down: waiting for in-flight requests") {
		select {
		case <-s.Exited():
		case <-time.After(10 * time.Millisecond):
			continue
		}
		break
	}
	close(shuttingDown)
	slowDone.Wait()
	<-s.Exited()
	if s.Err() != nil {
		res.problem("server exited with %v, want status 0", s.Err())
	}
	if renderer != 0 && harness.Running(renderer) {
		res.problem("renderer %d still running after the server exited", renderer)
	}
	stored, err := storedInquiries(st)
	if err != nil {
		res.problem("reading the submissions: %v", err)
	}
	done := 0
	for _, email := range accepted {
		if email == "" {
			continue
		}
		done++
		if !stored[email] {
			slow.lose("submission of %s answered 200 but not stored", email)
		}
	}
	for _, t := range []*tally{pages, logins, slow, kept} {
		res.add(t)
	}
	res.notes = append(res.notes, fmt.Sprintf("%d in-flight submissions finished after the listener closed; exit status 0: %v", done, s.Err() == nil))
	return res
}

// slowSubmission posts an inquiry whose body arrives in two halves, the
// second once shuttingDown is closed, calls sent after the first (or on
// failing to send it), and reports whether it was accepted (200, with
// Connection: close).
func slowSubmission(base string, n int, captcha string, sent func(), shuttingDown <-chan struct{}, t *tally) bool {
	once := sync.OnceFunc(sent)
	defer once()
	body, _ := json.Marshal(inquiry(n, captcha))
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.fail("slow submission: %v", err)
		return false
	}
	defer conn.Close()
	head := fmt.Sprintf("POST /api/forms/inquiry HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nOrigin: %s\r\nX-Forwarded-For: %s\r\nContent-Length: %d\r\n\r\n",
		strings.TrimPrefix(base, "http://"), base, clientAddr(n), len(body))
	half := len(body) / 2
	if _, err := io.WriteString(conn, head+string(body[:half])); err != nil {
		t.fail("slow submission: %v", err)
		return false
	}
	t.sent.Add(1)
	once()
	<-shuttingDown
	if _, err := conn.Write(body[half:]); err != nil {
		t.lose("slow submission cut while its body was arriving: %v", err)
		return false
	}
	r, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.lose("slow submission not answered: %v", err)
		return false
	}
	answer := readBody(r)
	if r.StatusCode != http.StatusOK {
		t.fail("slow submission: %s %s", r.Status, answer)
		return false
	}
	if !r.Close {
		t.fail("slow submission answered during shutdown without Connection: close")
	}
	return true
}

// sqliteLock holds SQLite's write lock from another connection, as a
// long migration or a backup tool would.
func sqliteLock(path string) outage {
	var (
		db   *sqlDB
		mu   sync.Mutex
		name = "SQLite write-locked"
	)
	return outage{
		name: name,
		cut: func() error {
			mu.Lock()
			defer mu.Unlock()
			var err error
			db, err = lockSQLite(context.Background(), path)
			return err
		},
		restore: func() error {
			mu.Lock()
			defer mu.Unlock()
			return db.release()
		},
	}
}
