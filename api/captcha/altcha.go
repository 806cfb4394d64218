package captcha

import (
	"context"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	altcha "github.com/altcha-org/altcha-lib-go"
)

// ChallengeTTL is how long an ALTCHA challenge can be solved and submitted.
const ChallengeTTL = 10 * time.Minute

// Bounds on what a token may hold; anything larger is not ours.
const (
	maxToken = 2048
	maxSalt  = 256
)

// cleanupLockKey names the spent-challenge cleanup among PostgreSQL advisory locks.
const cleanupLockKey = 7_294_031_202

// Altcha issues and checks ALTCHA proof-of-work challenges (protocol v1,
// SHA-256). Verification is stateless in the library; each solution is
// also recorded as spent in the database so it is accepted only once,
// across every replica.
type Altcha struct {
	hmacKey   string
	spent     SpentStore
	maxNumber int64
	now       func() time.Time
	surge     *surge
}

// NewAltcha returns an ALTCHA provider signing with a key derived from
// secretKey (config.SecretKey). maxNumber sets the difficulty
// (ProductionMaxNumber for the site; tests use a small one); now is the
// clock, time.Now when nil. The work stays at maxNumber whatever the rate
// until RaiseWorkAfter says when to raise it.
func NewAltcha(secretKey string, spent SpentStore, maxNumber int64, now func() time.Time) (*Altcha, error) {
	if len(secretKey) < 32 {
		return nil, errors.New("captcha: the secret key must be at least 32 characters")
	}
	if maxNumber < 1 {
		return nil, errors.New("captcha: maxNumber must be positive")
	}
	key, err := hkdf.Key(sha256.New, []byte(secretKey), nil, "captcha", 32)
	if err != nil {
		return nil, fmt.Errorf("captcha: derive key: %w", err)
	}
	if now == nil {
		now = time.Now
	}
	return &Altcha{hmacKey: hex.EncodeToString(key), spent: spent, maxNumber: maxNumber, now: now}, nil
}

// RaiseWorkAfter makes a source that asks for more than after challenges
// within SurgeWindow solve harder ones, and everyone solve harder ones while
// the whole site is flooded; 0 keeps the work fixed.
func (a *Altcha) RaiseWorkAfter(after int) {
	a.surge = newSurge(after)
}

// Widget returns a fresh challenge for source (the client's address), valid
// for ChallengeTTL, as hard as the source's recent rate asks for.
func (a *Altcha) Widget(_ context.Context, source string) (Widget, error) {
	now := a.now()
	expires := now.Add(ChallengeTTL)
	ch, err := altcha.CreateChallenge(altcha.ChallengeOptions{
		Algorithm: altcha.SHA256,
		MaxNumber: a.maxNumber * a.surge.factor(source, now),
		HMACKey:   a.hmacKey,
		Expires:   &expires,
	})
	if err != nil {
		return Widget{}, fmt.Errorf("captcha: create challenge: %w", err)
	}
	return Widget{Provider: "altcha", Challenge: &Challenge{
		Algorithm: ch.Algorithm, Challenge: ch.Challenge, MaxNumber: ch.MaxNumber, Salt: ch.Salt, Signature: ch.Signature,
	}}, nil
}

// payload is a solution as the ALTCHA widget submits it: base64 of this JSON.
type payload struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int64  `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// decodeToken reads a token into a payload and its expiry, refusing
// anything malformed, of another algorithm, or without an expiry.
func decodeToken(token string, maxNumber int64) (payload, time.Time, error) {
	var p payload
	if token == "" || len(token) > maxToken {
		return p, time.Time{}, ErrInvalid
	}
	raw, err := base64.StdEncoding.DecodeString(token)
	if err != nil {
		return p, time.Time{}, ErrInvalid
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return p, time.Time{}, ErrInvalid
	}
	if p.Algorithm != string(altcha.SHA256) || p.Number < 0 || p.Number > maxNumber ||
		!isHex(p.Challenge, sha256.Size*2) || !isHex(p.Signature, sha256.Size*2) || len(p.Salt) > maxSalt {
		return p, time.Time{}, ErrInvalid
	}
	params := altcha.ExtractParams(altcha.Payload{Salt: p.Salt})
	sec, err := strconv.ParseInt(params.Get("expires"), 10, 64)
	if err != nil || sec <= 0 {
		return p, time.Time{}, ErrInvalid
	}
	return p, time.Unix(sec, 0), nil
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

// Verify accepts a solution once: it must decode, be unexpired, match its
// signed challenge, and not have been spent before.
func (a *Altcha) Verify(ctx context.Context, token, _ string) error {
	p, expires, err := decodeToken(token, a.maxNumber*a.surge.ceiling())
	if err != nil {
		return ErrInvalid
	}
	if !a.now().Before(expires) {
		return ErrInvalid
	}
	ok, err := altcha.VerifySolutionSafe(altcha.Payload{
		Algorithm: p.Algorithm, Challenge: p.Challenge, Number: p.Number, Salt: p.Salt, Signature: p.Signature,
	}, a.hmacKey, false)
	if err != nil || !ok {
		return ErrInvalid
	}
	sum := sha256.Sum256([]byte(p.Signature))
	fresh, err := a.spent.SpendCaptcha(ctx, hex.EncodeToString(sum[:]), expires)
	if err != nil {
		return fmt.Errorf("captcha: record solution: %w", err)
	}
	if !fresh {
		return ErrInvalid
	}
	return nil
}

// Cleanup forgets spent challenges that have expired. Among replicas
// sharing a PostgreSQL database only one runs it at a time.
func (a *Altcha) Cleanup(ctx context.Context) error {
	_, err := a.spent.TryExclusive(ctx, cleanupLockKey, func(ctx context.Context) error {
		_, err := a.spent.DeleteExpiredCaptcha(ctx, a.now())
		return err
	})
	if err != nil {
		return fmt.Errorf("captcha: cleanup: %w", err)
	}
	return nil
}

// RunCleanup calls Cleanup every interval until ctx ends.
func (a *Altcha) RunCleanup(ctx context.Context, interval time.Duration, logger *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := a.Cleanup(ctx); err != nil && ctx.Err() == nil {
			logger.Error("spent captcha cleanup failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
