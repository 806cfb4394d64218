package content

import (
	"regexp"
	"strings"
)

// coverIDPattern is the form of an uploaded cover's id: 128 random bits in
// lower-case hexadecimal, which names its files in the upload store.
var coverIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// ValidCoverID reports whether id has the form of an uploaded cover's id.
func ValidCoverID(id string) bool { return coverIDPattern.MatchString(id) }

// The references a search listing's social image may hold: the site's own
// link-preview picture, or an uploaded cover by its id. Other kinds of
// picture get a prefix of their own.
const (
	SocialImageSite   = "site"
	SocialCoverPrefix = "cover:"
)

// ValidSocialImage reports whether ref names a picture a link may preview
// with: SocialImageSite, or SocialCoverPrefix and a cover's id.
func ValidSocialImage(ref string) bool {
	if ref == SocialImageSite {
		return true
	}
	id, ok := strings.CutPrefix(ref, SocialCoverPrefix)
	return ok && ValidCoverID(id)
}

// SocialCover returns the id of the uploaded cover a social image
// reference names, "" for any other.
func SocialCover(ref string) string {
	id, ok := strings.CutPrefix(ref, SocialCoverPrefix)
	if !ok || !ValidCoverID(id) {
		return ""
	}
	return id
}
