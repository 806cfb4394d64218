// Package testenv gives tests what they share: the repository root, the
// built web app, fresh databases on SQLite and PostgreSQL, and small seed
// trees of sample content.
package testenv

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	_ "github.com/glebarez/go-sqlite"  // database/sql driver for holding a write lock
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver for schema set-up

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// RepoRoot returns the repository root: the nearest directory above the
// test's working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testenv: no go.mod above the working directory")
		}
		dir = parent
	}
}

// DistDir returns the absolute path of the built web app and fails the test
// with instructions when the render bundle has not been built.
func DistDir(t testing.TB) string {
	t.Helper()
	dist := filepath.Join(RepoRoot(t), "dist")
	if _, err := os.Stat(filepath.Join(dist, "server", "entry-server.js")); err != nil {
		t.Fatalf("testenv: %s is missing: run `npm run build` (or `go tool task build`) in the repository root first", filepath.Join(dist, "server", "entry-server.js"))
	}
	return dist
}

// SQLiteStore opens and migrates a fresh SQLite database in a temporary directory.
func SQLiteStore(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), store.SQLite, filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// WriteLockedSQLite opens and migrates a fresh SQLite database and holds
// its write lock from a connection of its own, as another process in the
// middle of a write would. release lets go of the lock; the store keeps
// working afterwards.
func WriteLockedSQLite(t testing.TB) (st *store.Store, release func()) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	st, err := store.Open(ctx, store.SQLite, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	holder, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = holder.Close() })
	conn, err := holder.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	return st, func() {
		t.Helper()
		if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
			t.Fatal(err)
		}
	}
}

// PostgresDSN returns a connection string for a fresh, empty schema in the
// database named by TEST_DATABASE_URL; the schema is dropped when the test
// ends. Without TEST_DATABASE_URL the test is skipped. When the database
// cannot be reached the test is skipped too, except under CI=true, where it
// fails: CI must not pass by silently testing less.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set: skipping the PostgreSQL run")
	}
	unreachable := func(err error) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("TEST_DATABASE_URL is set but PostgreSQL cannot be used: %v", err)
		}
		t.Skipf("PostgreSQL at TEST_DATABASE_URL cannot be used, skipping: %v", err)
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		unreachable(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		unreachable(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	if _, err := db.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// PostgresStore opens and migrates a fresh PostgreSQL schema (see PostgresDSN).
func PostgresStore(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), store.Postgres, PostgresDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// ForEachStore runs fn as a subtest on a fresh SQLite database and, when
// TEST_DATABASE_URL is set, on a fresh PostgreSQL schema.
func ForEachStore(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLiteStore(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, PostgresStore(t)) })
}

// StartRenderer starts the real Node renderer (ssr/server.mjs from the
// repository root, with the built dist/) under a supervisor, waits until it
// is healthy, and stops it when the test ends. Restarts are quick unless
// tune says otherwise.
func StartRenderer(t testing.TB, logger *slog.Logger, tune ...func(*ssr.SupervisorConfig)) *ssr.Supervisor {
	t.Helper()
	root := RepoRoot(t)
	dist := DistDir(t)
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	cfg := ssr.SupervisorConfig{
		Dir:        root,
		DistDir:    dist,
		Logger:     logger,
		MinBackoff: 50 * time.Millisecond,
		MaxBackoff: 500 * time.Millisecond,
	}
	for _, fn := range tune {
		fn(&cfg)
	}
	sup, err := ssr.NewSupervisor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = sup.Stop(ctx)
	})
	if err := sup.Start(context.Background()); err != nil {
		t.Fatalf("renderer: %v", err)
	}
	return sup
}

// Clock is a settable clock for tests; its Now may be handed to code that
// asks for a clock.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock standing at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// LogBuffer is a log destination that goroutines may write to at once and
// a test may read.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p.
func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns everything written so far.
func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Eventually polls cond every 20 ms until it holds. It has no time limit
// of its own: a loaded machine may take long, and a product that never gets
// there fails when the test binary's -timeout is close, naming what.
func Eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	var deadline time.Time
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if end, set := d.Deadline(); set {
			// Leave time to report the failure before the binary is stopped.
			deadline = end.Add(-30 * time.Second)
		}
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if !deadline.IsZero() && time.Now().After(deadline) {
			t.Fatalf("still waiting for %s when the test's time ran out", what)
		}
		<-tick.C
	}
}

// ProcessAlive reports whether a process with this id exists (and is not a zombie).
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	// The state follows the command name, which ends at the last ')'.
	i := bytes.LastIndexByte(data, ')')
	return i < 0 || i+2 >= len(data) || data[i+2] != 'Z'
}

// SeedTree returns a seed tree for tests: the real site.json and
// sitemap.json with files added, by path inside the tree.
func SeedTree(t testing.TB, files map[string]string) fstest.MapFS {
	t.Helper()
	tree := fstest.MapFS{}
	for _, name := range []string{"site.json", "sitemap.json"} {
		data, err := fs.ReadFile(content.SeedFS(), name)
		if err != nil {
			t.Fatal(err)
		}
		tree[name] = &fstest.MapFile{Data: data}
	}
	for p, data := range files {
		tree[p] = &fstest.MapFile{Data: []byte(data)}
	}
	return tree
}

// SampleContent is a small, valid set of content files: a few pages of
// each shape, one or more items of every collection, and a Dutch
// translation of one news story. The webinars straddle 2026-11-22: one is
// over, two are still to come.
func SampleContent() map[string]string {
	return map[string]string{
		"pages/en/about-us.json": `{"title": "About Noorvale", "metaTitle": "About us", "metaDescription": "Who we are.", "summary": "An audit firm.",
			"sections": [{"heading": "Our story", "paragraphs": ["Founded in London."], "items": ["London", "Dubai"]}],
			"cta": {"heading": "Talk to us", "text": "Ask for a proposal."}}`,
		"pages/ar/about-us.json": `{"title": "عن نورفال", "metaTitle": "من نحن", "metaDescription": "من نحن.", "summary": "شركة تدقيق.",
			"sections": [{"heading": "قصتنا", "paragraphs": ["تأسست في لندن."]}], "cta": {"heading": "تواصل معنا", "text": "اطلب عرضًا."}}`,
		"pages/en/terms.json": `{"title": "Terms of Use", "metaTitle": "Terms", "metaDescription": "The terms.", "summary": "Rules of the site.",
			"updated": "2026-09-30", "sections": [{"heading": "1. Scope", "paragraphs": ["These terms apply to the site."]}]}`,
		"pages/en/resources/news.json": `{"title": "News", "metaTitle": "News", "metaDescription": "Our news.", "summary": "What is new.", "intro": ["Stories from the firm."]}`,
		"pages/en/services/outsourcing-service.json": `{"title": "Outsourcing", "metaTitle": "Outsourcing", "metaDescription": "Roles we fill.", "summary": "A virtual CISO and more.",
			"what": ["We fill security roles."], "who": {"intro": "Firms without a CISO.", "items": ["Banks"]},
			"approach": [{"title": "Scope", "text": "Agree the role."}], "deliverables": ["A monthly report"],
			"benefits": [{"title": "Cover", "text": "Someone is in charge."}], "faqs": [{"question": "How long?", "answer": "A year."}],
			"related": ["/about-us"], "cta": {"heading": "Hire a CISO", "text": "Ask us."}}`,
		"pages/en/services/cybersecurity-services.json": `{"title": "Cybersecurity", "metaTitle": "Cyber", "metaDescription": "Testing.", "summary": "We test.",
			"overview": ["Testing and response."], "cards": {"/services/cybersecurity-services/asv": "Quarterly scans."}, "cta": {"heading": "Plan", "text": "Ask us."}}`,
		"pages/en/contact-us/dubai.json": `{"title": "Our Dubai office", "metaTitle": "Dubai", "metaDescription": "Dubai office.", "summary": "Business Bay.",
			"paragraphs": ["The Gulf team."], "hours": [{"days": "Monday to Friday", "time": "08:30–17:30"}], "weekend": "Saturday and Sunday",
			"timezone": "Asia/Dubai", "directions": "Take the metro to Business Bay.", "mapQuery": "Bay Square, Business Bay, Dubai"}`,
		"collections/en/news/new-dubai-office.json": `{"title": "We moved our Dubai office", "description": "The Dubai team has a new home in Business Bay.",
			"date": "2026-10-14", "author": "Layla Haddad", "imageAlt": "The Business Bay skyline", "body": ["The Dubai team moved in October."]}`,
		"collections/nl/news/new-dubai-office.json": `{"title": "Ons kantoor in Dubai is verhuisd", "description": "Het team in Dubai zit nu in Business Bay.",
			"date": "2026-10-14", "author": "Layla Haddad", "imageAlt": "De skyline van Business Bay", "body": ["Het team verhuisde in oktober."]}`,
		"collections/en/news/iso-27001-transition-closed.json": `{"title": "The ISO/IEC 27001 transition has closed", "description": "Certificates to the 2013 edition have lapsed.",
			"date": "2025-11-03", "author": "Tom Whitfield", "imageAlt": "A certificate on a desk", "body": ["The transition ended on 31 October 2025."]}`,
		"collections/en/news/cairo-training-centre.json": `{"title": "A training room in Cairo", "description": "Courses now run in our Cairo office.",
			"date": "2026-03-02", "author": "Nadia Fahmy", "imageAlt": "An empty classroom", "body": ["Courses start in April."]}`,
		"collections/en/blogs/reading-a-soc-2-report.json": `{"title": "Reading a SOC 2 report", "description": "What to look for first.", "date": "2026-09-01",
			"author": {"name": "Omar Saleh", "role": "Principal consultant"}, "imageAlt": "A report with tabs", "readingMinutes": 6, "tags": ["SOC 2"],
			"body": [{"heading": "Start with the opinion", "paragraphs": ["The opinion says whether the controls worked."]}, {"paragraphs": ["Then read the exceptions."]}]}`,
		"collections/en/publications/pci-dss-scoping-guide.json": `{"title": "A PCI DSS scoping guide", "description": "How to draw the cardholder data environment.",
			"date": "2026-06-10", "type": "Guide", "pages": 18, "imageAlt": "A network diagram", "highlights": ["Segmentation tests"], "body": ["Scope decides the cost."]}`,
		"collections/en/webinars/nca-ecc-in-practice.json": `{"title": "NCA ECC in practice", "description": "What the second edition changed.",
			"start": "2026-10-01T10:00:00+03:00", "durationMinutes": 60, "language": "English and Arabic", "speakers": [{"name": "Faisal Qahtani", "role": "Director"}],
			"agenda": ["What changed"], "imageAlt": "A speaker at a lectern", "body": ["A look at ECC-2:2024."]}`,
		"collections/en/webinars/dora-one-year-on.json": `{"title": "DORA one year on", "description": "Lessons from the first year.",
			"start": "2027-01-20T12:00:00+00:00", "durationMinutes": 45, "language": "English", "speakers": [{"name": "Claire Bennett", "role": "Manager"}],
			"agenda": ["Registers of information"], "imageAlt": "A calendar", "body": ["DORA applies from 17 January 2025."]}`,
		"collections/en/webinars/pdpl-for-processors.json": `{"title": "The Saudi PDPL for processors", "description": "Duties of processors.",
			"start": "2026-12-09T10:00:00+04:00", "durationMinutes": 60, "language": "Arabic", "speakers": [{"name": "Huda Mansour", "role": "Consultant"}],
			"agenda": ["Contracts"], "imageAlt": "A padlock", "body": ["The law is enforced from September 2024."]}`,
		"collections/en/vacancies/senior-penetration-tester.json": `{"title": "Senior Penetration Tester", "office": "dubai", "employmentType": "Full-time",
			"department": "Cybersecurity", "datePosted": "2026-10-20", "validThrough": "2027-01-31", "summary": "Lead web and network tests.",
			"description": ["You will lead tests."], "responsibilities": ["Lead tests"], "requirements": ["Five years of testing"], "niceToHave": ["Arabic"],
			"benefits": ["Training budget"]}`,
	}
}

// SeedPropsInput is what page props are built from with the seed's page
// tree and identity and no stored texts, at a fixed year.
func SeedPropsInput(t testing.TB) render.PropsInput {
	t.Helper()
	cat, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	settings, err := content.SeedSettings()
	if err != nil {
		t.Fatal(err)
	}
	site, err := content.SiteFromSettings(settings)
	if err != nil {
		t.Fatal(err)
	}
	return render.PropsInput{Catalog: cat, Site: site, BaseURL: "https://www.noorvale.example", Year: 2031}
}
