package config

import (
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func env(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func TestParseDefaults(t *testing.T) {
	cfg, err := Parse(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Port:              8080,
		BaseURL:           "http://localhost:8080",
		DatabaseDriver:    DriverSQLite,
		DatabaseDSN:       filepath.Join("data", "site.db"),
		DataDir:           "data",
		Env:               EnvProduction,
		LogLevel:          slog.LevelInfo,
		NodeBin:           "node",
		DistDir:           "dist",
		AutoMigrate:       true,
		ShutdownTimeout:   15 * time.Second,
		ShutdownDelay:     3 * time.Second,
		MailFrom:          "Noorvale Assurance <no-reply@noorvale.example>",
		CaptchaProvider:   CaptchaAltcha,
		CaptchaSurgeAfter: 12,

		FormsInboxHR:        "careers@noorvale.example",
		FormsInboxMarketing: "info@noorvale.example",
		CVRetention:         4320 * time.Hour,
		Retention: map[string]time.Duration{
			"proposal": 17520 * time.Hour, "inquiry": 8760 * time.Hour, "contact": 8760 * time.Hour,
			"application": 8760 * time.Hour, "webinar": 4320 * time.Hour, "publication": 4320 * time.Hour,
		},
		StaffStepUp: 10 * time.Minute,
	}
	if !reflect.DeepEqual(*cfg, want) {
		t.Fatalf("defaults:\n got %+v\nwant %+v", *cfg, want)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		vars    map[string]string
		check   func(*Config) bool
		wantErr string
	}{
		{name: "port sets default base url", vars: map[string]string{"PORT": "9000"},
			check: func(c *Config) bool { return c.Port == 9000 && c.BaseURL == "http://localhost:9000" }},
		{name: "port not a number", vars: map[string]string{"PORT": "eighty"}, wantErr: "PORT: must be a number between 0 and 65535"},
		{name: "port zero takes any port", vars: map[string]string{"PORT": "0"},
			check: func(c *Config) bool { return c.Port == 0 && c.BaseURL == "http://localhost:0" }},
		{name: "port negative", vars: map[string]string{"PORT": "-1"}, wantErr: "PORT:"},
		{name: "base url port zero needs port zero", vars: map[string]string{"PORT": "8080", "BASE_URL": "http://127.0.0.1:0"}, wantErr: "BASE_URL: port 0"},
		{name: "port too large", vars: map[string]string{"PORT": "65536"}, wantErr: "PORT:"},
		{name: "blank value means default", vars: map[string]string{"PORT": "  "},
			check: func(c *Config) bool { return c.Port == 8080 }},
		{name: "base url trailing slash trimmed", vars: map[string]string{"BASE_URL": "https://www.noorvale.example/"},
			check: func(c *Config) bool { return c.BaseURL == "https://www.noorvale.example" && c.Secure() }},
		{name: "base url with port", vars: map[string]string{"BASE_URL": "http://127.0.0.1:8081"},
			check: func(c *Config) bool { return c.BaseURL == "http://127.0.0.1:8081" && !c.Secure() }},
		{name: "base url relative", vars: map[string]string{"BASE_URL": "www.noorvale.example"}, wantErr: "BASE_URL:"},
		{name: "base url ftp", vars: map[string]string{"BASE_URL": "ftp://noorvale.example"}, wantErr: "BASE_URL: must start with http"},
		{name: "base url with path", vars: map[string]string{"BASE_URL": "https://noorvale.example/site"}, wantErr: "BASE_URL: must be an origin"},
		{name: "base url with query", vars: map[string]string{"BASE_URL": "https://noorvale.example?a=1"}, wantErr: "BASE_URL: must be an origin"},
		{name: "base url with credentials", vars: map[string]string{"BASE_URL": "https://u:p@noorvale.example"}, wantErr: "BASE_URL: must not contain credentials"},
		{name: "base url without host", vars: map[string]string{"BASE_URL": "https://"}, wantErr: "BASE_URL:"},
		{name: "postgres url", vars: map[string]string{"DATABASE_URL": "postgres://u@db:5432/site"},
			check: func(c *Config) bool {
				return c.DatabaseDriver == DriverPostgres && c.DatabaseDSN == "postgres://u@db:5432/site"
			}},
		{name: "postgresql url", vars: map[string]string{"DATABASE_URL": "postgresql://u@db/site"},
			check: func(c *Config) bool { return c.DatabaseDriver == DriverPostgres }},
		{name: "mysql url refused", vars: map[string]string{"DATABASE_URL": "mysql://u@db/site"}, wantErr: "DATABASE_URL:"},
		{name: "database error hides the value", vars: map[string]string{"DATABASE_URL": "mysql://user:secret@db/site"},
			check: nil, wantErr: "DATABASE_URL: must be empty"},
		{name: "sqlite under data dir", vars: map[string]string{"DATA_DIR": "/var/lib/site/"},
			check: func(c *Config) bool { return c.DatabaseDSN == "/var/lib/site/site.db" && c.DataDir == "/var/lib/site" }},
		{name: "development", vars: map[string]string{"APP_ENV": "development"},
			check: func(c *Config) bool { return c.Development() }},
		{name: "unknown env", vars: map[string]string{"APP_ENV": "staging"}, wantErr: "APP_ENV:"},
		{name: "log level warn", vars: map[string]string{"LOG_LEVEL": "WARN"},
			check: func(c *Config) bool { return c.LogLevel == slog.LevelWarn }},
		{name: "log level unknown", vars: map[string]string{"LOG_LEVEL": "verbose"}, wantErr: "LOG_LEVEL:"},
		{name: "auto migrate off", vars: map[string]string{"AUTO_MIGRATE": "false"},
			check: func(c *Config) bool { return !c.AutoMigrate }},
		{name: "auto migrate junk", vars: map[string]string{"AUTO_MIGRATE": "maybe"}, wantErr: "AUTO_MIGRATE:"},
		{name: "shutdown timeout", vars: map[string]string{"SHUTDOWN_TIMEOUT": "1m"},
			check: func(c *Config) bool { return c.ShutdownTimeout == time.Minute }},
		{name: "shutdown timeout without unit", vars: map[string]string{"SHUTDOWN_TIMEOUT": "15"}, wantErr: "SHUTDOWN_TIMEOUT:"},
		{name: "shutdown timeout negative", vars: map[string]string{"SHUTDOWN_TIMEOUT": "-1s"}, wantErr: "SHUTDOWN_TIMEOUT:"},
		{name: "no shutdown delay", vars: map[string]string{"SHUTDOWN_DELAY": "0"},
			check: func(c *Config) bool { return c.ShutdownDelay == 0 }},
		{name: "shutdown delay negative", vars: map[string]string{"SHUTDOWN_DELAY": "-3s"}, wantErr: "SHUTDOWN_DELAY:"},
		{name: "short secret key", vars: map[string]string{"SECRET_KEY": "secret"}, wantErr: "SECRET_KEY: must be at least 32"},
		{name: "secret key", vars: map[string]string{"SECRET_KEY": strings.Repeat("k", 32)},
			check: func(c *Config) bool { return c.SecretKey == strings.Repeat("k", 32) && !c.SecretGenerated }},
		{name: "smtp url", vars: map[string]string{"SMTP_URL": "smtp://user:pw@mail.example:587"},
			check: func(c *Config) bool { return c.SMTPURL == "smtp://user:pw@mail.example:587" }},
		{name: "smtp url not smtp", vars: map[string]string{"SMTP_URL": "http://mail.example"}, wantErr: "SMTP_URL:"},
		{name: "smtp url opportunistic", vars: map[string]string{"SMTP_URL": "smtp://mail:1025?tls=opportunistic"},
			check: func(c *Config) bool { return c.SMTPURL == "smtp://mail:1025?tls=opportunistic" }},
		{name: "smtp url unknown option", vars: map[string]string{"SMTP_URL": "smtp://mail:1025?tls=off"}, wantErr: "SMTP_URL: the one option"},
		{name: "smtps url opportunistic", vars: map[string]string{"SMTP_URL": "smtps://mail:465?tls=opportunistic"}, wantErr: "SMTP_URL: the one option"},
		{name: "mail from with newline", vars: map[string]string{"MAIL_FROM": "a@b.example\nBcc: x@y.example"}, wantErr: "MAIL_FROM:"},
		{name: "hosted captcha needs keys", vars: map[string]string{"CAPTCHA_PROVIDER": "turnstile"}, wantErr: "CAPTCHA_PROVIDER: turnstile needs"},
		{name: "hosted captcha default verify url", vars: map[string]string{"CAPTCHA_PROVIDER": "hcaptcha", "CAPTCHA_SITE_KEY": "k", "CAPTCHA_SECRET": "s"},
			check: func(c *Config) bool { return c.CaptchaVerifyURL == "https://api.hcaptcha.com/siteverify" }},
		{name: "unknown captcha", vars: map[string]string{"CAPTCHA_PROVIDER": "puzzle"}, wantErr: "CAPTCHA_PROVIDER:"},
		{name: "captcha work rises after twelve by default", vars: nil, check: func(c *Config) bool { return c.CaptchaSurgeAfter == 12 }},
		{name: "captcha work fixed", vars: map[string]string{"CAPTCHA_SURGE_AFTER": "0"}, check: func(c *Config) bool { return c.CaptchaSurgeAfter == 0 }},
		{name: "captcha surge negative", vars: map[string]string{"CAPTCHA_SURGE_AFTER": "-1"}, wantErr: "CAPTCHA_SURGE_AFTER:"},
		{name: "captcha surge junk", vars: map[string]string{"CAPTCHA_SURGE_AFTER": "many"}, wantErr: "CAPTCHA_SURGE_AFTER:"},
		{name: "trusted proxies", vars: map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7 ::1"},
			check: func(c *Config) bool {
				return len(c.TrustedProxies) == 3 && c.TrustedProxies[1].String() == "192.168.1.7/32" && c.TrustedProxies[2].String() == "::1/128"
			}},
		{name: "trusted proxy junk", vars: map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,office"}, wantErr: "TRUSTED_PROXIES:"},
		{name: "metrics allow list names its replacement", vars: map[string]string{"METRICS_ALLOW": "10.0.0.0/8"}, wantErr: "METRICS_ALLOW: no longer read: behind a proxy every request comes from an allowed peer. Serve /metrics on METRICS_ADDR"},
		{name: "metrics on their own port", vars: map[string]string{"METRICS_ADDR": ":9090"},
			check: func(c *Config) bool { return c.MetricsAddr == ":9090" }},
		{name: "metrics on loopback", vars: map[string]string{"METRICS_ADDR": "127.0.0.1:9090"},
			check: func(c *Config) bool { return c.MetricsAddr == "127.0.0.1:9090" }},
		{name: "metrics off by default", vars: nil, check: func(c *Config) bool { return c.MetricsAddr == "" }},
		{name: "metrics on the site's port", vars: map[string]string{"PORT": "9000", "METRICS_ADDR": ":9000"}, wantErr: "METRICS_ADDR: must not be the site's PORT"},
		{name: "metrics address without port", vars: map[string]string{"METRICS_ADDR": "9090"}, wantErr: "METRICS_ADDR: must be host:port"},
		{name: "metrics address with a name", vars: map[string]string{"METRICS_ADDR": "prometheus:9090"}, wantErr: "METRICS_ADDR: the host must be an IP address"},
		{name: "production listens everywhere", vars: nil,
			check: func(c *Config) bool { return c.ListenHost == "" && c.ListenAddr() == ":8080" }},
		{name: "development listens on loopback", vars: map[string]string{"APP_ENV": "development", "PORT": "9000"},
			check: func(c *Config) bool { return c.ListenAddr() == "127.0.0.1:9000" }},
		{name: "development told to listen everywhere", vars: map[string]string{"APP_ENV": "development", "LISTEN_HOST": "0.0.0.0"},
			check: func(c *Config) bool { return c.ListenAddr() == "0.0.0.0:8080" }},
		{name: "listen host in IPv6", vars: map[string]string{"LISTEN_HOST": "::1"},
			check: func(c *Config) bool { return c.ListenAddr() == "[::1]:8080" }},
		{name: "listen host junk", vars: map[string]string{"LISTEN_HOST": "every interface"}, wantErr: "LISTEN_HOST:"},
		{name: "forms inboxes", vars: map[string]string{"FORMS_INBOX_DUBAI": "gulf@noorvale.example", "FORMS_INBOX_HR": "jobs@noorvale.example", "FORMS_INBOX_MARKETING": "sales@noorvale.example"},
			check: func(c *Config) bool {
				return c.FormsInboxDubai == "gulf@noorvale.example" && c.FormsInboxLondon == "" && c.FormsInboxHR == "jobs@noorvale.example" && c.FormsInboxMarketing == "sales@noorvale.example"
			}},
		{name: "forms inbox with a name", vars: map[string]string{"FORMS_INBOX_CAIRO": "Cairo <cairo@noorvale.example>"}, wantErr: "FORMS_INBOX_CAIRO:"},
		{name: "forms inbox with a header", vars: map[string]string{"FORMS_INBOX_HR": "hr@noorvale.example\nBcc: x@y.example"}, wantErr: "FORMS_INBOX_HR:"},
		{name: "forms inbox not an address", vars: map[string]string{"FORMS_INBOX_LONDON": "london"}, wantErr: "FORMS_INBOX_LONDON:"},
		{name: "cv retention", vars: map[string]string{"CV_RETENTION": "720h"},
			check: func(c *Config) bool { return c.CVRetention == 720*time.Hour }},
		{name: "cv retention too short", vars: map[string]string{"CV_RETENTION": "10m"}, wantErr: "CV_RETENTION:"},
		{name: "cv retention junk", vars: map[string]string{"CV_RETENTION": "180 days"}, wantErr: "CV_RETENTION:"},
		{name: "proposal retention", vars: map[string]string{"PROPOSAL_RETENTION": "26280h"},
			check: func(c *Config) bool {
				return c.Retention["proposal"] == 26280*time.Hour && c.Retention["inquiry"] == 8760*time.Hour
			}},
		{name: "webinar retention", vars: map[string]string{"WEBINAR_RETENTION": "720h"},
			check: func(c *Config) bool { return c.Retention["webinar"] == 720*time.Hour }},
		{name: "application retention too short", vars: map[string]string{"APPLICATION_RETENTION": "30m"}, wantErr: "APPLICATION_RETENTION: must be a duration of at least 1h"},
		{name: "inquiry retention junk", vars: map[string]string{"INQUIRY_RETENTION": "1 year"}, wantErr: "INQUIRY_RETENTION:"},
		{name: "contact retention negative", vars: map[string]string{"CONTACT_RETENTION": "-8760h"}, wantErr: "CONTACT_RETENTION:"},
		{name: "publication retention without unit", vars: map[string]string{"PUBLICATION_RETENTION": "180"}, wantErr: "PUBLICATION_RETENTION:"},
		{name: "node and dist", vars: map[string]string{"NODE_BIN": "/usr/bin/node", "DIST_DIR": "/srv/dist/"},
			check: func(c *Config) bool { return c.NodeBin == "/usr/bin/node" && c.DistDir == "/srv/dist" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse(env(tt.vars))
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want prefix %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), "secret") {
					t.Fatalf("error leaks the value: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if !tt.check(cfg) {
				t.Fatalf("unexpected config %+v", *cfg)
			}
		})
	}
}

func TestLoadCreatesDataDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "data")
	t.Setenv("DATA_DIR", dir)
	if _, err := Load(); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Fatalf("DATA_DIR not created: %v", err)
	}
}

func TestLoadKeepsAGeneratedSecretKey(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DATA_DIR", dir)
	t.Setenv("SECRET_KEY", "")
	first, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(first.SecretKey) < 32 || !first.SecretGenerated {
		t.Fatalf("generated key %q", first.SecretKey)
	}
	info, err := os.Stat(filepath.Join(dir, "secret.key"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", info, err)
	}
	second, err := Load()
	if err != nil || second.SecretKey != first.SecretKey {
		t.Fatalf("second start got another key: %v", err)
	}
}

func TestBoundNamesThePortTheSystemChose(t *testing.T) {
	got := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 41234}
	tests := []struct {
		name     string
		vars     map[string]string
		wantPort int
		wantBase string
	}{
		{name: "default base url", vars: map[string]string{"PORT": "0"}, wantPort: 41234, wantBase: "http://localhost:41234"},
		{name: "base url naming port zero", vars: map[string]string{"PORT": "0", "BASE_URL": "http://127.0.0.1:0"},
			wantPort: 41234, wantBase: "http://127.0.0.1:41234"},
		{name: "public base url stays", vars: map[string]string{"PORT": "0", "BASE_URL": "https://www.noorvale.example"},
			wantPort: 41234, wantBase: "https://www.noorvale.example"},
		{name: "fixed port stays", vars: map[string]string{"PORT": "9000"}, wantPort: 9000, wantBase: "http://localhost:9000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse(env(tt.vars))
			if err != nil {
				t.Fatal(err)
			}
			cfg.Bound(got)
			if cfg.Port != tt.wantPort || cfg.BaseURL != tt.wantBase {
				t.Fatalf("after Bound: port %d, base %q; want %d, %q", cfg.Port, cfg.BaseURL, tt.wantPort, tt.wantBase)
			}
		})
	}
}
