package mail

import (
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"

	"noorvale.example/site/api/locale"
)

// Rendered is a message ready to send: its subject and its two bodies.
type Rendered struct {
	Subject string
	Text    string // text/plain body
	HTML    string // text/html body
}

// view is what the templates see.
type view struct {
	Lang, Dir, Align, Font string
	Subject, Preheader     string
	Greeting               string
	Blocks                 []viewBlock
	ButtonFallback         string
	SignOff, Signature     string
	Team                   string
	Firm, AddressLine      string
	Reason, Automated      string
}

type viewBlock struct {
	Text, Button, Label, URL, Code, Pre string
	Prose                               []string // paragraphs
}

// Render builds the subject and bodies of a message in its language. The
// message's data is escaped in the HTML body.
func Render(m Message) (Rendered, error) {
	m, err := validate(m)
	if err != nil {
		return Rendered{}, err
	}
	lay, ok := letters[m.Kind]
	if !ok {
		lay, ok = formLetters[m.Kind]
	}
	if !ok {
		lay, ok = replyLetters[m.Kind]
	}
	if !ok {
		lay, ok = noticeLetters[m.Kind]
	}
	if !ok {
		return Rendered{}, fmt.Errorf("mail: no %s text for %s", m.Kind, m.Locale)
	}
	f := &locale.For(m.Locale).Mail
	l := lay(f)
	fill := placeholders(m.Data)
	v := view{
		Lang:           string(m.Locale),
		Dir:            m.Locale.Dir(),
		Align:          "left",
		Font:           "Arial, Helvetica, sans-serif",
		Subject:        fill.Replace(l.Subject),
		Greeting:       f.Greeting,
		ButtonFallback: f.ButtonFallback,
		SignOff:        f.SignOff,
		Team:           f.Team,
		Firm:           firm,
		AddressLine:    addressLine,
		Reason:         l.Reason,
		Automated:      f.Automated,
	}
	if l.Automated != "" {
		v.Automated = fill.Replace(l.Automated)
	}
	if l.Signature != "" {
		v.Signature = m.Data[l.Signature]
	}
	if m.Locale.Dir() == "rtl" {
		v.Align = "right"
		v.Font = "Tahoma, Arial, sans-serif"
	}
	if m.Name != "" {
		v.Greeting = strings.ReplaceAll(f.GreetingNamed, "{name}", m.Name)
	}
	for _, b := range l.Blocks {
		vb := viewBlock{Text: fill.Replace(b.Text), Button: b.Button, Label: b.Label}
		if b.Link != "" {
			vb.URL = m.Data[b.Link]
		}
		if b.Code != "" {
			vb.Code = m.Data[b.Code]
		}
		if b.Pre != "" {
			vb.Pre = m.Data[b.Pre]
		}
		if b.Prose != "" {
			vb.Prose = paragraphs(m.Data[b.Prose])
		}
		if v.Preheader == "" && vb.Text != "" {
			v.Preheader = vb.Text
		}
		v.Blocks = append(v.Blocks, vb)
	}

	var text, html strings.Builder
	if err := textLayout.Execute(&text, v); err != nil {
		return Rendered{}, fmt.Errorf("mail: render %s text: %w", m.Kind, err)
	}
	if err := htmlLayout.Execute(&html, v); err != nil {
		return Rendered{}, fmt.Errorf("mail: render %s html: %w", m.Kind, err)
	}
	return Rendered{Subject: v.Subject, Text: text.String(), HTML: html.String()}, nil
}

// paragraphs splits a person's text at blank lines, each paragraph
// trimmed and its line breaks kept.
func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if p = strings.Trim(p, " \t\n"); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// placeholders replaces each {key} by the message's Data[key], in one pass,
// so a value can never bring in another placeholder.
func placeholders(data map[string]string) *strings.Replacer {
	pairs := make([]string, 0, 2*len(data))
	for k, v := range data {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...)
}

var textLayout = texttemplate.Must(texttemplate.New("text").Parse(`{{.Greeting}}
{{range .Blocks}}
{{- if .Button}}
{{.Button}}:
{{.URL}}
{{else if .Label}}
{{.Text}} {{.Label}}:
{{.URL}}
{{else if .Code}}
    {{.Code}}
{{else if .Pre}}
{{.Pre}}
{{else if .Prose}}
{{- range .Prose}}
{{.}}
{{end}}
{{- else}}
{{.Text}}
{{end}}{{end}}
{{.SignOff}}
{{- if .Signature}}
{{.Signature}}{{end}}
{{.Team}}

-- 
{{.AddressLine}}
{{.Reason}}
{{.Automated}}
`))

// htmlLayout is a table-based layout with inline styles, the form mail
// clients render most faithfully.
var htmlLayout = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}" dir="{{.Dir}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{{.Subject}}</title>
</head>
<body style="margin:0;padding:0;background-color:#eef1f5;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">{{.Preheader}}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#eef1f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" dir="{{.Dir}}" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #dde2ea;">
<tr><td style="background-color:#0b1f3a;padding:22px 32px;text-align:{{.Align}};font-family:Arial, Helvetica, sans-serif;font-size:20px;font-weight:bold;letter-spacing:0.5px;color:#ffffff;"><span dir="ltr">{{.Firm}}</span></td></tr>
<tr><td style="padding:32px;text-align:{{.Align}};font-family:{{.Font}};font-size:16px;line-height:1.6;color:#1f2937;">
<p style="margin:0 0 16px;">{{.Greeting}}</p>
{{- range .Blocks}}
{{- if .Button}}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr><td style="background-color:#0b1f3a;border-radius:4px;"><a href="{{.URL}}" style="display:inline-block;padding:12px 28px;font-family:{{$.Font}};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:4px;">{{.Button}}</a></td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b6472;">{{$.ButtonFallback}}<br><a href="{{.URL}}" dir="ltr" style="color:#0b5cad;word-break:break-all;">{{.URL}}</a></p>
{{- else if .Label}}
<p style="margin:0 0 16px;">{{.Text}} <a href="{{.URL}}" style="color:#0b5cad;">{{.Label}}</a></p>
{{- else if .Code}}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;"><tr><td dir="ltr" style="padding:14px 28px;background-color:#f4f6f9;border:1px solid #d5dbe4;border-radius:4px;font-family:'Courier New', Courier, monospace;font-size:30px;font-weight:bold;letter-spacing:8px;color:#0b1f3a;">{{.Code}}</td></tr></table>
{{- else if .Pre}}
<pre style="margin:0 0 16px;padding:12px 16px;background-color:#f4f6f9;border:1px solid #d5dbe4;border-radius:4px;font-family:Arial, Helvetica, sans-serif;font-size:14px;line-height:1.5;white-space:pre-wrap;word-break:break-word;color:#1f2937;">{{.Pre}}</pre>
{{- else if .Prose}}
{{- range .Prose}}
<p style="margin:0 0 16px;white-space:pre-line;">{{.}}</p>
{{- end}}
{{- else}}
<p style="margin:0 0 16px;">{{.Text}}</p>
{{- end}}
{{- end}}
<p style="margin:24px 0 0;">{{.SignOff}}{{if .Signature}}<br><strong>{{.Signature}}</strong>{{end}}<br>{{.Team}}</p>
</td></tr>
<tr><td style="background-color:#f4f6f9;border-top:1px solid #dde2ea;padding:20px 32px;text-align:{{.Align}};font-family:{{.Font}};font-size:12px;line-height:1.5;color:#5b6472;">
<p style="margin:0 0 8px;font-weight:bold;color:#0b1f3a;"><span dir="ltr">{{.AddressLine}}</span></p>
<p style="margin:0 0 8px;">{{.Reason}}</p>
<p style="margin:0;">{{.Automated}}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`))
