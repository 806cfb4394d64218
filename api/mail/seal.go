package mail

import (
	"errors"
	"fmt"

	"noorvale.example/site/api/internal/seal"
)

// sealer encrypts what the mail package keeps in the database with
// AES-256-GCM under a key derived from the site's secret key, so codes and
// links never sit there in clear.
type sealer struct {
	s *seal.Sealer
}

// hkdfInfo separates the mail key from other keys derived from SECRET_KEY.
const hkdfInfo = "mail-queue"

func newSealer(secretKey string) (*sealer, error) {
	s, err := seal.New(secretKey, hkdfInfo)
	if err != nil {
		return nil, fmt.Errorf("mail: %w", err)
	}
	return &sealer{s: s}, nil
}

// seal encrypts plain, binding it to purpose (so a queued message cannot be
// passed off as an outbox entry), and returns nonce and ciphertext in base64.
func (s *sealer) seal(purpose string, plain []byte) string { return s.s.Seal(purpose, plain) }

// errUnseal means a sealed value cannot be opened: it was damaged, or
// sealed under another SECRET_KEY.
var errUnseal = errors.New("mail: cannot open a sealed message (was SECRET_KEY changed?)")

func (s *sealer) open(purpose, sealed string) ([]byte, error) {
	plain, err := s.s.Open(purpose, sealed)
	if err != nil {
		return nil, errUnseal
	}
	return plain, nil
}
