// Package seal encrypts what the site keeps in the database but must read
// back (queued e-mail, staff members' TOTP secrets) with AES-256-GCM under
// a key derived from the site's secret key, each use under its own key.
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
)

// ErrUnseal means a sealed value cannot be opened: it was damaged, sealed
// for another purpose, or sealed under another SECRET_KEY.
var ErrUnseal = errors.New("seal: cannot open a sealed value (was SECRET_KEY changed?)")

// Sealer seals and opens values under one derived key.
type Sealer struct {
	aead cipher.AEAD
}

// New derives the key named info (which separates its uses) from secretKey.
func New(secretKey, info string) (*Sealer, error) {
	if len(secretKey) < 32 {
		return nil, errors.New("seal: the secret key must be at least 32 characters")
	}
	key, err := hkdf.Key(sha256.New, []byte(secretKey), nil, info, 32)
	if err != nil {
		return nil, fmt.Errorf("seal: derive key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("seal: derive key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("seal: derive key: %w", err)
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts plain, binding it to purpose (a value sealed for one
// purpose, or one owner, does not open for another), and returns nonce and
// ciphertext in base64.
func (s *Sealer) Seal(purpose string, plain []byte) string {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	_, _ = rand.Read(nonce) // never fails (crypto/rand)
	return base64.StdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, []byte(purpose)))
}

// Open decrypts what Seal returned for the same purpose, or answers ErrUnseal.
func (s *Sealer) Open(purpose, sealed string) ([]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return nil, ErrUnseal
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(purpose))
	if err != nil {
		return nil, ErrUnseal
	}
	return plain, nil
}
