package deploy_test

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"

	"noorvale.example/site/api/config"
)

// loadCompose loads compose.yaml as `docker compose -f deploy/compose.yaml`
// would, with the Compose specification's own loader and validation, and
// an empty environment so every default is the file's.
func loadCompose(t *testing.T) *types.Project {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	details := types.ConfigDetails{
		WorkingDir:  dir,
		ConfigFiles: []types.ConfigFile{{Filename: filepath.Join(dir, "compose.yaml"), Content: readFile(t, "compose.yaml")}},
		Environment: types.Mapping{},
	}
	project, err := loader.LoadWithContext(context.Background(), details)
	if err != nil {
		t.Fatalf("compose.yaml is not valid Compose: %v", err)
	}
	return project
}

func TestComposeFile(t *testing.T) {
	p := loadCompose(t)
	site, ok := p.Services["site"]
	if !ok {
		t.Fatalf("no site service; services: %v", p.ServiceNames())
	}

	// Built from this repository with the production Dockerfile.
	if site.Build == nil {
		t.Fatal("the site service is not built from the repository")
	}
	if _, err := os.Stat(filepath.Join(site.Build.Context, site.Build.Dockerfile)); err != nil {
		t.Errorf("build context %s, dockerfile %s: %v", site.Build.Context, site.Build.Dockerfile, err)
	}
	if root, _ := filepath.Abs(".."); filepath.Clean(site.Build.Context) != root {
		t.Errorf("build context %s, want the repository root %s", site.Build.Context, root)
	}

	// Started after PostgreSQL is healthy and the mail catcher has started.
	want := map[string]string{"db": types.ServiceConditionHealthy, "mail": types.ServiceConditionStarted}
	for name, cond := range want {
		dep, ok := site.DependsOn[name]
		if !ok || dep.Condition != cond {
			t.Errorf("site depends on %s with %+v, want condition %s", name, dep, cond)
		}
	}
	db := p.Services["db"]
	if !strings.HasPrefix(db.Image, "postgres:") {
		t.Errorf("db image %q, want postgres", db.Image)
	}
	if db.HealthCheck == nil || len(db.HealthCheck.Test) < 2 || !strings.Contains(strings.Join(db.HealthCheck.Test, " "), "pg_isready") {
		t.Errorf("db health check %+v, want pg_isready", db.HealthCheck)
	}
	if !hasNamedVolume(p, db, "/var/lib/postgresql/data") {
		t.Error("PostgreSQL's data is not in a named volume")
	}
	if !hasNamedVolume(p, site, "/data") {
		t.Error("the site's DATA_DIR is not in a named volume")
	}
	mail := p.Services["mail"]
	if !strings.HasPrefix(mail.Image, "axllent/mailpit:") {
		t.Errorf("mail image %q, want a mail catcher (axllent/mailpit)", mail.Image)
	}

	// The site's settings parse with the server's own configuration code,
	// and point at the other services.
	vars := map[string]string{}
	for k, v := range site.Environment {
		if v != nil {
			vars[k] = *v
		}
	}
	if _, ok := vars["SECRET_KEY"]; ok {
		t.Error("SECRET_KEY is written in compose.yaml; it belongs in site.env")
	}
	if len(site.EnvFiles) != 1 || filepath.Base(site.EnvFiles[0].Path) != "site.env" || bool(site.EnvFiles[0].Required) {
		t.Errorf("env_file %+v, want an optional site.env for SECRET_KEY", site.EnvFiles)
	}
	cfg, err := config.Parse(func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
	if err != nil {
		t.Fatalf("the site's environment does not configure the server: %v", err)
	}
	if cfg.DatabaseDriver != config.DriverPostgres {
		t.Errorf("database driver %s, want PostgreSQL", cfg.DatabaseDriver)
	}
	dbURL, _ := url.Parse(cfg.DatabaseDSN)
	dbEnv := func(k string) string { return *db.Environment[k] }
	if dbURL.Hostname() != "db" || dbURL.User.Username() != dbEnv("POSTGRES_USER") ||
		strings.TrimPrefix(dbURL.Path, "/") != dbEnv("POSTGRES_DB") {
		t.Errorf("DATABASE_URL %s does not match the db service (%s@db/%s)", cfg.DatabaseDSN, dbEnv("POSTGRES_USER"), dbEnv("POSTGRES_DB"))
	}
	if pw, _ := dbURL.User.Password(); pw != dbEnv("POSTGRES_PASSWORD") {
		t.Error("DATABASE_URL's password is not the db service's")
	}
	smtp, _ := url.Parse(cfg.SMTPURL)
	if smtp == nil || smtp.Hostname() != "mail" || smtp.Port() != "1025" {
		t.Errorf("SMTP_URL %q, want the mail catcher's SMTP port (mail:1025)", cfg.SMTPURL)
	}
	if smtp != nil && smtp.Query().Get("tls") != "opportunistic" {
		t.Errorf("SMTP_URL %q: the mail catcher offers no STARTTLS, which smtp:// requires unless ?tls=opportunistic", cfg.SMTPURL)
	}
	if !site.ReadOnly || len(site.Tmpfs) == 0 {
		t.Error("the site should run on a read-only root with a tmpfs /tmp, as in Kubernetes")
	}
	published := false
	for _, port := range site.Ports {
		published = published || port.Target == uint32(cfg.Port)
	}
	if !published {
		t.Errorf("the site's port %d is not published", cfg.Port)
	}
}

// hasNamedVolume reports whether the service mounts a top-level named volume at target.
func hasNamedVolume(p *types.Project, s types.ServiceConfig, target string) bool {
	for _, v := range s.Volumes {
		if v.Type == types.VolumeTypeVolume && v.Target == target {
			_, ok := p.Volumes[v.Source]
			return ok
		}
	}
	return false
}
