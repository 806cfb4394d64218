package admin

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// ownFactorAnswers are what the routes on a member's own second factors
// answer a member who has only the authenticator app they joined with:
// passed the role check, and then refused for what the member has.
var ownFactorAnswers = map[string]int{
	"DELETE /factors/passkeys/:id": http.StatusNotFound, // the path names a staff id, not a passkey
	"DELETE /factors/totp":         http.StatusConflict, // the app is their only factor
}

// Every role against every signed-in route: the server refuses what a
// role may not do with 403, whatever the browser shows, and lets through
// what it may.
func TestEveryRoleAgainstEveryRoute(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withReplies(st, mailQueue(t, st)), withCovers(&fakeEncoder{}))
		e.seedStory()
		members := map[access.Role]*member{}
		for _, r := range access.Roles {
			var langs []string
			if r == access.Translator {
				langs = []string{"ar"}
			}
			members[r] = e.join(string(r)+"@noorvale.example", r, langs...)
		}
		// The member the staff routes act on: disabled and enabled again, given a role.
		target := e.join("target@noorvale.example", access.Viewer).id
		// The invitation the revocation route acts on.
		pending, err := e.svc.Invite(t.Context(), "pending@noorvale.example", access.Viewer, nil, "", "", "")
		if err != nil {
			t.Fatal(err)
		}
		// The visitor account the visitors' routes act on: unconfirmed, so a
		// confirmation link may be sent; disabled, enabled and deleted last.
		visitorID := e.visitor("Lina", "Farouk", "lina@example.com", false).id
		// The submissions the inbox routes act on: a lead and an application with its CV.
		lead := e.submit(forms.KindProposal, "", "en", map[string]any{"name": "Lina Farouk", "email": "lina@example.com"}, nil)
		application := e.submit(forms.KindApplication, "security-consultant", "ar",
			map[string]any{"name": "Omar Said", "email": "omar@example.com"}, []byte(samplePDF))
		bodies := map[string]any{
			"POST /staff/invitations":         map[string]any{"email": "new@noorvale.example", "role": "editor"},
			"GET /staff/invitations":          nil,
			"DELETE /staff/invitations/:id":   nil,
			"PUT /staff/:id/role":             map[string]any{"role": "viewer"},
			"PUT /inbox/:id/assignee":         map[string]any{"assignee": ""},
			"POST /inbox/:id/notes":           map[string]any{"body": "Called back; a meeting on Monday."},
			"POST /inbox/:id/replies":         map[string]any{"body": "Thank you; we will call you on Monday."},
			"PUT /inbox/:id/status":           map[string]any{"status": "closed"},
			"POST /inbox/:id/cv-link":         nil,
			"GET /inbox/:id/cv":               nil,
			"GET /inbox/export":               nil,
			"GET /inbox/dashboard":            nil,
			"POST /staff/:id/disable":         nil,
			"POST /staff/:id/enable":          nil,
			"GET /inbox/:id":                  nil,
			"GET /inbox":                      nil,
			"GET /inbox/count":                nil,
			"GET /audit":                      nil,
			"GET /audit/export":               nil,
			"GET /staff":                      nil,
			"GET /factors":                    nil,
			"DELETE /factors/passkeys/:id":    nil,
			"DELETE /factors/totp":            nil,
			"POST /factors/recovery-codes":    nil,
			"GET /visitors":                   nil,
			"GET /visitors/:id":               nil,
			"POST /visitors/:id/confirmation": nil,
			"DELETE /visitors/:id/sessions":   nil,
			"POST /visitors/:id/disable":      nil,
			"POST /visitors/:id/enable":       nil,
			"DELETE /visitors/:id":            nil,
			"GET /erasure":                    nil,
			"POST /erasure":                   map[string]any{"email": "nobody@example.com"},
			// The content routes act on the story's Arabic, which the
			// translator's account covers; their bodies name its latest version.
			"GET /content/schema/:collection":                    nil,
			"GET /content/:collection":                           nil,
			"GET /content/:collection/:slug":                     nil,
			"PUT /content/:collection/:slug/:locale":             nil,
			"POST /content/:collection/:slug/:locale/publish":    nil,
			"POST /content/:collection/:slug/:locale/schedule":   nil,
			"DELETE /content/:collection/:slug/:locale/schedule": nil,
			"POST /content/:collection/:slug/:locale/unpublish":  nil,
			"GET /content/:collection/:slug/:locale/versions":    nil,
			"POST /content/:collection/:slug/:locale/restore":    nil,

			"GET /content/:collection/:slug/:locale/versions/:version": nil,
			"POST /content/:collection/:slug/:locale/cover":            multipartBody{"cover.jpg", photo(t, 1200, 675, "jpeg")},
			"GET /content/:collection/:slug/:locale/preview":           nil,
			// Each role that may creates an item of its own, publishes it,
			// takes it off, renames it and deletes it (see roleItem).
			"POST /content/:collection":                 nil,
			"POST /content/:collection/:slug/unpublish": nil,
			"PUT /content/:collection/:slug/slug":       nil,
			"DELETE /content/:collection/:slug":         nil,
			"GET /settings":                             nil,
			"PUT /settings":                             nil,
		}
		for _, route := range e.svc.SignedInRoutes() {
			if _, ok := bodies[route.Method+" "+route.Path]; !ok {
				t.Fatalf("the role test does not know %s %s", route.Method, route.Path)
			}
		}
		for _, role := range access.Roles {
			m := members[role]
			// Each role acts on a submission of a kind it covers, if any: HR and
			// administrators on the application, sales on the lead.
			sub := application
			if role == access.Sales {
				sub = lead
			}
			for _, route := range e.svc.SignedInRoutes() {
				key := route.Method + " " + route.Path
				path := strings.ReplaceAll(route.Path, ":id", target)
				if strings.HasPrefix(route.Path, "/inbox/:id") {
					path = strings.ReplaceAll(route.Path, ":id", strconv.FormatInt(sub, 10))
				}
				if strings.HasPrefix(route.Path, "/visitors/:id") {
					path = strings.ReplaceAll(route.Path, ":id", visitorID)
				}
				if route.Path == "/erasure" && route.Method == http.MethodGet {
					// An address the site holds nothing about: the lookup
					// leaves the other routes' submissions as they are.
					path = "/erasure?email=nobody@example.com"
				}
				if strings.HasPrefix(route.Path, "/content/") {
					path = strings.NewReplacer(":collection", "news", ":slug", storySlug, ":locale", "ar").Replace(route.Path)
				}
				t.Run(string(role)+" "+key, func(t *testing.T) {
					body := bodies[key]
					if p, b, ok := roleItem(t, m, role, key); ok {
						path, body = p, b
					}
					switch key {
					case "POST /staff/invitations":
						body = map[string]any{"email": string(role) + "-invites@noorvale.example", "role": "editor"}
					case "DELETE /staff/invitations/:id":
						path = "/staff/invitations/" + pending.ID
					case "PUT /inbox/:id/status":
						if sub == application {
							body = map[string]any{"status": "screening"}
						}
					case "PUT /content/:collection/:slug/:locale":
						it := members[access.Editor].item(t)
						body = map[string]any{"base": it.latestID("ar"), "body": withTitle(t, it.Languages["en"].Live, "عنوان "+string(role))}
					case "POST /content/:collection/:slug/:locale/publish":
						body = map[string]any{"version": members[access.Editor].item(t).latestID("ar")}
					case "POST /content/:collection/:slug/:locale/schedule":
						body = map[string]any{"action": "unpublish", "at": e.clock.Now().Add(time.Hour), "timeZone": "Africa/Cairo"}
					case "POST /content/:collection/:slug/:locale/restore":
						latest := members[access.Editor].item(t).latestID("ar")
						body = map[string]any{"version": latest, "base": latest}
					case "GET /content/:collection/:slug/:locale/versions/:version":
						path = strings.Replace(path, ":version", strconv.FormatInt(members[access.Editor].item(t).latestID("ar"), 10), 1)
					case "GET /inbox/:id/cv":
						// The link comes from the route before it, for whoever may ask for one.
						if access.Can(role, access.ReadApplications) {
							var link struct{ URL string }
							r := m.b.do("POST", "/inbox/"+strconv.FormatInt(sub, 10)+"/cv-link", nil)
							expect(t, "cv link", r, http.StatusOK)
							r.data(t, &link)
							path = strings.TrimPrefix(link.URL, "/api/admin")
						}
					}
					r := m.b.send(route.Method, path, body)
					allowed := route.Permission == "" || access.Can(role, route.Permission)
					if !allowed {
						expect(t, key, r, http.StatusForbidden)
						if r.env.Message == "" {
							t.Fatal("a refusal without a message")
						}
						return
					}
					want := http.StatusOK
					if status, ok := ownFactorAnswers[key]; ok {
						want = status
					}
					expect(t, key, r, want)
				})
			}
		}
		// Nobody signed in: 401 everywhere.
		anon := e.browser()
		for _, route := range e.svc.SignedInRoutes() {
			r := anon.do(route.Method, strings.ReplaceAll(route.Path, ":id", target), nil)
			expect(t, "anonymous "+route.Path, r, http.StatusUnauthorized)
		}
	})
}

func TestSignInWithPasswordAndCode(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		editor := e.join("badr@noorvale.example", access.Editor)
		admin.b.do("POST", "/logout", nil)
		if r := admin.b.do("GET", "/session", nil); r.status != http.StatusUnauthorized {
			t.Fatalf("after signing out /session answers %d", r.status)
		}

		b := e.browser()
		r := b.do("POST", "/login", map[string]string{"email": admin.email, "password": "not the password at all"})
		expect(t, "wrong password", r, http.StatusUnauthorized)
		r = b.do("POST", "/login", map[string]string{"email": "nobody@noorvale.example", "password": admin.password})
		expect(t, "unknown address", r, http.StatusUnauthorized)
		r = b.do("POST", "/login", map[string]string{"email": admin.email, "password": admin.password})
		expect(t, "right password", r, http.StatusOK)
		var st1 signin.State
		r.data(t, &st1)
		if st1.Stage != access.StagePassword {
			t.Fatalf("after the password the stage is %q", st1.Stage)
		}
		// The password alone opens nothing.
		r = b.do("GET", "/staff", nil)
		expect(t, "staff list before the second factor", r, http.StatusUnauthorized)
		r = b.do("POST", "/factor/code", map[string]string{"code": "000000"})
		if r.status != http.StatusBadRequest || r.env.Errors["code"] == "" {
			t.Fatalf("a wrong code: %d %s", r.status, r.body)
		}
		e.clock.Advance(30 * time.Second)
		r = b.do("POST", "/factor/code", map[string]string{"code": admin.code(e)})
		expect(t, "right code", r, http.StatusOK)
		expect(t, "staff list after the second factor", b.do("GET", "/staff", nil), http.StatusOK)

		// A second factor older than ten minutes must be proven again before a role changes.
		e.clock.Advance(11 * time.Minute)
		r = b.do("PUT", "/staff/"+editor.id+"/role", map[string]any{"role": "translator", "languages": []string{"ar"}})
		expect(t, "role change without a fresh factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the second factor: %s", r.body)
		}
		// A recovery code works once.
		r = b.do("POST", "/factor/code", map[string]string{"code": strings.ToUpper(admin.codes[0])})
		expect(t, "recovery code", r, http.StatusOK)
		r = b.do("POST", "/factor/code", map[string]string{"code": admin.codes[0]})
		expect(t, "recovery code again", r, http.StatusBadRequest)
		r = b.do("PUT", "/staff/"+editor.id+"/role", map[string]any{"role": "translator", "languages": []string{"ar"}})
		expect(t, "role change", r, http.StatusOK)
		r = editor.b.do("GET", "/session", nil)
		var est signin.State
		r.data(t, &est)
		if est.Staff.Role != "translator" || len(est.Staff.Languages) != 1 || est.Staff.Languages[0] != "ar" {
			t.Fatalf("the editor's account after the change: %+v", est.Staff)
		}

		// The last administrator cannot be demoted, nor disable themselves.
		r = b.do("PUT", "/staff/"+admin.id+"/role", map[string]any{"role": "viewer"})
		expect(t, "demoting the last administrator", r, http.StatusConflict)
		r = b.do("POST", "/staff/"+admin.id+"/disable", nil)
		expect(t, "disabling oneself", r, http.StatusConflict)

		// A disabled account is signed out and cannot sign in.
		expect(t, "disable", b.do("POST", "/staff/"+editor.id+"/disable", nil), http.StatusOK)
		expect(t, "disabled session", editor.b.do("GET", "/session", nil), http.StatusUnauthorized)
		r = e.browser().do("POST", "/login", map[string]string{"email": editor.email, "password": editor.password})
		expect(t, "disabled sign-in", r, http.StatusUnauthorized)

		// The trail has all of it, by id, and never a secret.
		r = b.do("GET", "/audit", nil)
		expect(t, "audit", r, http.StatusOK)
		var page struct {
			Events []audit.Event `json:"events"`
		}
		r.data(t, &page)
		seen := map[string]int{}
		for _, ev := range page.Events {
			seen[ev.Action]++
			for _, secret := range []string{admin.password, admin.secret, admin.codes[0], editor.password} {
				if strings.Contains(ev.Detail+ev.Item, secret) {
					t.Fatalf("the trail holds a secret: %+v", ev)
				}
			}
		}
		for action, n := range map[string]int{
			audit.ActionInvitation: 2, audit.ActionJoined: 2, audit.ActionFactorAdded: 2, audit.ActionSignOut: 1, audit.ActionSignInFailed: 3,
			audit.ActionFactorFailed: 2, audit.ActionSignIn: 1, audit.ActionRecoveryUsed: 1, audit.ActionStepUp: 1, audit.ActionRoleChange: 1, audit.ActionDisable: 1,
		} {
			if seen[action] != n {
				t.Errorf("the trail has %d %q events, want %d (all: %v)", seen[action], action, n, seen)
			}
		}
		r = b.do("GET", "/audit?action=role-change", nil)
		r.data(t, &page)
		if len(page.Events) != 1 || page.Events[0].ActorID != admin.id || page.Events[0].Item != editor.id ||
			page.Events[0].Detail != "editor → translator (ar)" || page.Events[0].IP != "198.51.100.7" {
			t.Fatalf("the role change in the trail: %+v", page.Events)
		}
		r = b.do("GET", "/audit?from=not-a-date", nil)
		expect(t, "a bad date", r, http.StatusBadRequest)
		for _, q := range []string{"actor=a%00b", "item=%ff", "actor=" + strings.Repeat("a", 65), "item=a%0Db"} {
			for _, route := range []string{"/audit", "/audit/export"} {
				if r := b.do("GET", route+"?"+q, nil); r.status != http.StatusBadRequest || len(r.env.Errors) != 1 {
					t.Errorf("%s?%s: %d %s", route, q, r.status, r.body)
				}
			}
		}

		r = b.do("GET", "/audit/export?action=role-change", nil)
		expect(t, "export", r, http.StatusOK)
		rows, err := csv.NewReader(strings.NewReader(string(r.body))).ReadAll()
		if err != nil || len(rows) != 2 || rows[1][3] != "role-change" || rows[1][2] != admin.id {
			t.Fatalf("exported %q, %v", rows, err)
		}
	})
}

func TestSessionEndsWhenIdleOrOld(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	m := e.join("idle@noorvale.example", access.Viewer)
	e.clock.Advance(29 * time.Minute)
	expect(t, "used within 30 minutes", m.b.do("GET", "/session", nil), http.StatusOK)
	e.clock.Advance(31 * time.Minute)
	expect(t, "idle for 31 minutes", m.b.do("GET", "/session", nil), http.StatusUnauthorized)

	b := e.browser()
	expect(t, "login", b.do("POST", "/login", map[string]string{"email": m.email, "password": m.password}), http.StatusOK)
	expect(t, "code", b.do("POST", "/factor/code", map[string]string{"code": m.code(e)}), http.StatusOK)
	for range 16 {
		e.clock.Advance(29 * time.Minute)
		expect(t, "busy session", b.do("GET", "/session", nil), http.StatusOK)
	}
	e.clock.Advance(29 * time.Minute)
	expect(t, "after eight hours", b.do("GET", "/session", nil), http.StatusUnauthorized)
}

func TestArabicAnswers(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	b := e.browser()
	b.lang = "ar"
	r := b.do("POST", "/login", map[string]string{"email": "x@noorvale.example", "password": "wrong password here"})
	expect(t, "failed sign-in", r, http.StatusUnauthorized)
	if r.env.Message != access.In("ar").SignInFailed {
		t.Fatalf("message %q", r.env.Message)
	}
}

// With a step-up window of zero, every sensitive action uses up the
// second factor proven for it.
func TestStepUpForEveryAction(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t), func(c *Config) { c.EveryAction = true })
	m := e.join("every@noorvale.example", access.Administrator)
	invite := func(email string) *result {
		return m.b.do("POST", "/staff/invitations", map[string]any{"email": email, "role": "viewer"})
	}
	expect(t, "the action the enrolment proved the factor for", invite("one@noorvale.example"), http.StatusOK)
	expect(t, "a second action with the same proof", invite("two@noorvale.example"), http.StatusForbidden)
	e.clock.Advance(30 * time.Second)
	expect(t, "code", m.b.do("POST", "/factor/code", map[string]string{"code": m.code(e)}), http.StatusOK)
	expect(t, "after proving it again", invite("two@noorvale.example"), http.StatusOK)
}

// After the command line resets a lost second factor, the password signs
// in to enrol a new one and nothing else; the reset is in the trail.
func TestResetSecondFactor(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	m := e.join("lost@noorvale.example", access.Administrator)
	if err := e.svc.ResetSecondFactor(t.Context(), m.email, "", ""); err != nil {
		t.Fatal(err)
	}
	expect(t, "the old session", m.b.do("GET", "/staff", nil), http.StatusUnauthorized)
	b := e.browser()
	r := b.do("POST", "/login", map[string]string{"email": m.email, "password": m.password})
	expect(t, "password", r, http.StatusOK)
	var st signin.State
	r.data(t, &st)
	if st.Stage != access.StageEnrol || st.Factors.TOTP || st.Factors.RecoveryCodesLeft != 0 {
		t.Fatalf("after the reset: %+v", st)
	}
	expect(t, "an old recovery code", b.do("POST", "/factor/code", map[string]string{"code": m.codes[1]}), http.StatusUnauthorized)
	expect(t, "staff before enrolling", b.do("GET", "/staff", nil), http.StatusUnauthorized)
	events, err := e.store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionFactorReset})
	if err != nil || len(events) != 1 || events[0].Item != m.id {
		t.Fatalf("the reset in the trail: %+v, %v", events, err)
	}
}

// A site reached by its IP address still has a back-office: browsers offer
// passkeys only to a domain, so staff join and sign in with an
// authenticator app, and asking for a passkey says why it cannot be used.
func TestPasskeysOffOnAnIPAddress(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t), func(c *Config) { c.BaseURL = "http://127.0.0.1:8080" })
	m := e.join("amal@noorvale.example", access.Administrator)
	r := m.b.do("POST", "/enrol/passkey/options", nil)
	if r.status != http.StatusBadRequest || r.env.Message != access.In("en").PasskeysOff {
		t.Fatalf("passkey enrolment on an IP address: %d %s", r.status, r.body)
	}
}
