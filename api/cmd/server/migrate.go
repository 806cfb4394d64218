package main

import (
	"context"
	"io"
	"log/slog"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/store"
)

const migrateUsage = `usage: server migrate

  apply pending database migrations and exit (the step to run before servers
  started with AUTO_MIGRATE=false)`

// migrateCmd runs "server migrate".
type migrateCmd struct{}

func parseMigrate(args []string) (command, error) {
	if err := parseAlone(newFlagSet("migrate"), args, migrateUsage); err != nil {
		return nil, err
	}
	return migrateCmd{}, nil
}

func (migrateCmd) run(ctx context.Context, cfg *config.Config, logger *slog.Logger, _ io.Writer) error {
	st, err := store.Open(ctx, cfg.DatabaseDriver, cfg.DatabaseDSN)
	if err != nil {
		return err
	}
	defer st.Close()
	before, err := st.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if err := st.Migrate(ctx); err != nil {
		return err
	}
	logger.Info("migrations applied", "from_version", before, "to_version", store.LatestSchemaVersion())
	return nil
}

// openStore connects to the database and brings its schema up to date, or,
// with AUTO_MIGRATE=false, refuses a schema older than this build.
func openStore(ctx context.Context, cfg *config.Config, logger *slog.Logger) (*store.Store, error) {
	st, err := store.Open(ctx, cfg.DatabaseDriver, cfg.DatabaseDSN)
	if err != nil {
		return nil, err
	}
	if cfg.AutoMigrate {
		err = st.Migrate(ctx)
	} else {
		err = st.CheckSchema(ctx)
	}
	if err != nil {
		_ = st.Close()
		return nil, err
	}
	logger.Info("database ready", "driver", cfg.DatabaseDriver, "schema_version", store.LatestSchemaVersion())
	return st, nil
}
