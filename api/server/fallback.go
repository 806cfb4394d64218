package server

import (
	"bytes"
	"html/template"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
)

// fallbackPages are the pages the server writes itself, without the
// renderer, by status. They are plain semantic HTML with no inline style or
// script, so the Content-Security-Policy needs no exception for them.
type fallbackPages map[int][]byte

var fallbackTemplate = template.Must(template.New("fallback").Parse(`<!doctype html>
<html lang="{{.Lang}}" dir="{{.Dir}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p>{{.Body}}</p>
<p>{{if .Retry}}<a href="">{{.Retry}}</a> · {{end}}<a href="{{.Home}}">{{.BackHome}}</a></p>
</main>
</body>
</html>
`))

type fallbackData struct {
	Lang, Dir, Title, Body, Retry, Home, BackHome string
}

// buildFallbackPages renders every fallback page in every language once;
// nothing in them depends on the request. The retry link is an empty
// address, which reloads the current page.
func buildFallbackPages() map[locale.Locale]fallbackPages {
	out := map[locale.Locale]fallbackPages{}
	for _, l := range locale.All {
		m := locale.For(l).Site
		base := fallbackData{Lang: string(l), Dir: l.Dir(), Home: locale.Path(l, "/"), BackHome: m.BackHome}
		pages := fallbackPages{}
		for code, d := range map[int]fallbackData{
			http.StatusServiceUnavailable:  {Title: m.UnavailableTitle, Body: m.UnavailableBody, Retry: m.Retry},
			http.StatusNotFound:            {Title: m.NotFoundTitle, Body: m.NotFoundBody},
			http.StatusInternalServerError: {Title: m.ErrorTitle, Body: m.APIInternal, Retry: m.Retry},
			http.StatusMethodNotAllowed:    {Title: m.ErrorTitle, Body: m.APIMethodNotAllowed},
			http.StatusTooManyRequests:     {Title: m.ErrorTitle, Body: m.APITooManyRequests, Retry: m.Retry},
			http.StatusBadRequest:          {Title: m.ErrorTitle, Body: m.APIBadRequest},
		} {
			data := base
			data.Title, data.Body, data.Retry = d.Title, d.Body, d.Retry
			var buf bytes.Buffer
			if err := fallbackTemplate.Execute(&buf, data); err != nil {
				panic("server: fallback page: " + err.Error())
			}
			pages[code] = buf.Bytes()
		}
		out[l] = pages
	}
	return out
}

// writeFallback answers a status with the server's own page in a language.
func (s *Server) writeFallback(c echo.Context, loc locale.Locale, code int) error {
	pages := s.fallback[loc]
	if pages == nil {
		pages = s.fallback[locale.Default]
	}
	body, ok := pages[code]
	if !ok {
		if code >= 500 {
			body = pages[http.StatusInternalServerError]
		} else {
			body = pages[http.StatusBadRequest]
		}
	}
	c.Response().Header()["Cache-Control"] = noStore
	return c.HTMLBlob(code, body)
}

// tooManyPages answers a client over a page's rate limit: 429 with
// Retry-After and the server's own page in the visitor's language, which
// costs no render however many requests are refused.
func (s *Server) tooManyPages(c echo.Context, wait time.Duration) error {
	loc, _ := locale.Split(c.Request().URL.Path)
	c.Response().Header().Set("Retry-After", endpoint.RetryAfter(wait))
	return s.writeFallback(c, loc, http.StatusTooManyRequests)
}
