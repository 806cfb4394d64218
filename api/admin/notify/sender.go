package notify

import (
	"context"
	"strconv"
	"strings"
	"time"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// SendEvery is how often the sender looks for notifications to e-mail.
const SendEvery = 5 * time.Second

const (
	sendLockKey = 7_294_031_303
	sendBatch   = 1000
)

// Run e-mails due notifications every SendEvery until ctx ends.
func (s *Service) Run(ctx context.Context) {
	tick := time.NewTicker(SendEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if _, err := s.SendDue(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("admin: e-mail notifications", "err", err)
			}
		}
	}
}

// SendDue e-mails the notifications due now and returns how many e-mails
// it queued: each one its reader wants at once, and the day's digest of
// a reader whose digest hour has come in their time zone. Those its
// reader wants no e-mail for are settled without one. Among replicas one
// sends at a time.
func (s *Service) SendDue(ctx context.Context) (int, error) {
	if s.mail == nil {
		return 0, nil
	}
	sent := 0
	_, err := s.store.TryExclusive(ctx, sendLockKey, func(ctx context.Context) error {
		due, err := s.store.DueNotices(ctx, sendBatch)
		if err != nil {
			return err
		}
		var order []string
		byReader := map[string][]store.DueNotice{}
		var keys []store.ContentKey
		for _, n := range due {
			if _, ok := byReader[n.StaffID]; !ok {
				order = append(order, n.StaffID)
			}
			byReader[n.StaffID] = append(byReader[n.StaffID], n)
			if n.Collection != "" {
				keys = append(keys, store.ContentKey{Collection: n.Collection, Slug: n.Slug, Locale: n.Locale})
			}
		}
		titles, err := s.store.ContentTitles(ctx, keys)
		if err != nil {
			return err
		}
		for _, id := range order {
			n, err := s.sendTo(ctx, byReader[id], titles)
			sent += n
			if err != nil {
				return err
			}
		}
		return nil
	})
	if sent > 0 {
		s.mail.Wake()
	}
	return sent, err
}

// sendTo e-mails one reader's due notifications as they chose.
func (s *Service) sendTo(ctx context.Context, due []store.DueNotice, titles map[string]string) (int, error) {
	r := due[0]
	loc, ok := locale.Parse(r.Language)
	if !ok {
		loc = locale.Default
	}
	now := s.now()
	sent := 0
	var off []int64
	var digest []store.DueNotice
	for _, n := range due {
		switch n.Settings.Delivery(n.Kind) {
		case store.DeliverOff:
			off = append(off, n.ID)
		case store.DeliverDigest:
			digest = append(digest, n)
		default:
			sealed, err := s.mail.Seal(mail.Message{To: r.Email, Name: r.Name, Locale: loc, Kind: mail.KindStaffNotice,
				Data: map[string]string{"notice": Sentence(n.Notification, loc, titles), "link": s.baseURL + Link(n.Notification)}})
			if err != nil {
				return sent, err
			}
			if err := s.store.SettleNotices(ctx, store.NoticeMailing{IDs: []int64{n.ID}, Mail: &sealed}, now); err != nil {
				return sent, err
			}
			sent++
		}
	}
	if err := s.store.SettleNotices(ctx, store.NoticeMailing{IDs: off}, now); err != nil {
		return sent, err
	}
	day, ready := digestDay(r.Settings, now)
	if len(digest) == 0 || !ready {
		return sent, nil
	}
	ids := make([]int64, 0, len(digest))
	lines := make([]string, 0, len(digest))
	for _, n := range digest {
		ids = append(ids, n.ID)
		lines = append(lines, "• "+Sentence(n.Notification, loc, titles)+"\n  "+s.baseURL+Link(n.Notification))
	}
	sealed, err := s.mail.Seal(mail.Message{To: r.Email, Name: r.Name, Locale: loc, Kind: mail.KindStaffDigest,
		Data: map[string]string{"count": strconv.Itoa(len(digest)), "lines": strings.Join(lines, "\n"), "link": s.baseURL + "/admin/notifications"}})
	if err != nil {
		return sent, err
	}
	err = s.store.SettleNotices(ctx, store.NoticeMailing{IDs: ids, Mail: &sealed, StaffID: r.StaffID, DigestDay: day}, now)
	if err != nil {
		return sent, err
	}
	return sent + 1, nil
}

// digestDay returns the reader's local date at now, and whether their
// digest is due: its hour has come today and today's has not been sent.
func digestDay(n store.NoticeSettings, now time.Time) (string, bool) {
	zone, err := time.LoadLocation(n.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	local := now.In(zone)
	day := local.Format(time.DateOnly)
	return day, local.Hour() >= n.DigestHour && n.DigestDay != day
}

// Sentence is what a notification says, in a language: the e-mail's
// subject and the digest's line. It names a submission by its form and
// number, and a content item by its English title (its slug when it has
// none).
func Sentence(n store.Notification, loc locale.Locale, titles map[string]string) string {
	w := locale.For(loc).Mail.Notices
	title := titles[n.Collection+"/"+n.Slug]
	if title == "" {
		title = n.Slug
	}
	var reference string
	if n.SubmissionID != nil {
		reference = strconv.FormatInt(*n.SubmissionID, 10)
	}
	text := w.NewLead
	switch n.Kind {
	case store.NoticeAssigned:
		text = w.Assigned
	case store.NoticeOutdated:
		text = w.Outdated
	case store.NoticeScheduleDone:
		text = w.ScheduleDone
	case store.NoticeScheduleFailed:
		text = w.ScheduleFailed
	case store.NoticeReviewRequested:
		text = w.ReviewRequested
	case store.NoticeReviewChanges:
		text = w.ReviewChanges
	case store.NoticeScheduleHeld:
		text = w.ScheduleHeld
	case store.NoticeTakenOver:
		text = w.TakenOver
	}
	form := w.Forms[n.Detail]
	return strings.NewReplacer("{form}", form, "{reference}", reference, "{item}", title,
		"{language}", w.Languages[n.Locale], "{action}", w.Actions[n.Detail], "{person}", n.Detail).Replace(text)
}
