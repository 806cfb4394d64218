package server

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/render"
)

// asset serves a hashed file from the client build's assets directory. The
// names change with the content, so browsers may keep them for a year. When
// the client accepts it, the pre-compressed .br or .gz sibling is sent.
func (s *Server) asset(c echo.Context) error {
	r := c.Request()
	rel, ok := strings.CutPrefix(r.URL.Path, "/assets/")
	if !ok || !cleanRelative(rel) {
		return echo.ErrNotFound
	}
	full := filepath.Join(s.assetsDir, filepath.FromSlash(rel))
	f, info, enc := openAsset(full, r.Header.Get("Accept-Encoding"))
	if f == nil {
		return echo.ErrNotFound
	}
	defer f.Close()
	h := c.Response().Header()
	h.Set("Content-Type", contentType(rel))
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h["Vary"] = varyEncoding
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	http.ServeContent(c.Response(), r, "", info.ModTime(), f)
	return nil
}

// openAsset opens the best encoding of a file the client accepts.
func openAsset(full, acceptEncoding string) (*os.File, os.FileInfo, string) {
	for _, v := range []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}, {"", ""}} {
		if v.enc != "" && !render.AcceptsEncoding(acceptEncoding, v.enc) {
			continue
		}
		f, err := os.Open(full + v.ext)
		if err != nil {
			continue
		}
		info, err := f.Stat()
		if err != nil || !info.Mode().IsRegular() {
			f.Close()
			continue
		}
		return f, info, v.enc
	}
	return nil, nil, ""
}

// cleanRelative accepts a slash-separated relative path that stays inside
// its directory: no "..", no hidden names, no backslashes or NUL bytes.
func cleanRelative(rel string) bool {
	if rel == "" || strings.ContainsAny(rel, "\\\x00") || path.Clean(rel) != rel || rel[0] == '/' {
		return false
	}
	for seg := range strings.SplitSeq(rel, "/") {
		if seg == "" || seg[0] == '.' {
			return false
		}
	}
	return true
}

// contentTypes fixes the types the site serves rather than trusting the
// machine's mime tables, which differ between hosts.
var contentTypes = map[string]string{
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/x-icon",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml",
	".webmanifest": "application/manifest+json",
	".pdf":         "application/pdf",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}
