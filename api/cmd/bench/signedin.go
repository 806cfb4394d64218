package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// spreadAddresses is a wrk script that sends each request from another
// X-Forwarded-For address (the bench server trusts loopback as a proxy), so
// the account API's per-address rate limit measures nobody.
const spreadAddresses = `local n = 0
request = function()
  n = n + 1
  wrk.headers["X-Forwarded-For"] = "10." .. (n % 250) .. "." .. (math.floor(n / 250) % 250) .. "." .. (math.floor(n / 62500) % 250 + 1)
  return wrk.format(nil)
end
`

// signedInFigures prints the page a signed-in visitor requests (with their
// session cookie) beside the same page requested anonymously, three
// alternating runs of each, and the account call every signed-in page view
// makes.
func signedInFigures(srv *server, duration time.Duration, connections int) error {
	cookie, err := sessionCookie(srv.BaseURL, benchEmail(0), benchPassword)
	if err != nil {
		return err
	}
	script := filepath.Join(srv.dataDir, "spread.lua")
	if err := os.WriteFile(script, []byte(spreadAddresses), 0o600); err != nil {
		return err
	}
	fmt.Printf("Signed-in page views, %s, %d connections, 3 alternating runs of %s each\n\n", servicePage, connections, duration/2)
	var signedIn, anonymous []load
	for range 3 {
		s, err := wrk(srv.BaseURL+servicePage, duration/2, connections, "-H", "Cookie: "+cookie)
		if err != nil {
			return err
		}
		a, err := wrk(srv.BaseURL+servicePage, duration/2, connections)
		if err != nil {
			return err
		}
		signedIn, anonymous = append(signedIn, s), append(anonymous, a)
	}
	account, err := wrk(srv.BaseURL+"/api/account", duration/2, connections, "-H", "Cookie: "+cookie, "-s", script)
	if err != nil {
		return err
	}
	s, a := median(signedIn), median(anonymous)
	fmt.Printf("%-40s %12s %10s %8s\n", "", "requests/s", "p99", "failed")
	fmt.Printf("%-40s %12.0f %10s %8d\n", "page, signed in (median of 3)", s.rps, s.p99, s.failed)
	fmt.Printf("%-40s %12.0f %10s %8d\n", "page, anonymous (median of 3)", a.rps, a.p99, a.failed)
	fmt.Printf("%-40s %12.2f×   (target ≥ 0.90×; rendered per visitor before: 65/s)\n", "ratio signed in / anonymous", s.rps/a.rps)
	fmt.Printf("%-40s %12.0f %10s %8d\n\n", "GET /api/account, the call per page view", account.rps, account.p99, account.failed)
	return nil
}

// sessionCookie logs in and returns the session cookie as a Cookie header value.
func sessionCookie(baseURL, email, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	res, err := http.Post(baseURL+"/api/Website/Login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("login for the signed-in figures: %s", res.Status)
	}
	var parts []string
	for _, c := range res.Cookies() {
		parts = append(parts, c.Name+"="+c.Value)
	}
	if len(parts) == 0 {
		return "", errors.New("login for the signed-in figures set no cookie")
	}
	return strings.Join(parts, "; "), nil
}
