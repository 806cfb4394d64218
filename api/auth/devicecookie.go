package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/internal/sessioncookie"
	"noorvale.example/site/api/store"
)

// Device cookies, after OWASP's "Slow Down Online Guessing Attacks with
// Device Cookies": a browser that signed in to an account carries a signed
// cookie naming that account, and its logins to the account are neither
// slowed by a flood of other logins nor escalated by failures elsewhere.
const (
	deviceLifetime = 90 * 24 * time.Hour
	deviceLane     = 2  // hashes at once for logins from known devices, besides the common slots
	deviceLogins   = 10 // logins in the fast lane per account per login window; the rest queue with everyone
	maxDeviceValue = 128
)

// deviceCookie is the cookie of a known device: Strict, because only the
// site's own login form needs it.
func deviceCookie(secure bool) sessioncookie.Cookie {
	return sessioncookie.New("device", secure, http.SameSiteStrictMode)
}

// deviceKeys signs device cookies with a key derived from the secret key
// for this use alone, so a signature made for anything else is no device
// cookie.
func deviceKeys(keys endpoint.Keys) endpoint.Keys {
	return endpoint.NewKeys(keys.Of("device-cookie-key"))
}

// issueDevice sets a new device cookie for the account: a random nonce,
// its expiry and a signature over both and the account's id. The cookie
// names no address, and holds nothing that opens a session.
func (s *Service) issueDevice(c echo.Context, u *store.User) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	nonce := base64.RawURLEncoding.EncodeToString(b[:])
	expires := s.now().Add(deviceLifetime).Unix()
	value := nonce + "." + strconv.FormatInt(expires, 10) + "." + s.deviceSig(u.ID, nonce, expires)
	c.SetCookie(s.device.With(value, int(deviceLifetime/time.Second)))
}

func (s *Service) deviceSig(userID, nonce string, expires int64) string {
	return s.deviceKeys.Of("device", userID, nonce, strconv.FormatInt(expires, 10))
}

// knownDevice returns the key the request's device cookie counts its
// failures under when the cookie is valid for u (signed for its account,
// not expired) and has failed fewer than captchaAfter times within the
// login window; "" otherwise, and the login is one like any other.
func (s *Service) knownDevice(ctx context.Context, r *http.Request, u *store.User) (string, error) {
	nonce := s.deviceNonce(r, u)
	if nonce == "" {
		return "", nil
	}
	key := s.keys.Of("login-device", u.ID, nonce)
	cnt, err := s.store.Counter(ctx, key)
	if err != nil {
		return "", err
	}
	if cnt.Count >= captchaAfter && s.now().Sub(cnt.WindowStart) < loginWindow {
		return "", nil // locked out: the device is trusted no more than any other
	}
	return key, nil
}

// deviceNonce returns the nonce of the request's device cookie when the
// cookie is valid for u (signed for its account, not expired), "" otherwise.
func (s *Service) deviceNonce(r *http.Request, u *store.User) string {
	if u == nil {
		return ""
	}
	ck, err := r.Cookie(s.device.Name)
	if err != nil || len(ck.Value) > maxDeviceValue {
		return ""
	}
	nonce, rest, _ := strings.Cut(ck.Value, ".")
	exp, sig, _ := strings.Cut(rest, ".")
	expires, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || len(nonce) != 22 || !s.now().Before(time.Unix(expires, 0)) {
		return ""
	}
	if _, err := base64.RawURLEncoding.DecodeString(nonce); err != nil {
		return ""
	}
	if !hmac.Equal([]byte(sig), []byte(s.deviceSig(u.ID, nonce, expires))) {
		return ""
	}
	return nonce
}

// deviceLaneFree reports whether a login from a known device of u may hash
// in the devices' lane: an account gets deviceLogins of them a window, so
// nobody fills the lane by logging in to an account of their own over and
// over.
func (s *Service) deviceLaneFree(ctx context.Context, u *store.User) (bool, error) {
	cnt, err := s.store.Hit(ctx, s.keys.Of("device-lane", u.ID), s.now(), loginWindow)
	return cnt.Count <= deviceLogins, err
}
