package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// RawExec runs one SQL statement as written, bypassing the store's
// methods: tests use it to send what no method of the store would.
func (s *Store) RawExec(ctx context.Context, stmt string) error {
	return s.db.WithContext(ctx).Exec(stmt).Error
}

// RerunProseMigration applies migration 19 again, in a transaction: tests
// store bodies of the older form after migrating and convert them.
func (s *Store) RerunProseMigration(ctx context.Context) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return migrateProse(tx, dialects[s.driver]) })
}

// LastVacuum returns when a table of the store's schema was last vacuumed
// by a command (not by autovacuum) on PostgreSQL; nil when never.
func (s *Store) LastVacuum(ctx context.Context, table string) (*time.Time, error) {
	var at *time.Time
	err := s.db.WithContext(ctx).Raw(`SELECT last_vacuum FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND relname = ?`, table).Row().Scan(&at)
	return at, err
}
