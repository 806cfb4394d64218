package store

import (
	"context"
	"fmt"
	"strings"
)

// personalTables are the tables that hold what a person sent or is: what
// erasing a person deletes or overwrites.
var personalTables = []string{
	"submissions", "submission_notes", "users", "sessions", "auth_tokens", "registrations",
	"mail_queue", "mail_outbox", "blobs",
}

// ScrubDeleted makes what was just deleted or overwritten unreadable in the
// database's own files, as far as the database allows; it is run after a
// person is erased. On SQLite, whose connections overwrite deleted content
// with zeros (secure_delete), it copies the write-ahead log into the
// database file and truncates the log, which otherwise keeps the older
// copies of the pages until it wraps. On PostgreSQL it vacuums the tables
// that hold personal data, removing the dead versions of their rows;
// backups and archived write-ahead log keep them until they expire, which
// is the operator's to bound.
func (s *Store) ScrubDeleted(ctx context.Context) error {
	db := s.db.WithContext(bulk(ctx))
	if s.driver == Postgres {
		// VACUUM runs outside any transaction: GORM sends it on its own.
		if err := db.Exec("VACUUM " + strings.Join(personalTables, ", ")).Error; err != nil {
			return fmt.Errorf("store: vacuum erased rows: %w", err)
		}
		return nil
	}
	var busy, logFrames, checkpointed int
	if err := db.Raw("PRAGMA wal_checkpoint(TRUNCATE)").Row().Scan(&busy, &logFrames, &checkpointed); err != nil {
		return fmt.Errorf("store: checkpoint the write-ahead log: %w", err)
	}
	if busy != 0 {
		return fmt.Errorf("store: checkpoint the write-ahead log: readers kept it busy, %d of %d pages copied", checkpointed, logFrames)
	}
	return nil
}
