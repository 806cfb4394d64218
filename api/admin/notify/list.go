package notify

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/store"
)

// Notice is a notification as the back-office lists it: what it is about,
// by key and number, never by what a visitor wrote.
type Notice struct {
	ID         int64     `json:"id"`
	Kind       string    `json:"kind" tstype:"NoticeKind"`
	Reference  int64     `json:"reference"`  // a submission's number, 0 for none
	Form       string    `json:"form"`       // the submission's form
	Collection string    `json:"collection"` // a content item's
	Slug       string    `json:"slug"`
	Locale     string    `json:"locale"`
	Title      string    `json:"title"`  // the content item's English title
	Action     string    `json:"action"` // a schedule's: publish or unpublish
	Person     string    `json:"person"` // who took over the item
	Link       string    `json:"link"`   // the item in the back-office
	CreatedAt  time.Time `json:"createdAt"`
	Read       bool      `json:"read"`
}

// NoticeList is a staff member's newest notifications and how many of
// theirs are unread.
type NoticeList struct {
	Items  []Notice `json:"items"`
	Unread int64    `json:"unread"`
}

// NoticeCount is how many of a staff member's notifications are unread.
type NoticeCount struct {
	Unread int64 `json:"unread"`
}

// views turns notifications into what the list shows, with the titles of
// their content items.
func (s *Service) views(c echo.Context, rows []store.Notification) ([]Notice, error) {
	var keys []store.ContentKey
	for _, n := range rows {
		if n.Collection != "" {
			keys = append(keys, store.ContentKey{Collection: n.Collection, Slug: n.Slug, Locale: n.Locale})
		}
	}
	titles, err := s.store.ContentTitles(c.Request().Context(), keys)
	if err != nil {
		return nil, err
	}
	out := make([]Notice, 0, len(rows))
	for _, n := range rows {
		v := Notice{ID: n.ID, Kind: n.Kind, Collection: n.Collection, Slug: n.Slug, Locale: n.Locale,
			Link: Link(n), CreatedAt: n.CreatedAt, Read: n.ReadAt != nil}
		if n.SubmissionID != nil {
			v.Reference, v.Form = *n.SubmissionID, n.Detail
		} else {
			if n.Kind == store.NoticeTakenOver {
				v.Person = n.Detail
			} else {
				v.Action = n.Detail
			}
			v.Title = titles[n.Collection+"/"+n.Slug]
		}
		out = append(out, v)
	}
	return out, nil
}

// List answers the reader's newest notifications, newest first, and how
// many are unread.
//
// GET /api/admin/notifications
func (s *Service) List(c echo.Context) error {
	me := access.Of(c).Staff
	rows, unread, err := s.store.Notifications(c.Request().Context(), me.ID, ListSize)
	if err != nil {
		return err
	}
	items, err := s.views(c, rows)
	if err != nil {
		return err
	}
	return endpoint.OK(c, NoticeList{Items: items, Unread: unread}, "")
}

// Count answers how many of the reader's notifications are unread: what
// the bell shows, asked for while the back-office is open.
//
// GET /api/admin/notifications/count
func (s *Service) Count(c echo.Context) error {
	n, err := s.store.UnreadNotifications(c.Request().Context(), access.Of(c).Staff.ID)
	if err != nil {
		return err
	}
	return endpoint.OK(c, NoticeCount{Unread: n}, "")
}

// MarkRead marks one of the reader's notifications read.
//
// POST /api/admin/notifications/:id/read
func (s *Service) MarkRead(c echo.Context) error {
	m := access.Text(c)
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return endpoint.Fail(c, http.StatusNotFound, m.NotFound)
	}
	return s.markRead(c, id, m.Notifications.Read)
}

// MarkAllRead marks every notification of the reader's read.
//
// POST /api/admin/notifications/read
func (s *Service) MarkAllRead(c echo.Context) error {
	return s.markRead(c, 0, access.Text(c).Notifications.AllRead)
}

func (s *Service) markRead(c echo.Context, id int64, done string) error {
	me := access.Of(c).Staff
	ctx := c.Request().Context()
	_, err := s.store.MarkNotificationsRead(ctx, me.ID, id, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).NotFound)
	}
	if err != nil {
		return err
	}
	n, err := s.store.UnreadNotifications(ctx, me.ID)
	if err != nil {
		return err
	}
	return endpoint.OK(c, NoticeCount{Unread: n}, done)
}
