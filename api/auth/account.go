package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// currentUser answers the signed-in visitor's user data.
//
// GET /api/account
func (s *Service) currentUser(c echo.Context) error {
	return endpoint.OK(c, userData(mustUser(c).user), "")
}

// profileRequest holds the only fields a profile update may change: no
// e-mail, id or confirmation state can be smuggled in.
type profileRequest struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	PhoneNumber string `json:"phoneNumber"`
}

// updateProfile changes the names and phone number.
//
// PUT /api/account/profile
func (s *Service) updateProfile(c echo.Context) error {
	m := locale.For(endpoint.Locale(c.Request()))
	req, err := endpoint.Bind[profileRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	p := store.Profile{
		FirstName:   v.name("firstName", req.FirstName),
		LastName:    v.name("lastName", req.LastName),
		PhoneNumber: v.phone("phoneNumber", req.PhoneNumber),
	}
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	u := mustUser(c).user
	if err := s.store.UpdateProfile(c.Request().Context(), u.ID, p); err != nil {
		return fmt.Errorf("auth: update profile: %w", err)
	}
	u.FirstName, u.LastName, u.PhoneNumber = p.FirstName, p.LastName, p.PhoneNumber
	return endpoint.OK(c, userData(u), m.Accounts.ProfileSaved)
}

// checkOwnPassword verifies the signed-in visitor's password for a
// sensitive change. Wrong guesses are limited per session (see
// sessionGuesses), never by failed logins elsewhere.
func (s *Service) checkOwnPassword(c echo.Context, cur current, password string) (good bool, retry time.Duration, err error) {
	ctx := c.Request().Context()
	key, wait, err := s.sessionGuesses(ctx, cur.session.IDHash)
	if err != nil || wait > 0 {
		return false, wait, err
	}
	good, _, err = s.hasher.Verify(ctx, password, cur.user.PasswordHash)
	if err != nil {
		return false, 0, err
	}
	if !good {
		err = s.sessionGuessFailed(ctx, key)
	}
	return good, 0, err
}

// passwordRequest changes the password.
type passwordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// changePassword sets a new password after checking the current one, ends
// the account's other sessions and password resets, and e-mails a notice.
//
// POST /api/account/password
func (s *Service) changePassword(c echo.Context) error {
	loc := endpoint.Locale(c.Request())
	m := locale.For(loc)
	req, err := endpoint.Bind[passwordRequest](c)
	if err != nil {
		return err
	}
	cur := mustUser(c)
	u := cur.user
	v := newChecker(m)
	v.password("currentPassword", req.CurrentPassword)
	v.newPassword("newPassword", req.NewPassword, "confirmPassword", req.ConfirmPassword,
		u.Email, u.FirstName, u.LastName, fullName(u))
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	good, retry, err := s.checkOwnPassword(c, cur, req.CurrentPassword)
	if err != nil {
		return fmt.Errorf("auth: change password: %w", err)
	}
	if retry > 0 {
		return endpoint.TooMany(c, m.Accounts.TooManyAttempts, retry)
	}
	if !good {
		return endpoint.Invalid(c, map[string]string{"currentPassword": m.Accounts.PasswordWrong})
	}
	ctx := c.Request().Context()
	hash, err := s.hasher.Hash(ctx, req.NewPassword)
	if err != nil {
		return fmt.Errorf("auth: change password: %w", err)
	}
	// The account's other sessions and any reset under way end with the
	// old password: a reset token taken before the change cannot undo it.
	if err := s.store.ChangePassword(ctx, u.ID, hash, cur.session.IDHash); err != nil {
		return fmt.Errorf("auth: change password: %w", err)
	}
	if err := s.store.ResetCounter(ctx, s.keys.Of("login", u.Email)); err != nil {
		return fmt.Errorf("auth: change password: %w", err)
	}
	s.sendPasswordChanged(c, u, loc)
	return endpoint.OK(c, nil, m.Accounts.PasswordChanged)
}

// sessionInfo is one signed-in browser in the sessions list.
type sessionInfo struct {
	ID         string    `json:"id"`
	Device     string    `json:"device"`
	IP         string    `json:"ip"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	Current    bool      `json:"current"`
}

// listSessions answers the account's sessions, the current one marked.
//
// GET /api/account/sessions
func (s *Service) listSessions(c echo.Context) error {
	m := locale.For(endpoint.Locale(c.Request()))
	cur := mustUser(c)
	now := s.now()
	rows, err := s.store.UserSessions(c.Request().Context(), cur.user.ID, now)
	if err != nil {
		return fmt.Errorf("auth: list sessions: %w", err)
	}
	out := make([]sessionInfo, 0, len(rows))
	for _, r := range rows {
		if !alive(&r, now) {
			continue
		}
		out = append(out, sessionInfo{
			ID: r.ID, Device: describeDevice(r.UserAgent, m), IP: r.IP,
			CreatedAt: r.CreatedAt.UTC(), LastSeenAt: r.LastSeenAt.UTC(), Current: r.IDHash == cur.session.IDHash,
		})
	}
	return endpoint.OK(c, out, "")
}

// revokeSession ends one of the account's sessions; ending the current
// one also clears its cookie.
//
// DELETE /api/account/sessions/:id
func (s *Service) revokeSession(c echo.Context) error {
	m := locale.For(endpoint.Locale(c.Request()))
	cur := mustUser(c)
	id := c.Param("id")
	if len(id) > 64 {
		return endpoint.Fail(c, http.StatusNotFound, m.Accounts.SessionNotFound)
	}
	found, err := s.store.DeleteUserSession(c.Request().Context(), cur.user.ID, id)
	if err != nil {
		return fmt.Errorf("auth: revoke session: %w", err)
	}
	if !found {
		return endpoint.Fail(c, http.StatusNotFound, m.Accounts.SessionNotFound)
	}
	if id == cur.session.ID {
		s.clearCookie(c)
	}
	return endpoint.OK(c, nil, m.Accounts.SessionEnded)
}

// deleteRequest confirms an account deletion with the password.
type deleteRequest struct {
	Password string `json:"password"`
}

// deleteAccount deletes the account, its sessions, tokens and picture,
// after checking the password, and e-mails a notice.
//
// POST /api/account/delete
func (s *Service) deleteAccount(c echo.Context) error {
	loc := endpoint.Locale(c.Request())
	m := locale.For(loc)
	req, err := endpoint.Bind[deleteRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	v.password("password", req.Password)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	cur := mustUser(c)
	u := cur.user
	good, retry, err := s.checkOwnPassword(c, cur, req.Password)
	if err != nil {
		return fmt.Errorf("auth: delete account: %w", err)
	}
	if retry > 0 {
		return endpoint.TooMany(c, m.Accounts.TooManyAttempts, retry)
	}
	if !good {
		return endpoint.Invalid(c, map[string]string{"password": m.Accounts.PasswordWrong})
	}
	ctx := c.Request().Context()
	avatarKey, err := s.store.DeleteUser(ctx, u.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("auth: delete account: %w", err)
	}
	s.deleteBlob(ctx, avatarKey)
	s.clearCookie(c)
	c.SetCookie(s.device.Expired()) // it names an account that is gone
	s.sendMail(ctx, mail.Message{To: u.Email, Name: recipientName(u), Locale: loc, Kind: mail.KindAccountDeleted})
	return endpoint.OK(c, nil, m.Accounts.AccountDeleted)
}

// deleteBlob removes a stored file; a failure leaves an orphan, which is logged.
func (s *Service) deleteBlob(ctx context.Context, key string) {
	if key == "" || s.blobs == nil {
		return
	}
	if err := s.blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
		s.log.Warn("auth: deleting a stored file", "key", key, "err", err)
	}
}
