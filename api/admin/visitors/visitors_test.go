package visitors_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
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
func detailOf(t *testing.T, b *admintest.Browser, id string) visitors.Detail {
	t.Helper()
	r := b.Do("GET", "/visitors/"+id, nil)
	admintest.Expect(t, "the account", r, http.StatusOK)
	var d visitors.Detail
	r.Data(t, &d)
	return d
}

// An administrator finds an account, reads its state and sessions, sends a
// new confirmation link, ends its sessions, disables, enables and deletes
// it; the visitor feels each, and the trail names the account by its id.
func TestVisitorAccounts(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		b := admin.B
		lina := e.Visitor("Lina", "Farouk", "lina.farouk@example.com", true)
		e.Clock.Advance(time.Minute)
		omar := e.Visitor("Omar", "Said", "omar@example.org", false)
		laptop, phone := e.VisitorBrowser(windowsChrome), e.VisitorBrowser(iPhoneSafari)
		for _, vb := range []*admintest.VisitorBrowser{laptop, phone} {
			if r := vb.LogIn(lina); r.Status != http.StatusOK {
				t.Fatalf("the visitor's login: %d %s", r.Status, r.Body)
			}
		}
		// Three wrong passwords for Omar's address: his logins now need the captcha.
		for range 3 {
			e.VisitorBrowser(windowsChrome).LogIn(&admintest.Visitor{Email: omar.Email, Password: "not the password at all"})
		}

		t.Run("search", func(t *testing.T) {
			for _, tc := range []struct {
				query string
				want  []string
			}{
				{"", []string{omar.ID, lina.ID}},
				{"?q=LINA", []string{lina.ID}},
				{"?q=farouk", []string{lina.ID}},
				{"?q=example.org", []string{omar.ID}},
				{"?q=nobody", nil},
				{"?q=example&page=2", nil},
			} {
				t.Run(tc.query, func(t *testing.T) {
					r := b.Do("GET", "/visitors"+tc.query, nil)
					admintest.Expect(t, "search", r, http.StatusOK)
					var page struct {
						Items []visitors.Item `json:"items"`
						Total int64           `json:"total"`
					}
					r.Data(t, &page)
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
			d := detailOf(t, b, lina.ID)
			if !d.Confirmed || d.ConfirmedAt == nil || d.Disabled || d.CaptchaUntil != nil || d.RecoveryPausedUntil != nil || len(d.Sessions) != 2 {
				t.Fatalf("Lina's account: %+v", d)
			}
			devices := d.Sessions[0].Device + " / " + d.Sessions[1].Device
			if !strings.Contains(devices, "Chrome on Windows") || !strings.Contains(devices, "Safari on iOS") {
				t.Fatalf("the devices: %s", devices)
			}
			r := b.Do("GET", "/visitors/"+lina.ID, nil)
			for _, secret := range []string{"192.0.2.10", `"id_hash"`, "idHash", lina.Password} {
				if strings.Contains(string(r.Body), secret) {
					t.Fatalf("the account's state shows %q: %s", secret, r.Body)
				}
			}
			d = detailOf(t, b, omar.ID)
			if d.Confirmed || d.CaptchaUntil == nil || !d.CaptchaUntil.Equal(e.Clock.Now().Add(15*time.Minute)) || len(d.Sessions) != 0 {
				t.Fatalf("Omar's account: %+v", d)
			}
			ar := *b
			ar.Lang = "ar"
			r = ar.Do("GET", "/visitors/"+lina.ID, nil)
			if !strings.Contains(string(r.Body), "Chrome على Windows") {
				t.Fatalf("the devices in Arabic: %s", r.Body)
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
			{"a confirmation link for an unconfirmed account", "POST", "/visitors/" + omar.ID + "/confirmation", http.StatusOK, access.In("en").VisitorConfirmationSent, func(t *testing.T) {
				sent := e.Mail.To(omar.Email)
				if len(sent) != 1 || sent[0].Kind != mail.KindConfirmRequest {
					t.Fatalf("Omar's e-mail: %+v", sent)
				}
			}},
			{"a second link within the hour", "POST", "/visitors/" + omar.ID + "/confirmation", http.StatusOK, "", nil},
			{"a third", "POST", "/visitors/" + omar.ID + "/confirmation", http.StatusOK, "", nil},
			{"a fourth, over the address's hourly cap", "POST", "/visitors/" + omar.ID + "/confirmation", http.StatusTooManyRequests, access.In("en").VisitorMailCapped, func(t *testing.T) {
				if n := len(e.Mail.To(omar.Email)); n != 3 {
					t.Fatalf("Omar got %d e-mails", n)
				}
			}},
			{"a link for a confirmed account", "POST", "/visitors/" + lina.ID + "/confirmation", http.StatusConflict, access.In("en").VisitorConfirmed, nil},
			{"ending the sessions", "DELETE", "/visitors/" + lina.ID + "/sessions", http.StatusOK, access.In("en").VisitorSessionsEnded, func(t *testing.T) {
				for _, vb := range []*admintest.VisitorBrowser{laptop, phone} {
					admintest.Expect(t, "the visitor's next call", &admintest.Result{Status: vb.Do("GET", "/api/account", nil).Status}, http.StatusUnauthorized)
				}
				admintest.Expect(t, "signing in again", &admintest.Result{Status: laptop.LogIn(lina).Status}, http.StatusOK)
			}},
			{"enabling an account that is not disabled", "POST", "/visitors/" + lina.ID + "/enable", http.StatusConflict, access.In("en").VisitorNotDisabled, nil},
			{"disabling", "POST", "/visitors/" + lina.ID + "/disable", http.StatusOK, access.In("en").VisitorDisabled, func(t *testing.T) {
				admintest.Expect(t, "the visitor's session", &admintest.Result{Status: laptop.Do("GET", "/api/account", nil).Status}, http.StatusUnauthorized)
				r := laptop.LogIn(lina)
				if r.Status != http.StatusForbidden || !strings.Contains(string(r.Body), "disabled") {
					t.Fatalf("the right password of a disabled account: %d %s", r.Status, r.Body)
				}
				if d := detailOf(t, b, lina.ID); !d.Disabled || d.DisabledAt == nil || len(d.Sessions) != 0 {
					t.Fatalf("the disabled account: %+v", d)
				}
			}},
			{"disabling it again", "POST", "/visitors/" + lina.ID + "/disable", http.StatusConflict, access.In("en").VisitorAlreadyDisabled, nil},
			{"enabling", "POST", "/visitors/" + lina.ID + "/enable", http.StatusOK, access.In("en").VisitorEnabled, func(t *testing.T) {
				admintest.Expect(t, "signing in after enabling", &admintest.Result{Status: laptop.LogIn(lina).Status}, http.StatusOK)
			}},
			{"deleting", "DELETE", "/visitors/" + lina.ID, http.StatusOK, access.In("en").VisitorDeleted, func(t *testing.T) {
				admintest.Expect(t, "the deleted account", b.Do("GET", "/visitors/"+lina.ID, nil), http.StatusNotFound)
				admintest.Expect(t, "its session", &admintest.Result{Status: laptop.Do("GET", "/api/account", nil).Status}, http.StatusUnauthorized)
				admintest.Expect(t, "its login", &admintest.Result{Status: laptop.LogIn(lina).Status}, http.StatusUnauthorized)
			}},
		} {
			t.Run(step.name, func(t *testing.T) {
				r := b.Do(step.method, step.path, nil)
				admintest.Expect(t, step.name, r, step.status)
				if step.message != "" && r.Env.Message != step.message {
					t.Fatalf("message %q, want %q", r.Env.Message, step.message)
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
				if ev.ActorID != admin.ID || ev.IP != "198.51.100.7" {
					t.Fatalf("who and from where: %+v", ev)
				}
				for _, personal := range []string{"lina", "Lina", "Farouk", "omar@", "example"} {
					if strings.Contains(ev.Item+ev.Detail, personal) {
						t.Fatalf("the trail holds %q: %+v", personal, ev)
					}
				}
			}
			want := map[string][]string{
				audit.ActionVisitorConfirmation:  {omar.ID + " ", omar.ID + " ", omar.ID + " "},
				audit.ActionVisitorSessionsEnded: {lina.ID + " 2 sessions"},
				audit.ActionVisitorDisable:       {lina.ID + " 1 sessions"},
				audit.ActionVisitorEnable:        {lina.ID + " "},
				audit.ActionVisitorDelete:        {lina.ID + " "},
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
	e := admintest.New(t, testenv.SQLiteStore(t))
	admin := e.Join("amal@noorvale.example", access.Administrator)
	v := e.Visitor("Nadia", "Haddad", "nadia@example.com", true)
	e.Clock.Advance(11 * time.Minute)
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"DELETE", "/visitors/" + v.ID + "/sessions", http.StatusOK},
		{"POST", "/visitors/" + v.ID + "/disable", http.StatusForbidden},
		{"DELETE", "/visitors/" + v.ID, http.StatusForbidden},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			r := admin.B.Do(tc.method, tc.path, nil)
			admintest.Expect(t, tc.path, r, tc.status)
			if tc.status == http.StatusForbidden && !strings.Contains(string(r.Env.Data), "stepUpRequired") {
				t.Fatalf("the refusal does not ask for the second factor: %s", r.Body)
			}
		})
	}
	admintest.Expect(t, "code", admin.B.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)}), http.StatusOK)
	admintest.Expect(t, "disable after the code", admin.B.Do("POST", "/visitors/"+v.ID+"/disable", nil), http.StatusOK)
}

// Bad input is answered 4xx with a message in the staff member's
// language, never a 500.
func TestVisitorBadInput(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
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
				b := *admin.B
				b.Lang = tc.lang
				r := b.Do(tc.method, tc.path, nil)
				admintest.Expect(t, tc.name, r, tc.status)
				if r.Env.Message == "" {
					t.Fatalf("no message: %s", r.Body)
				}
				// The message expected is the field's when a field is at fault.
				got := r.Env.Message
				if tc.field != "" {
					got = r.Env.Errors[tc.field]
					if got == "" {
						t.Fatalf("no error on %s: %s", tc.field, r.Body)
					}
				}
				if tc.message != "" && got != tc.message {
					t.Fatalf("message %q, want %q", got, tc.message)
				}
			})
		}
	})
}
