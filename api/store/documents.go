package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migrateDocuments creates the tables of rendered pages (migration 11):
// every public document a build rendered, brotli-compressed, so a restart or
// another replica of the same build loads them instead of rendering, and one
// row per build with the script hashes its pages' CSP needs and the lease on
// rendering its changes.
func migrateDocuments(tx *gorm.DB, d dialect) error {
	if err := tx.Exec(`CREATE TABLE rendered_builds (
		build         TEXT PRIMARY KEY,
		script_hashes TEXT NOT NULL,
		used_at       ` + d.timestamp + ` NOT NULL,
		lease_holder  TEXT NOT NULL DEFAULT '',
		lease_until   ` + d.timestamp + ` NOT NULL
	)`).Error; err != nil {
		return err
	}
	if err := tx.Exec(`CREATE TABLE rendered_documents (
		build        TEXT NOT NULL,
		path         TEXT NOT NULL,
		fingerprint  TEXT NOT NULL,
		status       INTEGER NOT NULL,
		content_type TEXT NOT NULL,
		hash         TEXT NOT NULL,
		size         BIGINT NOT NULL,
		brotli       ` + d.bytes + ` NOT NULL,
		seq          BIGINT NOT NULL,
		rendered_at  ` + d.timestamp + ` NOT NULL,
		PRIMARY KEY (build, path)
	)`).Error; err != nil {
		return err
	}
	return tx.Exec(`CREATE INDEX rendered_documents_seq ON rendered_documents (build, seq)`).Error
}

// RenderedDocument is a rendered page as the database keeps it.
type RenderedDocument struct {
	Path        string // the public path, or the not-found key of a language
	Fingerprint string // what the document was built from
	Status      int
	ContentType string
	Hash        string // the ETag's base
	Size        int    // of the uncompressed document
	Brotli      []byte
	Seq         int64 // the order in which documents of a build were stored
}

type renderedDocumentRow struct {
	Build       string `gorm:"primaryKey"`
	Path        string `gorm:"primaryKey"`
	Fingerprint string
	Status      int
	ContentType string
	Hash        string
	Size        int64
	Brotli      []byte
	Seq         int64
	RenderedAt  time.Time
}

// TableName names the table for GORM.
func (renderedDocumentRow) TableName() string { return "rendered_documents" }

type renderedBuildRow struct {
	Build        string `gorm:"primaryKey"`
	ScriptHashes string
	UsedAt       time.Time
	LeaseHolder  string
	LeaseUntil   time.Time
}

// TableName names the table for GORM.
func (renderedBuildRow) TableName() string { return "rendered_builds" }

// UseBuild records that a build is in use now, with the inline-script
// hashes its pages need, so its documents are kept; a build unused for a
// while is pruned (PruneBuilds).
func (s *Store) UseBuild(ctx context.Context, build string, scriptHashes []string, now time.Time) error {
	hashes, err := json.Marshal(scriptHashes)
	if err != nil {
		return fmt.Errorf("store: use build: %w", err)
	}
	err = s.db.WithContext(ctx).Exec(`INSERT INTO rendered_builds (build, script_hashes, used_at, lease_holder, lease_until)
		VALUES (?, ?, ?, '', ?)
		ON CONFLICT (build) DO UPDATE SET script_hashes = excluded.script_hashes, used_at = excluded.used_at`,
		build, string(hashes), dbTime(now), dbTime(time.Unix(0, 0))).Error
	if err != nil {
		return fmt.Errorf("store: use build: %w", err)
	}
	return nil
}

// BuildScriptHashes returns the inline-script hashes recorded for a build,
// or ErrNotFound.
func (s *Store) BuildScriptHashes(ctx context.Context, build string) ([]string, error) {
	var row renderedBuildRow
	err := s.db.WithContext(ctx).Select("script_hashes").Where("build = ?", build).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: build script hashes: %w", err)
	}
	var hashes []string
	if err := json.Unmarshal([]byte(row.ScriptHashes), &hashes); err != nil {
		return nil, fmt.Errorf("store: build script hashes: %w", err)
	}
	return hashes, nil
}

// AcquireRenderLease gives holder the right to render a build's changes
// until now+ttl, when nobody else holds it or their lease has run out; it
// reports whether holder has it. Holding it already renews it. The build
// must be in use (UseBuild).
func (s *Store) AcquireRenderLease(ctx context.Context, build, holder string, now time.Time, ttl time.Duration) (bool, error) {
	res := s.db.WithContext(ctx).Exec(`UPDATE rendered_builds SET lease_holder = ?, lease_until = ?
		WHERE build = ? AND (lease_holder = ? OR lease_until < ?)`,
		holder, dbTime(now.Add(ttl)), build, holder, dbTime(now))
	if res.Error != nil {
		return false, fmt.Errorf("store: acquire render lease: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// ReleaseRenderLease ends holder's lease on a build, if it still has it.
func (s *Store) ReleaseRenderLease(ctx context.Context, build, holder string) error {
	err := s.db.WithContext(ctx).Exec(`UPDATE rendered_builds SET lease_holder = '', lease_until = ?
		WHERE build = ? AND lease_holder = ?`, dbTime(time.Unix(0, 0)), build, holder).Error
	if err != nil {
		return fmt.Errorf("store: release render lease: %w", err)
	}
	return nil
}

// SaveDocuments stores rendered documents of a build, replacing those at
// the same paths, under one new sequence number, which it returns.
func (s *Store) SaveDocuments(ctx context.Context, build string, docs []RenderedDocument, now time.Time) (int64, error) {
	ctx = bulk(ctx)
	var seq int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var top *int64
		if err := tx.Model(&renderedDocumentRow{}).Where("build = ?", build).Select("MAX(seq)").Scan(&top).Error; err != nil {
			return err
		}
		if top != nil {
			seq = *top
		}
		seq++
		for _, d := range docs {
			err := tx.Exec(`INSERT INTO rendered_documents
				(build, path, fingerprint, status, content_type, hash, size, brotli, seq, rendered_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (build, path) DO UPDATE SET fingerprint = excluded.fingerprint,
					status = excluded.status, content_type = excluded.content_type, hash = excluded.hash,
					size = excluded.size, brotli = excluded.brotli, seq = excluded.seq,
					rendered_at = excluded.rendered_at`,
				build, d.Path, d.Fingerprint, d.Status, d.ContentType, d.Hash, int64(d.Size), d.Brotli, seq, dbTime(now)).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: save documents: %w", err)
	}
	return seq, nil
}

// DocumentsAfter returns a build's documents stored with a sequence number
// above seq, in the order they were stored.
func (s *Store) DocumentsAfter(ctx context.Context, build string, seq int64) ([]RenderedDocument, error) {
	ctx = bulk(ctx)
	var rows []renderedDocumentRow
	err := s.db.WithContext(ctx).Where("build = ? AND seq > ?", build, seq).Order("seq").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: documents: %w", err)
	}
	out := make([]RenderedDocument, len(rows))
	for i, r := range rows {
		out[i] = RenderedDocument{
			Path: r.Path, Fingerprint: r.Fingerprint, Status: r.Status, ContentType: r.ContentType,
			Hash: r.Hash, Size: int(r.Size), Brotli: r.Brotli, Seq: r.Seq,
		}
	}
	return out, nil
}

// LatestDocumentSeq returns the highest sequence number of a build's
// documents, 0 when it has none: a cheap check for news from other replicas.
func (s *Store) LatestDocumentSeq(ctx context.Context, build string) (int64, error) {
	var top *int64
	err := s.db.WithContext(ctx).Model(&renderedDocumentRow{}).Where("build = ?", build).Select("MAX(seq)").Scan(&top).Error
	if err != nil {
		return 0, fmt.Errorf("store: latest document: %w", err)
	}
	if top == nil {
		return 0, nil
	}
	return *top, nil
}

// DeleteDocuments removes a build's documents at paths that no longer exist.
func (s *Store) DeleteDocuments(ctx context.Context, build string, paths []string) error {
	ctx = bulk(ctx)
	if len(paths) == 0 {
		return nil
	}
	err := s.db.WithContext(ctx).Where("build = ? AND path IN ?", build, paths).Delete(&renderedDocumentRow{}).Error
	if err != nil {
		return fmt.Errorf("store: delete documents: %w", err)
	}
	return nil
}

// PruneBuilds deletes the documents of builds last used before cutoff, as
// after a rolling update has replaced them, and returns how many builds went.
func (s *Store) PruneBuilds(ctx context.Context, cutoff time.Time) (int64, error) {
	ctx = bulk(ctx)
	var pruned int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		old := tx.Model(&renderedBuildRow{}).Select("build").Where("used_at < ?", dbTime(cutoff))
		if err := tx.Where("build IN (?)", old).Delete(&renderedDocumentRow{}).Error; err != nil {
			return err
		}
		res := tx.Where("used_at < ?", dbTime(cutoff)).Delete(&renderedBuildRow{})
		pruned = res.RowsAffected
		return res.Error
	})
	if err != nil {
		return 0, fmt.Errorf("store: prune builds: %w", err)
	}
	return pruned, nil
}
