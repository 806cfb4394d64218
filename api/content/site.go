package content

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
)

// Site is the firm's identity as pages show it.
type Site struct {
	Name      string   `json:"name"`
	ShortName string   `json:"shortName"`
	Tagline   string   `json:"tagline"`
	Parent    Parent   `json:"parent"`
	Email     string   `json:"email"`
	Phone     string   `json:"phone"`
	ChatURL   string   `json:"chatUrl"`
	Social    []Social `json:"social"`
	Offices   []Office `json:"offices"`
	Captcha   Captcha  `json:"captcha"` // from the server's configuration, not the settings
}

// Captcha is the captcha widget the forms show: its provider ("altcha",
// "recaptcha", "turnstile" or "hcaptcha") and, for a hosted provider, the
// public site key ("" for altcha, which is served by the site itself).
type Captcha struct {
	Provider string `json:"provider" tstype:"CaptchaProvider"`
	SiteKey  string `json:"siteKey"`
}

// Parent is the group the firm belongs to.
type Parent struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Social is a link to one of the firm's social network pages.
type Social struct {
	Network string `json:"network" tstype:"'linkedin' | 'x' | 'youtube'"`
	Label   string `json:"label"`
	URL     string `json:"url"`
}

// Office is one of the firm's offices.
type Office struct {
	Key   string `json:"key"`
	City  string `json:"city"`
	Email string `json:"email"`
	Phone string `json:"phone"`
	// WhatsApp is a number the office answers on WhatsApp, written as
	// staff write a phone number; "" when it has none.
	WhatsApp string `json:"whatsapp,omitempty"`
	Address  string `json:"address"`
	// Addresses holds the address as it is written in other languages,
	// by language code; a language without one shows Address.
	Addresses map[string]string `json:"addresses,omitempty" tstype:"Partial<Record<Locale, string>>"`
}

// SettingsStore is the part of the store the identity is kept in.
type SettingsStore interface {
	Settings(ctx context.Context) (map[string]string, error)
	PutSettings(ctx context.Context, values map[string]string) (bool, error)
}

// SeedSettings returns the identity from the embedded site.json as store
// settings: one per top-level key, text values as they are and structured
// values (parent, social, offices) as compact JSON.
func SeedSettings() (map[string]string, error) {
	data, err := seedFiles.ReadFile("seed/site.json")
	if err != nil {
		return nil, fmt.Errorf("content: read site: %w", err)
	}
	return settingsFromJSON(data)
}

func settingsFromJSON(data []byte) (map[string]string, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("content: parse site: %w", err)
	}
	// Refuse a file the pages could not use rather than seed half an identity.
	var check Site
	if err := json.Unmarshal(data, &check); err != nil {
		return nil, fmt.Errorf("content: parse site: %w", err)
	}
	if check.Name == "" {
		return nil, fmt.Errorf("content: site has no name")
	}
	out := make(map[string]string, len(raw))
	for key, value := range raw {
		var text string
		if err := json.Unmarshal(value, &text); err == nil {
			out[key] = text
			continue
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, value); err != nil {
			return nil, fmt.Errorf("content: site key %s: %w", key, err)
		}
		out[key] = compact.String()
	}
	return out, nil
}

// SiteFromSettings rebuilds the identity from stored settings; keys it does
// not know are ignored and missing ones stay empty.
func SiteFromSettings(settings map[string]string) (Site, error) {
	site := Site{Social: []Social{}, Offices: []Office{}}
	text := map[string]*string{
		"name": &site.Name, "shortName": &site.ShortName, "tagline": &site.Tagline,
		"email": &site.Email, "phone": &site.Phone, "chatUrl": &site.ChatURL,
	}
	structured := map[string]any{"parent": &site.Parent, "social": &site.Social, "offices": &site.Offices}
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := settings[k]
		if dst, ok := text[k]; ok {
			*dst = v
			continue
		}
		if dst, ok := structured[k]; ok {
			if err := json.Unmarshal([]byte(v), dst); err != nil {
				return Site{}, fmt.Errorf("content: setting %s: %w", k, err)
			}
		}
	}
	return site, nil
}

// LoadSite reads the identity from the store.
func LoadSite(ctx context.Context, s SettingsStore) (Site, error) {
	settings, err := s.Settings(ctx)
	if err != nil {
		return Site{}, fmt.Errorf("content: load site: %w", err)
	}
	return SiteFromSettings(settings)
}
