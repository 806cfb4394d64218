package admin

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/visitors"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

const (
	windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
	iPhoneSafari  = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
)

// detailOf reads one account's state from the back-office.
func detailOf(t *testing.T, b *browser, id string) visitors.Detail {
	t.Helper()
	r := b.do("GET", "/visitors/"+id, nil)
	expect(t, "the account", r, http.StatusOK)
	var d visitors.Detail
	r.data(t, &d)
	return d
}

// An administrator finds an account, reads its state and sessions, sends a
// new confirmation link, ends its sessions, disables, enables and deletes
// it; the visitor feels each, and the trail names the account by its id.
func TestVisitorAccounts(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		b := admin.b
		lina := e.visitor("Lina", "Farouk", "lina.farouk@example.com", true)
		e.clock.Advance(time.Minute)
		omar := e.visitor("Omar", "Said", "omar@example.org", false)
		laptop, phone := e.visitorBrowser(windowsChrome), e.visitorBrowser(iPhoneSafari)
		for _, vb := range []*visitorBrowser{laptop, phone} {
			if r := vb.logIn(lina); r.status != http.StatusOK {
				t.Fatalf("the visitor's login: %d %s", r.status, r.body)
			}
		}
		// Three wrong passwords for Omar's address: his logins now need the captcha.
		for range 3 {
			e.visitorBrowser(windowsChrome).logIn(&visitor{email: omar.email, password: "not the password at all"})
		}

		t.Run("search", func(t *testing.T) {
			for _, tc := range []struct {
				query string
				want  []string
			}{
				{"", []string{omar.id, lina.id}},
				{"?q=LINA", []string{lina.id}},
				{"?q=farouk", []string{lina.id}},
				{"?q=example.org", []string{omar.id}},
				{"?q=nobody", nil},
				{"?q=example&page=2", nil},
			} {
				t.Run(tc.query, func(t *testing.T) {
					r := b.do("GET", "/visitors"+tc.query, nil)
					expect(t, "search", r, http.StatusOK)
					var page struct {
						Items []visitors.Item `json:"items"`
						Total int64           `json:"total"`
					}
					r.data(t, &page)
					var got []string
					for _, it := range page.Items {
						got = append(got, it.ID)
					}
					if strings.Join(got, ",") != strings.Join(tc.want, ",") {
						t.Fatalf("found %v, want %v", got, tc.want)
					}
				})
			}
		})

		t.Run("state", func(t *testing.T) {
			d := detailOf(t, b, lina.id)
			if !d.Confirmed || d.ConfirmedAt == nil || d.Disabled || d.CaptchaUntil != nil || d.RecoveryPausedUntil != nil || len(d.Sessions) != 2 {
				t.Fatalf("Lina's account: %+v", d)
			}
			devices := d.Sessions[0].Device + " / " + d.Sessions[1].Device
			if !strings.Contains(devices, "Chrome on Windows") || !strings.Contains(devices, "Safari on iOS") {
				t.Fatalf("the devices: %s", devices)
			}
			r := b.do("GET", "/visitors/"+lina.id, nil)
			for _, secret := range []string{"192.0.2.10", `"id_hash"`, "idHash", lina.password} {
				if strings.Contains(string(r.body), secret) {
					t.Fatalf("the account's state shows %q: %s", secret, r.body)
				}
			}
			d = detailOf(t, b, omar.id)
			if d.Confirmed || d.CaptchaUntil == nil || !d.CaptchaUntil.Equal(e.clock.Now().Add(15*time.Minute)) || len(d.Sessions) != 0 {
				t.Fatalf("Omar's account: %+v", d)
			}
			ar := *b
			ar.lang = "ar"
			r = ar.do("GET", "/visitors/"+lina.id, nil)
			if !strings.Contains(string(r.body), "Chrome على Windows") {
				t.Fatalf("the devices in Arabic: %s", r.body)
			}
		})

		// Each step acts, then checks what the visitor and the account show.
		for _, step := range []struct {
			name    string
			method  string
			path    string
			status  int
			message string
			after   func(t *testing.T)
		}{
			{"a confirmation link for an unconfirmed account", "POST", "/visitors/" + omar.id + "/confirmation", http.StatusOK, access.In("en").VisitorConfirmationSent, func(t *testing.T) {
				sent := e.mail.to(omar.email)
				if len(sent) != 1 || sent[0].Kind != mail.KindConfirmRequest {
					t.Fatalf("Omar's e-mail: %+v", sent)
				}
			}},
			{"a second link within the hour", "POST", "/visitors/" + omar.id + "/confirmation", http.StatusOK, "", nil},
			{"a third", "POST", "/visitors/" + omar.id + "/confirmation", http.StatusOK, "", nil},
			{"a fourth, over the address's hourly cap", "POST", "/visitors/" + omar.id + "/confirmation", http.StatusTooManyRequests, access.In("en").VisitorMailCapped, func(t *testing.T) {
				if n := len(e.mail.to(omar.email)); n != 3 {
					t.Fatalf("Omar got %d e-mails", n)
				}
			}},
			{"a link for a confirmed account", "POST", "/visitors/" + lina.id + "/confirmation", http.StatusConflict, access.In("en").VisitorConfirmed, nil},
			{"ending the sessions", "DELETE", "/visitors/" + lina.id + "/sessions", http.StatusOK, access.In("en").VisitorSessionsEnded, func(t *testing.T) {
				for _, vb := range []*visitorBrowser{laptop, phone} {
					expect(t, "the visitor's next call", &result{status: vb.do("GET", "/api/account", nil).status}, http.StatusUnauthorized)
				}
				expect(t, "signing in again", &result{status: laptop.logIn(lina).status}, http.StatusOK)
			}},
			{"enabling an account that is not disabled", "POST", "/visitors/" + lina.id + "/enable", http.StatusConflict, access.In("en").VisitorNotDisabled, nil},
			{"disabling", "POST", "/visitors/" + lina.id + "/disable", http.StatusOK, access.In("en").VisitorDisabled, func(t *testing.T) {
				expect(t, "the visitor's session", &result{status: laptop.do("GET", "/api/account", nil).status}, http.StatusUnauthorized)
				r := laptop.logIn(lina)
				if r.status != http.StatusForbidden || !strings.Contains(string(r.body), "disabled") {
					t.Fatalf("the right password of a disabled account: %d %s", r.status, r.body)
				}
				if d := detailOf(t, b, lina.id); !d.Disabled || d.DisabledAt == nil || len(d.Sessions) != 0 {
					t.Fatalf("the disabled account: %+v", d)
				}
			}},
			{"disabling it again", "POST", "/visitors/" + lina.id + "/disable", http.StatusConflict, access.In("en").VisitorAlreadyDisabled, nil},
			{"enabling", "POST", "/visitors/" + lina.id + "/enable", http.StatusOK, access.In("en").VisitorEnabled, func(t *testing.T) {
				expect(t, "signing in after enabling", &result{status: laptop.logIn(lina).status}, http.StatusOK)
			}},
			{"deleting", "DELETE", "/visitors/" + lina.id, http.StatusOK, access.In("en").VisitorDeleted, func(t *testing.T) {
				expect(t, "the deleted account", b.do("GET", "/visitors/"+lina.id, nil), http.StatusNotFound)
				expect(t, "its session", &result{status: laptop.do("GET", "/api/account", nil).status}, http.StatusUnauthorized)
				expect(t, "its login", &result{status: laptop.logIn(lina).status}, http.StatusUnauthorized)
			}},
		} {
			t.Run(step.name, func(t *testing.T) {
				r := b.do(step.method, step.path, nil)
				expect(t, step.name, r, step.status)
				if step.message != "" && r.env.Message != step.message {
					t.Fatalf("message %q, want %q", r.env.Message, step.message)
				}
				if step.after != nil {
					step.after(t)
				}
			})
		}

		t.Run("the trail", func(t *testing.T) {
			events, err := st.AuditEvents(t.Context(), store.AuditFilter{})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string][]string{}
			for _, ev := range events {
				if !strings.HasPrefix(ev.Action, "visitor-") {
					continue
				}
				seen[ev.Action] = append(seen[ev.Action], ev.Item+" "+ev.Detail)
				if ev.ActorID != admin.id || ev.IP != "198.51.100.7" {
					t.Fatalf("who and from where: %+v", ev)
				}
				for _, personal := range []string{"lina", "Lina", "Farouk", "omar@", "example"} {
					if strings.Contains(ev.Item+ev.Detail, personal) {
						t.Fatalf("the trail holds %q: %+v", personal, ev)
					}
				}
			}
			want := map[string][]string{
				audit.ActionVisitorConfirmation:  {omar.id + " ", omar.id + " ", omar.id + " "},
				audit.ActionVisitorSessionsEnded: {lina.id + " 2 sessions"},
				audit.ActionVisitorDisable:       {lina.id + " 1 sessions"},
				audit.ActionVisitorEnable:        {lina.id + " "},
				audit.ActionVisitorDelete:        {lina.id + " "},
			}
			for action, items := range want {
				if strings.Join(seen[action], "|") != strings.Join(items, "|") {
					t.Errorf("%s in the trail: %q, want %q", action, seen[action], items)
				}
			}
		})
	})
}

// Disabling and deleting ask for a second factor proven within the last
// ten minutes, like a role change; the other actions do not.
func TestVisitorActionsNeedAFreshFactor(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	admin := e.join("amal@noorvale.example", access.Administrator)
	v := e.visitor("Nadia", "Haddad", "nadia@example.com", true)
	e.clock.Advance(11 * time.Minute)
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"DELETE", "/visitors/" + v.id + "/sessions", http.StatusOK},
		{"POST", "/visitors/" + v.id + "/disable", http.StatusForbidden},
		{"DELETE", "/visitors/" + v.id, http.StatusForbidden},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			r := admin.b.do(tc.method, tc.path, nil)
			expect(t, tc.path, r, tc.status)
			if tc.status == http.StatusForbidden && !strings.Contains(string(r.env.Data), "stepUpRequired") {
				t.Fatalf("the refusal does not ask for the second factor: %s", r.body)
			}
		})
	}
	expect(t, "code", admin.b.do("POST", "/factor/code", map[string]string{"code": admin.code(e)}), http.StatusOK)
	expect(t, "disable after the code", admin.b.do("POST", "/visitors/"+v.id+"/disable", nil), http.StatusOK)
}

// Bad input is answered 4xx with a message in the staff member's
// language, never a 500.
func TestVisitorBadInput(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		unknown := strings.Repeat("ab", 16)
		for _, tc := range []struct {
			name, lang, method, path string
			status                   int
			message, field           string
		}{
			{"a search too long", "en", "GET", "/visitors?q=" + strings.Repeat("a", visitors.MaxSearch+1), http.StatusBadRequest, access.In("en").TooLongFor(visitors.MaxSearch), "q"},
			{"a search with a NUL byte", "en", "GET", "/visitors?q=lina%00", http.StatusBadRequest, access.In("en").InvalidChars, "q"},
			{"a search that is no UTF-8", "ar", "GET", "/visitors?q=%ff%fe", http.StatusBadRequest, "", "q"},
			{"page zero", "en", "GET", "/visitors?page=0", http.StatusBadRequest, "", "page"},
			{"a page that is no number", "ar", "GET", "/visitors?page=two", http.StatusBadRequest, "", "page"},
			{"an id of the wrong shape", "en", "GET", "/visitors/not-an-id", http.StatusNotFound, access.In("en").VisitorNotFound, ""},
			{"an id in upper case", "en", "GET", "/visitors/" + strings.ToUpper(unknown), http.StatusNotFound, access.In("en").VisitorNotFound, ""},
			{"an unknown account", "ar", "GET", "/visitors/" + unknown, http.StatusNotFound, access.In("ar").VisitorNotFound, ""},
			{"a link for an unknown account", "en", "POST", "/visitors/" + unknown + "/confirmation", http.StatusNotFound, access.In("en").VisitorNotFound, ""},
			{"ending an unknown account's sessions", "ar", "DELETE", "/visitors/" + unknown + "/sessions", http.StatusNotFound, access.In("ar").VisitorNotFound, ""},
			{"disabling an unknown account", "en", "POST", "/visitors/" + unknown + "/disable", http.StatusNotFound, access.In("en").VisitorNotFound, ""},
			{"enabling an unknown account", "en", "POST", "/visitors/" + unknown + "/enable", http.StatusNotFound, access.In("en").VisitorNotFound, ""},
			{"deleting an unknown account", "ar", "DELETE", "/visitors/" + unknown, http.StatusNotFound, access.In("ar").VisitorNotFound, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				b := *admin.b
				b.lang = tc.lang
				r := b.do(tc.method, tc.path, nil)
				expect(t, tc.name, r, tc.status)
				if r.env.Message == "" {
					t.Fatalf("no message: %s", r.body)
				}
				// The message expected is the field's when a field is at fault.
				got := r.env.Message
				if tc.field != "" {
					got = r.env.Errors[tc.field]
					if got == "" {
						t.Fatalf("no error on %s: %s", tc.field, r.body)
					}
				}
				if tc.message != "" && got != tc.message {
					t.Fatalf("message %q, want %q", got, tc.message)
				}
			})
		}
	})
}
