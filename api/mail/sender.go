package mail

import (
	"context"
	"errors"
	"log/slog"
	"net/mail"
	"strings"
	"time"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// Envelope is a rendered message on its way to a transport.
type Envelope struct {
	From    string // sender, as in config.MailFrom
	To      string // one bare address
	Name    string // recipient's display name, may be ""
	Locale  locale.Locale
	Kind    Kind
	Subject string
	Text    string // text/plain body
	HTML    string // text/html body
	ReplyTo string // where answers go, "" for the sender
}

// Transport delivers rendered messages: SMTP, or the development outbox.
type Transport interface {
	Send(ctx context.Context, e *Envelope) error
}

// SenderConfig configures a Sender. Zero durations take the defaults shown.
type SenderConfig struct {
	Queue     *Queue
	Transport Transport // nil keeps every message queued (production without SMTP_URL)
	Completer Completer // writes the e-mail of requests; nil gives requests up
	From      string    // config.MailFrom
	Logger    *slog.Logger
	Now       func() time.Time // clock; the queue's when nil

	PollInterval    time.Duration // 5 s: how often to look for other replicas' messages
	CleanupInterval time.Duration // 1 h: how often to delete old rows
	Retention       time.Duration // 30 days: how long sent and abandoned rows are kept
	GiveUpAfter     time.Duration // 72 h: a message still failing this long after it was queued is abandoned
	MinBackoff      time.Duration // 30 s: the wait after a first failure, doubling after each one
	MaxBackoff      time.Duration // 1 h: the longest wait between attempts
	SendTimeout     time.Duration // 1 min: the longest one send may take
	Lease           time.Duration // 5 min: how long a claimed message is kept from other senders
}

// cleanupLockKey names the mail cleanup among PostgreSQL advisory locks.
const cleanupLockKey = 7_294_031_201

// batchSize is how many messages one claim takes.
const batchSize = 10

// Sender delivers queued messages in the background, retrying failures
// with exponential back-off; several senders (one per replica) can share
// one database, and each message goes to exactly one of them.
type Sender struct {
	cfg   SenderConfig
	queue *Queue
	log   *slog.Logger
	now   func() time.Time
	down  bool // the last send found the server unreachable; only SendDue's goroutine uses it
}

// NewSender returns a sender for the queue's messages.
func NewSender(cfg SenderConfig) *Sender {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&cfg.PollInterval, 5*time.Second)
	def(&cfg.CleanupInterval, time.Hour)
	def(&cfg.Retention, 30*24*time.Hour)
	def(&cfg.GiveUpAfter, 72*time.Hour)
	def(&cfg.MinBackoff, 30*time.Second)
	def(&cfg.MaxBackoff, time.Hour)
	def(&cfg.SendTimeout, time.Minute)
	def(&cfg.Lease, 5*time.Minute)
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = cfg.Queue.now
	}
	return &Sender{cfg: cfg, queue: cfg.Queue, log: cfg.Logger, now: cfg.Now}
}

// Run sends due messages until ctx ends: at once after an Enqueue in this
// process, every PollInterval for messages queued by other replicas, and
// it deletes old rows every CleanupInterval.
func (s *Sender) Run(ctx context.Context) {
	if s.cfg.Transport == nil {
		s.log.Warn("SMTP_URL is not set: e-mail stays queued in the database and is sent once SMTP_URL is configured")
	}
	poll := time.NewTicker(s.cfg.PollInterval)
	defer poll.Stop()
	cleanup := time.NewTicker(s.cfg.CleanupInterval)
	defer cleanup.Stop()
	s.Cleanup(ctx)
	for {
		if s.cfg.Transport != nil {
			s.SendDue(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-s.queue.wake:
		case <-poll.C:
		case <-cleanup.C:
			s.Cleanup(ctx)
		}
	}
}

// SendDue sends every message that is due now and returns how many were
// sent. Failures are logged and rescheduled, never returned.
func (s *Sender) SendDue(ctx context.Context) int {
	if s.cfg.Transport == nil {
		return 0
	}
	sent := 0
	for ctx.Err() == nil {
		now := s.now()
		batch, err := s.queue.store.ClaimMail(ctx, now, now.Add(s.cfg.Lease), batchSize)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Error("mail queue unreadable", "err", err)
			}
			return sent
		}
		if len(batch) == 0 {
			return sent
		}
		for i, m := range batch {
			ok, unreachable := s.deliver(ctx, m)
			if ok {
				sent++
			}
			if unreachable {
				// The rest of the batch would find the server away too: it
				// goes back to the queue untried, and the next poll (every
				// PollInterval) tries one message again.
				s.release(context.WithoutCancel(ctx), batch[i+1:])
				return sent
			}
		}
	}
	return sent
}

// release hands claimed messages back to the queue, untried.
func (s *Sender) release(ctx context.Context, batch []store.QueuedMail) {
	for _, m := range batch {
		if err := s.queue.store.ReleaseMail(ctx, m.ID); err != nil {
			// Its claim runs out after Lease; another pass sends it then.
			s.log.Error("mail not released to the queue", "mail_id", m.ID, "kind", m.Kind, "err", err)
		}
	}
}

// deliver sends one claimed message and records the outcome, and reports
// whether it was sent and whether the server could not be reached at all.
// Nothing it logs or stores holds the recipient, a code or a link.
func (s *Sender) deliver(ctx context.Context, m store.QueuedMail) (sent, unreachable bool) {
	// The outcome is recorded even when shutdown cancels ctx mid-send.
	record := context.WithoutCancel(ctx)
	msg, err := s.queue.open(m.Sealed)
	if err != nil {
		s.abandon(record, m, "cannot open the sealed message (was SECRET_KEY changed?)")
		return false, false
	}
	if IsRequest(msg.Kind) {
		if s.cfg.Completer == nil {
			s.abandon(record, m, "no completer writes requests")
			return false, false
		}
		done, send, err := s.cfg.Completer.CompleteMail(ctx, msg)
		if err != nil {
			s.failed(record, m, redact(err.Error(), msg))
			return false, false
		}
		if !send {
			s.nothingToSend(record, m)
			return false, false
		}
		msg = done
	}
	r, err := Render(msg)
	if err != nil {
		s.abandon(record, m, redact(err.Error(), msg))
		return false, false
	}
	sendCtx, cancel := context.WithTimeout(ctx, s.cfg.SendTimeout)
	err = s.cfg.Transport.Send(sendCtx, &Envelope{
		From: s.from(msg), To: msg.To, Name: msg.Name, Locale: msg.Locale, Kind: msg.Kind,
		Subject: r.Subject, Text: r.Text, HTML: r.HTML, ReplyTo: msg.ReplyTo,
	})
	cancel()
	now := s.now()
	if err == nil {
		if s.down {
			s.down = false
			s.log.Info("mail server reachable again; sending the queued mail")
		}
		s.markSent(record, m, now)
		return true, false
	}
	if errors.Is(err, ErrUnreachable) {
		// An outage is not the message's fault: it waits, due at once,
		// without counting an attempt (the error is kept for operators),
		// and is still given up after GiveUpAfter.
		if !s.down {
			s.down = true
			s.log.Warn("mail server unreachable; mail waits in the queue and is sent when it answers", "retry_every", s.cfg.PollInterval, "err", redact(err.Error(), msg))
		}
		if now.Sub(m.CreatedAt) >= s.cfg.GiveUpAfter {
			s.abandon(record, m, redact(err.Error(), msg))
			return false, true
		}
		if err := s.queue.store.RetryMail(record, m.ID, m.Attempts, now, redact(err.Error(), msg)); err != nil {
			s.log.Error("mail not sent and not released to the queue", "mail_id", m.ID, "kind", m.Kind, "err", err)
		}
		return false, true
	}
	s.failed(record, m, redact(err.Error(), msg))
	return false, false
}

// from is the sender a message goes out as: the site's MAIL_FROM, or the
// address the message names under the display name MAIL_FROM gives (the
// firm's name when it gives none).
func (s *Sender) from(msg Message) string {
	if msg.From == "" {
		return s.cfg.From
	}
	name := firm
	if a, err := mail.ParseAddress(s.cfg.From); err == nil && a.Name != "" {
		name = a.Name
	}
	return (&mail.Address{Name: name, Address: msg.From}).String()
}

// markSent records a message the server accepted. Until that is recorded
// the message is claimed, and its claim running out would send it again,
// so a database that does not answer is asked again, a second apart, for
// half the claim's lease.
func (s *Sender) markSent(ctx context.Context, m store.QueuedMail, now time.Time) {
	giveUp := time.Now().Add(s.cfg.Lease / 2)
	for {
		err := s.queue.store.MarkMailSent(ctx, m.ID, now)
		if err == nil {
			s.log.Info("mail sent", "mail_id", m.ID, "kind", m.Kind)
			return
		}
		if !store.Unavailable(err) || time.Now().After(giveUp) {
			s.log.Error("mail sent but not marked as sent", "mail_id", m.ID, "kind", m.Kind, "err", err)
			return
		}
		time.Sleep(time.Second)
	}
}

// failed reschedules a message that could not be sent, with back-off, or
// gives it up once it has failed for GiveUpAfter.
func (s *Sender) failed(ctx context.Context, m store.QueuedMail, reason string) {
	now := s.now()
	if now.Sub(m.CreatedAt) >= s.cfg.GiveUpAfter {
		s.abandon(ctx, m, reason)
		return
	}
	attempts := m.Attempts + 1
	wait := s.backoff(attempts)
	if err := s.queue.store.RetryMail(ctx, m.ID, attempts, now.Add(wait), reason); err != nil {
		s.log.Error("mail not sent and not rescheduled", "mail_id", m.ID, "kind", m.Kind, "err", err)
		return
	}
	s.log.Warn("mail not sent; will retry", "mail_id", m.ID, "kind", m.Kind, "attempt", attempts, "retry_in", wait, "err", reason)
}

// nothingToSend closes a request that asked for no e-mail after all (no
// account has its address): an expected outcome, recorded but not warned of.
func (s *Sender) nothingToSend(ctx context.Context, m store.QueuedMail) {
	if err := s.queue.store.AbandonMail(ctx, m.ID, s.now(), "nothing to send"); err != nil {
		s.log.Error("mail request could not be closed", "mail_id", m.ID, "kind", m.Kind, "err", err)
		return
	}
	s.log.Debug("mail request needed no e-mail", "mail_id", m.ID, "kind", m.Kind)
}

func (s *Sender) abandon(ctx context.Context, m store.QueuedMail, reason string) {
	if err := s.queue.store.AbandonMail(ctx, m.ID, s.now(), reason); err != nil {
		s.log.Error("mail could not be abandoned", "mail_id", m.ID, "kind", m.Kind, "err", err)
		return
	}
	s.log.Warn("gave up on an e-mail", "mail_id", m.ID, "kind", m.Kind)
}

// backoff is the wait before attempt n+1 after n failures: MinBackoff
// doubling each time, at most MaxBackoff.
func (s *Sender) backoff(failures int) time.Duration {
	d := s.cfg.MinBackoff
	for i := 1; i < failures && d < s.cfg.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, s.cfg.MaxBackoff)
}

// Cleanup deletes sent and abandoned rows older than the retention period.
// Among replicas sharing a PostgreSQL database only one runs it at a time.
func (s *Sender) Cleanup(ctx context.Context) {
	_, err := s.queue.store.TryExclusive(ctx, cleanupLockKey, func(ctx context.Context) error {
		n, err := s.queue.store.DeleteOldMail(ctx, s.now().Add(-s.cfg.Retention))
		if n > 0 {
			s.log.Info("old e-mail records deleted", "count", n)
		}
		return err
	})
	if err != nil && ctx.Err() == nil {
		s.log.Error("mail cleanup failed", "err", err)
	}
}

// maxReason bounds the error kept in the queue and the log.
const maxReason = 300

// redact removes from an error text anything of the message that might be
// secret or personal (the recipient, codes, links) and bounds its length.
func redact(reason string, m Message) string {
	secrets := []string{m.To, m.Name, m.ReplyTo}
	for _, v := range m.Data {
		secrets = append(secrets, v)
	}
	for _, v := range secrets {
		if len(v) >= 4 {
			reason = strings.ReplaceAll(reason, v, "[redacted]")
		}
	}
	if len(reason) > maxReason {
		reason = strings.ToValidUTF8(reason[:maxReason], "") + "…"
	}
	return reason
}
