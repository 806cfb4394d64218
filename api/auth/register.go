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
	m := locale.For(loc)
	req, err := endpoint.Bind[registerRequest](c)
	if err != nil {
		return err
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
	reg := &store.Registration{FirstName: first, LastName: last, PhoneNumber: phone, PasswordHash: hash, Locale: string(loc)}
	u := &store.User{Email: email, FirstName: first, LastName: last, PhoneNumber: phone, PasswordHash: hash, Locale: string(loc)}
	err = s.store.CreateUser(ctx, u)
	switch {
	case err == nil:
		err = s.sendConfirmation(ctx, u, reg, loc)
	case errors.Is(err, store.ErrEmailTaken):
		err = s.registerAgain(ctx, email, reg, loc)
	}
	if err != nil {
		return fmt.Errorf("auth: register: %w", err)
	}
	return endpoint.OK(c, nil, m.Accounts.RegisterDone)
}

// registerAgain handles a registration for an address that has an account.
// A confirmed account gets a notice with links to log in and to reset the
// password. An unconfirmed one keeps what it has and gets one more
// registration with a link of its own: nobody who registers a victim's
// address, before or after the victim, can change the password the
// victim's link confirms, and a link of an address registered more than
// once asks whoever clicks it to choose the password.
func (s *Service) registerAgain(ctx context.Context, email string, reg *store.Registration, loc locale.Locale) error {
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil {
		return err
	}
	if !u.Confirmed() {
		return s.sendConfirmation(ctx, u, reg, loc)
	}
	s.sendMail(ctx, mail.Message{
		To: u.Email, Name: recipientName(u), Locale: loc, Kind: mail.KindAlreadyRegistered,
		Data: map[string]string{
			"loginLink": s.link(locale.Path(loc, "/auth/login")),
			"resetLink": s.link(locale.Path(loc, "/auth/forgot-password")),
		},
	})
	return nil
}

// sendConfirmation stores reg as a registration of u's address with a new
// link and e-mails the link.
func (s *Service) sendConfirmation(ctx context.Context, u *store.User, reg *store.Registration, loc locale.Locale) error {
	secret, err := s.addRegistration(ctx, u, reg)
	if err != nil {
		return err
	}
	s.sendMail(ctx, s.confirmMessage(u, loc, secret))
	return nil
}

// addRegistration stores reg as a registration of u's address with a new
// link, and returns the link's secret.
func (s *Service) addRegistration(ctx context.Context, u *store.User, reg *store.Registration) (string, error) {
	secret := newSecret()
	now := s.now()
	reg.UserID, reg.TokenHash, reg.CreatedAt, reg.ExpiresAt = u.ID, sha(secret), now, now.Add(confirmLifetime)
	return secret, s.store.CreateRegistration(ctx, reg)
}

func fullName(u *store.User) string { return userData(u).FullName }

// recipientName is the name an account's e-mail greets its address by:
// the account's name once the address is confirmed, none before. Until
// then the name is whatever someone typed when registering the address,
// perhaps not its owner ("Visit evil.example now"), and nothing typed by
// someone who has not proven the address is theirs is copied into a mail
// to it.
func recipientName(u *store.User) string {
	if !u.Confirmed() {
		return ""
	}
	return fullName(u)
}

// confirmRequest is what the confirmation page posts: nothing, or the
// password chosen for an address registered more than once.
type confirmRequest struct {
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// confirmEmail confirms the registration a link was sent for, when the
// person who opened the link asks for it (a POST from the page, never the
// page's loading). When the address was registered more than once, it
// answers choosePassword until the request carries a new password, which
// the account then takes; the other registrations are discarded. It does
// not start a session: the page offers to log in.
//
// POST /api/ApplicationUser/ConfirmEmail/:token
func (s *Service) confirmEmail(c echo.Context) error {
	m := locale.For(endpoint.Locale(c.Request()))
	token := c.Param("token")
	if !wellFormedSecret(token) {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.ConfirmInvalid)
	}
	req, err := endpoint.Bind[confirmRequest](c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	now := s.now()
	reg, registrations, err := s.store.RegistrationByHash(ctx, sha(token), now)
	if errors.Is(err, store.ErrNotFound) {
		return s.confirmLegacyLink(c, m, token)
	}
	if err != nil {
		return fmt.Errorf("auth: confirm e-mail: %w", err)
	}
	var hash string
	if registrations > 1 {
		if req.NewPassword == "" {
			return endpoint.FailWith(c, http.StatusBadRequest, m.Accounts.ConfirmChoose, endpoint.Flags{"choosePassword": true})
		}
		u, err := s.store.UserByID(ctx, reg.UserID)
		if err != nil {
			return fmt.Errorf("auth: confirm e-mail: %w", err)
		}
		v := newChecker(m)
		v.newPassword("newPassword", req.NewPassword, "confirmPassword", req.ConfirmPassword,
			u.Email, reg.FirstName, reg.LastName, reg.FirstName+" "+reg.LastName)
		if !v.OK() {
			return endpoint.Answer(c, http.StatusBadRequest, endpoint.Envelope{
				Data: endpoint.Flags{"choosePassword": true}, Message: m.API.FixFields, Errors: v.Errs,
			})
		}
		if hash, err = s.hasher.Hash(ctx, req.NewPassword); err != nil {
			return fmt.Errorf("auth: confirm e-mail: %w", err)
		}
	}
	_, err = s.store.ConfirmRegistration(ctx, reg.ID, hash, now)
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.ConfirmInvalid)
	}
	if err != nil {
		return fmt.Errorf("auth: confirm e-mail: %w", err)
	}
	return endpoint.OK(c, nil, m.Accounts.ConfirmDone)
}

// confirmLegacyLink spends a link sent before registrations kept their own
// details: the account had one registration, so the link confirms it.
func (s *Service) confirmLegacyLink(c echo.Context, m *locale.Catalogue, token string) error {
	_, err := s.store.ConfirmEmail(c.Request().Context(), sha(token), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.ConfirmInvalid)
	}
	if err != nil {
		return fmt.Errorf("auth: confirm e-mail: %w", err)
	}
	return endpoint.OK(c, nil, m.Accounts.ConfirmDone)
}

// resendRequest asks for a new confirmation link.
type resendRequest struct {
	Email string `json:"email"`
}

// resendConfirmation e-mails a new confirmation link when an unconfirmed
// account has the address. The answer is the same either way, after the
// same work: the request is queued either way, and the account is looked
// up only when its e-mail is written (completeConfirm), after the answer.
//
// POST /api/account/resend-confirmation
func (s *Service) resendConfirmation(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := locale.For(loc)
	req, err := endpoint.Bind[resendRequest](c)
	if err != nil {
		return err
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
		s.sendMail(ctx, mail.Message{To: email, Locale: loc, Kind: mail.KindConfirmRequest})
	}
	return endpoint.OK(c, nil, m.Accounts.ResendDone)
}

// completeConfirm writes the e-mail of a request for a new confirmation
// link as it is sent: a new link, when an unconfirmed account has the
// address; nothing otherwise.
func (s *Service) completeConfirm(ctx context.Context, req mail.Message) (mail.Message, bool, error) {
	u, err := s.store.UserByEmail(ctx, req.To)
	if errors.Is(err, store.ErrNotFound) {
		return req, false, nil
	}
	if err != nil {
		return req, false, fmt.Errorf("auth: confirmation link: %w", err)
	}
	if u.Confirmed() {
		return req, false, nil
	}
	secret, err := s.renewLink(ctx, u)
	if err != nil {
		return req, false, fmt.Errorf("auth: confirmation link: %w", err)
	}
	return s.confirmMessage(u, req.Locale, secret), true, nil
}

// renewLink gives the newest registration of u's address a new link, or,
// when every registration has been swept away, registers again the
// details the account was created with; it returns the link's secret.
func (s *Service) renewLink(ctx context.Context, u *store.User) (string, error) {
	secret := newSecret()
	renewed, err := s.store.RenewRegistration(ctx, u.ID, sha(secret), s.now().Add(confirmLifetime))
	if err != nil || renewed {
		return secret, err
	}
	return s.addRegistration(ctx, u, &store.Registration{
		FirstName: u.FirstName, LastName: u.LastName, PhoneNumber: u.PhoneNumber,
		PasswordHash: u.PasswordHash, Locale: u.Locale,
	})
}

// confirmMessage is the e-mail that carries a registration's confirmation link.
func (s *Service) confirmMessage(u *store.User, loc locale.Locale, secret string) mail.Message {
	return mail.Message{
		To: u.Email, Name: recipientName(u), Locale: loc, Kind: mail.KindConfirmEmail,
		Data: map[string]string{
			"link":  s.link(locale.Path(loc, "/auth/confirm-email/"+secret)),
			"hours": "24",
		},
	}
}
