package main

import (
	"context"
	"io"
	"log/slog"

	"noorvale.example/site/api/config"
)

// runCommand parses args as the command line and runs the command it names.
func runCommand(ctx context.Context, cfg *config.Config, logger *slog.Logger, args []string, stdout io.Writer) error {
	_, cmd, err := parse(args)
	if err != nil {
		return err
	}
	return cmd.run(ctx, cfg, logger, stdout)
}
