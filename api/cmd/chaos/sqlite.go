package main

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/glebarez/go-sqlite" // database/sql driver "sqlite", the one the store uses
)

// sqlDB holds SQLite's write lock on one connection.
type sqlDB struct {
	db   *sql.DB
	conn *sql.Conn
}

// lockSQLite opens the database file and takes its write lock (BEGIN
// IMMEDIATE), which it holds until release.
func lockSQLite(ctx context.Context, path string) (*sqlDB, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(30000)")
	if err != nil {
		return nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		conn.Close()
		db.Close()
		return nil, fmt.Errorf("take the write lock: %w", err)
	}
	return &sqlDB{db: db, conn: conn}, nil
}

func (l *sqlDB) release() error {
	if l == nil {
		return nil
	}
	_, err := l.conn.ExecContext(context.Background(), "ROLLBACK")
	l.conn.Close()
	l.db.Close()
	return err
}
