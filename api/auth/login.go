package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/store"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// loginRequest is the legacy credentials payload.
type loginRequest struct {
	Email      string        `json:"email"`
	Password   string        `json:"password"`
	RememberMe endpoint.Bool `json:"rememberMe"`
	Captcha    string        `json:"captcha"`
}

// login checks the credentials and starts a session. Unknown addresses and
// wrong passwords get the same answer after the same work (a dummy hash),
// whether or not the account is disabled;
// failures are counted per address, whether or not it has an account, and
// per source; a body that cannot be read counts as a failure of its source.
// A browser that signed in to the account before (a known device, see
// knownDevice) has its failures counted apart from the address's and
// hashes in a lane of its own; every success gives it a new device cookie.
//
// POST /api/Website/Login
func (s *Service) login(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := locale.For(loc)
	ctx := r.Context()
	var req loginRequest
	if err := endpoint.Decode(c, &req); err != nil {
		// A body cut short (or too large) is a failed login of its source:
		// otherwise guesses sent that way would never meet the captcha. It
		// is counted even when the client has gone.
		if _, err := s.store.Hit(context.WithoutCancel(ctx), s.loginSource(c.RealIP()), s.now(), loginWindow); err != nil {
			return fmt.Errorf("auth: login: %w", err)
		}
		return endpoint.RefuseBody(c, err)
	}
	v := newChecker(m)
	email := v.email("email", req.Email)
	v.password("password", req.Password)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("auth: login: %w", err)
	}
	device, err := s.knownDevice(ctx, r, u)
	if err != nil {
		return fmt.Errorf("auth: login: %w", err)
	}
	th, err := s.loginThrottle(ctx, email, device, c.RealIP())
	if err != nil {
		return fmt.Errorf("auth: login: %w", err)
	}
	if th.needCaptcha {
		if passed, err := s.captcha.Pass(c, req.Captcha); !passed {
			return err
		}
	}

	// A known device hashes in a lane of its own, so the owner's login
	// does not wait behind a flood of others (which get 503 instead).
	hasher := s.hasher
	if device != "" {
		free, err := s.deviceLaneFree(ctx, u)
		if err != nil {
			return fmt.Errorf("auth: login: %w", err)
		}
		if free {
			hasher = s.trusted
		}
	}
	var good, rehash bool
	if u == nil {
		err = hasher.VerifyDummy(ctx, req.Password)
	} else {
		good, rehash, err = hasher.Verify(ctx, req.Password, u.PasswordHash)
	}
	if err != nil {
		return fmt.Errorf("auth: login: %w", err)
	}
	if !good {
		needCaptcha, err := s.loginFailed(ctx, th)
		if err != nil {
			return fmt.Errorf("auth: login: %w", err)
		}
		var data any
		if needCaptcha {
			data = endpoint.Flags{"captchaRequired": true}
		}
		return endpoint.FailWith(c, http.StatusUnauthorized, m.Accounts.LoginFailed, data)
	}
	// Only the right password learns that the account is disabled: a
	// guesser's wrong one is answered as for any account, above.
	if u.Disabled() {
		return endpoint.FailWith(c, http.StatusForbidden, m.Accounts.AccountDisabled, endpoint.Flags{"accountDisabled": true})
	}
	if !u.Confirmed() {
		return endpoint.FailWith(c, http.StatusForbidden, m.Accounts.EmailNotConfirmed, endpoint.Flags{"emailNotConfirmed": true})
	}

	// A known device forgets its own failures only: those of the address,
	// made elsewhere, still hold against every other browser.
	done := th.key
	if th.device != "" {
		done = th.device
	}
	if err := s.store.ResetCounter(ctx, done); err != nil {
		return fmt.Errorf("auth: login: %w", err)
	}
	if rehash {
		if h, err := hasher.Hash(ctx, req.Password); err == nil {
			if err := s.store.SetPasswordHash(ctx, u.ID, h); err != nil {
				s.log.Warn("auth: upgrading a password hash", "err", err)
			}
		}
	}
	if string(loc) != u.Locale {
		if err := s.store.SetUserLocale(ctx, u.ID, string(loc)); err != nil {
			s.log.Warn("auth: recording the account's language", "err", err)
		}
	}
	// A new session id at every login: whatever session the browser
	// presented (perhaps planted by someone else) ends here.
	if old := s.presentedHash(r); old != "" {
		if err := s.store.DeleteSession(ctx, old); err != nil {
			return fmt.Errorf("auth: login: %w", err)
		}
	}
	if err := s.startSession(c, u, bool(req.RememberMe)); err != nil {
		return fmt.Errorf("auth: login: %w", err)
	}
	// A new device cookie at every login, as OWASP has it: a stolen one
	// is good for its own lifetime only.
	s.issueDevice(c, u)
	return endpoint.OK(c, userData(u), "")
}

// logout ends the request's session and clears the cookie.
//
// POST /api/account/logout
func (s *Service) logout(c echo.Context) error {
	m := locale.For(endpoint.Locale(c.Request()))
	if h := s.presentedHash(c.Request()); h != "" {
		if err := s.store.DeleteSession(c.Request().Context(), h); err != nil {
			return fmt.Errorf("auth: logout: %w", err)
		}
	}
	s.clearCookie(c)
	return endpoint.OK(c, nil, m.Accounts.LoggedOut)
}
