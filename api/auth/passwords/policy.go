package passwords

import (
	_ "embed"
	"strings"
	"sync"
	"unicode/utf8"
)

// Length limits of a new password, in characters.
const (
	MinLength = 12
	MaxLength = 128
)

// Problem names why a new password is refused; "" means it is acceptable.
type Problem string

// The reasons a new password is refused.
const (
	OK           Problem = ""
	TooShort     Problem = "too-short"
	TooLong      Problem = "too-long"
	Common       Problem = "common"
	LikePersonal Problem = "personal" // equal to the e-mail or a name
)

//go:embed common.txt
var commonList string

var (
	commonOnce sync.Once
	common     map[string]struct{}
)

func commonSet() map[string]struct{} {
	commonOnce.Do(func() {
		common = make(map[string]struct{}, 50000)
		for line := range strings.SplitSeq(commonList, "\n") {
			if line != "" {
				common[line] = struct{}{}
			}
		}
	})
	return common
}

// CommonCount returns how many passwords the common-password list holds.
func CommonCount() int { return len(commonSet()) }

// IsCommon reports whether password, ignoring case, is in the list of common passwords.
func IsCommon(password string) bool {
	_, ok := commonSet()[strings.ToLower(password)]
	return ok
}

// Check applies the rules to a new password: 12 to 128 characters, no
// composition rules, not a common password and not the e-mail address, its
// local part or one of the person's names (ignoring case and surrounding
// spaces).
func Check(password string, personal ...string) Problem {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinLength:
		return TooShort
	case n > MaxLength:
		return TooLong
	case IsCommon(password) || IsCommon(strings.TrimSpace(password)):
		return Common
	}
	p := strings.ToLower(strings.TrimSpace(password))
	for _, v := range personal {
		v = strings.ToLower(strings.TrimSpace(v))
		if v == "" {
			continue
		}
		if p == v {
			return LikePersonal
		}
		if local, _, ok := strings.Cut(v, "@"); ok && local != "" && p == local {
			return LikePersonal
		}
	}
	return OK
}
