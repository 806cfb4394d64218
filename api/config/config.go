// Package config reads the server's settings from the environment once, at
// start, and refuses values it cannot use.
package config

import (
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Database drivers the store understands.
const (
	DriverSQLite   = "sqlite"
	DriverPostgres = "postgres"
)

// Environments the server runs in.
const (
	EnvProduction  = "production"
	EnvDevelopment = "development"
)

// Config is the server's configuration.
type Config struct {
	Port            int           // TCP port to listen on
	BaseURL         string        // public origin, no trailing slash
	DatabaseDriver  string        // DriverSQLite or DriverPostgres
	DatabaseDSN     string        // connection string for that driver
	DataDir         string        // directory for the SQLite file and other local data
	Env             string        // EnvProduction or EnvDevelopment
	LogLevel        slog.Level    // minimum level logged
	NodeBin         string        // Node.js executable running the renderer
	DistDir         string        // build output of the web app
	AutoMigrate     bool          // apply pending migrations at start
	ShutdownTimeout time.Duration // grace period for in-flight requests
}

// Development reports whether the server runs in development mode.
func (c *Config) Development() bool { return c.Env == EnvDevelopment }

// Secure reports whether the site is served over HTTPS.
func (c *Config) Secure() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// Load reads the configuration from the process environment and creates
// DATA_DIR when it is missing.
func Load() (*Config, error) {
	cfg, err := Parse(os.LookupEnv)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("DATA_DIR: cannot create %s: %w", cfg.DataDir, err)
	}
	return cfg, nil
}

// Parse builds the configuration from a lookup function such as os.LookupEnv,
// without touching the file system. Every error names the variable at fault.
func Parse(lookup func(string) (string, bool)) (*Config, error) {
	get := func(name, def string) string {
		if v, ok := lookup(name); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	cfg := &Config{}

	port, err := strconv.Atoi(get("PORT", "8080"))
	if err != nil || port < 1 || port > 65535 {
		return nil, fmt.Errorf("PORT: must be a number between 1 and 65535")
	}
	cfg.Port = port

	cfg.BaseURL, err = parseBaseURL(get("BASE_URL", "http://localhost:"+strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("BASE_URL: %w", err)
	}

	cfg.DataDir = filepath.Clean(get("DATA_DIR", "./data"))

	dsn := get("DATABASE_URL", "")
	switch {
	case dsn == "":
		cfg.DatabaseDriver = DriverSQLite
		cfg.DatabaseDSN = filepath.Join(cfg.DataDir, "site.db")
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		if _, err := url.Parse(dsn); err != nil {
			return nil, fmt.Errorf("DATABASE_URL: not a valid URL")
		}
		cfg.DatabaseDriver = DriverPostgres
		cfg.DatabaseDSN = dsn
	default:
		return nil, fmt.Errorf("DATABASE_URL: must be empty (SQLite under DATA_DIR) or start with postgres:// or postgresql://")
	}

	switch env := get("APP_ENV", EnvProduction); env {
	case EnvProduction, EnvDevelopment:
		cfg.Env = env
	default:
		return nil, fmt.Errorf("APP_ENV: must be %q or %q", EnvProduction, EnvDevelopment)
	}

	switch level := strings.ToLower(get("LOG_LEVEL", "info")); level {
	case "debug":
		cfg.LogLevel = slog.LevelDebug
	case "info":
		cfg.LogLevel = slog.LevelInfo
	case "warn":
		cfg.LogLevel = slog.LevelWarn
	case "error":
		cfg.LogLevel = slog.LevelError
	default:
		return nil, fmt.Errorf("LOG_LEVEL: must be one of debug, info, warn, error")
	}

	cfg.NodeBin = get("NODE_BIN", "node")
	cfg.DistDir = filepath.Clean(get("DIST_DIR", "dist"))

	cfg.AutoMigrate, err = strconv.ParseBool(get("AUTO_MIGRATE", "true"))
	if err != nil {
		return nil, fmt.Errorf("AUTO_MIGRATE: must be true or false")
	}

	cfg.ShutdownTimeout, err = time.ParseDuration(get("SHUTDOWN_TIMEOUT", "15s"))
	if err != nil || cfg.ShutdownTimeout <= 0 {
		return nil, fmt.Errorf("SHUTDOWN_TIMEOUT: must be a positive duration such as 15s or 1m")
	}
	return cfg, nil
}

// parseBaseURL accepts an absolute http(s) origin and returns it without a
// trailing slash.
func parseBaseURL(raw string) (string, error) {
	raw = strings.TrimRight(raw, "/")
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("must be an absolute http or https URL")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("must start with http:// or https://")
	}
	if u.Host == "" || u.Hostname() == "" {
		return "", fmt.Errorf("must name a host")
	}
	if u.User != nil {
		return "", fmt.Errorf("must not contain credentials")
	}
	if u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return "", fmt.Errorf("must be an origin without path, query or fragment")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("has an invalid port")
		}
	}
	return u.Scheme + "://" + u.Host, nil
}
