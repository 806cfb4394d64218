package main

import (
	"context"
	"io"
	"log/slog"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/content"
)

const seedUsage = `usage: server seed [--force]

  load the content files into the database and exit; what staff changed stays

  --force  for development: the files' content replaces staff changes too`

// seedCmd runs "server seed [--force]".
type seedCmd struct {
	force bool // the files win over staff changes
}

func parseSeed(args []string) (command, error) {
	fs := newFlagSet("seed")
	var c seedCmd
	fs.BoolVar(&c.force, "force", false, "")
	if err := parseAlone(fs, args, seedUsage); err != nil {
		return nil, err
	}
	return c, nil
}

func (c seedCmd) run(ctx context.Context, cfg *config.Config, logger *slog.Logger, _ io.Writer) error {
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	if c.force {
		// For development: the files' content wins over staff changes,
		// whose versions stay listed.
		n, err := st.ForgetContentEditions(ctx)
		if err != nil {
			return err
		}
		logger.Warn("seed --force: staff changes are replaced by the content files", "languages", n)
	}
	changes, err := content.Seed(ctx, st)
	if err != nil {
		return err
	}
	version, err := st.ContentVersion(ctx)
	if err != nil {
		return err
	}
	if changes.Changed() {
		logger.Info("content seeded; running servers will re-render", "content_version", version,
			"settings", changes.Settings, "inserted", changes.Inserted, "updated", changes.Updated, "deleted", changes.Deleted, "kept_staff_changes", changes.Kept)
	} else {
		logger.Info("content already up to date", "content_version", version, "kept_staff_changes", changes.Kept)
	}
	return nil
}
