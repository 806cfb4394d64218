package main

import (
	"log/slog"
	"path/filepath"

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// newAccounts builds the account service: profile pictures under
// DATA_DIR/blobs, e-mail through the queue, the captcha verifier.
func newAccounts(cfg *config.Config, st *store.Store, logger *slog.Logger, mailer mail.Enqueuer, verifier auth.Verifier) (*auth.Service, error) {
	blobs, err := blob.NewFS(filepath.Join(cfg.DataDir, "blobs"))
	if err != nil {
		return nil, err
	}
	return auth.New(auth.Config{
		Store:     st,
		Mail:      mailer,
		Captcha:   verifier,
		Blobs:     blobs,
		BaseURL:   cfg.BaseURL,
		SecretKey: cfg.SecretKey,
		Logger:    logger,
	}), nil
}
