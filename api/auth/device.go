package auth

import (
	"fmt"
	"strings"

	"noorvale.example/site/api/locale"
)

// describeDevice summarizes a User-Agent as "Browser on System", such as
// "Chrome on Windows", in the visitor's language.
func describeDevice(ua string, m *locale.Catalogue) string {
	browser, system := browserName(ua), systemName(ua)
	switch {
	case browser == "" && system == "":
		return m.Accounts.UnknownDevice
	case system == "":
		return browser
	case browser == "":
		return system
	}
	return fmt.Sprintf(m.Accounts.DeviceOn, browser, system)
}

func browserName(ua string) string {
	// Order matters: many browsers also claim to be Chrome and Safari.
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"},
		{"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
		{"CriOS/", "Chrome"}, {"Chrome/", "Chrome"}, {"Chromium/", "Chromium"},
		{"Safari/", "Safari"}, {"curl/", "curl"},
	} {
		if strings.Contains(ua, b.token) {
			return b.name
		}
	}
	return ""
}

func systemName(ua string) string {
	for _, s := range []struct{ token, name string }{
		{"iPhone", "iOS"}, {"iPad", "iPadOS"}, {"Android", "Android"},
		{"CrOS", "ChromeOS"}, {"Windows", "Windows"}, {"Mac OS X", "macOS"}, {"Macintosh", "macOS"},
		{"Linux", "Linux"},
	} {
		if strings.Contains(ua, s.token) {
			return s.name
		}
	}
	return ""
}
