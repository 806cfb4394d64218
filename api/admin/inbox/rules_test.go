package inbox

import (
	"net/url"
	"slices"
	"testing"

	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/store"
)

// Each role sees the kinds of submission its permissions cover, a sales
// account with an office only that office's contact messages.
func TestInboxScope(t *testing.T) {
	leads := []string{forms.KindProposal, forms.KindInquiry, forms.KindContact, forms.KindWebinar, forms.KindPublication}
	cases := []struct {
		name     string
		staff    store.Staff
		kind     string
		target   string
		covered  bool
		statuses []string
	}{
		{"an administrator, an application", store.Staff{Role: "administrator"}, forms.KindApplication, "", true, append(slices.Clone(LeadStatuses), "screening", "interview", "offer", "hired", "rejected")},
		{"an administrator, any office's contact", store.Staff{Role: "administrator", Office: "dubai"}, forms.KindContact, "cairo", true, nil},
		{"HR, an application", store.Staff{Role: "hr"}, forms.KindApplication, "", true, ApplicationStatuses},
		{"HR, a proposal", store.Staff{Role: "hr"}, forms.KindProposal, "", false, ApplicationStatuses},
		{"sales, a proposal", store.Staff{Role: "sales"}, forms.KindProposal, "", true, LeadStatuses},
		{"sales, an application", store.Staff{Role: "sales"}, forms.KindApplication, "", false, LeadStatuses},
		{"sales of every office, a contact", store.Staff{Role: "sales"}, forms.KindContact, "cairo", true, LeadStatuses},
		{"sales of Dubai, Dubai's contact", store.Staff{Role: "sales", Office: "dubai"}, forms.KindContact, "dubai", true, LeadStatuses},
		{"sales of Dubai, Cairo's contact", store.Staff{Role: "sales", Office: "dubai"}, forms.KindContact, "cairo", false, LeadStatuses},
		{"sales of Dubai, a webinar", store.Staff{Role: "sales", Office: "dubai"}, forms.KindWebinar, "webinar-slug", true, LeadStatuses},
		{"an editor, a proposal", store.Staff{Role: "editor"}, forms.KindProposal, "", false, nil},
		{"a viewer, an application", store.Staff{Role: "viewer"}, forms.KindApplication, "", false, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sc := scopeOf(&tc.staff)
			if got := sc.covers(tc.kind, tc.target); got != tc.covered {
				t.Errorf("covers(%s, %s) = %v, want %v", tc.kind, tc.target, got, tc.covered)
			}
			if tc.statuses != nil && !slices.Equal(sc.statuses(), tc.statuses) {
				t.Errorf("statuses = %v, want %v", sc.statuses(), tc.statuses)
			}
			if tc.staff.Role == "sales" {
				if !slices.Equal(sc.kinds, leads) || sc.office != tc.staff.Office {
					t.Errorf("scope = %+v", sc)
				}
			}
			f := sc.filter()
			if !slices.Equal(f.Kinds, sc.kinds) || f.ContactOffice != sc.office {
				t.Errorf("filter = %+v for %+v", f, sc)
			}
		})
	}
}

func TestExportRows(t *testing.T) {
	bilal := "b1"
	proposal := store.InboxItem{Submission: store.Submission{ID: 1, Kind: forms.KindProposal, Locale: "en",
		Data: `{"name":"=HYPERLINK(\"x\")","email":"a@example.com","company":"Acme","companySize":"250-999","timeline":"=1"}`}, Status: "new", AssigneeID: &bilal}
	application := store.InboxItem{Submission: store.Submission{ID: 2, Kind: forms.KindApplication, Locale: "ar",
		Data: `{"name":"Salma","email":"s@example.com"}`}, Status: "screening"}
	staff := []store.Staff{{ID: "b1", Name: "Bilal"}}
	cases := []struct {
		name  string
		scope scope
		kind  string
		rows  []store.InboxItem
		cols  []string // the form's columns the header starts with
		cells map[string]string
	}{
		{"a lead, assigned", scopeOf(&store.Staff{Role: "sales"}), "", []store.InboxItem{proposal}, columnsOf(forms.KindProposal, forms.KindInquiry, forms.KindContact, forms.KindWebinar, forms.KindPublication),
			map[string]string{"name": `'=HYPERLINK("x")`, "company": "Acme", "status": "new", "assignee": "Bilal",
				"companySize": "250–999 employees", "companySizeCode": "250-999", "timeline": "'=1", "timelineCode": "'=1"}},
		{"one kind chosen", scopeOf(&store.Staff{Role: "administrator"}), forms.KindApplication, []store.InboxItem{application}, columnsOf(forms.KindApplication),
			map[string]string{"name": "Salma", "status": "screening", "assignee": ""}},
		{"nothing to export", scopeOf(&store.Staff{Role: "hr"}), "", nil, columnsOf(forms.KindApplication), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			words := func(kind, col, cell string) string {
				if col == "companySize" && cell == "250-999" {
					return "250–999 employees"
				}
				return cell
			}
			got := exportRows(tc.scope, tc.kind, tc.rows, staff, words)
			header := append(slices.Clone(tc.cols), "status", "assignee")
			if !slices.Equal(got[0], header) {
				t.Fatalf("header = %v, want %v", got[0], header)
			}
			if slices.Contains(got[0], "user_id") {
				t.Error("the export names visitors' accounts")
			}
			if len(got) != len(tc.rows)+1 {
				t.Fatalf("%d rows, want %d", len(got)-1, len(tc.rows))
			}
			for col, want := range tc.cells {
				if cell := got[1][slices.Index(header, col)]; cell != want {
					t.Errorf("%s = %q, want %q", col, cell, want)
				}
			}
		})
	}
}

// columnsOf is every column of the kinds, in order, without the account
// id, each coded column followed by its codes.
func columnsOf(kinds ...string) []string {
	var cols, out []string
	for _, k := range kinds {
		for _, c := range forms.Columns(k) {
			if c != "user_id" && !slices.Contains(cols, c) {
				cols = append(cols, c)
				out = append(out, c)
				if slices.Contains(codedColumns, c) {
					out = append(out, c+"Code")
				}
			}
		}
	}
	return out
}

func TestExportDetail(t *testing.T) {
	cases := []struct {
		name   string
		query  string
		search bool
		n      int
		want   string
	}{
		{"everything", "", false, 0, "0 rows"},
		{"filtered", "status=new&kind=proposal&page=2", false, 12, "12 rows (kind=proposal, status=new)"},
		{"searched, never quoted", "q=salma&from=2026-01-01", true, 1, "1 rows (from=2026-01-01, search)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, _ := url.ParseQuery(tc.query)
			if got := exportDetail(q, tc.search, tc.n); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
