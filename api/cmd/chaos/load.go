package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// tally counts one kind of request of a run. A request is sent when it
// was written to a connection; it failed when the server answered it with
// something a visitor should not get (a 5xx that the fault does not
// explain, a wrong answer); it is lost when it was sent and no answer came.
type tally struct {
	sent, failed, lost atomic.Int64

	mu       sync.Mutex
	problems []string
}

// maxProblems bounds the examples a tally keeps.
const maxProblems = 5

func (t *tally) fail(format string, args ...any) {
	t.failed.Add(1)
	t.note(format, args...)
}

func (t *tally) lose(format string, args ...any) {
	t.lost.Add(1)
	t.note(format, args...)
}

func (t *tally) note(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.problems) < maxProblems {
		t.problems = append(t.problems, fmt.Sprintf(format, args...))
	}
}

// do sends req and counts it: a connection that could not even be opened
// means the request was never sent; any other error after that, that it
// was lost. It returns the answer, nil when there is none.
func (t *tally) do(client *http.Client, req *http.Request) (*http.Response, []byte) {
	res, err := client.Do(req)
	if err != nil {
		var op *net.OpError
		if errors.As(err, &op) && op.Op == "dial" {
			return nil, nil
		}
		t.sent.Add(1)
		t.lose("%s %s: %v", req.Method, req.URL.Path, err)
		return nil, nil
	}
	t.sent.Add(1)
	return res, readBody(res)
}

// newClient is a client that keeps connections alive, as browsers and
// load balancers do.
func newClient(conns int) *http.Client {
	return &http.Client{
		Timeout: time.Minute,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: conns,
			MaxConnsPerHost:     conns,
			DisableCompression:  false,
		},
	}
}

var locPattern = regexp.MustCompile(`<loc>([^<]+)</loc>`)

// publicPages lists the paths of every page in the site's sitemaps.
func publicPages(base string) ([]string, error) {
	client := &http.Client{Timeout: 30 * time.Second}
	get := func(url string) ([]string, error) {
		res, err := client.Get(url)
		if err != nil {
			return nil, err
		}
		body := readBody(res)
		if res.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("GET %s: %s", url, res.Status)
		}
		var out []string
		for _, m := range locPattern.FindAllSubmatch(body, -1) {
			out = append(out, string(m[1]))
		}
		return out, nil
	}
	sitemaps, err := get(base + "/sitemap.xml")
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, sm := range sitemaps {
		_, path, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(sm, "https://"), "http://"), "/")
		urls, err := get(base + "/" + path)
		if err != nil {
			return nil, err
		}
		for _, u := range urls {
			_, p, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://"), "/")
			paths = append(paths, "/"+p)
		}
	}
	if len(paths) == 0 {
		return nil, errors.New("the sitemaps list no page")
	}
	return paths, nil
}

// pageLoad requests public pages from workers connections, round robin,
// until stop is closed; every answer must be the page. before, when not
// nil, may add to each request, and check looks at each answer.
type pageLoad struct {
	t    *tally
	stop chan struct{}
	done sync.WaitGroup
	n    atomic.Int64 // answers so far
}

func startPageLoad(base string, paths []string, workers, rate int, t *tally, before func(*http.Request), check func(*http.Response)) *pageLoad {
	l := &pageLoad{t: t, stop: make(chan struct{})}
	client := newClient(workers)
	// The load is bounded: rate requests a second at most, shared by the
	// workers, so the machine keeps room for what the fault makes the
	// server do (start a renderer, reconnect).
	tick := time.NewTicker(time.Second / time.Duration(rate))
	l.done.Add(1)
	go func() {
		defer l.done.Done()
		<-l.stop
		tick.Stop()
	}()
	for w := range workers {
		l.done.Add(1)
		go func() {
			defer l.done.Done()
			for i := w; ; i += workers {
				select {
				case <-l.stop:
					return
				case <-tick.C:
				}
				path := paths[i%len(paths)]
				req, _ := http.NewRequest(http.MethodGet, base+path, nil)
				if before != nil {
					before(req)
				}
				res, _ := t.do(client, req)
				if res == nil {
					continue
				}
				l.n.Add(1)
				if res.StatusCode != http.StatusOK {
					t.fail("GET %s: %s", path, res.Status)
				}
				if check != nil {
					check(res)
				}
			}
		}()
	}
	return l
}

// waitAnswers returns once the load has had n more answers than when it
// was called, or when its workers stopped.
func (l *pageLoad) waitAnswers(n int64) {
	target := l.n.Load() + n
	for l.n.Load() < target {
		select {
		case <-l.stop:
			return
		default:
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (l *pageLoad) end() {
	close(l.stop)
	l.done.Wait()
}

// envelope is the API's answer shape.
type envelope struct {
	IsSuccess bool   `json:"isSuccess"`
	Message   string `json:"message"`
}

// apiRequest is a JSON POST from a client address of its own (the server
// trusts X-Forwarded-For from loopback in these runs), in a language.
func apiRequest(base, path string, body any, client int, lang string) *http.Request {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", base)
	req.Header.Set("Accept-Language", lang)
	req.Header.Set("X-Forwarded-For", clientAddr(client))
	return req
}

func clientAddr(n int) string { return fmt.Sprintf("10.%d.%d.%d", n/65536%256, n/256%256, n%256) }

// inquiry is a general inquiry from a visitor of its own.
func inquiry(n int, captcha string) map[string]any {
	return map[string]any{
		"name": "Chaos Visitor", "email": visitorEmail(n), "subject": "Audit readiness",
		"message": "We would like to discuss an ISO 27001 readiness review.", "consent": true, "captcha": captcha,
	}
}

// runID keeps the addresses of one run apart from an earlier run's on
// the same database.
var runID = time.Now().UTC().Format("150405")

func visitorEmail(n int) string { return fmt.Sprintf("visitor-%s-%d@chaos.example", runID, n) }

// drain reads and closes a body the caller does not need.
func drain(r io.ReadCloser) { _, _ = io.Copy(io.Discard, r); r.Close() }
