package captcha

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// HostedConfig configures a hosted captcha provider.
type HostedConfig struct {
	Provider  string       // config.CaptchaRecaptcha, CaptchaTurnstile or CaptchaHCaptcha
	SiteKey   string       // public key the widget shows
	Secret    string       // secret key sent to siteverify
	VerifyURL string       // the provider's siteverify endpoint
	Client    *http.Client // http.DefaultClient's transport when nil
	Timeout   time.Duration
}

// Hosted checks tokens of a hosted provider through its siteverify protocol.
type Hosted struct {
	cfg HostedConfig
}

// verifyTimeout bounds one siteverify call.
const verifyTimeout = 5 * time.Second

// NewHosted returns a hosted provider.
func NewHosted(cfg HostedConfig) (*Hosted, error) {
	if cfg.Provider == "" || cfg.SiteKey == "" || cfg.Secret == "" {
		return nil, errors.New("captcha: a hosted provider needs its name, site key and secret")
	}
	u, err := url.Parse(cfg.VerifyURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("captcha: the siteverify URL must be an absolute http(s) URL")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = verifyTimeout
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{}
	}
	return &Hosted{cfg: cfg}, nil
}

// Widget names the provider and its site key.
func (h *Hosted) Widget(context.Context, string) (Widget, error) {
	return Widget{Provider: h.cfg.Provider, SiteKey: h.cfg.SiteKey}, nil
}

// siteverify is the providers' common answer.
type siteverify struct {
	Success    bool     `json:"success"`
	ErrorCodes []string `json:"error-codes"`
}

// ourFault are siteverify error codes that blame our configuration, not the visitor.
var ourFault = []string{"missing-input-secret", "invalid-input-secret"}

// Verify asks the provider whether token is a good answer.
func (h *Hosted) Verify(ctx context.Context, token, remoteIP string) error {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > 8192 {
		return ErrInvalid
	}
	form := url.Values{"secret": {h.cfg.Secret}, "response": {token}}
	if remoteIP != "" {
		form.Set("remoteip", remoteIP)
	}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.cfg.VerifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := h.cfg.Client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrUnavailable, h.cfg.Provider, redactSecret(err.Error(), h.cfg.Secret))
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: %s answered %d", ErrUnavailable, h.cfg.Provider, res.StatusCode)
	}
	var answer siteverify
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&answer); err != nil {
		return fmt.Errorf("%w: %s: unreadable answer", ErrUnavailable, h.cfg.Provider)
	}
	if answer.Success {
		return nil
	}
	for _, code := range answer.ErrorCodes {
		if slices.Contains(ourFault, code) {
			return fmt.Errorf("%w: %s refuses our secret (%s)", ErrUnavailable, h.cfg.Provider, code)
		}
	}
	return ErrInvalid
}

func redactSecret(s, secret string) string {
	return strings.ReplaceAll(s, url.QueryEscape(secret), "[secret]")
}
