package admin

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/inbox"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// samplePDF is the smallest file the forms take as a PDF CV.
const samplePDF = "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"

// submit stores a submission as a form would, with a CV when cv is not
// nil, created now on the test's clock, and returns its id.
func (e *env) submit(kind, target, lang string, data map[string]any, cv []byte) int64 {
	e.t.Helper()
	raw, err := json.Marshal(data)
	if err != nil {
		e.t.Fatal(err)
	}
	sub := &store.Submission{Kind: kind, Target: target, Locale: lang, Data: string(raw), IP: "203.0.113.9", CreatedAt: e.clock.Now()}
	if cv != nil {
		key := fmt.Sprintf("cvs/%d%d.pdf", e.clock.Now().UnixNano(), len(data))
		if err := e.blobs.Put(e.t.Context(), key, strings.NewReader(string(cv)), "application/pdf"); err != nil {
			e.t.Fatal(err)
		}
		sub.CVBlobKey = &key
	}
	if err := e.store.CreateSubmission(e.t.Context(), sub, nil); err != nil {
		e.t.Fatal(err)
	}
	e.clock.Advance(time.Second)
	return sub.ID
}

type inboxPageData struct {
	Items    []inbox.Item   `json:"items"`
	Total    int            `json:"total"`
	Statuses []string       `json:"statuses"`
	Kinds    []string       `json:"kinds"`
	Staff    []inbox.Person `json:"staff"`
}

func (b *browser) inbox(t *testing.T, query string) inboxPageData {
	t.Helper()
	values, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	r := b.do("GET", "/inbox?"+values.Encode(), nil)
	expect(t, "inbox "+query, r, http.StatusOK)
	var page inboxPageData
	r.data(t, &page)
	return page
}

func idsOf(items []inbox.Item) []int64 {
	out := make([]int64, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}

// seedInbox stores one submission of each kind (contacts for two offices)
// and returns their ids by name.
func seedInbox(e *env) map[string]int64 {
	return map[string]int64{
		"proposal": e.submit(forms.KindProposal, "", "en", map[string]any{
			"name": "Lina Farouk", "email": "lina@example.com", "company": "Farouk Shipping", "message": "We need an ISO 27001 gap analysis.",
		}, nil),
		"inquiry": e.submit(forms.KindInquiry, "", "nl", map[string]any{
			"name": "Joost de Vries", "email": "joost@example.nl", "subject": "Pricing", "message": "What does a penetration test cost?",
		}, nil),
		"london": e.submit(forms.KindContact, "london", "en", map[string]any{
			"name": "Harriet Cole", "email": "harriet@example.co.uk", "company": "Cole & Daughters", "message": "Please call me back.",
		}, nil),
		"dubai": e.submit(forms.KindContact, "dubai", "ar", map[string]any{
			"name": "سارة المنصوري", "email": "sara@example.ae", "message": "نرغب في موعد.",
		}, nil),
		"application": e.submit(forms.KindApplication, "security-consultant", "en", map[string]any{
			"name": "Omar Said", "email": "omar@example.com", "coverLetter": "I led incident response at a bank.", "cvFileName": "omar-cv.pdf",
		}, []byte(samplePDF)),
		"webinar": e.submit(forms.KindWebinar, "zero-trust-2026", "fr", map[string]any{
			"name": "Claire Martin", "email": "claire@example.fr", "company": "Banque Lumière",
		}, nil),
	}
}

// Who sees what: the server applies the roles to every list, count and
// search, whatever the query asks for.
func TestInboxVisibilityByRole(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		hr := e.join("hana@noorvale.example", access.HR)
		sales := e.join("sami@noorvale.example", access.Sales)
		london := e.joinOffice("lara@noorvale.example", access.Sales, "london")
		viewer := e.join("vera@noorvale.example", access.Viewer)
		editor := e.join("eddie@noorvale.example", access.Editor)
		ids := seedInbox(e)

		all := []int64{ids["webinar"], ids["application"], ids["dubai"], ids["london"], ids["inquiry"], ids["proposal"]}
		for _, c := range []struct {
			who  string
			m    *member
			want []int64
		}{
			{"administrator", admin, all},
			{"hr", hr, []int64{ids["application"]}},
			{"sales", sales, []int64{ids["webinar"], ids["dubai"], ids["london"], ids["inquiry"], ids["proposal"]}},
			{"london sales", london, []int64{ids["webinar"], ids["london"], ids["inquiry"], ids["proposal"]}},
		} {
			page := c.m.b.inbox(t, "")
			if got := idsOf(page.Items); !slices.Equal(got, c.want) || page.Total != len(c.want) {
				t.Errorf("%s sees %v (total %d), want %v newest first", c.who, got, page.Total, c.want)
			}
			r := c.m.b.do("GET", "/inbox/count", nil)
			expect(t, c.who+" count", r, http.StatusOK)
			var count struct{ New, Latest int64 }
			r.data(t, &count)
			if count.New != int64(len(c.want)) || count.Latest != slices.Max(c.want) {
				t.Errorf("%s counts %+v, want %d new, latest %d", c.who, count, len(c.want), slices.Max(c.want))
			}
		}

		// Asking for what the role does not cover finds nothing, or is refused.
		if page := sales.b.inbox(t, "q=omar"); len(page.Items) != 0 || page.Total != 0 {
			t.Errorf("a search by sales finds the applicant: %+v", page.Items)
		}
		if page := hr.b.inbox(t, "q=lina"); page.Total != 0 {
			t.Errorf("a search by HR finds a lead: %+v", page.Items)
		}
		expect(t, "sales asking for applications", sales.b.do("GET", "/inbox?kind=application", nil), http.StatusBadRequest)
		expect(t, "london sales asking for Dubai", london.b.do("GET", "/inbox?office=dubai", nil), http.StatusBadRequest)
		expect(t, "sales opening the application", sales.b.do("GET", "/inbox/"+strconv.FormatInt(ids["application"], 10), nil), http.StatusNotFound)
		expect(t, "london sales opening a Dubai message", london.b.do("GET", "/inbox/"+strconv.FormatInt(ids["dubai"], 10), nil), http.StatusNotFound)
		expect(t, "HR opening a lead", hr.b.do("GET", "/inbox/"+strconv.FormatInt(ids["proposal"], 10), nil), http.StatusNotFound)
		expect(t, "sales noting on the application", sales.b.do("POST", "/inbox/"+strconv.FormatInt(ids["application"], 10)+"/notes", map[string]string{"body": "x"}), http.StatusNotFound)
		for _, who := range []*member{viewer, editor} {
			for _, path := range []string{"/inbox", "/inbox/count", "/inbox/" + strconv.FormatInt(ids["proposal"], 10)} {
				r := who.b.do("GET", path, nil)
				expect(t, path, r, http.StatusForbidden)
				if r.env.Message != access.In("en").Forbidden {
					t.Errorf("%s: %q", path, r.env.Message)
				}
			}
		}
		// The assignees offered to HR are those whose role covers applications.
		page := hr.b.inbox(t, "")
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
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		sales := e.join("sami@noorvale.example", access.Sales)
		ids := seedInbox(e)
		id := func(name string) string { return strconv.FormatInt(ids[name], 10) }

		expect(t, "status", admin.b.do("PUT", "/inbox/"+id("proposal")+"/status", map[string]string{"status": "in-progress"}), http.StatusOK)
		expect(t, "assign", admin.b.do("PUT", "/inbox/"+id("london")+"/assignee", map[string]string{"assignee": sales.id}), http.StatusOK)

		day := e.clock.Now().Format(time.DateOnly)
		for query, want := range map[string][]int64{
			"kind=contact":               {ids["dubai"], ids["london"]},
			"office=london":              {ids["london"]},
			"status=in-progress":         {ids["proposal"]},
			"status=new&kind=contact":    {ids["dubai"], ids["london"]},
			"assignee=" + sales.id:       {ids["london"]},
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
			page := admin.b.inbox(t, query)
			if got := idsOf(page.Items); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%s: got %v, want %v", query, got, want)
			}
		}

		// Bad filters are told apart, in the reader's language.
		r := admin.b.do("GET", "/inbox?kind=letter&status=won-ish&from=yesterday&language=xx&page=0&assignee=bob", nil)
		expect(t, "bad filters", r, http.StatusBadRequest)
		for _, field := range []string{"kind", "status", "from", "language", "page", "assignee"} {
			if r.env.Errors[field] == "" {
				t.Errorf("no message for %s: %v", field, r.env.Errors)
			}
		}
		for _, q := range []string{"lina%00", "%ff%fe", "a%0Ab", strings.Repeat("a", inbox.MaxSearch+1)} {
			for _, route := range []string{"/inbox", "/inbox/export"} {
				r := admin.b.do("GET", route+"?q="+q, nil)
				if r.status != http.StatusBadRequest || r.env.Errors["q"] == "" {
					t.Errorf("%s?q=%s: %d %s", route, q, r.status, r.body)
				}
			}
		}
		admin.b.lang = "ar"
		r = admin.b.do("GET", "/inbox?from=yesterday", nil)
		if r.status != http.StatusBadRequest || r.env.Errors["from"] != access.In("ar").DateInvalid {
			t.Errorf("Arabic date message: %d %v", r.status, r.env.Errors)
		}
		admin.b.lang = "en"

		// Pages of 25, newest first.
		for i := range 30 {
			e.submit(forms.KindInquiry, "", "en", map[string]any{"name": fmt.Sprintf("Bulk %02d", i), "email": "bulk@example.com"}, nil)
		}
		first := admin.b.inbox(t, "q=bulk")
		second := admin.b.inbox(t, "q=bulk&page=2")
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
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		hr := e.join("hana@noorvale.example", access.HR)
		sales := e.join("sami@noorvale.example", access.Sales)
		ids := seedInbox(e)
		lead := "/inbox/" + strconv.FormatInt(ids["proposal"], 10)
		app := "/inbox/" + strconv.FormatInt(ids["application"], 10)

		expect(t, "an application's status on a lead", sales.b.do("PUT", lead+"/status", map[string]string{"status": "interview"}), http.StatusBadRequest)
		expect(t, "a lead's status on an application", hr.b.do("PUT", app+"/status", map[string]string{"status": "won"}), http.StatusBadRequest)
		expect(t, "HR as a lead's assignee", sales.b.do("PUT", lead+"/assignee", map[string]string{"assignee": hr.id}), http.StatusBadRequest)
		expect(t, "an unknown assignee", sales.b.do("PUT", lead+"/assignee", map[string]string{"assignee": strings.Repeat("a", 32)}), http.StatusBadRequest)
		expect(t, "an empty note", sales.b.do("POST", lead+"/notes", map[string]string{"body": "  "}), http.StatusBadRequest)

		expect(t, "assign", sales.b.do("PUT", lead+"/assignee", map[string]string{"assignee": sales.id}), http.StatusOK)
		expect(t, "status", sales.b.do("PUT", lead+"/status", map[string]string{"status": "in-progress"}), http.StatusOK)
		expect(t, "note", sales.b.do("POST", lead+"/notes", map[string]string{"body": "Lina wants a call on Monday."}), http.StatusOK)
		e.clock.Advance(time.Minute)
		expect(t, "second note", admin.b.do("POST", lead+"/notes", map[string]string{"body": "Quote sent."}), http.StatusOK)
		expect(t, "closed", sales.b.do("PUT", lead+"/status", map[string]string{"status": "closed"}), http.StatusOK)
		expect(t, "application status", hr.b.do("PUT", app+"/status", map[string]string{"status": "screening"}), http.StatusOK)

		r := sales.b.do("GET", lead, nil)
		expect(t, "detail", r, http.StatusOK)
		var detail struct {
			Item   inbox.Item     `json:"item"`
			Fields map[string]any `json:"fields"`
			Notes  []inbox.Note   `json:"notes"`
			CV     string         `json:"cv"`
		}
		r.data(t, &detail)
		if detail.Item.Status != "closed" || detail.Item.Assignee != sales.id || detail.Fields["company"] != "Farouk Shipping" {
			t.Errorf("the lead: %+v %v", detail.Item, detail.Fields)
		}
		if len(detail.Notes) != 2 || detail.Notes[0].Author != "Staff sales" || detail.Notes[0].Body != "Lina wants a call on Monday." ||
			detail.Notes[1].Author != "Staff administrator" || !detail.Notes[1].At.After(detail.Notes[0].At) {
			t.Errorf("the notes: %+v", detail.Notes)
		}
		if page := sales.b.inbox(t, "status=closed&assignee="+sales.id); len(page.Items) != 1 || page.Items[0].ID != ids["proposal"] {
			t.Errorf("closed and mine: %v", idsOf(page.Items))
		}

		events, err := e.store.AuditEvents(t.Context(), store.AuditFilter{})
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
		if assign.ActorID != sales.id || assign.Item != "submission "+strconv.FormatInt(ids["proposal"], 10) || assign.Detail != "none → "+sales.id {
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
		e := newEnv(t, st)
		admin := e.join("amal@noorvale.example", access.Administrator)
		hr := e.join("hana@noorvale.example", access.HR)
		sales := e.join("sami@noorvale.example", access.Sales)
		ids := seedInbox(e)
		app := "/inbox/" + strconv.FormatInt(ids["application"], 10)
		link := func(m *member) string {
			t.Helper()
			r := m.b.do("POST", app+"/cv-link", nil)
			expect(t, "cv link", r, http.StatusOK)
			var l struct {
				URL       string    `json:"url"`
				ExpiresAt time.Time `json:"expiresAt"`
			}
			r.data(t, &l)
			if !l.ExpiresAt.Equal(e.clock.Now().Add(time.Minute)) {
				t.Fatalf("the link expires at %v", l.ExpiresAt)
			}
			return strings.TrimPrefix(l.URL, "/api/admin")
		}

		expect(t, "sales asking for the link", sales.b.do("POST", app+"/cv-link", nil), http.StatusForbidden)
		expect(t, "sales opening the CV", sales.b.do("GET", app+"/cv", nil), http.StatusForbidden)

		// Eleven minutes after the sign-in the factor must be proven again.
		e.clock.Advance(11 * time.Minute)
		r := hr.b.do("POST", app+"/cv-link", nil)
		expect(t, "a stale factor", r, http.StatusForbidden)
		if !strings.Contains(string(r.env.Data), "stepUpRequired") {
			t.Fatalf("the refusal does not ask for the factor: %s", r.body)
		}
		e.clock.Advance(30 * time.Second)
		expect(t, "code", hr.b.do("POST", "/factor/code", map[string]string{"code": hr.code(e)}), http.StatusOK)
		url := link(hr)

		e.clock.Advance(59 * time.Second)
		r = hr.b.do("GET", url, nil)
		expect(t, "opening within a minute", r, http.StatusOK)
		if string(r.body) != samplePDF {
			t.Errorf("the CV: %q", r.body)
		}
		h := r.header
		if !strings.HasPrefix(h.Get("Content-Disposition"), "attachment;") || h.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(h.Get("Content-Security-Policy"), "sandbox") || h.Get("Content-Type") != "application/pdf" {
			t.Errorf("headers: %v", h)
		}
		// Another staff member cannot use it, nor anyone after the minute.
		expect(t, "someone else's link", admin.b.do("GET", url, nil), http.StatusNotFound)
		expect(t, "a forged link", hr.b.do("GET", app+"/cv?token=99999999999.abc", nil), http.StatusNotFound)
		e.clock.Advance(time.Second)
		r = hr.b.do("GET", url, nil)
		expect(t, "opening after a minute", r, http.StatusGone)
		if r.env.Message != access.In("en").CVLinkExpired {
			t.Errorf("expired: %q", r.env.Message)
		}

		opened, err := e.store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionCVOpened})
		if err != nil || len(opened) != 1 || opened[0].ActorID != hr.id || opened[0].Item != "submission "+strconv.FormatInt(ids["application"], 10) {
			t.Fatalf("the opening in the trail: %+v %v", opened, err)
		}

		// A CV the retention job deleted is gone for good.
		if err := e.store.MarkCVDeleted(t.Context(), ids["application"], e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		r = hr.b.do("POST", app+"/cv-link", nil)
		if r.status != http.StatusNotFound || r.env.Message != access.In("en").CVMissing {
			t.Errorf("a deleted CV: %d %s", r.status, r.body)
		}
	})
}

// The export is the current filtered view, every page, after a fresh
// second factor, neutralized like the command line's, and recorded
// without the search text.
func TestInboxExport(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		sales := e.join("sami@noorvale.example", access.Sales)
		seedInbox(e)
		e.submit(forms.KindProposal, "", "en", map[string]any{
			"name": "=HYPERLINK(\"http://evil.example\")", "email": "mallory@example.com", "company": "Evil; @SUM(1)",
		}, nil)

		e.clock.Advance(11 * time.Minute)
		r := sales.b.do("GET", "/inbox/export?kind=proposal", nil)
		expect(t, "a stale factor", r, http.StatusForbidden)
		e.clock.Advance(30 * time.Second)
		expect(t, "code", sales.b.do("POST", "/factor/code", map[string]string{"code": sales.code(e)}), http.StatusOK)
		r = sales.b.do("GET", "/inbox/export?kind=proposal&q=example.com", nil)
		expect(t, "export", r, http.StatusOK)
		if !strings.HasPrefix(r.header.Get("Content-Disposition"), "attachment;") {
			t.Errorf("disposition %q", r.header.Get("Content-Disposition"))
		}
		rows, err := csv.NewReader(strings.NewReader(string(r.body))).ReadAll()
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

		// Sales export no applications, whatever the filter.
		r = sales.b.do("GET", "/inbox/export", nil)
		expect(t, "export everything", r, http.StatusOK)
		if strings.Contains(string(r.body), "Omar") {
			t.Error("the export holds an application")
		}

		events, err := e.store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionInboxExport})
		if err != nil || len(events) != 2 || events[1].Detail != "2 rows (kind=proposal, search)" || events[1].ActorID != sales.id {
			t.Fatalf("the exports in the trail: %+v %v", events, err)
		}
	})
}

// mailQueue is the mail queue on the test's database.
func mailQueue(t testing.TB, st *store.Store) *mail.Queue {
	t.Helper()
	queue, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: strings.Repeat("k", 32)})
	if err != nil {
		t.Fatal(err)
	}
	return queue
}

// withReplies lets the inbox reply through the forms, from the offices',
// HR's and marketing's inboxes, into queue.
func withReplies(st *store.Store, queue *mail.Queue) func(*Config) {
	replies := forms.New(forms.Config{Store: st, Mail: queue, Inboxes: forms.Inboxes{
		Offices: map[string]string{"london": "london@noorvale.example", "dubai": "dubai@noorvale.example", "cairo": "cairo@noorvale.example"},
		HR:      "careers@noorvale.example", Marketing: "info@noorvale.example",
	}})
	return func(c *Config) { c.Forms = replies }
}

// recorder is a mail transport that keeps what it is given.
type recorder struct{ sent []*mail.Envelope }

func (r *recorder) Send(_ context.Context, e *mail.Envelope) error {
	r.sent = append(r.sent, e)
	return nil
}

// A reply goes to the sender through the queue, in their language, from
// the inbox of the form (an office's for its contact form), with answers
// going to the staff member; it quotes nothing they sent, is recorded on
// the submission and, without its text, in the trail.
func TestReplyingToASubmission(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		queue := mailQueue(t, st)
		e := newEnv(t, st, withReplies(st, queue))
		dubai := e.joinOffice("rana@noorvale.example", access.Sales, "dubai")
		london := e.joinOffice("sami@noorvale.example", access.Sales, "london")
		hr := e.join("hana@noorvale.example", access.HR)
		ids := seedInbox(e)
		contact := "/inbox/" + strconv.FormatInt(ids["dubai"], 10)
		erased := e.submit(forms.KindInquiry, "", "en", map[string]any{"subject": "Pricing"}, nil)

		for _, c := range []struct {
			name   string
			who    *member
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
			t.Run(c.name, func(t *testing.T) { expect(t, c.name, c.who.b.do("POST", c.path+"/replies", c.body), c.status) })
		}

		text := "شكرًا لتواصلك.\n\nيسعدنا ترتيب موعد يوم الاثنين."
		r := dubai.b.do("POST", contact+"/replies", map[string]string{"body": text})
		expect(t, "reply", r, http.StatusOK)
		if r.env.Message != "Your reply is on its way to the sender." {
			t.Errorf("message %q", r.env.Message)
		}
		expect(t, "a note", dubai.b.do("POST", contact+"/notes", map[string]string{"body": "Called twice."}), http.StatusOK)

		var detail struct {
			Notes []inbox.Note `json:"notes"`
		}
		dubai.b.do("GET", contact, nil).data(t, &detail)
		if len(detail.Notes) != 2 || detail.Notes[0].Kind != store.NoteReply || detail.Notes[0].Body != text ||
			detail.Notes[0].Author != "Staff sales" || detail.Notes[1].Kind != store.NoteInternal {
			t.Errorf("the notes: %+v", detail.Notes)
		}

		tr := &recorder{}
		sender := mail.NewSender(mail.SenderConfig{Queue: queue, Transport: tr, From: "Noorvale Assurance <no-reply@noorvale.example>",
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if n := sender.SendDue(t.Context()); n != 1 || len(tr.sent) != 1 {
			t.Fatalf("sent %d", n)
		}
		m := tr.sent[0]
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

		events, err := e.store.AuditEvents(t.Context(), store.AuditFilter{Action: audit.ActionReply})
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 1 || events[0].ActorID != dubai.id || events[0].Item != "submission "+strconv.FormatInt(ids["dubai"], 10) ||
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
		e := newEnv(t, st)
		dubai := e.joinOffice("rana@noorvale.example", access.Sales, "dubai")
		hr := e.join("hana@noorvale.example", access.HR)
		admin := e.join("amal@noorvale.example", access.Administrator)
		now := e.clock.Now() // Wednesday 25 November 2026
		at := func(weeksAgo int) {
			e.clock.Set(now.AddDate(0, 0, -7*weeksAgo))
		}
		at(12) // before the twelve weeks: counted by status only
		e.submit(forms.KindProposal, "", "en", map[string]any{"name": "Old"}, nil)
		at(3)
		p1 := e.submit(forms.KindProposal, "", "en", map[string]any{"name": "A"}, nil)
		e.submit(forms.KindContact, "dubai", "ar", map[string]any{"name": "B"}, nil)
		e.submit(forms.KindContact, "london", "en", map[string]any{"name": "C"}, nil)
		at(0)
		p2 := e.submit(forms.KindProposal, "", "fr", map[string]any{"name": "D"}, nil)
		e.submit(forms.KindContact, "dubai", "en", map[string]any{"name": "E"}, nil)
		a1 := e.submit(forms.KindApplication, "security-consultant", "en", map[string]any{"name": "F"}, nil)
		expect(t, "closed", admin.b.do("PUT", "/inbox/"+strconv.FormatInt(p1, 10)+"/status", map[string]string{"status": "closed"}), http.StatusOK)
		expect(t, "in progress", admin.b.do("PUT", "/inbox/"+strconv.FormatInt(p2, 10)+"/status", map[string]string{"status": "in-progress"}), http.StatusOK)
		expect(t, "interview", admin.b.do("PUT", "/inbox/"+strconv.FormatInt(a1, 10)+"/status", map[string]string{"status": "interview"}), http.StatusOK)

		type board struct {
			Weeks  []string            `json:"weeks"`
			Series []inbox.WeekSeries  `json:"series"`
			Open   []inbox.StatusCount `json:"open"`
		}
		read := func(m *member) board {
			r := m.b.do("GET", "/inbox/dashboard", nil)
			expect(t, "dashboard", r, http.StatusOK)
			var b board
			r.data(t, &b)
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
			who    *member
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
