package main

import (
	"log/slog"
	"path/filepath"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// newBlobs returns the upload store: the blobs table when the database is
// PostgreSQL, which every replica shares; DATA_DIR/blobs on the single host
// that SQLite implies. Its limit takes the media library's largest document.
func newBlobs(cfg *config.Config, st *store.Store) (blob.Store, error) {
	limit := blob.MaxSize(admin.MaxMediaBytes)
	if cfg.DatabaseDriver == config.DriverPostgres {
		return blob.NewDB(st, store.ErrNotFound, limit), nil
	}
	return blob.NewFS(filepath.Join(cfg.DataDir, "blobs"), limit)
}

// newAccounts builds the account service: profile pictures in the upload
// store, e-mail through the queue, the captcha verifier.
func newAccounts(cfg *config.Config, st *store.Store, logger *slog.Logger, mailer mail.Enqueuer, verifier auth.Verifier) (*auth.Service, error) {
	blobs, err := newBlobs(cfg, st)
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

// captchaWidget is the captcha the pages' forms show: the configured
// provider and, for a hosted one, its public site key. ALTCHA is served by
// the site itself and has none.
func captchaWidget(cfg *config.Config) content.Captcha {
	w := content.Captcha{Provider: cfg.CaptchaProvider}
	if cfg.CaptchaProvider != config.CaptchaAltcha {
		w.SiteKey = cfg.CaptchaSiteKey
	}
	return w
}
