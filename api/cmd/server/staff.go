package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"noorvale.example/site/api/admin"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

// newAdmin builds the back-office service, which opens CVs from the forms'
// upload store, acts on visitors' accounts through accounts, replies to
// submitters through forms, has uploaded covers encoded by covers (the
// renderer), previews drafts through the page cache's renderer, sends staff
// members notices about their own accounts through mailer and, in
// development, erases a person's messages in the outbox (each nil for none:
// the command line does none of these).
func newAdmin(cfg *config.Config, st *store.Store, logger *slog.Logger, accounts admin.Accounts, forms admin.Forms, mailer mail.Enqueuer, outbox *mail.Outbox, covers admin.CoverEncoder, preview *render.Cache) (*admin.Service, error) {
	blobs, err := newBlobs(cfg, st)
	if err != nil {
		return nil, err
	}
	acfg := admin.Config{
		Store: st, BaseURL: cfg.BaseURL, SecretKey: cfg.SecretKey, Logger: logger, Blobs: blobs,
		StepUp: cfg.StaffStepUp, EveryAction: cfg.StaffStepUp == 0, Accounts: accounts, Forms: forms, Covers: covers,
		Mail: mailer,
	}
	if outbox != nil {
		acfg.Outbox = outbox
	}
	if preview != nil {
		acfg.Preview = preview
		styles, err := render.StylesheetHashes(cfg.DistDir)
		if err != nil {
			return nil, err
		}
		acfg.StyleHashes = styles
	}
	return admin.New(acfg)
}

const staffUsage = `usage: server staff invite --email ADDRESS --role ROLE [--languages en,ar] [--office dubai]
       server staff reset-second-factor --email ADDRESS

  invite               print a one-time link to join the back-office with a role,
                       valid 48 hours; the first administrator is invited this way
  reset-second-factor  remove every second factor of a staff account (passkeys,
                       authenticator app, recovery codes) and sign it out: the next
                       sign-in with the password enrols a new one

  --role       administrator, editor, translator, hr, sales or viewer
  --languages  a translator's languages (en, nl, fr, ar), comma-separated
  --office     a sales account's office (london, dubai, cairo), optional

Both are recorded in the audit trail as done from the command line.`

// staff runs "server staff invite|reset-second-factor ...".
func staff(ctx context.Context, cfg *config.Config, logger *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) == 0 || (args[0] != "invite" && args[0] != "reset-second-factor") {
		return usageError{staffUsage}
	}
	fs := flag.NewFlagSet("staff "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "")
	role := fs.String("role", "", "")
	languages := fs.String("languages", "", "")
	office := fs.String("office", "", "")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || *email == "" {
		return usageError{staffUsage}
	}
	invite := args[0] == "invite"
	var langs []string
	if invite {
		if !admin.ValidRole(*role) {
			return usageError{fmt.Sprintf("unknown --role %q\n\n%s", *role, staffUsage)}
		}
		if *languages != "" {
			langs = strings.Split(*languages, ",")
		}
		if admin.Role(*role) == admin.Translator && len(langs) == 0 {
			return usageError{"a translator needs --languages\n\n" + staffUsage}
		}
	}
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	svc, err := newAdmin(cfg, st, logger, nil, nil, nil, nil, nil, nil)
	if err != nil {
		return err
	}
	if !invite {
		err := svc.ResetSecondFactor(ctx, *email, "", "")
		if errors.Is(err, store.ErrNotFound) {
			return usageError{"no staff account has this address"}
		}
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, "Second factors removed. The next sign-in with the password sets up a new one.")
		return nil
	}
	inv, err := svc.Invite(ctx, *email, admin.Role(*role), langs, *office, "", "")
	switch {
	case errors.Is(err, store.ErrStaffExists):
		return usageError{"a staff account already has this address"}
	case errors.Is(err, admin.ErrInvalidInvitation):
		return usageError{"--email must be an e-mail address\n\n" + staffUsage}
	case err != nil:
		return err
	}
	fmt.Fprintf(stdout, "%s\n\nThis link works once, until %s UTC.\n", inv.Link, inv.ExpiresAt.Format("2006-01-02 15:04"))
	return nil
}
