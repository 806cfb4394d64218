package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"time"

	"github.com/glebarez/go-sqlite"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// Deadline is the longest one database call may take: a statement, or a
// transaction from its start to its commit. A database that is down, cut
// off or write-locked by someone else therefore costs a request at most
// this long, and the request is answered 503 (see Unavailable) instead of
// waiting for the operating system to give up on the connection.
const Deadline = 2 * time.Second

// bulkDeadline bounds the few calls that move many rows at once (storing a
// full render, loading it at start, seeding, pruning): they run in the
// background, never on a visitor's request.
const bulkDeadline = 2 * time.Minute

// ErrUnavailable marks an error as the database not answering in time or
// not reachable at all, as opposed to a query the database refused.
var ErrUnavailable = errors.New("store: database unavailable")

type deadlineKey struct{}

// bulk gives the database calls made with ctx the bulk deadline.
func bulk(ctx context.Context) context.Context {
	return context.WithValue(ctx, deadlineKey{}, bulkDeadline)
}

func deadlineOf(ctx context.Context) time.Duration {
	if d, ok := ctx.Value(deadlineKey{}).(time.Duration); ok {
		return d
	}
	return Deadline
}

// Unavailable reports whether err, returned by the store, means that the
// database did not answer: a deadline passed, the connection could not be
// made or was lost, or SQLite stayed locked by another writer. Such a
// failure says nothing about the request, and the same request may succeed
// when the database is back.
func Unavailable(err error) bool { return errors.Is(err, ErrUnavailable) || sqliteBusy(err) }

// markUnavailable wraps a database error that means the database did not
// answer with ErrUnavailable, and returns any other error unchanged.
func markUnavailable(err error) error {
	if err == nil || errors.Is(err, ErrUnavailable) || !notAnswering(err) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}

// notAnswering classifies an error from the database driver.
func notAnswering(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	var connectErr *pgconn.ConnectError
	if errors.As(err, &connectErr) {
		return true
	}
	if pgconn.Timeout(err) {
		return true
	}
	return sqliteBusy(err)
}

// sqliteBusy reports SQLITE_BUSY (5) and SQLITE_LOCKED (6), with or
// without an extended code, once the busy timeout has passed. It is
// checked apart because SQLite reports them when a statement steps, which
// for a query is while its rows are read, after the pool returned them.
func sqliteBusy(err error) bool {
	var coded *sqlite.Error
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff {
		case 5, 6:
			return true
		}
	}
	return false
}

// boundedPool is the connection pool as GORM sees it: every statement it
// runs, and every transaction it begins, gets the deadline.
type boundedPool struct{ db *sql.DB }

// bounded returns ctx limited to the call's deadline. The rows of a query
// outlive the call that returns them, so the context is not cancelled on
// return: it ends at its deadline (or with its parent), and its cancel
// function runs a little later only to release it, so that the error a
// late query sees is the deadline's.
func bounded(ctx context.Context) context.Context {
	d := deadlineOf(ctx)
	ctx, cancel := context.WithTimeout(ctx, d)
	time.AfterFunc(d+releaseAfter, cancel)
	return ctx
}

// releaseAfter is how long after its deadline a query's context is released.
const releaseAfter = time.Second

func (p *boundedPool) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	ctx, cancel := context.WithTimeout(ctx, deadlineOf(ctx))
	defer cancel()
	st, err := p.db.PrepareContext(ctx, query)
	return st, markUnavailable(err)
}

func (p *boundedPool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, deadlineOf(ctx))
	defer cancel()
	res, err := p.db.ExecContext(ctx, query, args...)
	return res, markUnavailable(err)
}

func (p *boundedPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := p.db.QueryContext(bounded(ctx), query, args...)
	return rows, markUnavailable(err)
}

func (p *boundedPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.db.QueryRowContext(bounded(ctx), query, args...)
}

// BeginTx starts a transaction that must commit within the deadline: on
// SQLite that includes waiting for the write lock.
func (p *boundedPool) BeginTx(ctx context.Context, opts *sql.TxOptions) (gorm.ConnPool, error) {
	deadline := time.Now().Add(deadlineOf(ctx))
	txCtx, cancel := context.WithDeadline(ctx, deadline)
	tx, err := p.db.BeginTx(txCtx, opts)
	if err != nil {
		cancel()
		return nil, markUnavailable(err)
	}
	return &boundedTx{tx: tx, deadline: deadline, cancel: cancel}, nil
}

// GetDBConn gives GORM's DB() the pool itself.
func (p *boundedPool) GetDBConn() (*sql.DB, error) { return p.db, nil }

// boundedTx is a transaction begun by boundedPool; its statements run
// under the transaction's deadline, so one that hangs ends with it.
type boundedTx struct {
	tx       *sql.Tx
	deadline time.Time
	cancel   context.CancelFunc
}

// bounded returns ctx limited to the transaction's deadline, released when
// it passes (a query's rows outlive the call).
func (t *boundedTx) bounded(ctx context.Context) context.Context {
	ctx, cancel := context.WithDeadline(ctx, t.deadline)
	time.AfterFunc(time.Until(t.deadline)+releaseAfter, cancel)
	return ctx
}

func (t *boundedTx) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	ctx, cancel := context.WithDeadline(ctx, t.deadline)
	defer cancel()
	st, err := t.tx.PrepareContext(ctx, query)
	return st, markUnavailable(err)
}

func (t *boundedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx, cancel := context.WithDeadline(ctx, t.deadline)
	defer cancel()
	res, err := t.tx.ExecContext(ctx, query, args...)
	return res, markUnavailable(err)
}

func (t *boundedTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := t.tx.QueryContext(t.bounded(ctx), query, args...)
	return rows, markUnavailable(err)
}

func (t *boundedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(t.bounded(ctx), query, args...)
}

func (t *boundedTx) Commit() error {
	defer t.cancel()
	return markUnavailable(t.tx.Commit())
}

func (t *boundedTx) Rollback() error {
	defer t.cancel()
	return t.tx.Rollback()
}
