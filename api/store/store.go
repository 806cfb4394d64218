// Package store keeps the site's data in SQLite or PostgreSQL through GORM;
// no other package sees GORM.
package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Drivers Open accepts.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// ErrNotFound is returned when a record does not exist.
var ErrNotFound = errors.New("store: not found")

// Store is the site's database.
type Store struct {
	db         *gorm.DB
	driver     string
	statements atomic.Uint64
}

// Open connects to the database: driver SQLite with dsn a file path, or
// Postgres with dsn a postgres:// URL. It does not migrate.
func Open(ctx context.Context, driver, dsn string) (*Store, error) {
	var dialector gorm.Dialector
	switch driver {
	case SQLite:
		dialector = sqlite.Open(sqliteDSN(dsn))
	case Postgres:
		dialector = postgres.Open(dsn)
	default:
		return nil, fmt.Errorf("store: unknown driver %q", driver)
	}
	db, err := gorm.Open(dialector, &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", driver, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", driver, err)
	}
	if driver == SQLite {
		// One writer at a time is all SQLite allows; a small pool keeps
		// readers concurrent under WAL without piling up busy writers.
		sqlDB.SetMaxOpenConns(4)
	} else {
		sqlDB.SetMaxOpenConns(20)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	// Every statement and transaction GORM runs goes through the pool
	// with the deadline (deadline.go).
	db.ConnPool = &boundedPool{db: sqlDB}
	db.Statement.ConnPool = db.ConnPool
	s := &Store{db: db, driver: driver}
	if err := s.countStatements(); err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("store: open %s: %w", driver, err)
	}
	if err := s.Ping(ctx); err != nil {
		_ = sqlDB.Close()
		return nil, err
	}
	return s, nil
}

// sqliteDSN turns a file path into a DSN with the pragmas the site relies
// on: WAL so readers never wait for the writer, a busy timeout as long as
// a call's deadline instead of immediate "database is locked" errors (a
// writer that holds the lock longer makes writes unavailable, not slow),
// foreign keys enforced, deleted content overwritten with zeros rather
// than left readable in the file's free space (erasing a person must leave
// nothing of them on disk, see ScrubDeleted), and
// transactions that take the write lock up front so two writers queue
// rather than deadlock on a lock upgrade.
func sqliteDSN(path string) string {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", Deadline.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "secure_delete(ON)")
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// countStatements has GORM count every statement it runs, whatever runs it,
// and mark the errors of a database that did not answer (see Unavailable):
// those of rows read after the statement ran do not pass the pool.
func (s *Store) countStatements() error {
	count := func(db *gorm.DB) {
		s.statements.Add(1)
		if db.Error != nil {
			db.Error = markUnavailable(db.Error)
		}
	}
	cb := s.db.Callback()
	for _, err := range []error{
		cb.Create().After("gorm:create").Register("site:count", count),
		cb.Query().After("gorm:query").Register("site:count", count),
		cb.Update().After("gorm:update").Register("site:count", count),
		cb.Delete().After("gorm:delete").Register("site:count", count),
		cb.Row().After("gorm:row").Register("site:count", count),
		cb.Raw().After("gorm:raw").Register("site:count", count),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// Statements returns how many SQL statements the store has run since it
// was opened: the metrics export it, and tests compare the work two
// requests did with it.
func (s *Store) Statements() uint64 { return s.statements.Load() }

// Driver returns the name of the database driver in use.
func (s *Store) Driver() string { return s.driver }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, Deadline)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", markUnavailable(err))
	}
	return nil
}

// Close closes the connection pool.
func (s *Store) Close() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	if err := sqlDB.Close(); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}
