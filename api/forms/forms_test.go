package forms

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func TestValidation(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		en, ar, fr := locale.For(locale.En), locale.For(locale.Ar), locale.For(locale.Fr)
		tests := []struct {
			name       string
			path       string
			body       map[string]any
			wantStatus int
			wantErrors map[string]string // field: message; nil for none
			wantMsg    string
		}{
			{"proposal: everything missing", "/api/forms/proposal", map[string]any{}, 400, map[string]string{
				"name": en.API.Required, "email": en.API.Required, "phone": en.API.Required, "company": en.API.Required, "country": en.API.Required,
				"companySize": en.API.Required, "timeline": en.API.Required, "services": en.API.Required, "message": en.API.Required,
				"consent": en.Forms.ConsentRequired, "captcha": en.API.CaptchaRequired}, en.API.FixFields},
			{"proposal: unknown service", "/api/forms/proposal", with(validProposal(), map[string]any{"services": []string{"/services/cybersecurity-services/asv", "/about-us"}}),
				400, map[string]string{"services": en.Forms.ServiceUnknown}, ""},
			{"proposal: a service as one string", "/api/forms/proposal?lang=fr", with(validProposal(), map[string]any{"services": "/nowhere"}),
				400, map[string]string{"services": fr.Forms.ServiceUnknown}, fr.API.FixFields},
			{"proposal: start in the past", "/api/forms/proposal", with(validProposal(), map[string]any{"preferredStart": "2026-11-01"}),
				400, map[string]string{"preferredStart": en.Forms.DatePast}, ""},
			{"proposal: start not a date", "/api/forms/proposal", with(validProposal(), map[string]any{"preferredStart": "11/30/2026"}),
				400, map[string]string{"preferredStart": en.Forms.DateInvalid}, ""},
			{"proposal: unknown size and timeline", "/api/forms/proposal", with(validProposal(), map[string]any{"companySize": "huge", "timeline": "soon"}),
				400, map[string]string{"companySize": en.Forms.ChoiceInvalid, "timeline": en.Forms.ChoiceInvalid}, ""},
			{"proposal: consent refused", "/api/forms/proposal", with(validProposal(), map[string]any{"consent": false}),
				400, map[string]string{"consent": en.Forms.ConsentRequired}, ""},
			{"proposal: wrong captcha", "/api/forms/proposal", with(validProposal(), map[string]any{"captcha": "guess"}),
				400, map[string]string{"captcha": en.API.CaptchaRequired}, en.API.CaptchaRequired},
			{"proposal: captcha provider down", "/api/forms/proposal", with(validProposal(), map[string]any{"captcha": "down"}),
				503, nil, en.API.CaptchaUnavailable},
			{"inquiry: arabic messages", "/api/forms/inquiry?lang=ar", with(validInquiry(), map[string]any{"email": "not-an-address", "phone": "0501234"}),
				400, map[string]string{"email": ar.API.EmailInvalid, "phone": ar.API.PhoneInvalid}, ar.API.FixFields},
			{"inquiry: header injection in the subject", "/api/forms/inquiry", with(validInquiry(), map[string]any{"subject": "Hello\r\nBcc: victim@example.com"}),
				400, map[string]string{"subject": en.API.InvalidChars}, ""},
			{"inquiry: header injection in the name", "/api/forms/inquiry", with(validInquiry(), map[string]any{"name": "Eve\nBcc: x@example.com"}),
				400, map[string]string{"name": en.API.InvalidChars}, ""},
			{"inquiry: direction override in the name", "/api/forms/inquiry?lang=fr", with(validInquiry(), map[string]any{"name": "Eve \u202egro.live"}),
				400, map[string]string{"name": locale.For("fr").API.InvisibleChars}, locale.For("fr").API.FixFields},
			{"inquiry: header injection in the e-mail", "/api/forms/inquiry", with(validInquiry(), map[string]any{"email": "eve@example.com\r\nBcc: x@example.com"}),
				400, map[string]string{"email": en.API.EmailInvalid}, ""},
			{"inquiry: message too long", "/api/forms/inquiry", with(validInquiry(), map[string]any{"message": strings.Repeat("ب", maxMessage+1)}),
				400, map[string]string{"message": en.API.TooLongFor(maxMessage)}, ""},
			{"inquiry: subject too long", "/api/forms/inquiry", with(validInquiry(), map[string]any{"subject": strings.Repeat("s", maxLine+1)}),
				400, map[string]string{"subject": en.API.TooLongFor(maxLine)}, ""},
			{"contact: unknown office", "/api/forms/contact/paris", validContact(), 404, nil, en.Forms.NotFound},
			{"contact: message with a control character", "/api/forms/contact/dubai", with(validContact(), map[string]any{"message": "Hi\x00there"}),
				400, map[string]string{"message": en.API.InvalidChars}, ""},
			{"webinar: past", "/api/forms/webinar/nca-ecc-in-practice", validWebinar(), 400, nil, en.Forms.WebinarClosed},
			{"webinar: unknown", "/api/forms/webinar/no-such-webinar", validWebinar(), 404, nil, en.Forms.NotFound},
			{"webinar: slug with a path", "/api/forms/webinar/..%2f..%2fetc", validWebinar(), 404, nil, en.Forms.NotFound},
			{"publication: company required", "/api/forms/publication/pci-dss-scoping-guide", with(validPublication(), map[string]any{"company": nil}),
				400, map[string]string{"company": en.API.Required}, ""},
			{"publication: unknown", "/api/forms/publication/nothing-here", validPublication(), 404, nil, en.Forms.NotFound},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				res := h.postJSON(tc.path, tc.body, "")
				if res.status != tc.wantStatus || res.env.IsSuccess {
					t.Fatalf("status %d, want %d: %s", res.status, tc.wantStatus, res.body)
				}
				if tc.wantMsg != "" && res.env.Message != tc.wantMsg {
					t.Errorf("message %q, want %q", res.env.Message, tc.wantMsg)
				}
				for field, want := range tc.wantErrors {
					if got := res.env.Errors[field]; got != want {
						t.Errorf("errors[%s] = %q, want %q", field, got, want)
					}
				}
				if tc.wantErrors != nil && len(res.env.Errors) != len(tc.wantErrors) {
					t.Errorf("errors %v, want exactly %v", res.env.Errors, tc.wantErrors)
				}
			})
		}
		if subs := h.submissions(); len(subs) != 0 {
			t.Fatalf("%d submissions stored from invalid requests", len(subs))
		}
		if len(h.mail.all()) != 0 {
			t.Fatal("mail queued for invalid requests")
		}
	})
}

func TestBodyLimits(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t))
	big := with(validInquiry(), map[string]any{"message": strings.Repeat("x", endpoint.MaxBytes)})
	if res := h.postJSON("/api/forms/inquiry", big, ""); res.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("64 KB+ JSON: status %d", res.status)
	}
	req := jsonRequest(t, "/api/forms/inquiry", `{"name": 42}`)
	if res := h.do(req, ""); res.status != http.StatusBadRequest || res.env.Message != locale.For(locale.En).API.BadRequest {
		t.Fatalf("wrong JSON type: %d %s", res.status, res.body)
	}
}

// Each form takes the bodies it declares and answers 415 to any other,
// before it counts anything.
func TestBodyTypes(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t))
	body, ct := multipartBody(t, map[string]string{"name": "Huda"}, "", nil)
	for _, tc := range []struct {
		name, path, contentType, body string
	}{
		{"text/plain inquiry", "/api/forms/inquiry", "text/plain", `{"name":"Huda"}`},
		{"multipart inquiry", "/api/forms/inquiry", ct, body.String()},
		{"JSON application", "/api/forms/application/senior-penetration-tester", "application/json", `{"name":"Huda"}`},
		{"urlencoded application", "/api/forms/application/senior-penetration-tester", "application/x-www-form-urlencoded", "name=Huda"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, tc.path, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", tc.contentType)
			res := h.do(req, "")
			if res.status != http.StatusUnsupportedMediaType || res.env.Message != locale.For(locale.En).API.UnsupportedBody {
				t.Fatalf("%d %s", res.status, res.body)
			}
		})
	}
}

func TestSubmissionsAreStoredThenAnnounced(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ctx := t.Context()
		u := &store.User{Email: "claire@example.com", FirstName: "Claire", LastName: "Bennett", PasswordHash: "x", Locale: "en"}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}

		// A request for proposal, in Dutch.
		res := h.postJSON("/api/forms/proposal?lang=nl", validProposal(), "")
		if res.status != 200 || !res.env.IsSuccess || res.env.Message != locale.For(locale.Nl).Forms.ProposalDone {
			t.Fatalf("proposal: %d %s", res.status, res.body)
		}
		// A general inquiry, form-encoded.
		form := url.Values{"name": {"Tom Whitfield"}, "email": {"tom@example.co.uk"}, "subject": {"ISO 27001"},
			"message": {"Line one\r\nLine two"}, "consent": {"on"}, "captcha": {"solved"}}
		if res := h.postForm("/api/forms/inquiry", form, ""); res.status != 200 {
			t.Fatalf("inquiry: %d %s", res.status, res.body)
		}
		// The Cairo office, in Arabic.
		if res := h.postJSON("/api/forms/contact/cairo?lang=ar", validContact(), ""); res.status != 200 {
			t.Fatalf("contact: %d %s", res.status, res.body)
		}
		// A webinar, by a signed-in visitor.
		req := jsonRequest(t, "/api/forms/webinar/dora-one-year-on?lang=fr", mustJSON(t, validWebinar()))
		req.AddCookie(&http.Cookie{Name: "session", Value: u.Email})
		if res := h.do(req, ""); res.status != 200 {
			t.Fatalf("webinar: %d %s", res.status, res.body)
		}

		subs := h.submissions()
		if len(subs) != 4 {
			t.Fatalf("%d submissions stored, want 4", len(subs))
		}
		var data map[string]any
		if err := json.Unmarshal([]byte(subs[0].Data), &data); err != nil {
			t.Fatal(err)
		}
		if subs[0].Kind != KindProposal || subs[0].Locale != "nl" || subs[0].IP != "192.0.2.1" || data["email"] != "layla@example.com" ||
			len(data["services"].([]any)) != 3 || data["captcha"] != nil || data["consent"] != nil {
			t.Errorf("proposal stored as %+v %v", subs[0], data)
		}
		if err := json.Unmarshal([]byte(subs[1].Data), &data); err != nil || data["message"] != "Line one\nLine two" {
			t.Errorf("inquiry stored as %v", data)
		}
		if subs[2].Kind != KindContact || subs[2].Target != "cairo" || subs[2].UserID != nil {
			t.Errorf("contact stored as %+v", subs[2])
		}
		if subs[3].Kind != KindWebinar || subs[3].Target != "dora-one-year-on" || subs[3].UserID == nil || *subs[3].UserID != u.ID {
			t.Errorf("webinar stored as %+v", subs[3])
		}

		// Notifications: the right inbox, in English, replying to the visitor.
		n := h.mailTo("cairo@noorvale.example")
		if n.Kind != mail.KindFormNotification || n.Locale != locale.En || n.ReplyTo != "nadia@example.com" ||
			!strings.Contains(n.Data["fields"], "Message: Please call me about a PCI DSS assessment.") {
			t.Errorf("office notification %+v", n)
		}
		var marketing []mail.Message
		for _, m := range h.mail.all() {
			if m.To == "info@noorvale.example" {
				marketing = append(marketing, m)
			}
		}
		if len(marketing) != 3 {
			t.Fatalf("%d notifications to marketing, want 3", len(marketing))
		}
		if f := marketing[0].Data["fields"]; !strings.Contains(f, "PCI ASV Scanning (/services/cybersecurity-services/asv)") ||
			!strings.Contains(f, "Message:\n    We need quarterly ASV scans\n    and a yearly penetration test.") {
			t.Errorf("proposal notification fields:\n%s", f)
		}
		if !strings.Contains(marketing[2].Data["fields"], "Signed-in account: yes") {
			t.Errorf("webinar notification does not say the visitor was signed in:\n%s", marketing[2].Data["fields"])
		}
		// Confirmations: to the visitor, in their language, greeting nobody
		// by a name typed for an address not proven theirs.
		if c := h.mailTo("layla@example.com"); c.Kind != mail.KindFormConfirmProposal || c.Locale != locale.Nl || c.Name != "" {
			t.Errorf("proposal confirmation %+v", c)
		}
		if c := h.mailTo("nadia@example.com"); c.Kind != mail.KindFormConfirmContact || c.Locale != locale.Ar || c.Data["office"] != "مكتبنا في القاهرة" {
			t.Errorf("contact confirmation %+v", c)
		}
		if c := h.mailTo("claire@example.com"); c.Kind != mail.KindFormConfirmWebinar || c.Data["when"] != "20 janvier 2027 à 12\u00a0h\u00a000 (UTC)" {
			t.Errorf("webinar confirmation %+v", c)
		}
		// Every queued message is one the mail package accepts.
		for _, m := range h.mail.all() {
			if _, err := mail.Render(m); err != nil {
				t.Errorf("%s to %s does not render: %v", m.Kind, m.To, err)
			}
		}
	})
}

// An e-mail the mail package refuses is left out; the submission is kept.
func TestSubmissionKeptWhenAnEmailIsRefused(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t))
	h.mail.err = errMailRefused
	res := h.postJSON("/api/forms/inquiry", validInquiry(), "")
	if res.status != 200 || !res.env.IsSuccess {
		t.Fatalf("status %d: %s", res.status, res.body)
	}
	if subs := h.submissions(); len(subs) != 1 {
		t.Fatalf("%d submissions stored, want 1", len(subs))
	}
}

func TestRateLimit(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s, func(c *Config) { c.Limit = 2 })
		for i := range 2 {
			if res := h.postJSON("/api/forms/inquiry", validInquiry(), "198.51.100.7"); res.status != 200 {
				t.Fatalf("submission %d: %d", i+1, res.status)
			}
		}
		res := h.postJSON("/api/forms/inquiry?lang=fr", validInquiry(), "198.51.100.7")
		if res.status != http.StatusTooManyRequests || res.env.Message != locale.For(locale.Fr).Forms.RateLimited {
			t.Fatalf("third submission: %d %s", res.status, res.body)
		}
		if ra := res.header.Get("Retry-After"); ra != "3600" {
			t.Errorf("Retry-After %q, want 3600", ra)
		}
		// Another form, another network: their own limits.
		if res := h.postJSON("/api/forms/contact/london", validContact(), "198.51.100.7"); res.status != 200 {
			t.Errorf("another form: %d", res.status)
		}
		if res := h.postJSON("/api/forms/inquiry", validInquiry(), "203.0.113.9"); res.status != 200 {
			t.Errorf("another client: %d", res.status)
		}
		// An hour later the window has moved on.
		h.clock.Advance(time.Hour)
		if res := h.postJSON("/api/forms/inquiry", validInquiry(), "198.51.100.7"); res.status != 200 {
			t.Errorf("an hour later: %d", res.status)
		}
		if subs := h.submissions(); len(subs) != 5 {
			t.Errorf("%d submissions, want 5", len(subs))
		}
	})
}

// TestWrongCaptchaDoesNotCount: posts whose captcha fails are refused
// without using up the hourly limit, which counts valid submissions only;
// once it is used up, a post is refused before its captcha is checked.
func TestWrongCaptchaDoesNotCount(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s, func(c *Config) { c.Limit = 2 })
		const ip = "198.51.100.7"
		for i := range 5 {
			res := h.postJSON("/api/forms/inquiry", with(validInquiry(), map[string]any{"captcha": "forged"}), ip)
			if res.status != http.StatusBadRequest || res.env.Errors["captcha"] != locale.For(locale.En).API.CaptchaRequired {
				t.Fatalf("wrong captcha %d: %d %s", i+1, res.status, res.body)
			}
		}
		for i := range 2 {
			if res := h.postJSON("/api/forms/inquiry", validInquiry(), ip); res.status != 200 {
				t.Fatalf("valid submission %d after wrong captchas: %d %s", i+1, res.status, res.body)
			}
		}
		// Over the limit, the provider is not asked: "down" would answer 503.
		res := h.postJSON("/api/forms/inquiry", with(validInquiry(), map[string]any{"captcha": "down"}), ip)
		if res.status != http.StatusTooManyRequests {
			t.Fatalf("over the limit: %d %s", res.status, res.body)
		}
		if subs := h.submissions(); len(subs) != 2 {
			t.Errorf("%d submissions, want 2", len(subs))
		}
	})
}

func jsonRequest(t testing.TB, path, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return req
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A confirmation goes to whatever address the visitor typed: it copies
// nothing they wrote (a name, a subject) into it, unless they are signed in
// to the confirmed account of that very address.
func TestConfirmationsCopyNoTextToUnprovenAddresses(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		ctx := t.Context()
		owner := &store.User{Email: "victim@example.com", FirstName: "Rania", LastName: "Aziz", PasswordHash: "x", Locale: "en"}
		if err := s.CreateUser(ctx, owner); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateToken(ctx, &store.Token{UserID: owner.ID, Purpose: store.PurposeConfirmEmail, TokenHash: "seed", CreatedAt: time.Now(), ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ConfirmEmail(ctx, "seed", time.Now()); err != nil {
			t.Fatal(err)
		}
		const lure = "Visit https://evil.example/win now"
		inquiry := with(validInquiry(), map[string]any{"name": lure, "email": "victim@example.com", "subject": lure})

		send := func(signedInAs string) mail.Message {
			t.Helper()
			req := jsonRequest(t, "/api/forms/inquiry", mustJSON(t, inquiry))
			if signedInAs != "" {
				req.AddCookie(&http.Cookie{Name: "session", Value: signedInAs})
			}
			if res := h.do(req, ""); res.status != 200 {
				t.Fatalf("inquiry: %d %s", res.status, res.body)
			}
			all := h.mail.all()
			c := all[len(all)-1]
			if c.To != "victim@example.com" || c.Kind != mail.KindFormConfirmInquiry {
				t.Fatalf("last e-mail %+v", c)
			}
			return c
		}
		for _, signedInAs := range []string{"", "someone-else@example.com"} {
			c := send(signedInAs)
			r, err := mail.Render(c)
			if err != nil {
				t.Fatal(err)
			}
			if c.Name != "" || strings.Contains(r.Subject+r.Text+r.HTML, "evil.example") {
				t.Fatalf("signed in as %q: the confirmation copies what was typed: name %q\n%s", signedInAs, c.Name, r.Text)
			}
		}
		// The owner of the address, signed in, is greeted by the name given.
		if c := send("victim@example.com"); c.Name != lure {
			t.Fatalf("the signed-in owner's confirmation greets %q", c.Name)
		}
		// The firm's own inbox still gets every word.
		for _, m := range h.mail.all() {
			if m.Kind == mail.KindFormNotification && !strings.Contains(m.Data["fields"], "Subject: "+lure) {
				t.Fatalf("notification lacks the subject:\n%s", m.Data["fields"])
			}
		}
	})
}
