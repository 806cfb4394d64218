package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/content"
)

const contentUsage = `usage: server content export [--force] DIR

  export  write the published content (the firm's settings, every page and item in
          every language) into DIR in the layout of api/content/seed, for backups
          and review; seed reads it back. DIR must be empty or new; --force replaces
          its site.json, sitemap.json, pages/ and collections/ and leaves the rest.`

// contentExportCmd runs "server content export [--force] DIR".
type contentExportCmd struct {
	dir   string
	force bool // replace what an earlier export wrote in dir
}

func parseContent(args []string) (command, error) {
	_, args, err := subcommand(args, contentUsage, "export")
	if err != nil {
		return nil, err
	}
	fs := newFlagSet("content export")
	var c contentExportCmd
	fs.BoolVar(&c.force, "force", false, "")
	// The directory may come before or after --force.
	var dirs []string
	for {
		if err := parseFlags(fs, args, contentUsage); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		dirs = append(dirs, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(dirs) != 1 || dirs[0] == "" {
		return nil, usageError{"name one directory\n\n" + contentUsage}
	}
	c.dir = dirs[0]
	return c, nil
}

func (c contentExportCmd) run(ctx context.Context, cfg *config.Config, logger *slog.Logger, stdout io.Writer) error {
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := content.Export(ctx, st, c.dir, c.force)
	if err != nil {
		return err
	}
	_, _ = fmt.Fprintf(stdout, "wrote %d files to %s\n", n, c.dir)
	return nil
}
