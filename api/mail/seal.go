package mail

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

// sealer encrypts what the mail package keeps in the database with
// AES-256-GCM under a key derived from the site's secret key, so codes and
// links never sit there in clear.
type sealer struct {
	aead cipher.AEAD
}

// hkdfInfo separates the mail key from other keys derived from SECRET_KEY.
const hkdfInfo = "mail-queue"

func newSealer(secretKey string) (*sealer, error) {
	if len(secretKey) < 32 {
		return nil, errors.New("mail: the secret key must be at least 32 characters")
	}
	key, err := hkdf.Key(sha256.New, []byte(secretKey), nil, hkdfInfo, 32)
	if err != nil {
		return nil, fmt.Errorf("mail: derive key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("mail: derive key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("mail: derive key: %w", err)
	}
	return &sealer{aead: aead}, nil
}

// seal encrypts plain, binding it to purpose (so a queued message cannot be
// passed off as an outbox entry), and returns nonce and ciphertext in base64.
func (s *sealer) seal(purpose string, plain []byte) string {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	_, _ = rand.Read(nonce) // never fails (crypto/rand)
	return base64.StdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, []byte(purpose)))
}

// errUnseal means a sealed value cannot be opened: it was damaged, or
// sealed under another SECRET_KEY.
var errUnseal = errors.New("mail: cannot open a sealed message (was SECRET_KEY changed?)")

func (s *sealer) open(purpose, sealed string) ([]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return nil, errUnseal
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(purpose))
	if err != nil {
		return nil, errUnseal
	}
	return plain, nil
}
