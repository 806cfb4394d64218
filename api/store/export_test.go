package store

import "context"

// RawExec runs one SQL statement as written, bypassing the store's
// methods: tests use it to send what no method of the store would.
func (s *Store) RawExec(ctx context.Context, stmt string) error {
	return s.db.WithContext(ctx).Exec(stmt).Error
}
