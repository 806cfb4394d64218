package signin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/auth/passwords"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// Forgotten passwords.
const (
	PasswordLinkLife   = 30 * time.Minute // how long a link to choose a new password works
	passwordMails      = 3                // links e-mailed to one address in passwordMailWindow
	passwordMailWindow = time.Hour
)

// checkNewPassword checks a new password and its confirmation against the
// policy and the person's own address and name.
func checkNewPassword(v *endpoint.Checker, m *access.Messages, password, confirm string, personal ...string) {
	switch {
	case password == "":
		v.Set("password", m.Required)
	default:
		switch passwords.Check(password, personal...) {
		case passwords.TooShort:
			v.Set("password", access.Sprintf(m.PasswordShort, passwords.MinLength))
		case passwords.TooLong:
			v.Set("password", access.Sprintf(m.PasswordLong, passwords.MaxLength))
		case passwords.Common:
			v.Set("password", m.PasswordCommon)
		case passwords.LikePersonal:
			v.Set("password", m.PasswordPersonal)
		}
	}
	if confirm != password {
		v.Set("confirmPassword", m.PasswordMismatch)
	}
}

type forgotRequest struct {
	Email string `json:"email"`
}

// ForgotPassword e-mails a link to choose a new password to the active
// staff account with the address, if there is one; the answer is the same
// either way, and so is the work (a count per address), so it tells no one
// which addresses have an account. An address is sent at most three links
// an hour; each replaces the one before.
//
// POST /api/admin/password/forgot
func (s *Service) ForgotPassword(c echo.Context) error {
	req, m, err := access.Bind[forgotRequest](c)
	if err != nil {
		return err
	}
	v := endpoint.NewChecker(m.Messages)
	email := v.Email("email", req.Email)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	ctx := context.WithoutCancel(c.Request().Context())
	now := s.now()
	sent := access.Sprintf(m.StaffCare.PasswordResetSent, int(PasswordLinkLife/time.Minute))
	cnt, err := s.store.Hit(ctx, s.keys.Of("staff-password-mail", email), now, passwordMailWindow)
	if err != nil {
		return fmt.Errorf("admin: forgot password: %w", err)
	}
	st, err := s.store.StaffByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) || (err == nil && st.Disabled()) || cnt.Count > passwordMails {
		return endpoint.OK(c, nil, sent)
	}
	if err != nil {
		return fmt.Errorf("admin: forgot password: %w", err)
	}
	if s.mail == nil {
		return endpoint.OK(c, nil, sent)
	}
	token := sessioncookie.NewSecret()
	if err := s.store.SetStaffPasswordReset(ctx, st.ID, sessioncookie.Hash(token), now.Add(PasswordLinkLife)); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return endpoint.OK(c, nil, sent) // disabled meanwhile
		}
		return fmt.Errorf("admin: forgot password: %w", err)
	}
	loc, ok := locale.Parse(st.Locale)
	if !ok {
		loc = locale.Default
	}
	err = s.mail.Enqueue(ctx, mail.Message{
		To: st.Email, Name: st.Name, Locale: loc, Kind: mail.KindStaffPasswordReset,
		Data: map[string]string{"link": s.baseURL + "/admin/password#" + token, "minutes": strconv.Itoa(int(PasswordLinkLife / time.Minute))},
	})
	if err != nil {
		return fmt.Errorf("admin: forgot password: %w", err)
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: st.ID, Action: audit.ActionPasswordLink, Item: st.ID, IP: c.RealIP()})
	return endpoint.OK(c, nil, sent)
}

type passwordResetRequest struct {
	Token           string `json:"token"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// ResetPassword sets the new password a link e-mailed by ForgotPassword
// allows, once, and ends every session of the account. It signs no one
// in: the staff member signs in with the new password and their second
// factor, as always.
//
// POST /api/admin/password/reset
func (s *Service) ResetPassword(c echo.Context) error {
	req, m, err := access.Bind[passwordResetRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	invalid := func() error { return endpoint.Fail(c, http.StatusNotFound, m.StaffCare.PasswordResetInvalid) }
	if !sessioncookie.WellFormed(req.Token) {
		return invalid()
	}
	hash := sessioncookie.Hash(req.Token)
	st, err := s.store.StaffByPasswordReset(ctx, hash, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return invalid()
	}
	if err != nil {
		return fmt.Errorf("admin: reset password: %w", err)
	}
	v := endpoint.NewChecker(m.Messages)
	checkNewPassword(v, m, req.Password, req.ConfirmPassword, st.Email, st.Name)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	pw, err := s.hasher.Hash(ctx, req.Password)
	if err != nil {
		return s.hashFailed(c, fmt.Errorf("admin: reset password: %w", err))
	}
	if _, err := s.store.ResetStaffPassword(ctx, hash, pw, s.now()); errors.Is(err, store.ErrNotFound) {
		return invalid()
	} else if err != nil {
		return fmt.Errorf("admin: reset password: %w", err)
	}
	s.trail.Record(ctx, store.AuditEvent{ActorID: st.ID, Action: audit.ActionPasswordReset, Item: st.ID, IP: c.RealIP()})
	return endpoint.OK(c, nil, m.StaffCare.PasswordResetDone)
}
