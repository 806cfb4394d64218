package forms

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func TestPublicationDownload(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		h := newHarness(t, s)
		res := h.postJSON("/api/forms/publication/pci-dss-scoping-guide?lang=nl", validPublication(), "")
		if res.status != 200 || res.env.Message != locale.For(locale.Nl).Forms.PublicationDone {
			t.Fatalf("status %d %s", res.status, res.body)
		}
		var data struct {
			DownloadURL string `json:"downloadUrl"`
			ExpiresAt   string `json:"expiresAt"`
		}
		if err := json.Unmarshal(res.env.Data, &data); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(data.DownloadURL, "https://noorvale.example/api/forms/publication/pci-dss-scoping-guide/download?") ||
			data.ExpiresAt != "2026-11-23T09:00:00Z" {
			t.Fatalf("data %+v", data)
		}
		if c := h.mailTo("omar@example.com"); c.Kind != mail.KindFormConfirmPublication || c.Data["downloadLink"] != data.DownloadURL ||
			c.Data["publication"] != "Een gids voor de scope van PCI DSS" {
			t.Fatalf("confirmation %+v", c)
		}
		link, err := url.Parse(data.DownloadURL)
		if err != nil {
			t.Fatal(err)
		}
		get := func(path string, cookie string) result {
			t.Helper()
			req := httptest.NewRequest(http.MethodGet, path, nil)
			if cookie != "" {
				req.AddCookie(&http.Cookie{Name: "session", Value: cookie})
			}
			return h.do(req, "")
		}

		// The link works, and answers the Dutch PDF.
		ok := get(link.RequestURI(), "")
		if ok.status != 200 || ok.header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(ok.body, []byte("%PDF-")) ||
			!strings.Contains(ok.header.Get("Content-Disposition"), `filename="pci-dss-scoping-guide-nl.pdf"`) ||
			ok.header.Get("Cache-Control") != "private, no-store" {
			t.Fatalf("download: %d %v %q", ok.status, ok.header, ok.body[:min(len(ok.body), 40)])
		}
		// Generated once per language and content version.
		if again := get(link.RequestURI(), ""); !bytes.Equal(again.body, ok.body) {
			t.Error("second download differs")
		}
		if english := get(strings.Replace(link.RequestURI(), "lang=nl", "lang=en", 1), ""); english.status != 200 || bytes.Equal(english.body, ok.body) {
			t.Errorf("English PDF: %d, same as Dutch: %v", english.status, bytes.Equal(english.body, ok.body))
		}
		// Arabic gets the English PDF (see pdfLocale).
		if arabic := get(strings.Replace(link.RequestURI(), "lang=nl", "lang=ar", 1), ""); arabic.status != 200 || !bytes.HasPrefix(arabic.body, []byte("%PDF-")) {
			t.Errorf("Arabic download: %d", arabic.status)
		}

		q := link.Query()
		token := q.Get("token")
		tampered := strings.Replace(link.RequestURI(), url.QueryEscape(token), url.QueryEscape(token[:len(token)-2]+"AA"), 1)
		if res := get(tampered, ""); res.status != http.StatusForbidden || res.env.Message != locale.For(locale.Nl).Forms.DownloadInvalid {
			t.Errorf("tampered token: %d %s", res.status, res.body)
		}
		otherSlug := strings.Replace(link.RequestURI(), "pci-dss-scoping-guide", "another-publication", 1)
		if res := get(otherSlug, ""); res.status != http.StatusNotFound {
			t.Errorf("token on another publication: %d", res.status)
		}
		stretched := strings.Replace(link.RequestURI(), url.QueryEscape(token), url.QueryEscape("9999999999"+token[strings.Index(token, "."):]), 1)
		if res := get(stretched, ""); res.status != http.StatusForbidden {
			t.Errorf("token with a later expiry: %d", res.status)
		}
		if res := get("/api/forms/publication/pci-dss-scoping-guide/download?lang=fr", ""); res.status != http.StatusForbidden ||
			res.env.Message != locale.For(locale.Fr).Forms.DownloadLocked {
			t.Errorf("anonymous without a token: %d %s", res.status, res.body)
		}
		if res := get("/api/forms/publication/pci-dss-scoping-guide/download", "someone@example.com"); res.status != 200 ||
			!bytes.HasPrefix(res.body, []byte("%PDF-")) {
			t.Errorf("signed in without a token: %d", res.status)
		}

		// A day later the link has expired.
		h.clock.Advance(24*time.Hour + time.Second)
		if res := get(link.RequestURI(), ""); res.status != http.StatusForbidden || res.env.Message != locale.For(locale.Nl).Forms.DownloadInvalid {
			t.Errorf("expired token: %d %s", res.status, res.body)
		}
	})
}

func TestPDFCacheFollowsContentVersion(t *testing.T) {
	c := newPDFCache()
	calls := 0
	gen := func() ([]byte, error) { calls++; return []byte{byte(calls)}, nil }
	k := pdfKey{slug: "a", loc: locale.En, version: 1}
	_, _ = c.get(k, gen)
	_, _ = c.get(k, gen)
	if calls != 1 {
		t.Fatalf("generated %d times for one key", calls)
	}
	k2 := k
	k2.version = 2
	if doc, _ := c.get(k2, gen); doc[0] != 2 || len(c.docs) != 1 {
		t.Fatalf("a new content version did not regenerate (calls %d, cached %d)", calls, len(c.docs))
	}
}
