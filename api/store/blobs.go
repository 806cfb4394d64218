package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateBlobs creates the table that holds uploads (profile pictures, CVs)
// when replicas share one database (migration 8). It exists on SQLite too,
// so both schemas stay alike, although a single-host site keeps its uploads
// on the file system.
func migrateBlobs(tx *gorm.DB, d dialect) error {
	return tx.Exec(`CREATE TABLE blobs (
		key          TEXT PRIMARY KEY,
		content_type TEXT NOT NULL,
		size         BIGINT NOT NULL,
		data         ` + d.bytes + ` NOT NULL,
		created_at   ` + d.timestamp + ` NOT NULL
	)`).Error
}

// blobRow is a row of blobs.
type blobRow struct {
	Key         string `gorm:"primaryKey"`
	ContentType string
	Size        int64
	Data        []byte
	CreatedAt   time.Time
}

// TableName names the table for GORM.
func (blobRow) TableName() string { return "blobs" }

// PutBlob stores data under key, replacing what was there, in one statement.
func (s *Store) PutBlob(ctx context.Context, key, contentType string, data []byte) error {
	if data == nil {
		data = []byte{} // NOT NULL: an empty blob is still a blob
	}
	err := s.db.WithContext(ctx).Exec(`INSERT INTO blobs (key, content_type, size, data, created_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET content_type = excluded.content_type, size = excluded.size,
			data = excluded.data, created_at = excluded.created_at`,
		key, contentType, int64(len(data)), data, dbTime(time.Now())).Error
	if err != nil {
		return fmt.Errorf("store: put blob %s: %w", key, err)
	}
	return nil
}

// Blob returns the data and content type stored under key, or ErrNotFound.
func (s *Store) Blob(ctx context.Context, key string) ([]byte, string, error) {
	var row blobRow
	err := s.db.WithContext(ctx).Select("data", "content_type").Where("key = ?", key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, "", ErrNotFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("store: get blob %s: %w", key, err)
	}
	return row.Data, row.ContentType, nil
}

// DeleteBlob removes the blob under key; a missing key is not an error.
func (s *Store) DeleteBlob(ctx context.Context, key string) error {
	if err := s.db.WithContext(ctx).Where("key = ?", key).Delete(&blobRow{}).Error; err != nil {
		return fmt.Errorf("store: delete blob %s: %w", key, err)
	}
	return nil
}
