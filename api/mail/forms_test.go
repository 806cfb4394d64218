package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	mailpkg "noorvale.example/site/api/mail"
)

func notification(fields string) mailpkg.Message {
	return mailpkg.Message{
		To: "dubai@noorvale.example", Locale: "en", Kind: mailpkg.KindFormNotification, ReplyTo: "visitor@example.com",
		Data: map[string]string{"form": "Contact (Dubai office)", "reference": "#7", "fields": fields},
	}
}

func TestFormNotificationRendersFieldsAndReplyNote(t *testing.T) {
	fields := "Name: Omar Saleh\nMessage:\n    First line <script>\n    Second line"
	r, err := mailpkg.Render(notification(fields))
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "Website form: Contact (Dubai office) (#7)" {
		t.Errorf("subject %q", r.Subject)
	}
	if !strings.Contains(r.Text, fields) {
		t.Errorf("text body lacks the fields as sent:\n%s", r.Text)
	}
	if !strings.Contains(r.HTML, "<pre") || !strings.Contains(r.HTML, "First line &lt;script&gt;\n    Second line") {
		t.Errorf("HTML body lacks the escaped fields:\n%s", r.HTML)
	}
	if strings.Contains(r.Text, "replies to this address are not read") {
		t.Error("a notification answered by replying says replies are not read")
	}
}

func TestFormMessagesRefused(t *testing.T) {
	tests := []struct {
		name string
		edit func(*mailpkg.Message)
	}{
		{"line break in reply-to", func(m *mailpkg.Message) { m.ReplyTo = "a@example.com\r\nBcc: x@example.com" }},
		{"reply-to with a name", func(m *mailpkg.Message) { m.ReplyTo = "Omar <a@example.com>" }},
		{"fields over 64 KB", func(m *mailpkg.Message) { m.Data["fields"] = strings.Repeat("x", 64<<10+1) }},
		{"missing reference", func(m *mailpkg.Message) { delete(m.Data, "reference") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := notification("Name: A")
			tc.edit(&m)
			if _, err := mailpkg.Render(m); !errors.Is(err, mailpkg.ErrInvalidMessage) {
				t.Fatalf("Render = %v, want ErrInvalidMessage", err)
			}
		})
	}
	// Long listings within the limit are fine: a cover letter is long.
	if _, err := mailpkg.Render(notification(strings.Repeat("y", 30<<10))); err != nil {
		t.Fatal(err)
	}
}

func TestFormNotificationReplyToOverSMTP(t *testing.T) {
	srv := startSMTP(t, nil, false)
	transport, err := mailpkg.NewSMTP(mailpkg.SMTPConfig{URL: "smtp://" + srv.addr() + "?tls=opportunistic", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	q := newQueue(t, testenv.SQLiteStore(t), nil)
	sender := mailpkg.NewSender(mailpkg.SenderConfig{Queue: q, Transport: transport, From: "Noorvale Assurance <no-reply@noorvale.example>", Logger: discardLogger()})
	if err := q.Enqueue(context.Background(), notification("Name: Omar Saleh")); err != nil {
		t.Fatal(err)
	}
	if n := sender.SendDue(context.Background()); n != 1 {
		t.Fatalf("sent %d, want 1", n)
	}
	got := srv.messages()
	if len(got) != 1 {
		t.Fatalf("server got %d messages", len(got))
	}
	p := parseMessage(t, got[0].data)
	if rt := p.header.Get("Reply-To"); !strings.Contains(rt, "visitor@example.com") {
		t.Errorf("Reply-To = %q", rt)
	}
	if !strings.Contains(p.text, "Name: Omar Saleh") {
		t.Errorf("text part lacks the fields:\n%s", p.text)
	}
}
