package forms

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

func TestNeutralize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"=HYPERLINK(\"http://evil.example\",\"x\")", "'=HYPERLINK(\"http://evil.example\",\"x\")"},
		{"+971 4 123 4567", "'+971 4 123 4567"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1:A9)", "'@SUM(A1:A9)"},
		{"\t=1", "\t'=1"},
		{"\r=1", "\r'=1"},
		{"Jan;=1+1", "Jan;'=1+1"},
		{"Jan; =1+1", "Jan; '=1+1"},
		{`Jan;"=1+1"`, `Jan;"'=1+1"`},
		{"a,b|-c\tx", "a,b|'-c\tx"},
		{"Dear team,\n=HYPERLINK(1);-2", "Dear team,\n'=HYPERLINK(1);'-2"},
		{"Layla Haddad", "Layla Haddad"},
		{"Al-Haddad, +971 4 123 4567", "Al-Haddad, '+971 4 123 4567"},
		{"", ""},
		{"a=b", "a=b"},
		{"'=1", "'=1"},
	}
	for _, tc := range tests {
		if got := neutralize(tc.in); got != tc.want {
			t.Errorf("neutralize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestExportCSV(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		day := time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC)
		add := func(kind, target, data string, at time.Time) *store.Submission {
			t.Helper()
			sub := &store.Submission{Kind: kind, Target: target, Locale: "en", Data: data, IP: "192.0.2.1", CreatedAt: at,
				LeadSource: store.LeadSource{LandingPage: "/services/a", Referrer: "linkedin.com", UTMCampaign: "iso-2027", SentFrom: "/forms"}}
			if err := s.CreateSubmission(ctx, sub, nil); err != nil {
				t.Fatal(err)
			}
			return sub
		}
		p := add(KindProposal, "", `{"name":"=HYPERLINK(\"http://evil.example\",\"click\")","email":"a@example.com","phone":"+971 4 123 4567",
			"company":"@SUM(1+1)*cmd|' /C calc'!A0","country":"-UAE","companySize":"50-249","timeline":"asap",
			"services":["/services/a","/services/b"],"message":"Line one, with a comma\nLine \"two\""}`, day)
		add(KindInquiry, "", `{"name":"Someone","email":"s@example.com","subject":"x","message":"y"}`, day)
		add(KindProposal, "", `{"name":"Later","email":"l@example.com"}`, day.Add(48*time.Hour))

		var buf bytes.Buffer
		n, err := ExportCSV(ctx, s, &buf, store.SubmissionFilter{Kind: KindProposal, From: day.Truncate(24 * time.Hour), To: day.Truncate(24 * time.Hour).Add(24 * time.Hour)})
		if err != nil || n != 1 {
			t.Fatalf("ExportCSV = %d, %v", n, err)
		}
		records, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatalf("not RFC 4180: %v\n%s", err, buf.String())
		}
		if len(records) != 2 {
			t.Fatalf("%d records", len(records))
		}
		header, rec := records[0], records[1]
		want := []string{"id", "created_at", "kind", "target", "locale", "name", "email", "phone", "company",
			"country", "companySize", "timeline", "services", "preferredStart", "message",
			"landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign", "sent_from", "user_id"}
		if strings.Join(header, ",") != strings.Join(want, ",") {
			t.Fatalf("header %v", header)
		}
		cell := map[string]string{}
		for i, h := range header {
			cell[h] = rec[i]
		}
		checks := map[string]string{
			"id":           itoa(p.ID),
			"created_at":   "2026-11-20T10:30:00Z",
			"name":         `'=HYPERLINK("http://evil.example","click")`,
			"phone":        "'+971 4 123 4567",
			"company":      "'@SUM(1+1)*cmd|' /C calc'!A0",
			"country":      "'-UAE",
			"landing_page": "/services/a",
			"referrer":     "linkedin.com",
			"utm_campaign": "iso-2027",
			"sent_from":    "/forms",
			"services":     "/services/a; /services/b",
			"message":      "Line one, with a comma\nLine \"two\"",
		}
		for k, v := range checks {
			if cell[k] != v {
				t.Errorf("%s = %q, want %q", k, cell[k], v)
			}
		}
		for _, r := range rec {
			if r != "" && strings.ContainsRune("=+-@\t\r", rune(r[0])) {
				t.Errorf("cell %q would run as a formula", r)
			}
		}
		// Every kind: the union of columns, and the short list.
		buf.Reset()
		if n, err := ExportCSV(ctx, s, &buf, store.SubmissionFilter{}); err != nil || n != 3 {
			t.Fatalf("export of all: %d, %v", n, err)
		}
		buf.Reset()
		if n, err := ListTable(ctx, s, &buf, store.SubmissionFilter{Kind: KindInquiry}); err != nil || n != 1 || !strings.Contains(buf.String(), "s@example.com") {
			t.Fatalf("list: %d, %v\n%s", n, err, buf.String())
		}

		// A spreadsheet told to split on another separator (a semicolon in
		// much of Europe) cuts cells in the middle: no piece may start a formula.
		add(KindInquiry, "", `{"name":"Jan;=1+1","email":"j@example.com","subject":"Q3 | @SUM(A1)",
			"message":"Rates:\t-5%; \"=cmd|' /C calc'!A0\"\n+44 20 7946 0000"}`, day)
		buf.Reset()
		if _, err := ExportCSV(ctx, s, &buf, store.SubmissionFilter{Kind: KindInquiry}); err != nil {
			t.Fatal(err)
		}
		for _, sep := range []string{",", ";", "\t", "|"} {
			for _, line := range strings.Split(buf.String(), "\n") {
				for _, piece := range strings.Split(line, sep) {
					piece = strings.TrimLeft(piece, " \"\r")
					if piece != "" && strings.ContainsRune("=+-@", rune(piece[0])) {
						t.Errorf("split on %q, the piece %q of %q would run as a formula", sep, piece, line)
					}
				}
			}
		}
	})
}

func TestSaveCVs(t *testing.T) {
	h := newHarness(t, testenv.SQLiteStore(t))
	if res := h.postApplication("/api/forms/application/senior-penetration-tester", validApplication(), "Huda CV.pdf", smallPDF(), ""); res.status != 200 {
		t.Fatalf("application: %d %s", res.status, res.body)
	}
	dir := filepath.Join(t.TempDir(), "cvs")
	n, err := SaveCVs(context.Background(), h.store, h.blobs, dir, store.SubmissionFilter{})
	if err != nil || n != 1 {
		t.Fatalf("SaveCVs = %d, %v", n, err)
	}
	sub := h.submissions()[0]
	data, err := os.ReadFile(filepath.Join(dir, itoa(sub.ID)+"-Huda CV.pdf"))
	if err != nil || !bytes.Equal(data, smallPDF()) {
		t.Fatalf("saved CV: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
