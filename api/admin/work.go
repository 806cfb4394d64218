package admin

import (
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/content"
	"noorvale.example/site/api/admin/inbox"
	"noorvale.example/site/api/endpoint"
)

// Work is what waits for a staff member, for the home screen: the leads
// of the inbox when their role covers it, the content of their languages
// when they may change content. A part the role does not cover is null.
type Work struct {
	Inbox   *inbox.Work          `json:"inbox"`
	Content *content.ContentWork `json:"content"`
}

// Work answers what waits for the reader, today being the day in the time
// zone of their notification settings.
//
// GET /api/admin/work
func (s *Service) Work(c echo.Context) error {
	me := access.Of(c).Staff
	ctx := c.Request().Context()
	role := access.Role(me.Role)
	var out Work
	if access.Can(role, access.ReadInbox) {
		w, err := s.inbox.Work(ctx, me)
		if err != nil {
			return err
		}
		out.Inbox = &w
	}
	if access.Can(role, access.WriteContent) {
		settings, err := s.store.NoticeSettingsOf(ctx, me.ID)
		if err != nil {
			return err
		}
		zone, err := time.LoadLocation(settings.TimeZone)
		if err != nil {
			zone = time.UTC
		}
		w, err := s.content.Work(ctx, me, zone)
		if err != nil {
			return err
		}
		out.Content = &w
	}
	return endpoint.OK(c, out, "")
}
