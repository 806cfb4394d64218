package main

import (
	"context"
	"log/slog"

	"noorvale.example/site/api/auth"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/content"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// newForms builds the forms service: CVs in the upload store, e-mail
// through the queue, notifications to the configured inboxes (an office
// without FORMS_INBOX_<OFFICE> uses its address in the site settings).
func newForms(ctx context.Context, cfg *config.Config, st *store.Store, logger *slog.Logger,
	mailer mail.Sealer, verifier forms.Verifier, users *auth.Service, catalog func() *content.Catalog) (*forms.Service, error) {
	blobs, err := newBlobs(cfg, st)
	if err != nil {
		return nil, err
	}
	site, err := content.LoadSite(ctx, st)
	if err != nil {
		return nil, err
	}
	offices := map[string]string{}
	for _, o := range site.Offices {
		offices[o.Key] = o.Email
	}
	for key, v := range map[string]string{"london": cfg.FormsInboxLondon, "dubai": cfg.FormsInboxDubai, "cairo": cfg.FormsInboxCairo} {
		if v != "" {
			offices[key] = v
		}
		if offices[key] == "" {
			offices[key] = cfg.FormsInboxMarketing
		}
	}
	return forms.New(forms.Config{
		Store: st, Mail: mailer, Captcha: verifier, Blobs: blobs, Users: users, Catalog: catalog,
		Inboxes:     forms.Inboxes{Offices: offices, HR: cfg.FormsInboxHR, Marketing: cfg.FormsInboxMarketing},
		BaseURL:     cfg.BaseURL,
		SecretKey:   cfg.SecretKey,
		CVRetention: cfg.CVRetention,
		Retention:   cfg.Retention,
		Logger:      logger,
	}), nil
}
