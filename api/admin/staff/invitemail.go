package staff

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// answerInvitation e-mails a new invitation to email, in the inviting
// administrator's language and signed with their name, and answers it with
// its link, which the administrator may pass on another way too. said is
// the sentence that tells where it went (%s the address, %d hours).
func (s *Service) answerInvitation(c echo.Context, email string, inv Invitation, said string) error {
	me := access.Of(c).Staff
	loc, ok := locale.Parse(access.StaffLocale(c))
	if !ok {
		loc = locale.Default
	}
	hours := int(InvitationLife / time.Hour)
	if s.mail != nil {
		err := s.mail.Enqueue(context.WithoutCancel(c.Request().Context()), mail.Message{
			To: email, Locale: loc, Kind: mail.KindStaffInvitation,
			Data: map[string]string{"link": inv.Link, "inviter": me.Name, "hours": strconv.Itoa(hours)},
		})
		if err != nil {
			return fmt.Errorf("admin: mail invitation: %w", err)
		}
	}
	return endpoint.OK(c, inv, fmt.Sprintf(said, email, hours))
}

// ResendInvitation makes a pending invitation again, with a new link that
// replaces the old one, e-mails it and answers it like a new one. The
// administrator who resends it becomes its inviter.
//
// POST /api/admin/staff/invitations/:id/resend
func (s *Service) ResendInvitation(c echo.Context) error {
	m := access.Text(c)
	ctx := c.Request().Context()
	id := c.Param("id")
	if len(id) != 32 || strings.Trim(id, "0123456789abcdef") != "" {
		return endpoint.Fail(c, http.StatusNotFound, m.InvitationGone)
	}
	old, err := s.store.PendingInvitation(ctx, id, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.InvitationGone)
	}
	if err != nil {
		return err
	}
	langs := (&store.Staff{Languages: old.Languages}).LanguageList()
	inv, err := s.Invite(ctx, old.Email, access.Role(old.Role), langs, old.Office, access.Of(c).Staff.ID, c.RealIP())
	if errors.Is(err, store.ErrStaffExists) {
		return endpoint.Fail(c, http.StatusConflict, m.InvitationExists)
	}
	if err != nil {
		return fmt.Errorf("admin: resend invitation: %w", err)
	}
	return s.answerInvitation(c, old.Email, inv, m.StaffCare.InvitationResent)
}
