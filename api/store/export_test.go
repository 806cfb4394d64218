package store

import (
	"context"

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
