package mail_test

import (
	"html"
	"strings"
	"testing"

	"noorvale.example/site/api/locale"
	mailpkg "noorvale.example/site/api/mail"
)

// sampleData is Data for every kind, with values easy to find in a body.
var sampleData = map[mailpkg.Kind]map[string]string{
	mailpkg.KindConfirmEmail:       {"link": "https://noorvale.example/auth/confirm-email/tok3nCONFIRM", "hours": "24"},
	mailpkg.KindAlreadyRegistered:  {"loginLink": "https://noorvale.example/auth/login?from=mail&x=1", "resetLink": "https://noorvale.example/auth/forgot-password"},
	mailpkg.KindResetCode:          {"code": "804215", "minutes": "10"},
	mailpkg.KindPasswordChanged:    {"resetLink": "https://noorvale.example/auth/forgot-password?after=change"},
	mailpkg.KindAccountDeleted:     {},
	mailpkg.KindResetPaused:        {"hours": "24"},
	mailpkg.KindStaffFactorLocked:  {"tries": "10", "until": "2026-11-25 09:15 UTC"},
	mailpkg.KindStaffEnrolLink:     {"link": "https://noorvale.example/admin/enrol#token", "hours": "24"},
	mailpkg.KindStaffInvitation:    {"link": "https://noorvale.example/admin/join#token", "inviter": "Amal Haddad", "hours": "48"},
	mailpkg.KindStaffPasswordReset: {"link": "https://noorvale.example/admin/password#token", "minutes": "30"},
	mailpkg.KindStaffNotice:        {"notice": "#12", "link": "https://noorvale.example/admin/inbox/12"},
	mailpkg.KindStaffDigest:        {"count": "2", "lines": "#12\nhttps://noorvale.example/admin/inbox/12", "link": "https://noorvale.example/admin/notifications"},

	mailpkg.KindFormNotification:       {"form": "Contact (Dubai)", "reference": "#42", "fields": "Name: Omar <b>\nE-mail: o@example.com"},
	mailpkg.KindFormConfirmProposal:    {},
	mailpkg.KindFormConfirmInquiry:     {},
	mailpkg.KindFormConfirmContact:     {"office": "Dubai office"},
	mailpkg.KindFormConfirmApplication: {"position": "IT Auditor"},
	mailpkg.KindFormConfirmWebinar:     {"webinar": "DORA one year on", "when": "20/01/2027 12:00 UTC"},
	mailpkg.KindFormConfirmPublication: {"publication": "PCI DSS guide", "downloadLink": "https://noorvale.example/api/forms/publication/x/download?token=a.b"},

	mailpkg.KindInboxReply: {"topic": "Your request for a proposal", "body": "Thank you for the call <today>; the scope is attached.", "signature": "Sami Nasser"},
}

func TestRenderEveryKindInEveryLanguage(t *testing.T) {
	english := map[mailpkg.Kind]mailpkg.Rendered{}
	for _, kind := range mailpkg.Kinds {
		for _, loc := range locale.All {
			t.Run(string(kind)+"/"+string(loc), func(t *testing.T) {
				data := sampleData[kind]
				r, err := mailpkg.Render(mailpkg.Message{To: "r@example.com", Name: "Omar <Saleh> & Co", Locale: loc, Kind: kind, Data: data})
				if err != nil {
					t.Fatal(err)
				}
				if strings.TrimSpace(r.Subject) == "" || len(r.Subject) > 80 {
					t.Fatalf("subject %q", r.Subject)
				}
				// A reply's topic and text are given in the message's
				// language by its writer; only its frame is the mail's.
				written := kind == mailpkg.KindInboxReply
				for k, v := range data {
					if written && k == "topic" {
						if r.Subject != v {
							t.Errorf("subject %q, want the topic %q", r.Subject, v)
						}
						continue
					}
					if !strings.Contains(r.Text, v) {
						t.Errorf("text body lacks %s %q", k, v)
					}
					if !strings.Contains(r.HTML, html.EscapeString(v)) {
						t.Errorf("HTML body lacks %s %q", k, v)
					}
				}
				if !strings.Contains(r.Text, "Omar <Saleh> & Co") || !strings.Contains(r.HTML, "Omar &lt;Saleh&gt; &amp; Co") {
					t.Error("the name is missing or unescaped")
				}
				if strings.Contains(r.HTML, "<Saleh>") {
					t.Error("the name reached the HTML unescaped")
				}
				wantRoot := `<html lang="` + string(loc) + `" dir="` + loc.Dir() + `">`
				if !strings.Contains(r.HTML, wantRoot) {
					t.Errorf("HTML lacks %s", wantRoot)
				}
				if loc == locale.Ar && (!strings.Contains(r.HTML, `dir="rtl"`) || !strings.Contains(r.HTML, "text-align:right")) {
					t.Error("Arabic is not laid out right to left")
				}
				for _, brand := range []string{"Noorvale Assurance · London · Dubai · Cairo", "#0b1f3a"} {
					if !strings.Contains(r.HTML, brand) {
						t.Errorf("HTML lacks %q", brand)
					}
				}
				if !strings.Contains(r.Text, "Noorvale Assurance · London · Dubai · Cairo") {
					t.Error("text lacks the address line")
				}
				if strings.ContainsAny(r.Text+r.HTML+r.Subject, "{}") {
					t.Error("a placeholder was left unfilled")
				}
				if loc == locale.En {
					english[kind] = r
					return
				}
				en, ok := english[kind]
				if !ok {
					t.Fatal("English rendered after another language")
				}
				// A notification's subject is its sentence, which the caller writes in the message's language.
				if r.Subject == en.Subject && !written && kind != mailpkg.KindStaffNotice {
					t.Errorf("subject %q is the English one", r.Subject)
				}
				// No English sentence left in a translation.
				for line := range strings.SplitSeq(en.Text, "\n") {
					if len(line) > 25 && !strings.Contains(line, "Noorvale Assurance · London") && !strings.HasPrefix(line, "http") &&
						(!written || line != data["body"]) && strings.Contains(r.Text, line) {
						t.Errorf("untranslated line %q", line)
					}
				}
			})
		}
	}
}

func TestRenderWithoutName(t *testing.T) {
	for _, loc := range locale.All {
		r, err := mailpkg.Render(mailpkg.Message{To: "r@example.com", Locale: loc, Kind: mailpkg.KindAccountDeleted})
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(r.Text, "\n")
		if strings.TrimSpace(first) == "" || strings.Contains(first, "{name}") || strings.Contains(first, "  ") {
			t.Errorf("%s greeting without a name: %q", loc, first)
		}
	}
}

func TestRenderUnknownLocaleFallsBackToEnglish(t *testing.T) {
	r, err := mailpkg.Render(mailpkg.Message{To: "r@example.com", Locale: "de", Kind: mailpkg.KindAccountDeleted})
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "Your account has been deleted" {
		t.Fatalf("subject %q", r.Subject)
	}
}

func TestReplyKeepsTheWritersParagraphsAndSignsWithTheirName(t *testing.T) {
	body := "Thank you for your time today.\r\n\r\nWe can start on 3 May:\n- scoping\n- testing\n\n\n<b>Best</b>"
	r, err := mailpkg.Render(mailpkg.Message{
		To: "nadia@desertrose.example", Locale: locale.Ar, Kind: mailpkg.KindInboxReply,
		Data: map[string]string{"topic": "طلبك للحصول على عرض", "body": body, "signature": "Sami Nasser"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<p style="margin:0 0 16px;white-space:pre-line;">Thank you for your time today.</p>`,
		`<p style="margin:0 0 16px;white-space:pre-line;">We can start on 3 May:` + "\n- scoping\n- testing</p>",
		`<p style="margin:0 0 16px;white-space:pre-line;">&lt;b&gt;Best&lt;/b&gt;</p>`,
		"<strong>Sami Nasser</strong>",
		"يكفي الرد على هذه الرسالة",
	} {
		if !strings.Contains(r.HTML, want) {
			t.Errorf("HTML lacks %q:\n%s", want, r.HTML)
		}
	}
	if !strings.Contains(r.Text, "We can start on 3 May:\n- scoping\n- testing\n\n<b>Best</b>") ||
		!strings.Contains(r.Text, "مع أطيب التحيات،\nSami Nasser\n") {
		t.Errorf("text body:\n%s", r.Text)
	}
	if r.Subject != "طلبك للحصول على عرض" {
		t.Errorf("subject %q", r.Subject)
	}
}
