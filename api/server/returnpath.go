package server

import (
	"net/url"
	"strings"
)

// maxReturnPath bounds a return address; longer ones are not worth trusting.
const maxReturnPath = 2048

// SafeReturnPath returns p when it is a local absolute path that is safe to
// redirect to after signing in, and "/" otherwise. Local means: one leading
// slash (not "//", which browsers read as another host), no backslash
// (which browsers treat as a slash), no scheme or host, no control characters.
func SafeReturnPath(p string) string {
	if p == "" || len(p) > maxReturnPath || p[0] != '/' {
		return "/"
	}
	if len(p) > 1 && (p[1] == '/' || p[1] == '\\') {
		return "/"
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x20 || c == 0x7f || c == '\\' {
			return "/"
		}
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	// An encoded slash or backslash at the start decodes into "//" or "/\"
	// in code that unescapes the path before using it.
	if lower := strings.ToLower(p); strings.HasPrefix(lower, "/%2f") || strings.HasPrefix(lower, "/%5c") {
		return "/"
	}
	return p
}
