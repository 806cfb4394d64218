package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// What the back-office does to a visitor's account goes through here, so
// that it takes the paths the visitor's own requests take: the same queued
// e-mail with its hourly cap, the same deletion with the picture's file,
// the same throttle counters.

// SendConfirmation queues a new confirmation link for an unconfirmed
// account, written in the account's language when the mail sender sends
// it, and reports whether it was queued: an address that had its hour's
// account e-mails gets none.
func (s *Service) SendConfirmation(ctx context.Context, u *store.User) bool {
	loc, ok := locale.Parse(u.Locale)
	if !ok {
		loc = locale.Default
	}
	return s.queueMail(ctx, mail.Message{To: u.Email, Locale: loc, Kind: mail.KindConfirmRequest})
}

// DeleteAccount deletes an account with its sessions, tokens and
// registrations, and its profile picture's file. No e-mail is sent: the
// deletion notice speaks of a deletion its owner asked for.
func (s *Service) DeleteAccount(ctx context.Context, id string) error {
	key, err := s.store.DeleteUser(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return err
	}
	if err != nil {
		return fmt.Errorf("auth: delete account: %w", err)
	}
	s.deleteBlob(ctx, key)
	return nil
}

// Throttle is what the counters of an address hold against it now: until
// when password recovery is paused for a source that entered ten wrong
// codes in a day (the latest such pause; other sources are not held), and
// until when its logins need a solved captcha after failures. A zero time
// means neither. These are the only locks the accounts have: no number of
// failures refuses a login that proves the password and solves the captcha.
type Throttle struct {
	RecoveryPausedUntil time.Time
	CaptchaUntil        time.Time
}

// ThrottleOf reads the throttle counters of an address.
func (s *Service) ThrottleOf(ctx context.Context, email string) (Throttle, error) {
	var th Throttle
	now := s.now()
	paused, err := s.store.Counter(ctx, s.keys.Of("reset-paused", email))
	if err != nil {
		return th, fmt.Errorf("auth: throttle: %w", err)
	}
	if now.Before(paused.LockedUntil) {
		th.RecoveryPausedUntil = paused.LockedUntil.UTC()
	}
	logins, err := s.store.Counter(ctx, s.keys.Of("login", email))
	if err != nil {
		return th, fmt.Errorf("auth: throttle: %w", err)
	}
	if ends := logins.WindowStart.Add(loginWindow); logins.Count >= captchaAfter && now.Before(ends) {
		th.CaptchaUntil = ends.UTC()
	}
	return th, nil
}

// DescribeDevice summarizes a session's User-Agent as "Chrome on Windows"
// in a language of the site.
func DescribeDevice(userAgent string, l locale.Locale) string {
	return describeDevice(userAgent, locale.For(l))
}

// ActiveSessions lists the sessions of an account that may still be
// used, most recently used first.
func (s *Service) ActiveSessions(ctx context.Context, userID string) ([]store.Session, error) {
	now := s.now()
	rows, err := s.store.UserSessions(ctx, userID, now)
	if err != nil {
		return nil, fmt.Errorf("auth: sessions: %w", err)
	}
	out := rows[:0]
	for _, r := range rows {
		if alive(&r, now) {
			out = append(out, r)
		}
	}
	return out, nil
}
