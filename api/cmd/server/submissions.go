package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/forms"
	"noorvale.example/site/api/store"
)

const submissionsUsage = `usage: server submissions list   [--kind K] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--limit N]
       server submissions export --kind K [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out file.csv] [--cvs DIR]

  list    print the submissions as a short table (the newest 50 unless --limit)
  export  write the submissions as CSV (to standard output unless --out);
          cells a spreadsheet would run as a formula start with a quote.
          --cvs DIR also copies the stored CVs of applications into DIR.

  --kind  proposal, inquiry, contact, application, webinar or publication
  --from  the first day, inclusive (UTC)
  --to    the last day, inclusive (UTC)`

// submissionsCmd runs "server submissions list|export ...".
type submissionsCmd struct {
	export bool // CSV rather than a table
	filter store.SubmissionFilter
	out    string // the CSV file; standard output when empty
	cvs    string // the directory for applications' CVs; none when empty
}

func parseSubmissions(args []string) (command, error) {
	sub, args, err := subcommand(args, submissionsUsage, "list", "export")
	if err != nil {
		return nil, err
	}
	c := submissionsCmd{export: sub == "export"}
	fs := newFlagSet("submissions " + sub)
	kind := fs.String("kind", "", "")
	from := fs.String("from", "", "")
	to := fs.String("to", "", "")
	fs.StringVar(&c.out, "out", "", "")
	fs.StringVar(&c.cvs, "cvs", "", "")
	limit := fs.Int("limit", 50, "")
	if err := parseAlone(fs, args, submissionsUsage); err != nil {
		return nil, err
	}
	if c.filter, err = submissionFilter(*kind, *from, *to, c.export); err != nil {
		return nil, usageError{err.Error() + "\n\n" + submissionsUsage}
	}
	if !c.export {
		c.filter.Limit = max(*limit, 0)
	}
	return c, nil
}

func (c submissionsCmd) run(ctx context.Context, cfg *config.Config, logger *slog.Logger, stdout io.Writer) error {
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()

	if !c.export {
		_, err := forms.ListTable(ctx, st, stdout, c.filter)
		return err
	}
	w := stdout
	if c.out != "" {
		f, err := os.OpenFile(c.out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	n, err := forms.ExportCSV(ctx, st, w, c.filter)
	if err != nil {
		return err
	}
	logger.Info("submissions exported", "kind", c.filter.Kind, "rows", n, "out", c.out)
	if c.cvs != "" {
		blobs, err := newBlobs(cfg, st)
		if err != nil {
			return err
		}
		saved, err := forms.SaveCVs(ctx, st, blobs, c.cvs, c.filter)
		if err != nil {
			return err
		}
		logger.Info("CVs saved", "count", saved, "dir", c.cvs)
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
