package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

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

const submissionsUsage = `usage: server submissions list   [--kind K] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--limit N]
       server submissions export --kind K [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out file.csv] [--cvs DIR]

  list    print the submissions as a short table (the newest 50 unless --limit)
  export  write the submissions as CSV (to standard output unless --out);
          cells a spreadsheet would run as a formula start with a quote.
          --cvs DIR also copies the stored CVs of applications into DIR.

  --kind  proposal, inquiry, contact, application, webinar or publication
  --from  the first day, inclusive (UTC)
  --to    the last day, inclusive (UTC)`

// submissions runs "server submissions list|export ...".
func submissions(ctx context.Context, cfg *config.Config, logger *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) == 0 || (args[0] != "list" && args[0] != "export") {
		return usageError{submissionsUsage}
	}
	export := args[0] == "export"
	fs := flag.NewFlagSet("submissions "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	kind := fs.String("kind", "", "")
	from := fs.String("from", "", "")
	to := fs.String("to", "", "")
	out := fs.String("out", "", "")
	cvs := fs.String("cvs", "", "")
	limit := fs.Int("limit", 50, "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 {
		return usageError{submissionsUsage}
	}
	filter, err := submissionFilter(*kind, *from, *to, export)
	if err != nil {
		return usageError{err.Error() + "\n\n" + submissionsUsage}
	}
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()

	if !export {
		filter.Limit = max(*limit, 0)
		_, err := forms.ListTable(ctx, st, stdout, filter)
		return err
	}
	w := stdout
	if *out != "" {
		f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	n, err := forms.ExportCSV(ctx, st, w, filter)
	if err != nil {
		return err
	}
	logger.Info("submissions exported", "kind", filter.Kind, "rows", n, "out", *out)
	if *cvs != "" {
		blobs, err := newBlobs(cfg, st)
		if err != nil {
			return err
		}
		saved, err := forms.SaveCVs(ctx, st, blobs, *cvs, filter)
		if err != nil {
			return err
		}
		logger.Info("CVs saved", "count", saved, "dir", *cvs)
	}
	return nil
}

// submissionFilter reads the flags shared by list and export.
func submissionFilter(kind, from, to string, kindRequired bool) (store.SubmissionFilter, error) {
	var f store.SubmissionFilter
	switch {
	case kind == "" && kindRequired:
		return f, errors.New("--kind is required")
	case kind != "" && !forms.ValidKind(kind):
		return f, fmt.Errorf("unknown --kind %q", kind)
	}
	f.Kind = kind
	if from != "" {
		d, err := time.Parse(time.DateOnly, from)
		if err != nil {
			return f, errors.New("--from must be a date such as 2026-11-01")
		}
		f.From = d
	}
	if to != "" {
		d, err := time.Parse(time.DateOnly, to)
		if err != nil {
			return f, errors.New("--to must be a date such as 2026-11-30")
		}
		f.To = d.Add(24 * time.Hour)
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		return f, errors.New("--from must not be after --to")
	}
	return f, nil
}

// usageError is a mistake on the command line: main prints it and exits 2.
type usageError struct{ text string }

func (e usageError) Error() string { return e.text }
