package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"

	"noorvale.example/site/api/endpoint"
)

// registerRequest is the legacy registration payload; nothing else is read.
type registerRequest struct {
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	Email           string `json:"email"`
	PhoneNumber     string `json:"phoneNumber"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	Captcha         string `json:"captcha"`
}

// register creates an unconfirmed account and e-mails a confirmation link.
// An address that already has an account gets an e-mail instead of an
// error, and the answer is the same byte for byte, after the same work.
//
// POST /api/Website/Register
func (s *Service) register(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := msgs(loc)
	var req registerRequest
	if err := endpoint.Decode(c, &req); err != nil {
		return endpoint.RefuseBody(c, err)
	}
	v := newChecker(m)
	first := v.name("firstName", req.FirstName)
	last := v.name("lastName", req.LastName)
	email := v.email("email", req.Email)
	phone := v.phone("phoneNumber", req.PhoneNumber)
	v.newPassword("password", req.Password, "confirmPassword", req.ConfirmPassword,
		email, first, last, first+" "+last)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	if passed, err := s.captcha.Pass(c, req.Captcha); !passed {
		return err
	}
	ctx := r.Context()
	// Always hash, so a known address takes as long as a new one.
	hash, err := s.hasher.Hash(ctx, req.Password)
	if err != nil {
		return fmt.Errorf("auth: register: %w", err)
	}
	profile := store.Profile{FirstName: first, LastName: last, PhoneNumber: phone}
	u := &store.User{Email: email, FirstName: first, LastName: last, PhoneNumber: phone, PasswordHash: hash, Locale: string(loc)}
	err = s.store.CreateUser(ctx, u)
	switch {
	case err == nil:
		err = s.sendConfirmation(ctx, u, loc)
	case errors.Is(err, store.ErrEmailTaken):
		err = s.registerAgain(ctx, email, profile, hash, loc)
	}
	if err != nil {
		return fmt.Errorf("auth: register: %w", err)
	}
	return endpoint.OK(c, nil, m.RegisterDone)
}

// registerAgain handles a registration for an address that has an account.
// A confirmed account gets a notice with links to log in and to reset the
// password. An unconfirmed one takes the new details and a new link, so
// only the latest registration can be confirmed: someone who registered a
// victim's address first cannot keep a password the victim never chose.
func (s *Service) registerAgain(ctx context.Context, email string, p store.Profile, hash string, loc locale.Locale) error {
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil {
		return err
	}
	if !u.Confirmed() {
		err := s.store.ReplacePendingRegistration(ctx, u.ID, p, hash, string(loc))
		if err == nil {
			u.FirstName, u.LastName, u.PhoneNumber = p.FirstName, p.LastName, p.PhoneNumber
			return s.sendConfirmation(ctx, u, loc)
		}
		if !errors.Is(err, store.ErrNotFound) { // confirmed in the meantime: fall through
			return err
		}
	}
	s.sendMail(ctx, mail.Message{
		To: u.Email, Name: fullName(u), Locale: loc, Kind: mail.KindAlreadyRegistered,
		Data: map[string]string{
			"loginLink": s.link(locale.Path(loc, "/auth/login")),
			"resetLink": s.link(locale.Path(loc, "/auth/forgot-password")),
		},
	})
	return nil
}

// sendConfirmation stores a new confirmation token for u and e-mails its link.
func (s *Service) sendConfirmation(ctx context.Context, u *store.User, loc locale.Locale) error {
	secret := newSecret()
	now := s.now()
	if err := s.store.CreateToken(ctx, &store.Token{
		UserID: u.ID, Purpose: store.PurposeConfirmEmail, TokenHash: sha(secret),
		CreatedAt: now, ExpiresAt: now.Add(confirmLifetime),
	}); err != nil {
		return err
	}
	s.sendMail(ctx, mail.Message{
		To: u.Email, Name: fullName(u), Locale: loc, Kind: mail.KindConfirmEmail,
		Data: map[string]string{
			"link":  s.link(locale.Path(loc, "/auth/confirm-email/"+secret)),
			"hours": "24",
		},
	})
	return nil
}

func fullName(u *store.User) string { return userData(u).FullName }

// confirmEmail spends a confirmation token. It does not start a session:
// the page offers to log in.
//
// POST /api/ApplicationUser/ConfirmEmail/:token
func (s *Service) confirmEmail(c echo.Context) error {
	m := msgs(endpoint.Locale(c.Request()))
	token := c.Param("token")
	if !wellFormedSecret(token) {
		return endpoint.Fail(c, http.StatusBadRequest, m.ConfirmInvalid)
	}
	_, err := s.store.ConfirmEmail(c.Request().Context(), sha(token), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusBadRequest, m.ConfirmInvalid)
	}
	if err != nil {
		return fmt.Errorf("auth: confirm e-mail: %w", err)
	}
	return endpoint.OK(c, nil, m.ConfirmDone)
}

// resendRequest asks for a new confirmation link.
type resendRequest struct {
	Email string `json:"email"`
}

// resendConfirmation e-mails a new confirmation link when an unconfirmed
// account has the address; the answer is the same either way.
//
// POST /api/account/resend-confirmation
func (s *Service) resendConfirmation(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := msgs(loc)
	var req resendRequest
	if err := endpoint.Decode(c, &req); err != nil {
		return endpoint.RefuseBody(c, err)
	}
	v := newChecker(m)
	email := v.email("email", req.Email)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	ctx := r.Context()
	allowed, err := s.onceAMinute(ctx, "confirm", email)
	if err != nil {
		return fmt.Errorf("auth: resend confirmation: %w", err)
	}
	if allowed {
		u, err := s.store.UserByEmail(ctx, email)
		switch {
		case err == nil && !u.Confirmed():
			if err := s.sendConfirmation(ctx, u, loc); err != nil {
				return fmt.Errorf("auth: resend confirmation: %w", err)
			}
		case err != nil && !errors.Is(err, store.ErrNotFound):
			return fmt.Errorf("auth: resend confirmation: %w", err)
		}
	}
	return endpoint.OK(c, nil, m.ResendDone)
}
