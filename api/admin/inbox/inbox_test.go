package inbox_test

import (
	"encoding/csv"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/inbox"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func idsOf(items []inbox.Item) []int64 {
	out := make([]int64, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}

// seedInbox stores one submission of each kind (contacts for two offices)
// and returns their ids by name.
func seedInbox(e *admintest.Env) map[string]int64 {
	return map[string]int64{
		"proposal": e.Submit(forms.KindProposal, "", "en", map[string]any{
			"name": "Lina Farouk", "email": "lina@example.com", "company": "Farouk Shipping", "message": "We need an ISO 27001 gap analysis.",
			"companySize": "250-999", "timeline": "1-3-months",
		}, nil),
		"inquiry": e.Submit(forms.KindInquiry, "", "nl", map[string]any{
			"name": "Joost de Vries", "email": "joost@example.nl", "subject": "Pricing", "message": "What does a penetration test cost?",
		}, nil),
		"london": e.Submit(forms.KindContact, "london", "en", map[string]any{
			"name": "Harriet Cole", "email": "harriet@example.co.uk", "company": "Cole & Daughters", "message": "Please call me back.",
		}, nil),
		"dubai": e.Submit(forms.KindContact, "dubai", "ar", map[string]any{
			"name": "سارة المنصوري", "email": "sara@example.ae", "message": "نرغب في موعد.",
		}, nil),
		"application": e.Submit(forms.KindApplication, "security-consultant", "en", map[string]any{
			"name": "Omar Said", "email": "omar@example.com", "coverLetter": "I led incident response at a bank.", "cvFileName": "omar-cv.pdf",
		}, []byte(admintest.SamplePDF)),
		"webinar": e.Submit(forms.KindWebinar, "zero-trust-2026", "fr", map[string]any{
			"name": "Claire Martin", "email": "claire@example.fr", "company": "Banque Lumière",
		}, nil),
	}
}

// Who sees what: the server applies the roles to every list, count and
// search, whatever the query asks for.
func TestInboxVisibilityByRole(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		hr := e.Join("hana@noorvale.example", access.HR)
		sales := e.Join("sami@noorvale.example", access.Sales)
		london := e.JoinOffice("lara@noorvale.example", access.Sales, "london")
		viewer := e.Join("vera@noorvale.example", access.Viewer)
		editor := e.Join("eddie@noorvale.example", access.Editor)
		ids := seedInbox(e)

		all := []int64{ids["webinar"], ids["application"], ids["dubai"], ids["london"], ids["inquiry"], ids["proposal"]}
		for _, c := range []struct {
			who  string
			m    *admintest.Member
			want []int64
		}{
			{"administrator", admin, all},
			{"hr", hr, []int64{ids["application"]}},
			{"sales", sales, []int64{ids["webinar"], ids["dubai"], ids["london"], ids["inquiry"], ids["proposal"]}},
			{"london sales", london, []int64{ids["webinar"], ids["london"], ids["inquiry"], ids["proposal"]}},
		} {
			page := c.m.B.Inbox(t, "")
			if got := idsOf(page.Items); !slices.Equal(got, c.want) || page.Total != len(c.want) {
				t.Errorf("%s sees %v (total %d), want %v newest first", c.who, got, page.Total, c.want)
			}
			r := c.m.B.Do("GET", "/inbox/count", nil)
			admintest.Expect(t, c.who+" count", r, http.StatusOK)
			var count struct{ New, Latest int64 }
			r.Data(t, &count)
			if count.New != int64(len(c.want)) || count.Latest != slices.Max(c.want) {
				t.Errorf("%s counts %+v, want %d new, latest %d", c.who, count, len(c.want), slices.Max(c.want))
			}
		}

		// Asking for what the role does not cover finds nothing, or is refused.
		if page := sales.B.Inbox(t, "q=omar"); len(page.Items) != 0 || page.Total != 0 {
			t.Errorf("a search by sales finds the applicant: %+v", page.Items)
		}
		if page := hr.B.Inbox(t, "q=lina"); page.Total != 0 {
			t.Errorf("a search by HR finds a lead: %+v", page.Items)
		}
		admintest.Expect(t, "sales asking for applications", sales.B.Do("GET", "/inbox?kind=application", nil), http.StatusBadRequest)
		admintest.Expect(t, "london sales asking for Dubai", london.B.Do("GET", "/inbox?office=dubai", nil), http.StatusBadRequest)
		admintest.Expect(t, "sales opening the application", sales.B.Do("GET", "/inbox/"+strconv.FormatInt(ids["application"], 10), nil), http.StatusNotFound)
		admintest.Expect(t, "london sales opening a Dubai message", london.B.Do("GET", "/inbox/"+strconv.FormatInt(ids["dubai"], 10), nil), http.StatusNotFound)
		admintest.Expect(t, "HR opening a lead", hr.B.Do("GET", "/inbox/"+strconv.FormatInt(ids["proposal"], 10), nil), http.StatusNotFound)
		admintest.Expect(t, "sales noting on the application", sales.B.Do("POST", "/inbox/"+strconv.FormatInt(ids["application"], 10)+"/notes", map[string]string{"body": "x"}), http.StatusNotFound)
		for _, who := range []*admintest.Member{viewer, editor} {
			for _, path := range []string{"/inbox", "/inbox/count", "/inbox/" + strconv.FormatInt(ids["proposal"], 10)} {
				r := who.B.Do("GET", path, nil)
				admintest.Expect(t, path, r, http.StatusForbidden)
				if r.Env.Message != access.In("en").Forbidden {
					t.Errorf("%s: %q", path, r.Env.Message)
				}
			}
		}
		// The assignees offered to HR are those whose role covers applications.
		page := hr.B.Inbox(t, "")
		var names []string
		for _, p := range page.Staff {
			names = append(names, p.Name)
		}
		slices.Sort(names)
		if !slices.Equal(names, []string{"Staff administrator", "Staff hr"}) {
			t.Errorf("HR may assign to %v", names)
		}
		if !slices.Equal(page.Statuses, inbox.ApplicationStatuses) || !slices.Equal(page.Kinds, []string{forms.KindApplication}) {
			t.Errorf("HR's filters: %v %v", page.Statuses, page.Kinds)
		}
	})
}

func TestInboxFiltersSearchAndPages(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		sales := e.Join("sami@noorvale.example", access.Sales)
		ids := seedInbox(e)
		id := func(name string) string { return strconv.FormatInt(ids[name], 10) }

		admintest.Expect(t, "status", admin.B.Do("PUT", "/inbox/"+id("proposal")+"/status", map[string]string{"status": "in-progress"}), http.StatusOK)
		admintest.Expect(t, "assign", admin.B.Do("PUT", "/inbox/"+id("london")+"/assignee", map[string]string{"assignee": sales.ID}), http.StatusOK)

		day := e.Clock.Now().Format(time.DateOnly)
		for query, want := range map[string][]int64{
			"kind=contact":               {ids["dubai"], ids["london"]},
			"office=london":              {ids["london"]},
			"status=in-progress":         {ids["proposal"]},
			"status=new&kind=contact":    {ids["dubai"], ids["london"]},
			"assignee=" + sales.ID:       {ids["london"]},
			"assignee=none&kind=contact": {ids["dubai"]},
			"language=fr":                {ids["webinar"]},
			"language=ar":                {ids["dubai"]},
			"q=LINA":                     {ids["proposal"]},
			"q=example.nl":               {ids["inquiry"]},
			"q=daughters":                {ids["london"]},
			"q=penetration test":         {ids["inquiry"]},
			"q=incident response":        {ids["application"]},
			"q=المنصوري":                 {ids["dubai"]},
			"q=100%25":                   {},
			"q=_":                        {},
			"from=" + day + "&to=" + day + "&kind=webinar": {ids["webinar"]},
			"to=2026-11-24":   {},
			"from=2026-11-26": {},
		} {
			page := admin.B.Inbox(t, query)
			if got := idsOf(page.Items); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%s: got %v, want %v", query, got, want)
			}
		}

		// Bad filters are told apart, in the reader's language.
		r := admin.B.Do("GET", "/inbox?kind=letter&status=won-ish&from=yesterday&language=xx&page=0&assignee=bob", nil)
		admintest.Expect(t, "bad filters", r, http.StatusBadRequest)
		for _, field := range []string{"kind", "status", "from", "language", "page", "assignee"} {
			if r.Env.Errors[field] == "" {
				t.Errorf("no message for %s: %v", field, r.Env.Errors)
			}
		}
		for _, q := range []string{"lina%00", "%ff%fe", "a%0Ab", strings.Repeat("a", inbox.MaxSearch+1)} {
			for _, route := range []string{"/inbox", "/inbox/export"} {
				r := admin.B.Do("GET", route+"?q="+q, nil)
				if r.Status != http.StatusBadRequest || r.Env.Errors["q"] == "" {
					t.Errorf("%s?q=%s: %d %s", route, q, r.Status, r.Body)
				}
			}
		}
		admin.B.Lang = "ar"
		r = admin.B.Do("GET", "/inbox?from=yesterday", nil)
		if r.Status != http.StatusBadRequest || r.Env.Errors["from"] != access.In("ar").DateInvalid {
			t.Errorf("Arabic date message: %d %v", r.Status, r.Env.Errors)
		}
		admin.B.Lang = "en"

		// Pages of 25, newest first.
		for i := range 30 {
			e.Submit(forms.KindInquiry, "", "en", map[string]any{"name": fmt.Sprintf("Bulk %02d", i), "email": "bulk@example.com"}, nil)
		}
		first := admin.B.Inbox(t, "q=bulk")
		second := admin.B.Inbox(t, "q=bulk&page=2")
		if first.Total != 30 || len(first.Items) != inbox.PageSize || len(second.Items) != 5 ||
			first.Items[0].Name != "Bulk 29" || second.Items[4].Name != "Bulk 00" {
			t.Errorf("pages: %d total, %d + %d items", first.Total, len(first.Items), len(second.Items))
		}
	})
}

// Status, assignee and notes: each checked against the submission's kind
// and recorded in the audit trail by id, never with personal data.
func TestInboxWorkIsAudited(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		hr := e.Join("hana@noorvale.example", access.HR)
		sales := e.Join("sami@noorvale.example", access.Sales)
		ids := seedInbox(e)
		lead := "/inbox/" + strconv.FormatInt(ids["proposal"], 10)
		app := "/inbox/" + strconv.FormatInt(ids["application"], 10)

		admintest.Expect(t, "an application's status on a lead", sales.B.Do("PUT", lead+"/status", map[string]string{"status": "interview"}), http.StatusBadRequest)
		admintest.Expect(t, "a lead's status on an application", hr.B.Do("PUT", app+"/status", map[string]string{"status": "won"}), http.StatusBadRequest)
		admintest.Expect(t, "HR as a lead's assignee", sales.B.Do("PUT", lead+"/assignee", map[string]string{"assignee": hr.ID}), http.StatusBadRequest)
		admintest.Expect(t, "an unknown assignee", sales.B.Do("PUT", lead+"/assignee", map[string]string{"assignee": strings.Repeat("a", 32)}), http.StatusBadRequest)
		admintest.Expect(t, "an empty note", sales.B.Do("POST", lead+"/notes", map[string]string{"body": "  "}), http.StatusBadRequest)

		admintest.Expect(t, "assign", sales.B.Do("PUT", lead+"/assignee", map[string]string{"assignee": sales.ID}), http.StatusOK)
		admintest.Expect(t, "status", sales.B.Do("PUT", lead+"/status", map[string]string{"status": "in-progress"}), http.StatusOK)
		admintest.Expect(t, "note", sales.B.Do("POST", lead+"/notes", map[string]string{"body": "Lina wants a call on Monday."}), http.StatusOK)
		e.Clock.Advance(time.Minute)
		admintest.Expect(t, "second note", admin.B.Do("POST", lead+"/notes", map[string]string{"body": "Quote sent."}), http.StatusOK)
		admintest.Expect(t, "closed", sales.B.Do("PUT", lead+"/status", map[string]string{"status": "closed"}), http.StatusOK)
		admintest.Expect(t, "application status", hr.B.Do("PUT", app+"/status", map[string]string{"status": "screening"}), http.StatusOK)

		r := sales.B.Do("GET", lead, nil)
		admintest.Expect(t, "detail", r, http.StatusOK)
		var detail struct {
			Item   inbox.Item     `json:"item"`
			Fields map[string]any `json:"fields"`
			Notes  []inbox.Note   `json:"notes"`
			CV     string         `json:"cv"`
		}
		r.Data(t, &detail)
		if detail.Item.Status != "closed" || detail.Item.Assignee != sales.ID || detail.Fields["company"] != "Farouk Shipping" {
			t.Errorf("the lead: %+v %v", detail.Item, detail.Fields)
		}
		if len(detail.Notes) != 2 || detail.Notes[0].Author != "Staff sales" || detail.Notes[0].Body != "Lina wants a call on Monday." ||
			detail.Notes[1].Author != "Staff administrator" || !detail.Notes[1].At.After(detail.Notes[0].At) {
			t.Errorf("the notes: %+v", detail.Notes)
		}
		if page := sales.B.Inbox(t, "status=closed&assignee="+sales.ID); len(page.Items) != 1 || page.Items[0].ID != ids["proposal"] {
			t.Errorf("closed and mine: %v", idsOf(page.Items))
		}

		events, err := e.Store.AuditEvents(t.Context(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string][]store.AuditEvent{}
		for _, ev := range events {
			seen[ev.Action] = append(seen[ev.Action], ev)
			for _, personal := range []string{"Lina", "lina@", "Monday", "Quote", "Farouk", "Staff "} {
				if strings.Contains(ev.Item+ev.Detail, personal) {
					t.Errorf("the trail holds %q: %+v", personal, ev)
				}
			}
		}
		if len(seen[audit.ActionStatusChange]) != 3 || len(seen[audit.ActionAssign]) != 1 || len(seen[audit.ActionNote]) != 2 {
			t.Fatalf("the trail: %v", seen)
		}
		assign := seen[audit.ActionAssign][0]
		if assign.ActorID != sales.ID || assign.Item != "submission "+strconv.FormatInt(ids["proposal"], 10) || assign.Detail != "none → "+sales.ID {
			t.Errorf("the assignment in the trail: %+v", assign)
		}
		if closed := seen[audit.ActionStatusChange][1]; closed.Detail != "in-progress → closed" {
			t.Errorf("the closing in the trail: %+v", closed)
		}
	})
}

// A CV opens for HR and administrators only, after a second factor proven
// in the last ten minutes, through a link that works for 60 seconds and
// for its owner only, as an attachment no browser runs; each opening is in
// the trail.
func TestOpeningACV(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		hr := e.Join("hana@noorvale.example", access.HR)
		sales := e.Join("sami@noorvale.example", access.Sales)
		ids := seedInbox(e)
		app := "/inbox/" + strconv.FormatInt(ids["application"], 10)
		link := func(m *admintest.Member) string {
			t.Helper()
			r := m.B.Do("POST", app+"/cv-link", nil)
			admintest.Expect(t, "cv link", r, http.StatusOK)
			var l struct {
				URL       string    `json:"url"`
				ExpiresAt time.Time `json:"expiresAt"`
			}
			r.Data(t, &l)
			if !l.ExpiresAt.Equal(e.Clock.Now().Add(time.Minute)) {
				t.Fatalf("the link expires at %v", l.ExpiresAt)
			}
			return strings.TrimPrefix(l.URL, "/api/admin")
		}

		admintest.Expect(t, "sales asking for the link", sales.B.Do("POST", app+"/cv-link", nil), http.StatusForbidden)
		admintest.Expect(t, "sales opening the CV", sales.B.Do("GET", app+"/cv", nil), http.StatusForbidden)

		// Eleven minutes after the sign-in the factor must be proven again.
		e.Clock.Advance(11 * time.Minute)
		r := hr.B.Do("POST", app+"/cv-link", nil)
		admintest.Expect(t, "a stale factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.Env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the factor: %s", r.Body)
		}
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "code", hr.B.Do("POST", "/factor/code", map[string]string{"code": hr.Code(e)}), http.StatusOK)
		url := link(hr)

		e.Clock.Advance(59 * time.Second)
		r = hr.B.Do("GET", url, nil)
		admintest.Expect(t, "opening within a minute", r, http.StatusOK)
		if string(r.Body) != admintest.SamplePDF {
			t.Errorf("the CV: %q", r.Body)
		}
		h := r.Header
		if !strings.HasPrefix(h.Get("Content-Disposition"), "attachment;") || h.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(h.Get("Content-Security-Policy"), "sandbox") || h.Get("Content-Type") != "application/pdf" {
			t.Errorf("headers: %v", h)
		}
		// Another staff member cannot use it, nor anyone after the minute.
		admintest.Expect(t, "someone else's link", admin.B.Do("GET", url, nil), http.StatusNotFound)
		admintest.Expect(t, "a forged link", hr.B.Do("GET", app+"/cv?token=99999999999.abc", nil), http.StatusNotFound)
		e.Clock.Advance(time.Second)
		r = hr.B.Do("GET", url, nil)
		admintest.Expect(t, "opening after a minute", r, http.StatusGone)
		if r.Env.Message != access.In("en").CVLinkExpired {
			t.Errorf("expired: %q", r.Env.Message)
		}

		opened, err := e.Store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionCVOpened})
		if err != nil || len(opened) != 1 || opened[0].ActorID != hr.ID || opened[0].Item != "submission "+strconv.FormatInt(ids["application"], 10) {
			t.Fatalf("the opening in the trail: %+v %v", opened, err)
		}

		// A CV the retention job deleted is gone for good.
		if err := e.Store.MarkCVDeleted(t.Context(), ids["application"], e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		r = hr.B.Do("POST", app+"/cv-link", nil)
		if r.Status != http.StatusNotFound || r.Env.Message != access.In("en").CVMissing {
			t.Errorf("a deleted CV: %d %s", r.Status, r.Body)
		}
	})
}

// The export is the current filtered view, every page, after a fresh
// second factor, neutralized like the command line's, and recorded
// without the search text.
func TestInboxExport(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		sales := e.Join("sami@noorvale.example", access.Sales)
		seedInbox(e)
		e.Submit(forms.KindProposal, "", "en", map[string]any{
			"name": "=HYPERLINK(\"http://evil.example\")", "email": "mallory@example.com", "company": "Evil; @SUM(1)",
		}, nil)

		e.Clock.Advance(11 * time.Minute)
		r := sales.B.Do("GET", "/inbox/export?kind=proposal", nil)
		admintest.Expect(t, "a stale factor", r, http.StatusForbidden)
		e.Clock.Advance(30 * time.Second)
		admintest.Expect(t, "code", sales.B.Do("POST", "/factor/code", map[string]string{"code": sales.Code(e)}), http.StatusOK)
		r = sales.B.Do("GET", "/inbox/export?kind=proposal&q=example.com", nil)
		admintest.Expect(t, "export", r, http.StatusOK)
		if !strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment;") {
			t.Errorf("disposition %q", r.Header.Get("Content-Disposition"))
		}
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 {
			t.Fatalf("exported %d rows: %q", len(rows), rows)
		}
		header := rows[0]
		col := func(name string) int { return slices.Index(header, name) }
		if col("name") < 0 || col("status") < 0 || col("assignee") < 0 || col("coverLetter") >= 0 {
			t.Fatalf("header %v", header)
		}
		if got := rows[1][col("name")]; got != `'=HYPERLINK("http://evil.example")` {
			t.Errorf("name cell %q", got)
		}
		if got := rows[1][col("company")]; got != "Evil; '@SUM(1)" {
			t.Errorf("company cell %q", got)
		}
		if rows[2][col("name")] != "Lina Farouk" || rows[2][col("status")] != "new" {
			t.Errorf("second row %v", rows[2])
		}
		// People read words; the codes keep a column of their own.
		for name, want := range map[string]string{"companySize": "250–999 employees", "companySizeCode": "250-999", "timeline": "In 1–3 months", "timelineCode": "1-3-months"} {
			if got := rows[2][col(name)]; got != want {
				t.Errorf("%s cell %q, want %q", name, got, want)
			}
		}

		// Sales export no applications, whatever the filter.
		r = sales.B.Do("GET", "/inbox/export", nil)
		admintest.Expect(t, "export everything", r, http.StatusOK)
		if strings.Contains(string(r.Body), "Omar") {
			t.Error("the export holds an application")
		}

		events, err := e.Store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionInboxExport})
		if err != nil || len(events) != 2 || events[1].Detail != "2 rows (kind=proposal, search)" || events[1].ActorID != sales.ID {
			t.Fatalf("the exports in the trail: %+v %v", events, err)
		}
	})
}

// A reply goes to the sender through the queue, in their language, from
// the inbox of the form (an office's for its contact form), with answers
// going to the staff member; it quotes nothing they sent, is recorded on
// the submission and, without its text, in the trail.
func TestReplyingToASubmission(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		queue := admintest.MailQueue(t, st)
		e := admintest.New(t, st, admintest.WithReplies(st, queue))
		dubai := e.JoinOffice("rana@noorvale.example", access.Sales, "dubai")
		london := e.JoinOffice("sami@noorvale.example", access.Sales, "london")
		hr := e.Join("hana@noorvale.example", access.HR)
		ids := seedInbox(e)
		contact := "/inbox/" + strconv.FormatInt(ids["dubai"], 10)
		erased := e.Submit(forms.KindInquiry, "", "en", map[string]any{"subject": "Pricing"}, nil)

		for _, c := range []struct {
			name   string
			who    *admintest.Member
			path   string
			body   any
			status int
		}{
			{"an empty reply", dubai, contact, map[string]string{"body": " \n "}, http.StatusBadRequest},
			{"a reply too long", dubai, contact, map[string]string{"body": strings.Repeat("a", inbox.MaxReply+1)}, http.StatusBadRequest},
			{"a body that is no object", dubai, contact, []string{"hello"}, http.StatusBadRequest},
			{"another office's contact", london, contact, map[string]string{"body": "Hello"}, http.StatusNotFound},
			{"a lead, by HR", hr, contact, map[string]string{"body": "Hello"}, http.StatusNotFound},
			{"no address to reply to", dubai, "/inbox/" + strconv.FormatInt(erased, 10), map[string]string{"body": "Hello"}, http.StatusConflict},
		} {
			t.Run(c.name, func(t *testing.T) {
				admintest.Expect(t, c.name, c.who.B.Do("POST", c.path+"/replies", c.body), c.status)
			})
		}

		text := "شكرًا لتواصلك.\n\nيسعدنا ترتيب موعد يوم الاثنين."
		r := dubai.B.Do("POST", contact+"/replies", map[string]string{"body": text})
		admintest.Expect(t, "reply", r, http.StatusOK)
		if r.Env.Message != "Your reply is on its way to the sender." {
			t.Errorf("message %q", r.Env.Message)
		}
		admintest.Expect(t, "a note", dubai.B.Do("POST", contact+"/notes", map[string]string{"body": "Called twice."}), http.StatusOK)

		var detail struct {
			Notes []inbox.Note `json:"notes"`
		}
		dubai.B.Do("GET", contact, nil).Data(t, &detail)
		if len(detail.Notes) != 2 || detail.Notes[0].Kind != store.NoteReply || detail.Notes[0].Body != text ||
			detail.Notes[0].Author != "Staff sales" || detail.Notes[1].Kind != store.NoteInternal {
			t.Errorf("the notes: %+v", detail.Notes)
		}

		tr := &admintest.Recorder{}
		sender := mail.NewSender(mail.SenderConfig{Queue: queue, Transport: tr, From: "Noorvale Assurance <no-reply@noorvale.example>",
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if n := sender.SendDue(t.Context()); n != 1 || len(tr.Sent) != 1 {
			t.Fatalf("sent %d", n)
		}
		m := tr.Sent[0]
		if m.To != "sara@example.ae" || m.Name != "سارة المنصوري" || m.Locale != "ar" || m.Kind != mail.KindInboxReply ||
			m.From != `"Noorvale Assurance" <dubai@noorvale.example>` || m.ReplyTo != "rana@noorvale.example" ||
			m.Subject != "رسالتك إلى مكتبنا في دبي" {
			t.Errorf("the reply's envelope: %+v", m)
		}
		if !strings.Contains(m.Text, "يسعدنا ترتيب موعد يوم الاثنين.") || !strings.Contains(m.HTML, "يسعدنا ترتيب موعد يوم الاثنين.") {
			t.Errorf("the reply lacks its text:\n%s", m.Text)
		}
		if strings.Contains(m.Text+m.HTML, "نرغب في موعد") || strings.Contains(m.Text+m.HTML, "Called twice") {
			t.Error("the reply quotes the submission or a note")
		}

		events, err := e.Store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionReply})
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 1 || events[0].ActorID != dubai.ID || events[0].Item != "submission "+strconv.FormatInt(ids["dubai"], 10) ||
			strings.Contains(events[0].Detail, "الاثنين") {
			t.Errorf("the trail: %+v", events)
		}
	})
}

// The dashboard counts, per week over the last twelve, the submissions of
// each form the reader's role covers (office contacts by office), and the
// open ones by status; nothing outside the role reaches a count.
func TestInboxDashboard(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st)
		dubai := e.JoinOffice("rana@noorvale.example", access.Sales, "dubai")
		hr := e.Join("hana@noorvale.example", access.HR)
		admin := e.Join("amal@noorvale.example", access.Administrator)
		now := e.Clock.Now() // Wednesday 25 November 2026
		at := func(weeksAgo int) {
			e.Clock.Set(now.AddDate(0, 0, -7*weeksAgo))
		}
		at(12) // before the twelve weeks: counted by status only
		e.Submit(forms.KindProposal, "", "en", map[string]any{"name": "Old"}, nil)
		at(3)
		p1 := e.Submit(forms.KindProposal, "", "en", map[string]any{"name": "A"}, nil)
		e.Submit(forms.KindContact, "dubai", "ar", map[string]any{"name": "B"}, nil)
		e.Submit(forms.KindContact, "london", "en", map[string]any{"name": "C"}, nil)
		at(0)
		p2 := e.Submit(forms.KindProposal, "", "fr", map[string]any{"name": "D"}, nil)
		e.Submit(forms.KindContact, "dubai", "en", map[string]any{"name": "E"}, nil)
		a1 := e.Submit(forms.KindApplication, "security-consultant", "en", map[string]any{"name": "F"}, nil)
		admintest.Expect(t, "closed", admin.B.Do("PUT", "/inbox/"+strconv.FormatInt(p1, 10)+"/status", map[string]string{"status": "closed"}), http.StatusOK)
		admintest.Expect(t, "in progress", admin.B.Do("PUT", "/inbox/"+strconv.FormatInt(p2, 10)+"/status", map[string]string{"status": "in-progress"}), http.StatusOK)
		admintest.Expect(t, "interview", admin.B.Do("PUT", "/inbox/"+strconv.FormatInt(a1, 10)+"/status", map[string]string{"status": "interview"}), http.StatusOK)

		type board struct {
			Weeks  []string            `json:"weeks"`
			Series []inbox.WeekSeries  `json:"series"`
			Open   []inbox.StatusCount `json:"open"`
		}
		read := func(m *admintest.Member) board {
			r := m.B.Do("GET", "/inbox/dashboard", nil)
			admintest.Expect(t, "dashboard", r, http.StatusOK)
			var b board
			r.Data(t, &b)
			return b
		}
		weekly := func(b board) map[string]string {
			out := map[string]string{}
			for _, s := range b.Series {
				out[s.Kind+"/"+s.Office] = fmt.Sprint(s.Counts[8], s.Counts[11], s.Total)
			}
			return out
		}
		for _, c := range []struct {
			name   string
			who    *admintest.Member
			weekly map[string]string
			open   []inbox.StatusCount
		}{
			{"sales in Dubai", dubai, map[string]string{
				"proposal/": "1 1 2", "inquiry/": "0 0 0", "contact/dubai": "1 1 2", "webinar/": "0 0 0", "publication/": "0 0 0",
			}, []inbox.StatusCount{{Status: "new", Count: 3}, {Status: "in-progress", Count: 1}}},
			{"HR", hr, map[string]string{"application/": "0 1 1"}, []inbox.StatusCount{{Status: "new", Count: 0}, {Status: "screening", Count: 0}, {Status: "interview", Count: 1}, {Status: "offer", Count: 0}}},
			{"an administrator", admin, map[string]string{
				"proposal/": "1 1 2", "inquiry/": "0 0 0", "contact/london": "1 0 1", "contact/dubai": "1 1 2", "contact/cairo": "0 0 0",
				"application/": "0 1 1", "webinar/": "0 0 0", "publication/": "0 0 0",
			}, []inbox.StatusCount{{Status: "new", Count: 4}, {Status: "in-progress", Count: 1}, {Status: "screening", Count: 0}, {Status: "interview", Count: 1}, {Status: "offer", Count: 0}}},
		} {
			t.Run(c.name, func(t *testing.T) {
				b := read(c.who)
				if len(b.Weeks) != 12 || b.Weeks[11] != "2026-11-23" || b.Weeks[0] != "2026-09-07" {
					t.Errorf("weeks %v", b.Weeks)
				}
				if got := weekly(b); !maps.Equal(got, c.weekly) {
					t.Errorf("weekly %v, want %v", got, c.weekly)
				}
				if !slices.Equal(b.Open, c.open) {
					t.Errorf("open %v, want %v", b.Open, c.open)
				}
			})
		}
	})
}
