package server

import "strings"

// maxReturnPath bounds a local path, in bytes; longer ones are not worth trusting.
const maxReturnPath = 2048

// NormalizeLocalPath returns p as a path of this site, normalized, and
// whether it is one. The browser's twin is normalizeLocalPath in
// web/site/routing/local-path.ts; both are tested against testdata/local-paths.json.
//
// A local path starts with one slash: "//host" is another site to a
// browser. It holds no backslash (browsers read it as a slash) and no
// control character (browsers drop tabs and line breaks, joining what was
// apart), and its path part no encoded slash, backslash or dot, nor an
// escape that is not one, which code that decodes it later could turn into
// any of these. The path part is then normalized: "." and ".." segments
// are resolved and runs of slashes made one, so that no prefix or part of
// it ("/nl//evil.example", "/.//evil.example") is read as a host by a
// browser or by code that takes the path apart. The query and fragment are
// kept as they are.
func NormalizeLocalPath(p string) (string, bool) {
	if p == "" || len(p) > maxReturnPath || p[0] != '/' || strings.HasPrefix(p, "//") {
		return "", false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x20 || c == 0x7f || c == '\\' {
			return "", false
		}
	}
	path, rest := p, ""
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		path, rest = p[:i], p[i:]
	}
	if !plainEscapes(path) {
		return "", false
	}
	var segments []string
	parts := strings.Split(path[1:], "/")
	for _, s := range parts {
		switch s {
		case "", ".":
		case "..":
			if len(segments) > 0 {
				segments = segments[:len(segments)-1]
			}
		default:
			segments = append(segments, s)
		}
	}
	out := "/" + strings.Join(segments, "/")
	if last := parts[len(parts)-1]; len(segments) > 0 && (last == "" || last == "." || last == "..") {
		out += "/"
	}
	return out + rest, true
}

// plainEscapes reports whether every percent sign of path starts an
// escape of two hexadecimal digits that decodes to neither a slash, a
// backslash, a dot nor a control character.
func plainEscapes(path string) bool {
	for i := strings.IndexByte(path, '%'); i >= 0; i = strings.IndexByte(path, '%') {
		if i+2 >= len(path) || !isHex(path[i+1]) || !isHex(path[i+2]) {
			return false
		}
		switch b := unhex(path[i+1])<<4 | unhex(path[i+2]); {
		case b < 0x20, b == 0x7f, b == '/', b == '\\', b == '.':
			return false
		}
		path = path[i+3:]
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// SafeReturnPath returns p normalized when it is a local path (see
// NormalizeLocalPath) and "/" otherwise: where to send a visitor back to
// after signing in.
func SafeReturnPath(p string) string {
	if local, ok := NormalizeLocalPath(p); ok {
		return local
	}
	return "/"
}
