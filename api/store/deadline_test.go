package store_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// A write lock held by another process makes writes unavailable (not
// slow, not a plain error), leaves reads working, and is forgotten once
// released.
func TestWriteLockedSQLiteIsUnavailable(t *testing.T) {
	ctx := context.Background()
	st, release := testenv.WriteLockedSQLite(t)

	_, err := st.Hit(ctx, "login:someone", time.Now(), time.Minute)
	if !store.Unavailable(err) {
		t.Fatalf("write under another writer's lock: err %v, want one Unavailable reports", err)
	}
	err = st.CreateUser(ctx, &store.User{Email: "locked@example.com", FirstName: "A", LastName: "B", PasswordHash: "x", Locale: "en"})
	if !store.Unavailable(err) {
		t.Fatalf("transaction under another writer's lock: err %v, want one Unavailable reports", err)
	}
	if _, err := st.Counter(ctx, "login:someone"); err != nil {
		t.Fatalf("a read while another process writes: %v", err)
	}

	release()
	c, err := st.Hit(ctx, "login:someone", time.Now(), time.Minute)
	if err != nil || c.Count != 1 {
		t.Fatalf("write after the lock was released: %+v %v", c, err)
	}
}

// A PostgreSQL database behind a dead link (a proxy that forwards nothing)
// makes calls end at their deadline as Unavailable; once the link is back
// the same store works again by itself.
func TestCutPostgresIsUnavailable(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.PostgresDSN(t)
	direct, err := store.Open(ctx, store.Postgres, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer direct.Close()
	if err := direct.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	proxy, err := harness.StartProxy(u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	u.Host = proxy.Addr()
	st, err := store.Open(ctx, store.Postgres, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Hit(ctx, "login:someone", time.Now(), time.Minute); err != nil {
		t.Fatal(err)
	}

	proxy.Cut()
	if _, err := st.Hit(ctx, "login:someone", time.Now(), time.Minute); !store.Unavailable(err) {
		t.Fatalf("write through a cut link: err %v, want one Unavailable reports", err)
	}
	if _, err := st.Counter(ctx, "login:someone"); !store.Unavailable(err) {
		t.Fatalf("read through a cut link: err %v, want one Unavailable reports", err)
	}
	err = st.CreateUser(ctx, &store.User{Email: "cut@example.com", FirstName: "A", LastName: "B", PasswordHash: "x", Locale: "en"})
	if !store.Unavailable(err) {
		t.Fatalf("transaction through a cut link: err %v, want one Unavailable reports", err)
	}

	proxy.Restore()
	// Connections that lived through the cut are closed on restore; the
	// pool finds that out once per connection and then opens new ones.
	var c store.Counter
	for attempt := 0; ; attempt++ {
		c, err = st.Hit(ctx, "login:someone", time.Now(), time.Minute)
		if err == nil {
			break
		}
		if !store.Unavailable(err) || attempt == 20 {
			t.Fatalf("after the link came back: %v", err)
		}
	}
	if c.Count != 2 {
		t.Fatalf("counter after the outage: %+v, want the two hits that reached the database", c)
	}
}
