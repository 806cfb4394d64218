package main

import (
	"context"
	"errors"
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
	// The renderer encodes the media library's pictures as it does covers.
	if enc, ok := covers.(admin.MediaEncoder); ok {
		acfg.Media = enc
	}
	if outbox != nil {
		acfg.Outbox = outbox
	}
	if preview != nil {
		acfg.Preview = preview
		acfg.Pages = preview.Catalog
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
                       authenticator app, recovery codes), sign it out and e-mail it
                       a one-time link, valid 24 hours, to set up a new one with its
                       password (the password alone no longer signs in)

  --role       administrator, editor, translator, hr, sales or viewer
  --languages  a translator's languages (en, nl, fr, ar), comma-separated
  --office     a sales account's office (london, dubai, cairo), optional

Both are recorded in the audit trail as done from the command line.`

// staffCmd runs "server staff invite|reset-second-factor ...".
type staffCmd struct {
	invite    bool // invite rather than reset a second factor
	email     string
	role      admin.Role
	languages []string
	office    string
}

func parseStaff(args []string) (command, error) {
	sub, args, err := subcommand(args, staffUsage, "invite", "reset-second-factor")
	if err != nil {
		return nil, err
	}
	c := staffCmd{invite: sub == "invite"}
	fs := newFlagSet("staff " + sub)
	fs.StringVar(&c.email, "email", "", "")
	role := fs.String("role", "", "")
	languages := fs.String("languages", "", "")
	fs.StringVar(&c.office, "office", "", "")
	if err := parseAlone(fs, args, staffUsage); err != nil {
		return nil, err
	}
	if c.email == "" {
		return nil, usageError{"--email is required\n\n" + staffUsage}
	}
	if !c.invite {
		return c, nil
	}
	if !admin.ValidRole(*role) {
		return nil, usageError{fmt.Sprintf("unknown --role %q\n\n%s", *role, staffUsage)}
	}
	c.role = admin.Role(*role)
	if *languages != "" {
		c.languages = strings.Split(*languages, ",")
	}
	if c.role == admin.Translator && len(c.languages) == 0 {
		return nil, usageError{"a translator needs --languages\n\n" + staffUsage}
	}
	return c, nil
}

func (c staffCmd) run(ctx context.Context, cfg *config.Config, logger *slog.Logger, stdout io.Writer) error {
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	// The link to set up a new second factor goes through the mail queue,
	// which the running server sends.
	queue, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: cfg.SecretKey})
	if err != nil {
		return err
	}
	svc, err := newAdmin(cfg, st, logger, nil, nil, queue, nil, nil, nil)
	if err != nil {
		return err
	}
	if !c.invite {
		done, err := svc.ResetSecondFactor(ctx, c.email, "", "")
		if errors.Is(err, store.ErrNotFound) {
			return usageError{"no staff account has this address"}
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Second factors removed. A link to set up a new one was e-mailed to %s;\nit works once, with the password, until %s UTC.\n",
			done.Email, done.ExpiresAt.Format("2006-01-02 15:04"))
		return nil
	}
	inv, err := svc.Invite(ctx, c.email, c.role, c.languages, c.office, "", "")
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
