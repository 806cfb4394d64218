package mail

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// OutboxStore is the database as the development outbox uses it; *store.Store is one.
type OutboxStore interface {
	AddOutboxMail(ctx context.Context, sealed string, now time.Time) (int64, error)
	OutboxMails(ctx context.Context, limit int) ([]store.OutboxMail, error)
	OutboxMail(ctx context.Context, id int64) (store.OutboxMail, error)
	DeleteOutboxMail(ctx context.Context, ids []int64) (int64, error)
}

// Outbox is the development transport: it keeps rendered messages in the
// database, sealed like the queue, for the /dev/mail pages. It must never
// be used in production, where those pages would show codes and links.
type Outbox struct {
	store  OutboxStore
	sealer *sealer
	now    func() time.Time
	log    *slog.Logger
}

// NewOutbox returns a development outbox in the store, sealing messages
// under a key derived from the secret key.
func NewOutbox(st OutboxStore, secretKey string, logger *slog.Logger) (*Outbox, error) {
	s, err := newSealer(secretKey)
	if err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &Outbox{store: st, sealer: s, now: time.Now, log: logger}, nil
}

// purposeOutbox binds sealed outbox rows to the outbox.
const purposeOutbox = "mail-outbox:v1"

// outboxLimit is how many messages /dev/mail lists.
const outboxLimit = 100

// Send keeps the message in the outbox.
func (o *Outbox) Send(ctx context.Context, e *Envelope) error {
	plain, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	if _, err := o.store.AddOutboxMail(ctx, o.sealer.seal(purposeOutbox, plain), o.now()); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	return nil
}

// outboxEntry is a stored message as the pages show it.
type outboxEntry struct {
	ID    int64
	At    time.Time
	Links []string // addresses in the text body, clickable on the list
	*Envelope
}

func (o *Outbox) entry(m store.OutboxMail) (outboxEntry, error) {
	plain, err := o.sealer.open(purposeOutbox, m.Sealed)
	if err != nil {
		return outboxEntry{}, err
	}
	var e Envelope
	if err := json.Unmarshal(plain, &e); err != nil {
		return outboxEntry{}, fmt.Errorf("mail: outbox entry %d: %w", m.ID, err)
	}
	return outboxEntry{ID: m.ID, At: m.CreatedAt, Links: linkPattern.FindAllString(e.Text, -1), Envelope: &e}, nil
}

// outboxScan is the most messages a search of the outbox for one person
// reads: the outbox keeps a development server's last 30 days.
const outboxScan = 100_000

// about returns the ids of the outbox's messages to an address, or
// answering to it (a form's notification carries what the person wrote).
func (o *Outbox) about(ctx context.Context, address string) ([]int64, error) {
	address = endpoint.NormalizeEmail(address)
	rows, err := o.store.OutboxMails(ctx, outboxScan)
	if err != nil {
		return nil, fmt.Errorf("mail: outbox: %w", err)
	}
	var ids []int64
	for _, row := range rows {
		e, err := o.entry(row)
		if err != nil {
			continue // sealed under an earlier SECRET_KEY: unreadable to anyone
		}
		if endpoint.NormalizeEmail(e.To) == address || endpoint.NormalizeEmail(e.ReplyTo) == address {
			ids = append(ids, row.ID)
		}
	}
	return ids, nil
}

// CountFor counts the outbox's messages to or about an address.
func (o *Outbox) CountFor(ctx context.Context, address string) (int, error) {
	ids, err := o.about(ctx, address)
	return len(ids), err
}

// EraseFor deletes the outbox's messages to or about an address and
// returns how many it deleted.
func (o *Outbox) EraseFor(ctx context.Context, address string) (int, error) {
	ids, err := o.about(ctx, address)
	if err != nil {
		return 0, err
	}
	n, err := o.store.DeleteOutboxMail(ctx, ids)
	if err != nil {
		return 0, fmt.Errorf("mail: outbox: %w", err)
	}
	return int(n), nil
}

var linkPattern = regexp.MustCompile(`https?://[^\s<>"]+`)

// Handler serves the outbox: GET /dev/mail lists the messages, newest
// first, and GET /dev/mail/{id}/html is one message's HTML body, shown on
// the list in a sandboxed frame.
func (o *Outbox) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /dev/mail", o.list)
	mux.HandleFunc("GET /dev/mail/{id}/html", o.html)
	return mux
}

func (o *Outbox) list(w http.ResponseWriter, r *http.Request) {
	rows, err := o.store.OutboxMails(r.Context(), outboxLimit)
	if err != nil {
		o.log.Error("development outbox unreadable", "err", err)
		http.Error(w, "The outbox cannot be read; see the server log.", http.StatusInternalServerError)
		return
	}
	entries := make([]outboxEntry, 0, len(rows))
	for _, row := range rows {
		e, err := o.entry(row)
		if err != nil {
			continue // sealed under an earlier SECRET_KEY
		}
		entries = append(entries, e)
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src '"+outboxStyleHash+"'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Robots-Tag", "noindex")
	if err := outboxPage.Execute(w, map[string]any{"Entries": entries, "Style": template.CSS(outboxStyle)}); err != nil {
		o.log.Error("development outbox page", "err", err)
	}
}

func (o *Outbox) html(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	row, err := o.store.OutboxMail(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		o.log.Error("development outbox unreadable", "err", err)
		http.Error(w, "The outbox cannot be read; see the server log.", http.StatusInternalServerError)
		return
	}
	e, err := o.entry(row)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	// The e-mail's own styles are inline; nothing in it may run or load.
	// Links may open in a new tab or, on a click, replace the outbox page.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Robots-Tag", "noindex")
	_, _ = w.Write([]byte(e.HTML))
}

const outboxStyle = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1f2937;background:#eef1f5}
header{background:#0b1f3a;color:#fff;padding:16px 24px}h1{margin:0;font-size:20px}
main{max-width:960px;margin:0 auto;padding:16px}
article{background:#fff;border:1px solid #dde2ea;border-radius:6px;margin:0 0 16px;padding:16px}
h2{margin:0 0 4px;font-size:17px}.meta{color:#5b6472;margin:0 0 8px;font-size:13px}
pre{white-space:pre-wrap;background:#f4f6f9;padding:12px;border-radius:4px;overflow-x:auto}
iframe{width:100%;height:640px;border:1px solid #dde2ea;border-radius:4px;background:#fff}
summary{cursor:pointer;margin:8px 0;font-weight:600}a{color:#0b5cad;word-break:break-all}`

var outboxStyleHash = func() string {
	sum := sha256.Sum256([]byte(outboxStyle))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}()

var outboxPage = template.Must(template.New("outbox").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development outbox</title>
<style>{{.Style}}</style>
</head>
<body>
<header><h1>Development outbox</h1></header>
<main>
{{- if not .Entries}}
<p>No e-mail yet. Messages the site sends appear here, newest first, while SMTP_URL is unset in development.</p>
{{- end}}
{{- range .Entries}}
<article>
<h2 lang="{{.Locale}}" dir="auto">{{.Subject}}</h2>
<p class="meta">To {{if .Name}}{{.Name}} &lt;{{.To}}&gt;{{else}}{{.To}}{{end}} · {{.Kind}} · {{.Locale}} · <time datetime="{{.At.Format "2006-01-02T15:04:05Z07:00"}}">{{.At.Format "2 Jan 2006 15:04:05 MST"}}</time></p>
<p class="meta">From {{.From}}{{if .ReplyTo}} · Reply-To {{.ReplyTo}}{{end}}</p>
{{- range .Links}}
<p><a href="{{.}}">{{.}}</a></p>
{{- end}}
<details>
<summary>Text</summary>
<pre lang="{{.Locale}}" dir="auto">{{.Text}}</pre>
</details>
<details>
<summary>HTML</summary>
<iframe title="HTML body of message {{.ID}}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" loading="lazy" src="/dev/mail/{{.ID}}/html"></iframe>
</details>
</article>
{{- end}}
</main>
</body>
</html>
`))
