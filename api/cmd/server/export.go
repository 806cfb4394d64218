package main

import (
	"context"
	"flag"
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

// contentCommand runs "server content export [--force] DIR".
func contentCommand(ctx context.Context, cfg *config.Config, logger *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "export" {
		return usageError{contentUsage}
	}
	fs := flag.NewFlagSet("content export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	force := fs.Bool("force", false, "")
	// The directory may come before or after --force.
	var dirs []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			return usageError{contentUsage}
		}
		if fs.NArg() == 0 {
			break
		}
		dirs = append(dirs, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(dirs) != 1 || dirs[0] == "" {
		return usageError{contentUsage}
	}
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := content.Export(ctx, st, dirs[0], *force)
	if err != nil {
		return err
	}
	_, _ = fmt.Fprintf(stdout, "wrote %d files to %s\n", n, dirs[0])
	return nil
}
