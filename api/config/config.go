// Package config reads the server's settings from the environment once, at
// start, and refuses values it cannot use.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/netip"
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
	ListenHost      string        // address to listen on; "" for every interface
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
	ShutdownDelay   time.Duration // how long requests are still accepted after SIGTERM, /readyz answering 503

	// SecretKey signs captcha challenges and seals queued e-mail; at least
	// 32 bytes. Load reads it from DATA_DIR/secret.key, creating that file,
	// when SECRET_KEY is unset; replicas must share one SECRET_KEY.
	SecretKey       string
	SecretGenerated bool // SecretKey came from (or was written to) DATA_DIR/secret.key

	SMTPURL  string // smtp:// (STARTTLS required unless ?tls=opportunistic) or smtps:// URL of the mail server; "" keeps mail queued (or in the development outbox)
	MailFrom string // sender of the site's e-mail

	CaptchaProvider  string // CaptchaAltcha (self-hosted) or a hosted provider
	CaptchaSiteKey   string // public key of a hosted provider
	CaptchaSecret    string // secret key of a hosted provider
	CaptchaVerifyURL string // siteverify endpoint of a hosted provider; its public one by default
	// CaptchaSurgeAfter is how many ALTCHA challenges a source may ask for in
	// ten minutes before each further one asks for more work; 0 keeps it fixed.
	// A visitor asks for one per form, and one more after each refused
	// submission; a script asks for one per post.
	CaptchaSurgeAfter int

	TrustedProxies []netip.Prefix // peers whose X-Forwarded-For is believed

	// MetricsAddr is the host:port of a listener of its own that answers
	// /metrics, never the site's port: whoever reaches it reads the metrics,
	// so it must be one the public Service does not expose. "" serves none.
	MetricsAddr string

	// Forms: where their notifications go. An empty office inbox means the
	// office's own address in the site settings (seed/site.json).
	FormsInboxLondon    string
	FormsInboxDubai     string
	FormsInboxCairo     string
	FormsInboxHR        string        // job applications
	FormsInboxMarketing string        // proposals, inquiries, webinars, publications
	CVRetention         time.Duration // how long an application's CV is kept
	StaffStepUp         time.Duration // how long a proven second factor covers sensitive back-office actions; 0: each asks anew
	// Retention is how long each kind of submission (proposal, inquiry,
	// contact, application, webinar, publication) keeps its personal fields.
	Retention map[string]time.Duration
}

// Captcha providers.
const (
	CaptchaAltcha    = "altcha"
	CaptchaRecaptcha = "recaptcha"
	CaptchaTurnstile = "turnstile"
	CaptchaHCaptcha  = "hcaptcha"
)

// captchaVerifyURLs are the hosted providers' siteverify endpoints.
var captchaVerifyURLs = map[string]string{
	CaptchaRecaptcha: "https://www.google.com/recaptcha/api/siteverify",
	CaptchaTurnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
	CaptchaHCaptcha:  "https://api.hcaptcha.com/siteverify",
}

// minSecretKey is the shortest SECRET_KEY accepted, in bytes.
const minSecretKey = 32

// secretKeyFile is where Load keeps a generated key, under DATA_DIR.
const secretKeyFile = "secret.key"

// Development reports whether the server runs in development mode.
func (c *Config) Development() bool { return c.Env == EnvDevelopment }

// ListenAddr is the address the site listens on.
func (c *Config) ListenAddr() string { return net.JoinHostPort(c.ListenHost, strconv.Itoa(c.Port)) }

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
	if cfg.SecretKey == "" {
		key, err := localSecretKey(filepath.Join(cfg.DataDir, secretKeyFile))
		if err != nil {
			return nil, fmt.Errorf("SECRET_KEY: unset, and %w", err)
		}
		cfg.SecretKey, cfg.SecretGenerated = key, true
	}
	return cfg, nil
}

// localSecretKey reads the key kept in file, creating the file with a new
// random key the first time.
func localSecretKey(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err == nil {
		key := strings.TrimSpace(string(data))
		if len(key) < minSecretKey {
			return "", fmt.Errorf("%s holds a key shorter than %d characters", file, minSecretKey)
		}
		return key, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("cannot read %s: %w", file, err)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	key := hex.EncodeToString(raw)
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, os.ErrExist) { // another process created it first
			return localSecretKey(file)
		}
		return "", fmt.Errorf("cannot create %s: %w", file, err)
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		_ = f.Close()
		return "", fmt.Errorf("cannot write %s: %w", file, err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("cannot write %s: %w", file, err)
	}
	return key, nil
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

	// PORT=0 takes a port the system chooses; the server logs the one it got.
	port, err := strconv.Atoi(get("PORT", "8080"))
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("PORT: must be a number between 0 and 65535 (0: any free port)")
	}
	cfg.Port = port

	cfg.BaseURL, err = parseBaseURL(get("BASE_URL", "http://localhost:"+strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("BASE_URL: %w", err)
	}
	if u, _ := url.Parse(cfg.BaseURL); u.Port() == "0" && port != 0 {
		return nil, fmt.Errorf("BASE_URL: port 0 stands for the port the server gets with PORT=0, and PORT is %d", port)
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

	// A development server shows every e-mail it sends, codes and links
	// included, at /dev/mail: it answers this machine alone unless told.
	defaultHost := ""
	if cfg.Development() {
		defaultHost = "127.0.0.1"
	}
	cfg.ListenHost = get("LISTEN_HOST", defaultHost)
	if _, err := netip.ParseAddr(cfg.ListenHost); err != nil && cfg.ListenHost != "" && cfg.ListenHost != "localhost" {
		return nil, fmt.Errorf("LISTEN_HOST: must be an IP address, such as 127.0.0.1 (this machine) or 0.0.0.0 (every interface)")
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

	cfg.ShutdownDelay, err = time.ParseDuration(get("SHUTDOWN_DELAY", "3s"))
	if err != nil || cfg.ShutdownDelay < 0 {
		return nil, fmt.Errorf("SHUTDOWN_DELAY: must be a duration such as 3s, or 0 to stop accepting at once")
	}

	cfg.SecretKey = get("SECRET_KEY", "")
	if cfg.SecretKey != "" && len(cfg.SecretKey) < minSecretKey {
		return nil, fmt.Errorf("SECRET_KEY: must be at least %d characters (for example: openssl rand -hex 32)", minSecretKey)
	}

	cfg.SMTPURL = get("SMTP_URL", "")
	if cfg.SMTPURL != "" {
		u, err := url.Parse(cfg.SMTPURL)
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			return nil, fmt.Errorf("SMTP_URL: must look like smtp://user:password@host:587 or smtps://host:465")
		}
		if q := u.Query(); len(q) > 1 || len(q) == 1 && (u.Scheme != "smtp" || q.Get("tls") != "opportunistic") {
			return nil, fmt.Errorf("SMTP_URL: the one option is ?tls=opportunistic, on smtp:// only (send in clear when the server offers no STARTTLS)")
		}
	}
	cfg.MailFrom = get("MAIL_FROM", "Noorvale Assurance <no-reply@noorvale.example>")
	if strings.ContainsAny(cfg.MailFrom, "\r\n") || !strings.Contains(cfg.MailFrom, "@") {
		return nil, fmt.Errorf("MAIL_FROM: must be one e-mail address, optionally with a name")
	}

	cfg.CaptchaProvider = strings.ToLower(get("CAPTCHA_PROVIDER", CaptchaAltcha))
	cfg.CaptchaSiteKey = get("CAPTCHA_SITE_KEY", "")
	cfg.CaptchaSecret = get("CAPTCHA_SECRET", "")
	switch cfg.CaptchaProvider {
	case CaptchaAltcha:
	case CaptchaRecaptcha, CaptchaTurnstile, CaptchaHCaptcha:
		if cfg.CaptchaSiteKey == "" || cfg.CaptchaSecret == "" {
			return nil, fmt.Errorf("CAPTCHA_PROVIDER: %s needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET", cfg.CaptchaProvider)
		}
		cfg.CaptchaVerifyURL = get("CAPTCHA_VERIFY_URL", captchaVerifyURLs[cfg.CaptchaProvider])
		if u, err := url.Parse(cfg.CaptchaVerifyURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("CAPTCHA_VERIFY_URL: must be an absolute http or https URL")
		}
	default:
		return nil, fmt.Errorf("CAPTCHA_PROVIDER: must be one of altcha, recaptcha, turnstile, hcaptcha")
	}
	surge, err := strconv.Atoi(get("CAPTCHA_SURGE_AFTER", "12"))
	if err != nil || surge < 0 {
		return nil, fmt.Errorf("CAPTCHA_SURGE_AFTER: must be a whole number, 0 or more (0 keeps the captcha's work fixed)")
	}
	cfg.CaptchaSurgeAfter = surge

	if cfg.TrustedProxies, err = parsePrefixes(get("TRUSTED_PROXIES", "")); err != nil {
		return nil, fmt.Errorf("TRUSTED_PROXIES: %w", err)
	}
	if get("METRICS_ALLOW", "") != "" {
		return nil, fmt.Errorf("METRICS_ALLOW: no longer read: behind a proxy every request comes from an allowed peer. " +
			"Serve /metrics on METRICS_ADDR (for example :9090), a port the public Service does not expose, and remove METRICS_ALLOW")
	}
	if cfg.MetricsAddr = get("METRICS_ADDR", ""); cfg.MetricsAddr != "" {
		host, port, err := net.SplitHostPort(cfg.MetricsAddr)
		n, perr := strconv.Atoi(port)
		switch {
		case err != nil || perr != nil || n < 0 || n > 65535:
			return nil, fmt.Errorf("METRICS_ADDR: must be host:port or :port, such as :9090")
		case n != 0 && n == cfg.Port:
			return nil, fmt.Errorf("METRICS_ADDR: must not be the site's PORT %d: /metrics stays off the public port", cfg.Port)
		case host != "" && host != "localhost":
			if _, err := netip.ParseAddr(host); err != nil {
				return nil, fmt.Errorf("METRICS_ADDR: the host must be an IP address, such as 127.0.0.1:9090, or left out (:9090)")
			}
		}
	}

	for _, inbox := range []struct {
		name, def string
		dst       *string
	}{
		{"FORMS_INBOX_LONDON", "", &cfg.FormsInboxLondon},
		{"FORMS_INBOX_DUBAI", "", &cfg.FormsInboxDubai},
		{"FORMS_INBOX_CAIRO", "", &cfg.FormsInboxCairo},
		{"FORMS_INBOX_HR", "careers@noorvale.example", &cfg.FormsInboxHR},
		{"FORMS_INBOX_MARKETING", "info@noorvale.example", &cfg.FormsInboxMarketing},
	} {
		v := get(inbox.name, inbox.def)
		if v != "" && !bareAddress(v) {
			return nil, fmt.Errorf("%s: must be one e-mail address, without a name", inbox.name)
		}
		*inbox.dst = v
	}
	cfg.CVRetention, err = time.ParseDuration(get("CV_RETENTION", "4320h"))
	if err != nil || cfg.CVRetention < time.Hour {
		return nil, fmt.Errorf("CV_RETENTION: must be a duration of at least 1h, such as 4320h (180 days)")
	}
	cfg.Retention = map[string]time.Duration{}
	for _, r := range []struct{ kind, name, value, example string }{
		{"proposal", "PROPOSAL_RETENTION", get("PROPOSAL_RETENTION", "17520h"), "17520h (730 days)"},
		{"inquiry", "INQUIRY_RETENTION", get("INQUIRY_RETENTION", "8760h"), "8760h (365 days)"},
		{"contact", "CONTACT_RETENTION", get("CONTACT_RETENTION", "8760h"), "8760h (365 days)"},
		{"application", "APPLICATION_RETENTION", get("APPLICATION_RETENTION", "8760h"), "8760h (365 days)"},
		{"webinar", "WEBINAR_RETENTION", get("WEBINAR_RETENTION", "4320h"), "4320h (180 days)"},
		{"publication", "PUBLICATION_RETENTION", get("PUBLICATION_RETENTION", "4320h"), "4320h (180 days)"},
	} {
		d, err := time.ParseDuration(r.value)
		if err != nil || d < time.Hour {
			return nil, fmt.Errorf("%s: must be a duration of at least 1h, such as %s", r.name, r.example)
		}
		cfg.Retention[r.kind] = d
	}
	cfg.StaffStepUp, err = time.ParseDuration(get("STAFF_STEP_UP", "10m"))
	if err != nil || cfg.StaffStepUp < 0 || cfg.StaffStepUp > 10*time.Minute {
		return nil, fmt.Errorf("STAFF_STEP_UP: must be a duration from 0s to 10m, such as 10m")
	}
	return cfg, nil
}

// bareAddress reports whether s is one e-mail address without a display
// name, nothing that could break a mail header.
func bareAddress(s string) bool {
	if strings.ContainsAny(s, "\r\n") || len(s) > 254 {
		return false
	}
	addr, err := mail.ParseAddress(s)
	return err == nil && addr.Name == "" && addr.Address == s
}

// parsePrefixes reads a list of addresses and CIDR ranges separated by
// commas or spaces; an address is a range of one.
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, field := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		prefix, err := netip.ParsePrefix(field)
		if err != nil {
			addr, aerr := netip.ParseAddr(field)
			if aerr != nil {
				return nil, fmt.Errorf("%q is neither an address nor a CIDR range", field)
			}
			prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		out = append(out, prefix.Masked())
	}
	return out, nil
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
		if err != nil || n < 0 || n > 65535 {
			return "", fmt.Errorf("has an invalid port")
		}
	}
	return u.Scheme + "://" + u.Host, nil
}

// Bound records the address the site's listener got. When PORT was 0, the
// port is the one the system chose, and a BASE_URL naming port 0 (the
// default, http://localhost:$PORT, does) names that port instead.
func (c *Config) Bound(addr net.Addr) {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || c.Port != 0 {
		return
	}
	c.Port = tcp.Port
	u, err := url.Parse(c.BaseURL)
	if err != nil || u.Port() != "0" {
		return
	}
	u.Host = net.JoinHostPort(u.Hostname(), strconv.Itoa(tcp.Port))
	c.BaseURL = u.Scheme + "://" + u.Host
}
