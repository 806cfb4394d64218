package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"

	"noorvale.example/site/api/endpoint"
)

// forgetRequest is the legacy ForgetPassword form.
type forgetRequest struct {
	Email   string `json:"email"`
	Captcha string `json:"captcha"`
}

// forgetPassword e-mails a six-digit code, valid ten minutes, when an
// account has the address. The answer is always the same, after the same
// work: the request is queued either way, and whether an account has the
// address is looked up only when its e-mail is written (completeReset),
// after the answer. A new code goes out at most once a minute per address,
// and none for a day to a source that entered ten wrong codes for it (the
// owner, asking from elsewhere, still gets one); the wrong-code counter of
// a code restarts with it, for known and unknown addresses alike.
//
// Once the address has had its hour's account e-mails (mailsAnHour), a
// further request mails nothing and leaves the code mailed last as it
// is: still valid for the rest of its ten minutes. Strangers asking from
// many addresses may use up that hour; a browser that signed in to the
// account before (its device cookie, see recoveryLane) asks in a lane of
// its own, which they cannot.
//
// POST /api/ApplicationUser/ForgetPassword
func (s *Service) forgetPassword(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := locale.For(loc)
	req, err := endpoint.Bind[forgetRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	email := v.email("email", req.Email)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	if passed, err := s.captcha.Pass(c, req.Captcha); !passed {
		return err
	}
	ctx := r.Context()
	lane, err := s.recoveryLane(ctx, r, email, c.RealIP())
	if err != nil {
		return fmt.Errorf("auth: forget password: %w", err)
	}
	paused, err := s.recoveryPaused(ctx, lane)
	if err != nil {
		return fmt.Errorf("auth: forget password: %w", err)
	}
	allowed := false
	if !paused {
		if allowed, err = s.onceAMinuteAt(ctx, lane.window); err != nil {
			return fmt.Errorf("auth: forget password: %w", err)
		}
	}
	if allowed {
		data := map[string]string{"asked": strconv.FormatInt(s.now().UnixMilli(), 10)}
		if lane.device != "" {
			data["device"] = lane.device
		}
		s.queueMailCounted(ctx, mail.Message{To: email, Locale: loc, Kind: mail.KindResetRequest, Data: data}, lane.mail)
	}
	return endpoint.OK(c, nil, m.Accounts.ForgetDone)
}

// recoveryLane is where a password recovery's requests, mail and guesses
// are counted. Every browser shares the address's lane; a browser that
// signed in to the account before (a valid device cookie for it) has a
// lane of its own, OWASP's device-cookie approach applied to recovery: its
// requests have their own hour of e-mail, its code is one only it may
// enter, and its wrong guesses count against it alone. Strangers, who have
// no such cookie, can neither use up its mail nor guess its code away.
type recoveryLane struct {
	device string // the known device's id, "" for the address's lane
	window string // key of the code's window of guesses, restarted by each mailed request
	pause  string // key of the day's wrong codes, which pause the lane at wrongCodesADay
	mail   string // key of the hour's account e-mails, "" for the address's
}

// recoveryLane returns the lane of a recovery request for email from ip.
// Only a request that carries a device cookie looks the account up.
func (s *Service) recoveryLane(ctx context.Context, r *http.Request, email, ip string) (recoveryLane, error) {
	lane := recoveryLane{window: s.keys.Of("reset", email), pause: s.wrongCodesKey(email, ip)}
	if _, err := r.Cookie(s.device.Name); err != nil {
		return lane, nil
	}
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return lane, nil
	}
	if err != nil {
		return lane, err
	}
	nonce := s.deviceNonce(r, u)
	if nonce == "" {
		return lane, nil
	}
	id := s.keys.Of("reset-device", u.ID, nonce)
	return recoveryLane{
		device: id, window: s.keys.Of("reset-device-window", id), pause: s.keys.Of("reset-device-wrong", id),
		mail: s.keys.Of("mail-to-device", id),
	}, nil
}

// completeReset writes the e-mail of a reset request as it is sent: a new
// code, valid ten minutes from the request, when an account that is not
// disabled has the address; nothing otherwise, nor once fewer than two of the ten minutes
// are left (the code would die before it is read; the visitor asks again).
func (s *Service) completeReset(ctx context.Context, req mail.Message) (mail.Message, bool, error) {
	asked, err := strconv.ParseInt(req.Data["asked"], 10, 64)
	if err != nil {
		return req, false, nil
	}
	now, expires := s.now(), time.UnixMilli(asked).UTC().Add(codeLifetime)
	if expires.Sub(now) < 2*time.Minute {
		return req, false, nil
	}
	u, err := s.store.UserByEmail(ctx, req.To)
	if errors.Is(err, store.ErrNotFound) {
		return req, false, nil
	}
	if err != nil {
		return req, false, fmt.Errorf("auth: reset code: %w", err)
	}
	// A disabled account gets no code: a new password would not let it in,
	// and the request's answer was the same as for any address.
	if u.Disabled() {
		return req, false, nil
	}
	code := sixDigits()
	purpose := store.PurposeResetCode
	if req.Data["device"] != "" {
		// Asked for from a known device: the code works there only, and
		// leaves the address's code as it is.
		purpose = store.PurposeDeviceResetCode
	}
	if err := s.store.CreateToken(ctx, &store.Token{
		UserID: u.ID, Purpose: purpose, TokenHash: s.codeHash(u.ID, req.Data["device"], code),
		CreatedAt: now, ExpiresAt: expires,
	}); err != nil {
		return req, false, fmt.Errorf("auth: reset code: %w", err)
	}
	minutes := int((expires.Sub(now) + time.Minute - 1) / time.Minute)
	return mail.Message{
		To: u.Email, Name: recipientName(u), Locale: req.Locale, Kind: mail.KindResetCode,
		Data: map[string]string{"code": code, "minutes": strconv.Itoa(minutes)},
	}, true, nil
}

// recoveryPaused reports whether a lane (a source's for an address, or a
// known device's) has had its day's wrong codes.
func (s *Service) recoveryPaused(ctx context.Context, lane recoveryLane) (bool, error) {
	cnt, err := s.store.Counter(ctx, lane.pause)
	return s.now().Before(cnt.LockedUntil), err
}

// wrongCodesKey is the key a source's wrong codes for an address are
// counted under. Counting them per source, not per address, is what keeps
// a stranger from pausing the owner's recovery: the guesses that pause it
// pause only where they came from, while each code still dies after its
// five guesses from anywhere.
func (s *Service) wrongCodesKey(email, ip string) string {
	return s.keys.Of("reset-wrong", email, endpoint.ClientKey(ip))
}

// codeHash keys a reset code to its account, and to the known device it
// was asked for from ("" for none), under the secret key: a six-digit code
// is too short to store behind a plain hash.
func (s *Service) codeHash(userID, device, code string) string {
	if device == "" {
		return s.keys.Of("reset-code", userID, code)
	}
	return s.keys.Of("reset-code", userID, device, code)
}

func sixDigits() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// verifyRequest is the legacy VerifyCode form.
type verifyRequest struct {
	Email string `json:"email"`
	Code  string `json:"code"`
}

// verifyCode exchanges a correct code for a reset token valid fifteen
// minutes. A code takes five guesses, from any source, and a source ten
// wrong codes a day for an address, whether or not it has an account; each
// guess is counted before it is compared, in single statements, so
// parallel guesses cannot overrun either limit. The tenth wrong code from
// a source pauses that source's recovery of the address for a day and
// tells the owner.
//
// POST /api/ApplicationUser/VerifyCode
func (s *Service) verifyCode(c echo.Context) error {
	r := c.Request()
	m := locale.For(endpoint.Locale(r))
	req, err := endpoint.Bind[verifyRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	email := v.email("email", req.Email)
	code := v.code("code", req.Code)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	ctx := r.Context()
	now := s.now()
	lane, err := s.recoveryLane(ctx, r, email, c.RealIP())
	if err != nil {
		return fmt.Errorf("auth: verify code: %w", err)
	}
	key := lane.window
	cnt, err := s.store.Counter(ctx, key)
	if err != nil {
		return fmt.Errorf("auth: verify code: %w", err)
	}
	if cnt.WindowStart.IsZero() || now.Sub(cnt.WindowStart) >= codeLifetime {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.CodeWrong)
	}
	paused, err := s.recoveryPaused(ctx, lane)
	if err != nil {
		return fmt.Errorf("auth: verify code: %w", err)
	}
	if paused {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.CodeDead)
	}
	// The guess is counted before it is compared.
	cnt, err = s.store.Hit(ctx, key, now, codeLifetime)
	if err != nil {
		return fmt.Errorf("auth: verify code: %w", err)
	}
	if cnt.Count > codeTries {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.CodeDead)
	}

	var tok *store.Token
	u, err := s.store.UserByEmail(ctx, email)
	if err == nil {
		purpose := store.PurposeResetCode
		if lane.device != "" {
			purpose = store.PurposeDeviceResetCode
		}
		tok, err = s.store.LatestToken(ctx, u.ID, purpose)
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("auth: verify code: %w", err)
	}
	good := false
	if tok != nil && tok.Valid(now) {
		claimed, err := s.store.ClaimTokenAttempt(ctx, tok.ID, codeTries)
		if err != nil {
			return fmt.Errorf("auth: verify code: %w", err)
		}
		good = claimed && subtle.ConstantTimeCompare([]byte(tok.TokenHash), []byte(s.codeHash(u.ID, lane.device, code))) == 1
	}
	if good {
		won, err := s.store.UseToken(ctx, tok.ID, now)
		if err != nil {
			return fmt.Errorf("auth: verify code: %w", err)
		}
		good = won
	}
	if !good {
		dead, err := s.wrongCode(ctx, email, lane, u)
		if err != nil {
			return fmt.Errorf("auth: verify code: %w", err)
		}
		if dead || cnt.Count >= codeTries {
			return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.CodeDead)
		}
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.CodeWrong)
	}

	secret := newSecret()
	if err := s.store.CreateToken(ctx, &store.Token{
		UserID: u.ID, Purpose: store.PurposeResetPassword, TokenHash: sha(secret),
		CreatedAt: now, ExpiresAt: now.Add(resetLifetime),
	}); err != nil {
		return fmt.Errorf("auth: verify code: %w", err)
	}
	if err := s.store.ResetCounter(ctx, key); err != nil {
		return fmt.Errorf("auth: verify code: %w", err)
	}
	return endpoint.OK(c, map[string]string{"token": secret}, m.Accounts.CodeAccepted)
}

// wrongCode counts a wrong code against the day of the lane (the address
// from a source, or a known device) and reports whether that lane's
// recovery of the address is now paused. The tenth pauses it for a day and
// tells the owner (u, nil for an unknown address); the account's codes
// stay, for the owner to use from elsewhere, each with what is left of its
// five guesses.
func (s *Service) wrongCode(ctx context.Context, email string, lane recoveryLane, u *store.User) (bool, error) {
	key := lane.pause
	now := s.now()
	cnt, err := s.store.Hit(ctx, key, now, codePause)
	if err != nil || cnt.Count < wrongCodesADay {
		return false, err
	}
	if cnt.Count > wrongCodesADay {
		return true, nil
	}
	if err := s.store.Lock(ctx, key, now.Add(codePause)); err != nil {
		return true, err
	}
	// The address keeps the latest pause of any source, for the back
	// office to show; it holds nothing against anyone.
	shown := s.keys.Of("reset-paused", email)
	if _, err := s.store.Hit(ctx, shown, now, codePause); err != nil {
		return true, err
	}
	if err := s.store.Lock(ctx, shown, now.Add(codePause)); err != nil {
		return true, err
	}
	if u == nil {
		return true, nil
	}
	loc, ok := locale.Parse(u.Locale)
	if !ok {
		loc = locale.Default
	}
	s.sendMail(ctx, mail.Message{
		To: u.Email, Name: recipientName(u), Locale: loc, Kind: mail.KindResetPaused,
		Data: map[string]string{"hours": "24"},
	})
	return true, nil
}

// resetRequest is the legacy ResetPassword payload.
type resetRequest struct {
	Email           string `json:"email"`
	Token           string `json:"token"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// resetPassword sets a new password with a reset token, ends every session
// of the account and e-mails a notice.
//
// POST /api/ApplicationUser/ResetPassword
func (s *Service) resetPassword(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := locale.For(loc)
	req, err := endpoint.Bind[resetRequest](c)
	if err != nil {
		return err
	}
	v := newChecker(m)
	email := v.email("email", req.Email)
	v.required("token", req.Token, maxToken)
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	ctx := r.Context()
	now := s.now()
	var u *store.User
	tok, err := s.store.TokenByHash(ctx, store.PurposeResetPassword, sha(req.Token))
	if err == nil && tok.Valid(now) {
		u, err = s.store.UserByID(ctx, tok.UserID)
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("auth: reset password: %w", err)
	}
	if u == nil || u.Email != email {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.ResetInvalid)
	}
	// Disabling deletes the reset under way; one that raced it stops here.
	// Whoever holds the token has proven the address, so they are told why.
	if u.Disabled() {
		return endpoint.FailWith(c, http.StatusForbidden, m.Accounts.AccountDisabled, endpoint.Flags{"accountDisabled": true})
	}
	v.newPassword("newPassword", req.NewPassword, "confirmPassword", req.ConfirmPassword,
		u.Email, u.FirstName, u.LastName, fullName(u))
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	hash, err := s.hasher.Hash(ctx, req.NewPassword)
	if err != nil {
		return fmt.Errorf("auth: reset password: %w", err)
	}
	won, err := s.store.UseToken(ctx, tok.ID, now)
	if err != nil {
		return fmt.Errorf("auth: reset password: %w", err)
	}
	if !won {
		return endpoint.Fail(c, http.StatusBadRequest, m.Accounts.ResetInvalid)
	}
	if err := s.store.ChangePassword(ctx, u.ID, hash, ""); err != nil {
		return fmt.Errorf("auth: reset password: %w", err)
	}
	// Whoever reset the password may log in at once.
	if err := s.store.ResetCounter(ctx, s.keys.Of("login", u.Email)); err != nil {
		return fmt.Errorf("auth: reset password: %w", err)
	}
	s.clearCookie(c)
	s.sendPasswordChanged(c, u, loc)
	return endpoint.OK(c, nil, m.Accounts.ResetDone)
}

func (s *Service) sendPasswordChanged(c echo.Context, u *store.User, loc locale.Locale) {
	s.sendMail(c.Request().Context(), mail.Message{
		To: u.Email, Name: recipientName(u), Locale: loc, Kind: mail.KindPasswordChanged,
		Data: map[string]string{"resetLink": s.link(locale.Path(loc, "/auth/forgot-password"))},
	})
}
