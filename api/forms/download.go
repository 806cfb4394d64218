package forms

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/locale"

	"noorvale.example/site/api/endpoint"
)

// linkLifetime is how long a publication's download link works.
const linkLifetime = 24 * time.Hour

// downloadToken signs a publication and an expiry: "<unix seconds>.<MAC>",
// the MAC an HMAC-SHA256 under a key derived from the secret key.
func (s *Service) downloadToken(slug string, expires time.Time) string {
	exp := strconv.FormatInt(expires.Unix(), 10)
	return exp + "." + base64.RawURLEncoding.EncodeToString(s.linkMAC(slug, exp))
}

func (s *Service) linkMAC(slug, exp string) []byte {
	m := hmac.New(sha256.New, s.linkKey)
	fmt.Fprintf(m, "publication-download\x00%s\x00%s", slug, exp)
	return m.Sum(nil)
}

// validToken reports whether token is an unexpired link to the publication.
func (s *Service) validToken(slug, token string) bool {
	if len(token) > 128 {
		return false
	}
	exp, mac, found := strings.Cut(token, ".")
	if !found {
		return false
	}
	secs, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || exp != strconv.FormatInt(secs, 10) {
		return false
	}
	got, err := base64.RawURLEncoding.DecodeString(mac)
	if err != nil || !hmac.Equal(got, s.linkMAC(slug, exp)) {
		return false
	}
	return s.now().Before(time.Unix(secs, 0))
}

// downloadURL is the absolute address of a publication's PDF in a
// language, signed until expires.
func (s *Service) downloadURL(slug string, loc locale.Locale, expires time.Time) string {
	q := url.Values{}
	q.Set("token", s.downloadToken(slug, expires))
	q.Set("lang", string(loc))
	return s.baseURL + "/api/forms/publication/" + slug + "/download?" + q.Encode()
}

// download answers a publication as a PDF in the visitor's language (the
// lang query parameter): with a valid signed token, or, without one, to a
// signed-in visitor.
//
// GET /api/forms/publication/:publication/download?token=…&lang=…
func (s *Service) download(c echo.Context) error {
	r := c.Request()
	loc := endpoint.Locale(r)
	m := locale.For(loc)
	slug := c.Param("publication")
	page, _, _ := s.item("publications", slug, loc)
	if page == nil {
		return notFound(c, m)
	}
	token := r.URL.Query().Get("token")
	switch {
	case token != "":
		if !s.validToken(slug, token) {
			return endpoint.Fail(c, http.StatusForbidden, m.Forms.DownloadInvalid)
		}
	case !s.signedIn(r):
		return endpoint.Fail(c, http.StatusForbidden, m.Forms.DownloadLocked)
	}
	version, err := s.store.ContentVersion(r.Context())
	if err != nil {
		return fmt.Errorf("forms: download: %w", err)
	}
	doc, err := s.pdfs.get(pdfKey{slug: slug, loc: loc, version: version}, func() ([]byte, error) {
		return s.publicationPDF(page, loc)
	})
	if err != nil {
		return fmt.Errorf("forms: publication PDF %s/%s: %w", slug, loc, err)
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.pdf"`, slug, loc))
	h.Set("X-Content-Type-Options", "nosniff")
	return c.Blob(http.StatusOK, "application/pdf", doc)
}

// signedIn reports whether the request carries a valid session.
func (s *Service) signedIn(r *http.Request) bool {
	if s.users == nil {
		return false
	}
	_, ok := s.users.UserFromRequest(r)
	return ok
}
