package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// ErrSchemaOutdated is returned by CheckSchema when migrations are pending.
var ErrSchemaOutdated = errors.New("store: database schema is older than this build")

// migration is one numbered schema change. Once released, a migration is
// never edited: a later one changes what it did.
type migration struct {
	version int
	name    string
	up      func(tx *gorm.DB, d dialect) error
}

// dialect holds the few column types that differ between the databases.
type dialect struct {
	timestamp string
	bytes     string // binary data
}

var dialects = map[string]dialect{
	SQLite:   {timestamp: "DATETIME", bytes: "BLOB"},
	Postgres: {timestamp: "TIMESTAMPTZ", bytes: "BYTEA"},
}

var migrations = []migration{
	{1, "site settings", func(tx *gorm.DB, d dialect) error {
		return tx.Exec(`CREATE TABLE site_settings (
			key        TEXT PRIMARY KEY,
			value      TEXT NOT NULL,
			updated_at ` + d.timestamp + ` NOT NULL
		)`).Error
	}},
	{2, "content state", func(tx *gorm.DB, d dialect) error {
		if err := tx.Exec(`CREATE TABLE content_state (
			id         INTEGER PRIMARY KEY CHECK (id = 1),
			version    BIGINT NOT NULL DEFAULT 0,
			updated_at ` + d.timestamp + ` NOT NULL
		)`).Error; err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO content_state (id, version, updated_at) VALUES (1, 0, ?)`, time.Now().UTC()).Error
	}},
	{3, "content entries", func(tx *gorm.DB, d dialect) error {
		return tx.Exec(`CREATE TABLE content_entries (
			collection TEXT NOT NULL,
			slug       TEXT NOT NULL,
			locale     TEXT NOT NULL,
			body       TEXT NOT NULL,
			updated_at ` + d.timestamp + ` NOT NULL,
			PRIMARY KEY (collection, slug, locale)
		)`).Error
	}},
	{4, "mail queue and development outbox", migrateMail},
	{5, "spent captcha challenges", migrateCaptcha},
	{6, "accounts, sessions and one-time tokens", migrateAccounts},
	{7, "throttle counters", migrateThrottle},
	{8, "uploads shared by replicas", migrateBlobs},
	{9, "form submissions", migrateSubmissions},
	{10, "pending registrations", migrateRegistrations},
	{11, "rendered documents", migrateDocuments},
	{12, "staff accounts, sessions, invitations and second factors", migrateStaff},
	{13, "append-only audit trail", migrateAudit},
	{14, "inbox: submission states and notes", migrateInbox},
	{15, "replies, retention, erasure and disabled visitor accounts", migrateLeadsCare},
	{16, "content versions and per-language states of staff edits", migrateEditions},
	{17, "translations outdated by a changed English", migrateOutdated},
	{18, "scheduled publishing and unpublishing of content", migrateSchedules},
	{19, "running text as document trees", migrateProse},
	{20, "deleted items, redirects of renamed items and staff's saves of the identity", migrateItemChanges},
	{21, "wrong second factors counted per staff account", migrateFactorLock},
	{22, "invitations: an id, and one pending per address", migrateInvitationIDs},
	{23, "searched words counted per language and day", migrateSearchCounts},
	{24, "links e-mailed to set up a staff member's second factor", migrateEnrolLinks},
	{25, "staff notifications and how each member is e-mailed them", migrateNotifications},
	{26, "page views, visitors per day and the source of each submission", migrateAnalytics},
	{27, "links e-mailed to choose a staff member's new password", migrateStaffPasswordResets},
	{28, "page views' totals by month and by day", migrateAnalyticsTotals},
	{29, "the media library: pictures and documents, and where each is used", migrateMedia},
	{30, "redirects staff add from any address of the site", migrateSiteRedirects},
	{31, "review before publishing: rules, reviews, their history and the right to approve", migrateReviews},
	{32, "editors present on an item, across replicas", migratePresence},
	{33, "pages editors add to the site's tree", migrateAddedPages},
}

// LatestSchemaVersion is the schema version this build expects.
func LatestSchemaVersion() int { return migrations[len(migrations)-1].version }

// MigrationVersions lists the numbers of the migrations in order; they need
// not be consecutive, as numbers are handed out before changes land.
func MigrationVersions() []int {
	out := make([]int, len(migrations))
	for i, m := range migrations {
		out[i] = m.version
	}
	return out
}

// schemaMigration is a row of schema_migrations.
type schemaMigration struct {
	Version   int `gorm:"primaryKey"`
	Name      string
	AppliedAt time.Time
}

// TableName names the table for GORM.
func (schemaMigration) TableName() string { return "schema_migrations" }

// migrationLockKey identifies the site's migrations among PostgreSQL
// advisory locks; any constant works as long as every replica uses it.
const migrationLockKey = 7_294_031_117

// Migrate applies every pending migration, each in its own transaction. On
// PostgreSQL it holds an advisory lock on one pinned connection for the whole
// run, so replicas starting together apply each migration exactly once.
func (s *Store) Migrate(ctx context.Context) error {
	ctx = bulk(ctx)
	db := s.db.WithContext(ctx)
	if s.driver != Postgres {
		return s.migrate(db)
	}
	return db.Connection(func(conn *gorm.DB) error {
		if err := conn.Exec("SELECT pg_advisory_lock(?)", migrationLockKey).Error; err != nil {
			return fmt.Errorf("store: migrate: take lock: %w", err)
		}
		// Unlock with a fresh context: the caller's may be cancelled, and a
		// lock left on a pooled connection would block every later migration.
		defer conn.WithContext(context.WithoutCancel(ctx)).Exec("SELECT pg_advisory_unlock(?)", migrationLockKey)
		return s.migrate(conn)
	})
}

func (s *Store) migrate(db *gorm.DB) error {
	if err := db.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at ` + dialects[s.driver].timestamp + ` NOT NULL
	)`).Error; err != nil {
		return fmt.Errorf("store: migrate: create schema_migrations: %w", err)
	}
	current, err := currentVersion(db)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	for _, m := range migrations {
		if m.version <= current {
			continue
		}
		err := db.Transaction(func(tx *gorm.DB) error {
			// Look again inside the transaction: on SQLite it holds the write
			// lock, so another process may have applied it since.
			var n int64
			if err := tx.Model(&schemaMigration{}).Where("version = ?", m.version).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if err := m.up(tx, dialects[s.driver]); err != nil {
				return err
			}
			return tx.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.version, m.name, time.Now().UTC()).Error
		})
		if err != nil {
			return fmt.Errorf("store: migrate: %d %s: %w", m.version, m.name, err)
		}
	}
	return nil
}

func currentVersion(db *gorm.DB) (int, error) {
	var v *int
	if err := db.Model(&schemaMigration{}).Select("MAX(version)").Scan(&v).Error; err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if v == nil {
		return 0, nil
	}
	return *v, nil
}

// SchemaVersion returns the newest migration applied, 0 for an empty database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	db := s.db.WithContext(ctx)
	if !db.Migrator().HasTable(&schemaMigration{}) {
		return 0, nil
	}
	v, err := currentVersion(db)
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return v, nil
}

// CheckSchema returns an error wrapping ErrSchemaOutdated when the database
// lacks migrations this build needs.
func (s *Store) CheckSchema(ctx context.Context) error {
	v, err := s.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if latest := LatestSchemaVersion(); v < latest {
		return fmt.Errorf("%w: it is at version %d, this build needs %d; run the migrate command first", ErrSchemaOutdated, v, latest)
	}
	return nil
}

// AppliedMigration describes one migration recorded in schema_migrations.
type AppliedMigration struct {
	Version   int
	Name      string
	AppliedAt time.Time
}

// AppliedMigrations lists the migrations recorded in the database, oldest first.
func (s *Store) AppliedMigrations(ctx context.Context) ([]AppliedMigration, error) {
	var rows []schemaMigration
	if err := s.db.WithContext(ctx).Order("version").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: list migrations: %w", err)
	}
	out := make([]AppliedMigration, len(rows))
	for i, r := range rows {
		out[i] = AppliedMigration(r)
	}
	return out, nil
}
