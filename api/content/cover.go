package content

import "regexp"

// coverIDPattern is the form of an uploaded cover's id: 128 random bits in
// lower-case hexadecimal, which names its files in the upload store.
var coverIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// ValidCoverID reports whether id has the form of an uploaded cover's id.
func ValidCoverID(id string) bool { return coverIDPattern.MatchString(id) }
