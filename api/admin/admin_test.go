package admin_test

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/admin/media"
	"noorvale.example/site/api/admin/signin"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// ownFactorAnswers are what the routes on a member's own second factors
// and notifications answer a member who has only the authenticator app
// they joined with, and what the review routes answer on a language no
// rule covers: passed the role check, and then refused for what the
// member or the item has.
var ownFactorAnswers = map[string]int{
	"DELETE /factors/passkeys/:id": http.StatusNotFound, // the path names a staff id, not a passkey
	"DELETE /factors/totp":         http.StatusConflict, // the app is their only factor
	// The path names a staff id, not one of the member's notifications.
	"POST /notifications/:id/read": http.StatusNotFound,
	// No rule asks for a review of the story's Arabic, and nobody holds
	// the right to approve, nor has anything been sent.
	"POST /content/:collection/:slug/:locale/review":  http.StatusConflict,
	"POST /content/:collection/:slug/:locale/approve": http.StatusForbidden,
	"POST /content/:collection/:slug/:locale/changes": http.StatusForbidden,
	// The page the role added has no language on the site to take off.
	"POST /content/pages/page/unpublish": http.StatusConflict,
}

// Every role against every signed-in route: the server refuses what a
// role may not do with 403, whatever the browser shows, and lets through
// what it may.
func TestEveryRoleAgainstEveryRoute(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st, admintest.WithReplies(st, admintest.MailQueue(t, st)), admintest.WithCovers(&admintest.FakeEncoder{}))
		e.SeedStory()
		members := map[access.Role]*admintest.Member{}
		for _, r := range access.Roles {
			var langs []string
			if r == access.Translator {
				langs = []string{"ar"}
			}
			members[r] = e.Join(string(r)+"@noorvale.example", r, langs...)
		}
		// The member the staff routes act on: disabled and enabled again, given a role.
		target := e.Join("target@noorvale.example", access.Viewer).ID
		// The invitation the revocation route acts on.
		pending, err := e.Svc.Invite(t.Context(), "pending@noorvale.example", access.Viewer, nil, "", "", "")
		if err != nil {
			t.Fatal(err)
		}
		// The visitor account the visitors' routes act on: unconfirmed, so a
		// confirmation link may be sent; disabled, enabled and deleted last.
		visitorID := e.Visitor("Lina", "Farouk", "lina@example.com", false).ID
		// The submissions the inbox routes act on: a lead and an application with its CV.
		lead := e.Submit(forms.KindProposal, "", "en", map[string]any{"name": "Lina Farouk", "email": "lina@example.com"}, nil)
		application := e.Submit(forms.KindApplication, "security-consultant", "ar",
			map[string]any{"name": "Omar Said", "email": "omar@example.com"}, []byte(admintest.SamplePDF))
		bodies := map[string]any{
			"POST /staff/invitations":             map[string]any{"email": "new@noorvale.example", "role": "editor"},
			"GET /staff/invitations":              nil,
			"DELETE /staff/invitations/:id":       nil,
			"POST /staff/invitations/:id/resend":  nil,
			"PUT /staff/:id/role":                 map[string]any{"role": "viewer"},
			"PUT /inbox/:id/assignee":             map[string]any{"assignee": ""},
			"POST /inbox/:id/notes":               map[string]any{"body": "Called back; a meeting on Monday."},
			"POST /inbox/:id/replies":             map[string]any{"body": "Thank you; we will call you on Monday."},
			"PUT /inbox/:id/status":               map[string]any{"status": "closed"},
			"POST /inbox/:id/cv-link":             nil,
			"GET /inbox/:id/cv":                   nil,
			"GET /inbox/export":                   nil,
			"GET /inbox/dashboard":                nil,
			"GET /analytics":                      nil,
			"GET /analytics/export":               nil,
			"POST /inbox/bulk":                    nil,
			"POST /staff/:id/disable":             nil,
			"POST /staff/:id/enable":              nil,
			"POST /staff/:id/second-factor/reset": nil,
			"GET /inbox/:id":                      nil,
			"GET /inbox":                          nil,
			"GET /inbox/count":                    nil,
			"GET /audit":                          nil,
			"GET /audit/export":                   nil,
			"GET /staff":                          nil,
			"GET /factors":                        nil,
			"DELETE /factors/passkeys/:id":        nil,
			"DELETE /factors/totp":                nil,
			"POST /factors/recovery-codes":        nil,
			"GET /visitors":                       nil,
			"POST /visitors/bulk":                 nil,
			"GET /visitors/:id":                   nil,
			"POST /visitors/:id/confirmation":     nil,
			"DELETE /visitors/:id/sessions":       nil,
			"POST /visitors/:id/disable":          nil,
			"POST /visitors/:id/enable":           nil,
			"DELETE /visitors/:id":                nil,
			"GET /erasure":                        nil,
			"POST /erasure":                       map[string]any{"email": "nobody@example.com"},
			// The content routes act on the story's Arabic, which the
			// translator's account covers; their bodies name its latest version.
			"GET /content/schema/:collection": nil,
			"GET /content/find":               nil,
			"POST /content/bulk": map[string]any{"action": "unpublish", "items": []map[string]string{
				{"collection": "news", "slug": admintest.StorySlug, "locale": "ar"}}},
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
			"POST /content/:collection/:slug/:locale/cover":            admintest.MultipartBody{Name: "cover.jpg", Data: admintest.Photo(t, 1200, 675, "jpeg")},
			"POST /content/:collection/:slug/:locale/cover/library":    nil,
			// Each role that may adds a service page of its own, takes it off and deletes it.
			"GET /content/pages/parents":                                 nil,
			"POST /content/pages":                                        nil,
			"POST /content/pages/page/unpublish":                         nil,
			"DELETE /content/pages/page":                                 nil,
			"GET /content/:collection/:slug/:locale/preview":             nil,
			"POST /content/:collection/:slug/:locale/presence":           map[string]any{"session": "role-test-editor-01"},
			"POST /content/:collection/:slug/:locale/presence/leave":     map[string]any{"session": "role-test-editor-01"},
			"POST /content/:collection/:slug/:locale/presence/take-over": map[string]any{"session": "role-test-editor-01"},
			// Each role that may creates an item of its own, publishes it,
			// takes it off, renames it and deletes it (see roleItem).
			"POST /content/:collection":                       nil,
			"POST /content/:collection/:slug/unpublish":       nil,
			"PUT /content/:collection/:slug/slug":             nil,
			"DELETE /content/:collection/:slug":               nil,
			"GET /settings":                                   nil,
			"PUT /settings":                                   nil,
			"GET /notifications":                              nil,
			"GET /notifications/count":                        nil,
			"POST /notifications/read":                        nil,
			"POST /notifications/:id/read":                    nil,
			"GET /notifications/settings":                     nil,
			"PUT /notifications/settings":                     map[string]any{"deliveries": map[string]string{"assigned": "digest"}, "digestHour": 9, "timeZone": "Asia/Dubai"},
			"GET /work":                                       nil,
			"PUT /staff/:id/may-approve":                      map[string]any{"mayApprove": true},
			"GET /review-rules":                               nil,
			"PUT /review-rules":                               map[string]any{"rules": map[string][]string{"home": {"en"}}},
			"POST /content/:collection/:slug/:locale/review":  map[string]any{"version": 1},
			"POST /content/:collection/:slug/:locale/approve": map[string]any{"version": 1},
			"POST /content/:collection/:slug/:locale/changes": map[string]any{"version": 1, "comment": "Shorter"},
			// Each role that may adds a redirect of its own, deletes it and
			// imports another.
			"GET /redirects":         nil,
			"POST /redirects":        nil,
			"DELETE /redirects":      nil,
			"POST /redirects/import": nil,
			"GET /media":             nil,
			"POST /media":            nil,
			"GET /media/:id":         nil,
			"PUT /media/:id":         map[string]any{"title": "Annual report"},
			"DELETE /media/:id":      nil,
		}
		// A picture of the library, which a cover is made of.
		photo := admintest.Photo(t, 1200, 675, "jpeg")
		if _, _, err := e.Store.CreateMediaItem(t.Context(), store.MediaItem{ID: "role-test-picture", Kind: store.MediaImage, FileName: "p.jpg",
			ContentType: "image/jpeg", Sha256: "role-test-picture", Width: 1200, Height: 675,
			Files:      []store.MediaFile{{Name: "1200.jpg", Type: "image/jpeg", Width: 1200, Height: 675}},
			UploadedAt: e.Clock.Now(), UpdatedAt: e.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
		if err := e.Blobs.Put(t.Context(), media.FileKey("role-test-picture", "1200.jpg"), bytes.NewReader(photo), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		bodies["POST /content/:collection/:slug/:locale/cover/library"] = map[string]any{"media": "role-test-picture"}
		for _, route := range e.Svc.SignedInRoutes() {
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
			for _, route := range e.Svc.SignedInRoutes() {
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
					path = strings.NewReplacer(":collection", "news", ":slug", admintest.StorySlug, ":locale", "ar").Replace(route.Path)
				}
				t.Run(string(role)+" "+key, func(t *testing.T) {
					body := bodies[key]
					if p, b, ok := admintest.RoleItem(t, m, role, key); ok {
						path, body = p, b
					}
					if strings.HasPrefix(route.Path, "/media") && route.Method != http.MethodGet || route.Path == "/media/:id" {
						// Each route acts on a document of its own, uploaded
						// straight to the store.
						doc := "%PDF-1.4\n% " + string(role) + " " + key + "\n%%EOF\n"
						if key == "POST /media" {
							body = admintest.MultipartBody{Name: "report.pdf", Data: []byte(doc)}
						} else {
							id := string(role) + "-" + strings.ToLower(route.Method)
							if _, _, err := e.Store.CreateMediaItem(t.Context(), store.MediaItem{ID: id, Kind: store.MediaDocument, FileName: "r.pdf",
								ContentType: "application/pdf", Sha256: id, UploadedAt: e.Clock.Now(), UpdatedAt: e.Clock.Now()}); err != nil {
								t.Fatal(err)
							}
							path = "/media/" + id
						}
					}
					switch key {
					case "POST /staff/invitations":
						body = map[string]any{"email": string(role) + "-invites@noorvale.example", "role": "editor"}
					case "DELETE /staff/invitations/:id":
						path = "/staff/invitations/" + pending.ID
					case "POST /inbox/bulk":
						body = map[string]any{"action": "assign", "assignee": "", "ids": []int64{sub}}
					case "POST /visitors/bulk":
						body = map[string]any{"action": "end-sessions", "ids": []string{visitorID}}
					case "POST /redirects":
						body = map[string]any{"from": "/old-" + string(role), "to": "/about-us", "status": 301}
					case "DELETE /redirects":
						path = "/redirects?from=/old-" + string(role)
					case "POST /redirects/import":
						body = map[string]any{"csv": "from,to\n/imported-" + string(role) + ",/about-us,302\n"}
					case "POST /staff/invitations/:id/resend":
						// The invitation the role made on the route before.
						if access.Can(role, access.ManageStaff) {
							var l struct{ Invitations []struct{ ID, Email string } }
							m.B.Do("GET", "/staff/invitations", nil).Data(t, &l)
							for _, inv := range l.Invitations {
								if inv.Email == string(role)+"-invites@noorvale.example" {
									path = "/staff/invitations/" + inv.ID + "/resend"
								}
							}
						}
					case "POST /content/pages":
						body = map[string]any{"kind": "service", "parent": "/services/cybersecurity-services",
							"title": "Role test " + string(role), "slug": "role-test-" + string(role)}
					case "POST /content/pages/page/unpublish", "DELETE /content/pages/page":
						path = route.Path + "?route=/services/cybersecurity-services/role-test-" + string(role)
					case "PUT /inbox/:id/status":
						if sub == application {
							body = map[string]any{"status": "screening"}
						}
					case "PUT /content/:collection/:slug/:locale":
						it := members[access.Editor].Item(t)
						body = map[string]any{"base": it.LatestID("ar"), "body": admintest.WithTitle(t, it.Languages["en"].Live, "عنوان "+string(role))}
					case "POST /content/:collection/:slug/:locale/publish":
						body = map[string]any{"version": members[access.Editor].Item(t).LatestID("ar")}
					case "POST /content/:collection/:slug/:locale/schedule":
						body = map[string]any{"action": "unpublish", "at": e.Clock.Now().Add(time.Hour), "timeZone": "Africa/Cairo"}
					case "POST /content/:collection/:slug/:locale/restore":
						latest := members[access.Editor].Item(t).LatestID("ar")
						body = map[string]any{"version": latest, "base": latest}
					case "GET /content/:collection/:slug/:locale/versions/:version":
						path = strings.Replace(path, ":version", strconv.FormatInt(members[access.Editor].Item(t).LatestID("ar"), 10), 1)
					case "GET /inbox/:id/cv":
						// The link comes from the route before it, for whoever may ask for one.
						if access.Can(role, access.ReadApplications) {
							var link struct{ URL string }
							r := m.B.Do("POST", "/inbox/"+strconv.FormatInt(sub, 10)+"/cv-link", nil)
							admintest.Expect(t, "cv link", r, http.StatusOK)
							r.Data(t, &link)
							path = strings.TrimPrefix(link.URL, "/api/admin")
						}
					}
					r := m.B.Send(route.Method, path, body)
					allowed := route.Permission == "" || access.Can(role, route.Permission)
					if !allowed {
						admintest.Expect(t, key, r, http.StatusForbidden)
						if r.Env.Message == "" {
							t.Fatal("a refusal without a message")
						}
						return
					}
					want := http.StatusOK
					if status, ok := ownFactorAnswers[key]; ok {
						want = status
					}
					admintest.Expect(t, key, r, want)
				})
			}
		}
		// Nobody signed in: 401 everywhere.
		anon := e.Browser()
		for _, route := range e.Svc.SignedInRoutes() {
			r := anon.Do(route.Method, strings.ReplaceAll(route.Path, ":id", target), nil)
			admintest.Expect(t, "anonymous "+route.Path, r, http.StatusUnauthorized)
		}
	})
}

func TestSignInWithPasswordAndCode(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		editor := e.Join("badr@noorvale.example", access.Editor)
		admin.B.Do("POST", "/logout", nil)
		if r := admin.B.Do("GET", "/session", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("after signing out /session answers %d", r.Status)
		}

		b := e.Browser()
		r := b.Do("POST", "/login", map[string]string{"email": admin.Email, "password": "not the password at all"})
		admintest.Expect(t, "wrong password", r, http.StatusUnauthorized)
		r = b.Do("POST", "/login", map[string]string{"email": "nobody@noorvale.example", "password": admin.Password})
		admintest.Expect(t, "unknown address", r, http.StatusUnauthorized)
		r = b.Do("POST", "/login", map[string]string{"email": admin.Email, "password": admin.Password})
		admintest.Expect(t, "right password", r, http.StatusOK)
		var st1 signin.State
		r.Data(t, &st1)
		if st1.Stage != access.StagePassword {
			t.Fatalf("after the password the stage is %q", st1.Stage)
		}
		// The password alone opens nothing.
		r = b.Do("GET", "/staff", nil)
		admintest.Expect(t, "staff list before the second factor", r, http.StatusUnauthorized)
		r = b.Do("POST", "/factor/code", map[string]string{"code": "000000"})
		if r.Status != http.StatusBadRequest || r.Env.Errors["code"] == "" {
			t.Fatalf("a wrong code: %d %s", r.Status, r.Body)
		}
		e.Clock.Advance(30 * time.Second)
		r = b.Do("POST", "/factor/code", map[string]string{"code": admin.Code(e)})
		admintest.Expect(t, "right code", r, http.StatusOK)
		admintest.Expect(t, "staff list after the second factor", b.Do("GET", "/staff", nil), http.StatusOK)

		// A second factor older than ten minutes must be proven again before a role changes.
		e.Clock.Advance(11 * time.Minute)
		r = b.Do("PUT", "/staff/"+editor.ID+"/role", map[string]any{"role": "translator", "languages": []string{"ar"}})
		admintest.Expect(t, "role change without a fresh factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.Env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the second factor: %s", r.Body)
		}
		// A recovery code works once.
		r = b.Do("POST", "/factor/code", map[string]string{"code": strings.ToUpper(admin.Codes[0])})
		admintest.Expect(t, "recovery code", r, http.StatusOK)
		r = b.Do("POST", "/factor/code", map[string]string{"code": admin.Codes[0]})
		admintest.Expect(t, "recovery code again", r, http.StatusBadRequest)
		r = b.Do("PUT", "/staff/"+editor.ID+"/role", map[string]any{"role": "translator", "languages": []string{"ar"}})
		admintest.Expect(t, "role change", r, http.StatusOK)
		r = editor.B.Do("GET", "/session", nil)
		var est signin.State
		r.Data(t, &est)
		if est.Staff.Role != "translator" || len(est.Staff.Languages) != 1 || est.Staff.Languages[0] != "ar" {
			t.Fatalf("the editor's account after the change: %+v", est.Staff)
		}

		// The last administrator cannot be demoted, nor disable themselves.
		r = b.Do("PUT", "/staff/"+admin.ID+"/role", map[string]any{"role": "viewer"})
		admintest.Expect(t, "demoting the last administrator", r, http.StatusConflict)
		r = b.Do("POST", "/staff/"+admin.ID+"/disable", nil)
		admintest.Expect(t, "disabling oneself", r, http.StatusConflict)

		// A disabled account is signed out and cannot sign in.
		admintest.Expect(t, "disable", b.Do("POST", "/staff/"+editor.ID+"/disable", nil), http.StatusOK)
		admintest.Expect(t, "disabled session", editor.B.Do("GET", "/session", nil), http.StatusUnauthorized)
		r = e.Browser().Do("POST", "/login", map[string]string{"email": editor.Email, "password": editor.Password})
		admintest.Expect(t, "disabled sign-in", r, http.StatusUnauthorized)

		// The trail has all of it, by id, and never a secret.
		r = b.Do("GET", "/audit", nil)
		admintest.Expect(t, "audit", r, http.StatusOK)
		var page struct {
			Events []audit.Event `json:"events"`
		}
		r.Data(t, &page)
		seen := map[string]int{}
		for _, ev := range page.Events {
			seen[ev.Action]++
			for _, secret := range []string{admin.Password, admin.Secret, admin.Codes[0], editor.Password} {
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
		r = b.Do("GET", "/audit?action=role-change", nil)
		r.Data(t, &page)
		if len(page.Events) != 1 || page.Events[0].ActorID != admin.ID || page.Events[0].Item != editor.ID ||
			page.Events[0].Detail != "editor → translator (ar)" || page.Events[0].IP != "198.51.100.7" {
			t.Fatalf("the role change in the trail: %+v", page.Events)
		}
		r = b.Do("GET", "/audit?from=not-a-date", nil)
		admintest.Expect(t, "a bad date", r, http.StatusBadRequest)
		for _, q := range []string{"actor=a%00b", "item=%ff", "actor=" + strings.Repeat("a", 65), "item=a%0Db"} {
			for _, route := range []string{"/audit", "/audit/export"} {
				if r := b.Do("GET", route+"?"+q, nil); r.Status != http.StatusBadRequest || len(r.Env.Errors) != 1 {
					t.Errorf("%s?%s: %d %s", route, q, r.Status, r.Body)
				}
			}
		}

		r = b.Do("GET", "/audit/export?action=role-change", nil)
		admintest.Expect(t, "export", r, http.StatusOK)
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil || len(rows) != 2 || rows[1][4] != "role-change" || rows[1][2] != admin.ID || rows[1][3] != "Staff administrator" {
			t.Fatalf("exported %q, %v", rows, err)
		}
	})
}

func TestSessionEndsWhenIdleOrOld(t *testing.T) {
	e := admintest.New(t, testenv.SQLiteStore(t))
	m := e.Join("idle@noorvale.example", access.Viewer)
	e.Clock.Advance(29 * time.Minute)
	admintest.Expect(t, "used within 30 minutes", m.B.Do("GET", "/session", nil), http.StatusOK)
	e.Clock.Advance(31 * time.Minute)
	admintest.Expect(t, "idle for 31 minutes", m.B.Do("GET", "/session", nil), http.StatusUnauthorized)

	b := e.Browser()
	admintest.Expect(t, "login", b.Do("POST", "/login", map[string]string{"email": m.Email, "password": m.Password}), http.StatusOK)
	admintest.Expect(t, "code", b.Do("POST", "/factor/code", map[string]string{"code": m.Code(e)}), http.StatusOK)
	for range 16 {
		e.Clock.Advance(29 * time.Minute)
		admintest.Expect(t, "busy session", b.Do("GET", "/session", nil), http.StatusOK)
	}
	e.Clock.Advance(29 * time.Minute)
	admintest.Expect(t, "after eight hours", b.Do("GET", "/session", nil), http.StatusUnauthorized)
}

func TestArabicAnswers(t *testing.T) {
	e := admintest.New(t, testenv.SQLiteStore(t))
	b := e.Browser()
	b.Lang = "ar"
	r := b.Do("POST", "/login", map[string]string{"email": "x@noorvale.example", "password": "wrong password here"})
	admintest.Expect(t, "failed sign-in", r, http.StatusUnauthorized)
	if r.Env.Message != access.In("ar").SignInFailed {
		t.Fatalf("message %q", r.Env.Message)
	}
}

// With a step-up window of zero, every sensitive action uses up the
// second factor proven for it.
func TestStepUpForEveryAction(t *testing.T) {
	e := admintest.New(t, testenv.SQLiteStore(t), func(c *admin.Config) { c.EveryAction = true })
	m := e.Join("every@noorvale.example", access.Administrator)
	invite := func(email string) *admintest.Result {
		return m.B.Do("POST", "/staff/invitations", map[string]any{"email": email, "role": "viewer"})
	}
	admintest.Expect(t, "the action the enrolment proved the factor for", invite("one@noorvale.example"), http.StatusOK)
	admintest.Expect(t, "a second action with the same proof", invite("two@noorvale.example"), http.StatusForbidden)
	e.Clock.Advance(30 * time.Second)
	admintest.Expect(t, "code", m.B.Do("POST", "/factor/code", map[string]string{"code": m.Code(e)}), http.StatusOK)
	admintest.Expect(t, "after proving it again", invite("two@noorvale.example"), http.StatusOK)
}

// After the command line resets a lost second factor, the password alone
// signs in to nothing: the link e-mailed to the account starts the
// enrolment of a new factor, with the password, and nothing else; the
// reset is in the trail.
func TestResetSecondFactor(t *testing.T) {
	e := admintest.New(t, testenv.SQLiteStore(t))
	m := e.Join("lost@noorvale.example", access.Administrator)
	if _, err := e.Svc.ResetSecondFactor(t.Context(), m.Email, "", ""); err != nil {
		t.Fatal(err)
	}
	admintest.Expect(t, "the old session", m.B.Do("GET", "/staff", nil), http.StatusUnauthorized)
	b := e.Browser()
	r := b.Do("POST", "/login", map[string]string{"email": m.Email, "password": m.Password})
	admintest.Expect(t, "the password alone", r, http.StatusForbidden)
	sent := e.Mail.To(m.Email)
	if len(sent) == 0 || sent[len(sent)-1].Kind != mail.KindStaffEnrolLink {
		t.Fatalf("the reset mailed %+v", sent)
	}
	_, token, _ := strings.Cut(sent[len(sent)-1].Data["link"], "/admin/enrol#")
	r = b.Do("POST", "/login", map[string]string{"email": m.Email, "password": m.Password, "enrolToken": token})
	admintest.Expect(t, "the password with the link", r, http.StatusOK)
	var st signin.State
	r.Data(t, &st)
	if st.Stage != access.StageEnrol || st.Factors.TOTP || st.Factors.RecoveryCodesLeft != 0 {
		t.Fatalf("after the reset: %+v", st)
	}
	admintest.Expect(t, "an old recovery code", b.Do("POST", "/factor/code", map[string]string{"code": m.Codes[1]}), http.StatusUnauthorized)
	admintest.Expect(t, "staff before enrolling", b.Do("GET", "/staff", nil), http.StatusUnauthorized)
	events, err := e.Store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionFactorReset})
	if err != nil || len(events) != 1 || events[0].Item != m.ID {
		t.Fatalf("the reset in the trail: %+v, %v", events, err)
	}
}

// A site reached by its IP address still has a back-office: browsers offer
// passkeys only to a domain, so staff join and sign in with an
// authenticator app, and asking for a passkey says why it cannot be used.
func TestPasskeysOffOnAnIPAddress(t *testing.T) {
	e := admintest.New(t, testenv.SQLiteStore(t), func(c *admin.Config) { c.BaseURL = "http://127.0.0.1:8080" })
	m := e.Join("amal@noorvale.example", access.Administrator)
	r := m.B.Do("POST", "/enrol/passkey/options", nil)
	if r.Status != http.StatusBadRequest || r.Env.Message != access.In("en").PasskeysOff {
		t.Fatalf("passkey enrolment on an IP address: %d %s", r.Status, r.Body)
	}
}
