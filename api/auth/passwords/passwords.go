// Package passwords hashes and checks visitors' passwords with argon2id and
// holds the rules a new password must meet.
package passwords

//go:generate node generate.mjs

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"
)

// Parameters of new hashes: argon2id with 19 MiB of memory, two passes and
// one lane (the OWASP baseline), a 16-byte salt and a 32-byte key.
const (
	memoryKiB = 19 * 1024
	passes    = 2
	lanes     = 1
	saltLen   = 16
	keyLen    = 32
)

// ErrMalformedHash is returned for a stored hash that is not an argon2id PHC string.
var ErrMalformedHash = errors.New("passwords: malformed hash")

// ErrBusy is returned when a hash waited its longest for a slot: every slot
// is taken, by a flood of logins as like as not, and the caller should ask
// for the attempt again in a few seconds rather than queue it.
var ErrBusy = errors.New("passwords: every hashing slot is busy")

// MaxWait is how long a hash waits for its turn by default.
const MaxWait = 2 * time.Second

// Slots is the hashing budget: how many hashes run at once (each takes 19
// MiB and a core) and how long one waits for its turn. A flood of logins
// then costs its senders a quick refusal instead of costing everyone else
// a wait that grows with the flood.
type Slots struct {
	ch    chan struct{}
	wait  time.Duration
	after func(time.Duration) <-chan time.Time
}

// SlotsConfig configures NewSlots; zero values take the defaults shown.
type SlotsConfig struct {
	Concurrency int                                  // GOMAXPROCS, kept between 2 and 8
	Wait        time.Duration                        // MaxWait
	After       func(time.Duration) <-chan time.Time // time.After; what ends a wait
}

// NewSlots returns a hashing budget.
func NewSlots(cfg SlotsConfig) *Slots {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = min(max(runtime.GOMAXPROCS(0), 2), 8)
	}
	if cfg.Wait <= 0 {
		cfg.Wait = MaxWait
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	return &Slots{ch: make(chan struct{}, cfg.Concurrency), wait: cfg.Wait, after: cfg.After}
}

// Acquire takes a slot, waiting for one at most the budget's wait (then
// ErrBusy) or until ctx ends. Every successful Acquire needs a Release.
func (s *Slots) Acquire(ctx context.Context) error {
	select {
	case s.ch <- struct{}{}:
		return nil
	default:
	}
	select {
	case s.ch <- struct{}{}:
		return nil
	case <-s.after(s.wait):
		return ErrBusy
	case <-ctx.Done():
		return fmt.Errorf("passwords: waiting to hash: %w", ctx.Err())
	}
}

// Release gives a slot back.
func (s *Slots) Release() { <-s.ch }

// Hasher hashes and verifies passwords within a hashing budget (Slots).
type Hasher struct {
	slots *Slots
	dummy string // hash of a random password, checked for unknown accounts
}

// NewHasher returns a Hasher running at most concurrency hashes at once
// (zero or less picks GOMAXPROCS, kept between 2 and 8), each waiting at
// most MaxWait for its turn.
func NewHasher(concurrency int) *Hasher {
	return NewHasherOn(NewSlots(SlotsConfig{Concurrency: concurrency}))
}

// NewHasherOn returns a Hasher working within slots.
func NewHasherOn(slots *Slots) *Hasher {
	h := &Hasher{slots: slots}
	h.dummy = encode(randomBytes(saltLen), argon2.IDKey(randomBytes(24), randomBytes(saltLen), passes, memoryKiB, lanes, keyLen), memoryKiB, passes, lanes)
	return h
}

// On returns a Hasher that checks and hashes as h does, with h's dummy
// hash, within other slots: a lane of its own, which the waits of h's
// slots do not reach.
func (h *Hasher) On(slots *Slots) *Hasher { return &Hasher{slots: slots, dummy: h.dummy} }

// Hash returns the PHC string of password:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.slots.Acquire(ctx); err != nil {
		return "", err
	}
	defer h.slots.Release()
	salt := randomBytes(saltLen)
	key := argon2.IDKey([]byte(password), salt, passes, memoryKiB, lanes, keyLen)
	return encode(salt, key, memoryKiB, passes, lanes), nil
}

// Verify reports whether password matches the PHC string encoded, comparing
// in constant time. rehash is true when the hash uses older parameters and
// should be replaced with a fresh Hash of the password.
func (h *Hasher) Verify(ctx context.Context, password, encoded string) (ok, rehash bool, err error) {
	p, err := decode(encoded)
	if err != nil {
		return false, false, err
	}
	if err := h.slots.Acquire(ctx); err != nil {
		return false, false, err
	}
	defer h.slots.Release()
	key := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.lanes, uint32(len(p.key)))
	ok = subtle.ConstantTimeCompare(key, p.key) == 1
	rehash = p.memory != memoryKiB || p.time != passes || p.lanes != lanes || len(p.key) != keyLen || len(p.salt) != saltLen
	return ok, rehash, nil
}

// VerifyDummy spends the time of a real Verify and returns false: it stands
// in for the check when no account has the e-mail, so timing tells nothing.
func (h *Hasher) VerifyDummy(ctx context.Context, password string) error {
	_, _, err := h.Verify(ctx, password, h.dummy)
	return err
}

type params struct {
	memory    uint32
	time      uint32
	lanes     uint8
	salt, key []byte
}

var b64 = base64.RawStdEncoding

func encode(salt, key []byte, memory, time uint32, lanes uint8) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, memory, time, lanes,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

func decode(encoded string) (params, error) {
	var p params
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, ErrMalformedHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, ErrMalformedHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.lanes); err != nil {
		return p, ErrMalformedHash
	}
	// Refuse parameters no hash of ours has, so a tampered row cannot make
	// the server allocate gigabytes.
	if p.memory < 8 || p.memory > 256*1024 || p.time < 1 || p.time > 10 || p.lanes < 1 || p.lanes > 4 {
		return p, ErrMalformedHash
	}
	var err error
	if p.salt, err = b64.DecodeString(parts[4]); err != nil || len(p.salt) < 8 {
		return p, ErrMalformedHash
	}
	if p.key, err = b64.DecodeString(parts[5]); err != nil || len(p.key) < 16 || len(p.key) > 64 {
		return p, ErrMalformedHash
	}
	return p, nil
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return b
}
