package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/store"
)

const (
	benchUsers    = 400
	benchPending  = 120 // accounts whose address is not confirmed yet
	benchPassword = "bench passphrase for logins"
)

func benchEmail(i int) string { return fmt.Sprintf("user%03d@bench.example", i) }

func pendingEmail(i int) string { return fmt.Sprintf("pending%03d@bench.example", i) }

// seedUsers creates confirmed accounts in the server's SQLite database
// before it starts, all with one password, and accounts still waiting for
// the confirmation of their address.
func seedUsers(dbPath string) error {
	ctx := context.Background()
	st, err := store.Open(ctx, store.SQLite, dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	hash, err := passwords.NewHasher(1).Hash(ctx, benchPassword)
	if err != nil {
		return err
	}
	now := time.Now()
	for i := range benchUsers {
		u := &store.User{Email: benchEmail(i), FirstName: "Bench", LastName: fmt.Sprint(i), PasswordHash: hash, Locale: "en"}
		if err := st.CreateUser(ctx, u); err != nil {
			return err
		}
		if err := st.CreateToken(ctx, &store.Token{UserID: u.ID, Purpose: store.PurposeConfirmEmail, TokenHash: "bench-" + u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			return err
		}
		if _, err := st.ConfirmEmail(ctx, "bench-"+u.ID, now); err != nil {
			return err
		}
	}
	for i := range benchPending {
		u := &store.User{Email: pendingEmail(i), FirstName: "Pending", LastName: fmt.Sprint(i), PasswordHash: hash, Locale: "en"}
		if err := st.CreateUser(ctx, u); err != nil {
			return err
		}
		if err := st.CreateRegistration(ctx, &store.Registration{UserID: u.ID, FirstName: u.FirstName, LastName: u.LastName,
			PasswordHash: hash, Locale: "en", TokenHash: "bench-" + u.ID, CreatedAt: now, ExpiresAt: now.Add(24 * time.Hour)}); err != nil {
			return err
		}
	}
	return nil
}

// post sends body as JSON to an API path from a client address of its own
// and returns the status and how long the answer took.
func post(client *http.Client, baseURL, path string, body any, n int) (int, time.Duration, error) {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, baseURL+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", n/65536%256, n/256%256, n%256))
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return 0, 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, time.Since(start), nil
}

// login posts the credentials from a client address of its own and returns
// the status and how long the answer took.
func login(client *http.Client, baseURL, email, password string, n int) (int, time.Duration, error) {
	return post(client, baseURL, "/api/Website/Login", map[string]string{"email": email, "password": password}, n)
}

// recoveryFigures prints the median answer of ForgetPassword and of
// resend-confirmation for addresses with an account and without: equal
// medians mean the answer's time tells nobody which addresses have one.
// The two kinds of address take turns at going first, so the machine's
// load, and the cost of going first after a pause, fall on both alike.
func recoveryFigures(client *http.Client, baseURL string, next *atomic.Int64) error {
	const rounds = 101
	median := func(d []time.Duration) time.Duration {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2].Round(10 * time.Microsecond)
	}
	var forget, resend [2][]time.Duration // [0] with an account, [1] without
	for i := range rounds {
		order := []int{0, 1}
		if i%2 == 1 {
			order = []int{1, 0}
		}
		for _, k := range order {
			email := []string{benchEmail(i), fmt.Sprintf("nobody%03d@bench.example", i)}[k]
			token, err := harness.SolvedCaptcha(client, baseURL)
			if err != nil {
				return err
			}
			status, d, err := post(client, baseURL, "/api/ApplicationUser/ForgetPassword", map[string]string{"email": email, "captcha": token}, int(next.Add(1)))
			if err == nil && status != http.StatusOK {
				err = fmt.Errorf("ForgetPassword answered %d", status)
			}
			if err != nil {
				return err
			}
			forget[k] = append(forget[k], d)
		}
		for _, k := range order {
			email := []string{pendingEmail(i), fmt.Sprintf("nobody%03d@bench.example", i)}[k]
			status, d, err := post(client, baseURL, "/api/account/resend-confirmation", map[string]string{"email": email}, int(next.Add(1)))
			if err == nil && status != http.StatusOK {
				err = fmt.Errorf("resend-confirmation answered %d", status)
			}
			if err != nil {
				return err
			}
			resend[k] = append(resend[k], d)
		}
	}
	fmt.Printf("ForgetPassword, median of %d: address with an account %s, without %s\n", rounds, median(forget[0]), median(forget[1]))
	fmt.Printf("Resend confirmation, median of %d: unconfirmed account %s, no account %s\n", rounds, median(resend[0]), median(resend[1]))
	return nil
}

// loginFigures prints logins per second (200 logins, 8 clients at a time),
// the peak memory of the server under 50 concurrent logins, the time a
// failed login takes for a known and for an unknown address, and the
// recovery figures.
func loginFigures(srv *server) error {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: time.Minute}
	var next atomic.Int64
	// A login that waited 2 s for a hashing slot is answered 503 (busy):
	// counted apart, not an error.
	run := func(total, concurrency int) (time.Duration, []time.Duration, int, error) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		var firstErr error
		var took []time.Duration
		busy := 0
		start := time.Now()
		var done atomic.Int64
		for range concurrency {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for done.Add(1) <= int64(total) {
					n := int(next.Add(1))
					status, d, err := login(client, srv.BaseURL, benchEmail(n%benchUsers), benchPassword, n)
					mu.Lock()
					if err == nil && status == http.StatusServiceUnavailable {
						busy++
					} else if err == nil && status != http.StatusOK {
						err = fmt.Errorf("login answered %d", status)
					}
					if err != nil && firstErr == nil {
						firstErr = err
					}
					took = append(took, d)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return time.Since(start), took, busy, firstErr
	}

	elapsed, took, busy, err := run(200, 8)
	if err != nil {
		return fmt.Errorf("logins: %w", err)
	}
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	fmt.Printf("\nLogins (argon2id m=19 MiB t=2 p=1): 200 logins, 8 clients: %.1f logins/s, median %s, p99 %s, %d answered busy\n",
		float64(200-busy)/elapsed.Seconds(), took[len(took)/2].Round(time.Millisecond), took[len(took)*99/100].Round(time.Millisecond), busy)

	// Peak memory while 50 logins arrive at once.
	pid := srv.Cmd.Process.Pid
	base := rssMB(pid)
	peak := base
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if v := rssMB(pid); v > peak {
				peak = v
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	_, _, busy, err = run(50, 50)
	close(stop)
	<-sampled
	if err != nil {
		return fmt.Errorf("concurrent logins: %w", err)
	}
	fmt.Printf("Go server memory under 50 concurrent logins: peak %.1f MB resident (%.1f MB before); %d answered busy after 2 s\n", peak, base, busy)

	// Failed logins take the same time whether or not the address exists.
	var known, unknown time.Duration
	const rounds = 4
	for i := range rounds {
		n := int(next.Add(1))
		_, dk, err := login(client, srv.BaseURL, benchEmail((i+benchUsers/2)%benchUsers), "wrong password", n)
		if err != nil {
			return err
		}
		_, du, err := login(client, srv.BaseURL, fmt.Sprintf("nobody%d@bench.example", i), "wrong password", n+1)
		if err != nil {
			return err
		}
		known, unknown = known+dk, unknown+du
	}
	fmt.Printf("Failed login, mean of %d: known address %s, unknown address %s\n", rounds,
		(known / rounds).Round(time.Millisecond), (unknown / rounds).Round(time.Millisecond))
	return recoveryFigures(client, srv.BaseURL, &next)
}

// observatory runs MDN's HTTP Observatory scanner (npm @mdn/mdn-http-observatory,
// a devDependency) against the server on loopback and prints its score and
// each test. Only the two tests that need TLS are expected to fail.
func observatory(baseURL string) error {
	pkg := filepath.Join("node_modules", "@mdn", "mdn-http-observatory")
	if _, err := os.Stat(pkg); err != nil {
		return errors.New("@mdn/mdn-http-observatory is not installed: run `go tool task setup`")
	}
	// Its install script downloads the HSTS preload list, which this network
	// cannot reach (.npmrc skips install scripts); loopback is on no
	// preload list, so an empty one gives the same answers.
	preload := filepath.Join(pkg, "conf", "hsts-preload.json")
	if _, err := os.Stat(preload); errors.Is(err, os.ErrNotExist) {
		if err := os.WriteFile(preload, []byte("{}\n"), 0o644); err != nil {
			return err
		}
	}
	host := strings.TrimPrefix(baseURL, "http://")
	out, err := exec.Command("node", filepath.Join(pkg, "src", "scan.js"), host).Output()
	if err != nil {
		return fmt.Errorf("observatory: %w\n%s", err, out)
	}
	var res struct {
		Error string `json:"error"`
		Scan  struct {
			Grade       string `json:"grade"`
			Score       int    `json:"score"`
			TestsPassed int    `json:"testsPassed"`
			TestsQuant  int    `json:"testsQuantity"`
		} `json:"scan"`
		Tests map[string]struct {
			Pass          bool   `json:"pass"`
			Result        string `json:"result"`
			ScoreModifier int    `json:"scoreModifier"`
		} `json:"tests"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return fmt.Errorf("observatory output: %w\n%s", err, out)
	}
	if res.Error != "" {
		return fmt.Errorf("observatory: %s", res.Error)
	}
	fmt.Printf("\nHTTP Observatory on %s: grade %s, score %d, %d of %d tests passed\n",
		host, res.Scan.Grade, res.Scan.Score, res.Scan.TestsPassed, res.Scan.TestsQuant)
	names := make([]string, 0, len(res.Tests))
	for name := range res.Tests {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t := res.Tests[name]
		mark := "pass"
		if !t.Pass {
			mark = "FAIL"
			if name == "redirection" || name == "strict-transport-security" {
				mark = "fail (needs TLS)"
			}
		}
		fmt.Printf("  %-32s %-17s %+4d  %s\n", name, mark, t.ScoreModifier, t.Result)
	}
	return nil
}
