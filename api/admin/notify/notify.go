// Package notify tells staff about their work: the back-office's list of a
// staff member's notifications with its unread count, marking them read,
// each member's choice of how each kind reaches them by e-mail (at once, in
// a daily digest at an hour of their own time zone, or not at all), and the
// sender that turns due notifications into e-mail through the mail queue.
// The notifications themselves are written by the store, in the same
// transaction as what causes them.
package notify

import (
	"log/slog"
	"net/url"
	"strconv"
	"time"

	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// ListSize is how many of the newest notifications the list shows.
const ListSize = 50

// Service answers a staff member's notifications and sends them by e-mail.
type Service struct {
	store   *store.Store
	trail   *audit.Trail
	mail    mail.Sealer // nil: nothing is e-mailed, the list still fills
	baseURL string
	log     *slog.Logger
	now     func() time.Time
}

// New returns the service; baseURL is the site's public origin, which the
// e-mails link to.
func New(st *store.Store, trail *audit.Trail, sealer mail.Sealer, baseURL string, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, trail: trail, mail: sealer, baseURL: baseURL, log: log, now: now}
}

// Link is where in the back-office a notification's item is: a
// submission in the inbox, or one language of a content item in its
// editor.
func Link(n store.Notification) string {
	if n.SubmissionID != nil {
		return "/admin/inbox/" + strconv.FormatInt(*n.SubmissionID, 10)
	}
	if n.Collection == "" {
		return "/admin/notifications"
	}
	q := url.Values{}
	q.Set("lang", n.Locale)
	if n.Collection == "pages" {
		q.Set("route", n.Slug)
		return "/admin/content/pages/page?" + q.Encode()
	}
	return "/admin/content/" + url.PathEscape(n.Collection) + "/" + url.PathEscape(n.Slug) + "?" + q.Encode()
}
