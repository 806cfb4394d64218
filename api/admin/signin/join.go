package signin

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/admin/staff"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/store"
)

var errNoInvitation = errors.New("admin: no such invitation")

type invitationRequest struct {
	Token string `json:"token"`
}

type InvitationView struct {
	Email     string   `json:"email"`
	Role      string   `json:"role"`
	Languages []string `json:"languages"`
	Office    string   `json:"office"`
}

// ShowInvitation answers what an invitation link invites to, or 404 when it
// is not valid (any more).
//
// POST /api/admin/invitation
func (s *Service) ShowInvitation(c echo.Context) error {
	req, err := endpoint.Bind[invitationRequest](c)
	if err != nil {
		return err
	}
	inv, err := s.findInvitation(c, req.Token)
	if errors.Is(err, errNoInvitation) {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).InvitationInvalid)
	}
	if err != nil {
		return err
	}
	m := store.Staff{Languages: inv.Languages}
	return endpoint.OK(c, InvitationView{Email: inv.Email, Role: inv.Role, Languages: m.LanguageList(), Office: inv.Office}, "")
}

// findInvitation finds the pending invitation a link's token names. One
// made by a staff member who since lost the right to invite is not valid:
// their invitations are voided with the change, and this check closes the
// gap of an invitation made while that change was under way.
func (s *Service) findInvitation(c echo.Context, token string) (*store.StaffInvitation, error) {
	if !sessioncookie.WellFormed(token) {
		return nil, errNoInvitation
	}
	ctx := c.Request().Context()
	inv, err := s.store.InvitationByHash(ctx, sessioncookie.Hash(token), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, errNoInvitation
	}
	if err != nil || inv.InvitedBy == "" {
		return inv, err
	}
	by, err := s.store.StaffByID(ctx, inv.InvitedBy)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errNoInvitation
	}
	if err != nil {
		return nil, err
	}
	if !staff.MayInvite([]store.Staff{*by}, by.ID) {
		return nil, errNoInvitation
	}
	return inv, nil
}

type joinRequest struct {
	Token           string `json:"token"`
	Name            string `json:"name"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// Join accepts an invitation: the staff account is created with the
// ShowInvitation's address and role, and a session starts that must enrol a
// second factor before anything else.
//
// POST /api/admin/join
func (s *Service) Join(c echo.Context) error {
	req, m, err := access.Bind[joinRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	inv, err := s.findInvitation(c, req.Token)
	if errors.Is(err, errNoInvitation) {
		return endpoint.Fail(c, http.StatusNotFound, m.InvitationInvalid)
	}
	if err != nil {
		return err
	}
	v := endpoint.NewChecker(m.Messages)
	name := v.Name("name", req.Name, 80)
	checkNewPassword(v, m, req.Password, req.ConfirmPassword, inv.Email, name)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	hash, err := s.hasher.Hash(ctx, req.Password)
	if err != nil {
		return s.hashFailed(c, fmt.Errorf("admin: join: %w", err))
	}
	st := &store.Staff{Name: name, PasswordHash: hash, Locale: access.StaffLocale(c)}
	err = s.store.AcceptInvitation(ctx, sessioncookie.Hash(req.Token), st, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return endpoint.Fail(c, http.StatusNotFound, m.InvitationInvalid)
	case errors.Is(err, store.ErrStaffExists):
		return endpoint.Fail(c, http.StatusConflict, m.InvitationExists)
	case err != nil:
		return fmt.Errorf("admin: join: %w", err)
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: st.ID, Action: audit.ActionJoined, Item: st.ID, Detail: st.Role, IP: c.RealIP()})
	if err := s.sessions.Start(c, st, access.StageEnrol); err != nil {
		return fmt.Errorf("admin: join: %w", err)
	}
	return s.answerState(c, m.Joined)
}
