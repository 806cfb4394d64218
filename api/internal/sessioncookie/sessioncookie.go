// Package sessioncookie is what the visitors' and the staff's sign-ins
// share about a session kept behind a cookie: the random secret the cookie
// carries (only its hash is stored), the cookie itself, and the hourly
// removal of expired sessions. Each side keeps its own cookie name,
// lifetimes and rate limits.
package sessioncookie

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"time"
)

// secretLen is the length of a secret of NewSecret: 32 bytes, base64url-encoded.
const secretLen = 43

// NewSecret returns 32 random bytes, base64url-encoded: a session id or a
// link token.
func NewSecret() string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// WellFormed reports whether s could be a secret of NewSecret, so junk
// never reaches the database.
func WellFormed(s string) bool {
	if len(s) != secretLen {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil
}

// Hash returns the hex SHA-256 of a secret, which is what is stored of it.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Cookie is how a session cookie is named and flagged: for the whole site,
// never readable by script, and on https Secure with the __Host- prefix.
type Cookie struct {
	Name     string
	Secure   bool
	SameSite http.SameSite
}

// New returns the cookie called name, or __Host-name when secure.
func New(name string, secure bool, sameSite http.SameSite) Cookie {
	if secure {
		name = "__Host-" + name
	}
	return Cookie{Name: name, Secure: secure, SameSite: sameSite}
}

// With returns the cookie carrying secret. With a maxAge of 0 it ends
// with the browser.
func (c Cookie) With(secret string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: c.Name, Value: secret, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: c.Secure, SameSite: c.SameSite,
	}
}

// Expired returns the cookie with Max-Age=0, which tells the browser to drop it.
func (c Cookie) Expired() *http.Cookie { return c.With("", -1) }

// Secret returns the secret the request's cookie carries, "" when there is
// none or it is not well formed.
func (c Cookie) Secret(r *http.Request) string {
	ck, err := r.Cookie(c.Name)
	if err != nil || !WellFormed(ck.Value) {
		return ""
	}
	return ck.Value
}

// PresentedHash returns the hash of the request's secret, "" when it
// carries none.
func (c Cookie) PresentedHash(r *http.Request) string {
	if secret := c.Secret(r); secret != "" {
		return Hash(secret)
	}
	return ""
}

// Sweep calls sweep at once and then every hour until ctx ends: the
// removal of expired sessions. Every replica may run it, as long as sweep
// is idempotent.
func Sweep(ctx context.Context, sweep func(context.Context)) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		sweep(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
