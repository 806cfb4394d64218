package auth

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

func TestProfileUpdateIsNotMassAssignment(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		b := e.loggedIn("mass@example.com")
		before, _ := st.UserByEmail(context.Background(), "mass@example.com")
		r := b.json("PUT", "/api/account/profile", map[string]any{
			"firstName": "Huda", "lastName": "Mansour", "phoneNumber": "+20 2 1234 5678",
			"email": "attacker@example.com", "id": "0000", "emailConfirmed": false, "emailConfirmedAt": nil,
			"passwordHash": "x", "avatarKey": "../../etc/passwd", "profileImageUrl": "https://evil.example/x.png",
		})
		expect(t, "profile", r, 200, true)
		var d UserData
		r.data(t, &d)
		if d.FullName != "Huda Mansour" || d.Email != "mass@example.com" || d.ProfileImageURL != "" {
			t.Fatalf("answer %+v", d)
		}
		after, _ := st.UserByEmail(context.Background(), "mass@example.com")
		if after.ID != before.ID || after.PasswordHash != before.PasswordHash || !after.Confirmed() || after.AvatarKey != "" ||
			after.FirstName != "Huda" || after.LastName != "Mansour" || after.PhoneNumber != "+20 2 1234 5678" {
			t.Fatalf("stored after update %+v", after)
		}
		if _, err := st.UserByEmail(context.Background(), "attacker@example.com"); err == nil {
			t.Fatal("the e-mail changed")
		}
		r = b.send("PUT", "/api/account/profile", "application/x-www-form-urlencoded", strings.NewReader("firstName=&lastName=X&phoneNumber=abc"))
		expect(t, "invalid profile", r, 400, false)
		if r.env.Errors["firstName"] == "" || r.env.Errors["phoneNumber"] == "" {
			t.Fatalf("errors %v", r.env.Errors)
		}
		expect(t, "anonymous", e.browser().json("PUT", "/api/account/profile", map[string]any{"firstName": "A", "lastName": "B"}), 401, false)
	})
}

func pngImage(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 200, 128})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func jpegImage(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	// An EXIF-like APP1 segment after SOI, which must not survive.
	data := buf.Bytes()
	exif := append([]byte{0xFF, 0xE1, 0x00, 0x10}, []byte("Exif\x00\x00GPS-SECRET")...)
	return append(append(append([]byte{}, data[:2]...), exif...), data[2:]...)
}

// webpImage is a 1×1 lossless WebP.
var webpImage = []byte{
	0x52, 0x49, 0x46, 0x46, 0x1a, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c,
	0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe,
	0x07, 0x00,
}

func TestAvatar(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		b := e.loggedIn("pic@example.com")

		r := b.upload("/api/account/avatar", "file", pngImage(t, 1024, 600))
		expect(t, "upload png", r, 200, true)
		var d UserData
		r.data(t, &d)
		if !strings.HasPrefix(d.ProfileImageURL, "/api/account/avatar/") || !strings.HasSuffix(d.ProfileImageURL, ".png") {
			t.Fatalf("profileImageUrl %q", d.ProfileImageURL)
		}
		first := d.ProfileImageURL
		got := b.send("GET", first, "", nil)
		if got.status != 200 || got.header.Get("Content-Type") != "image/png" || got.header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.HasPrefix(got.header.Get("Cache-Control"), "private") {
			t.Fatalf("serving the picture: %d %v", got.status, got.header)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(got.body))
		if err != nil || cfg.Width != 512 || cfg.Height != 300 {
			t.Fatalf("stored picture %dx%d, %v; want 512x300", cfg.Width, cfg.Height, err)
		}
		expect(t, "someone else's view", e.loggedIn("other@example.com").send("GET", first, "", nil), 404, false)
		expect(t, "anonymous view", e.browser().send("GET", first, "", nil), 401, false)

		r = b.upload("/api/account/avatar", "file", jpegImage(t, 64, 64))
		expect(t, "upload jpeg", r, 200, true)
		r.data(t, &d)
		if d.ProfileImageURL == first || !strings.HasSuffix(d.ProfileImageURL, ".jpg") {
			t.Fatalf("replaced picture url %q", d.ProfileImageURL)
		}
		got = b.send("GET", d.ProfileImageURL, "", nil)
		if got.header.Get("Content-Type") != "image/jpeg" || bytes.Contains(got.body, []byte("GPS-SECRET")) {
			t.Fatalf("jpeg served as %q, metadata kept: %v", got.header.Get("Content-Type"), bytes.Contains(got.body, []byte("GPS-SECRET")))
		}
		expect(t, "old picture gone", b.send("GET", first, "", nil), 404, false)
		if _, _, err := e.blobs.Get(context.Background(), "avatars/"+strings.TrimPrefix(first, avatarPath)); err == nil {
			t.Fatal("the replaced picture is still stored")
		}

		expect(t, "upload webp", b.upload("/api/account/avatar", "file", webpImage), 200, true)

		for _, tc := range []struct {
			name   string
			data   []byte
			status int
			field  string
		}{
			{"text as png", []byte("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), 400, locale.For("en").Accounts.AvatarType},
			{"gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), 400, locale.For("en").Accounts.AvatarType},
			{"truncated png", pngImage(t, 10, 10)[:40], 400, locale.For("en").Accounts.AvatarUnreadable},
			{"too many pixels", hugeHeaderPNG(t), 400, fmt.Sprintf(locale.For("en").Accounts.AvatarDimensions, 4096, 4096)},
		} {
			r := b.upload("/api/account/avatar", "file", tc.data)
			if r.status != tc.status || r.env.Errors["file"] != tc.field {
				t.Errorf("%s: %d %s", tc.name, r.status, r.body)
			}
		}
		big := make([]byte, 2<<20+10)
		copy(big, pngImage(t, 10, 10))
		r = b.upload("/api/account/avatar", "file", big)
		expect(t, "over 2 MB", r, 413, false)
		if r.env.Message != locale.For("en").Accounts.AvatarTooLarge {
			t.Fatalf("413 message %q", r.env.Message)
		}
		// Refused from Content-Length alone, before reading the body.
		r = b.send("POST", "/api/account/avatar", "multipart/form-data; boundary=x", bytes.NewReader(make([]byte, 3<<20)))
		expect(t, "declared over 2 MB", r, 413, false)
		expect(t, "no file", b.upload("/api/account/avatar", "other", pngImage(t, 4, 4)), 400, false)

		r = b.json("DELETE", "/api/account/avatar", nil)
		expect(t, "remove", r, 200, true)
		r.data(t, &d)
		if d.ProfileImageURL != "" {
			t.Fatalf("after removal %q", d.ProfileImageURL)
		}
	})
}

// hugeHeaderPNG is a small PNG whose header claims 20000×20000 pixels.
func hugeHeaderPNG(t *testing.T) []byte {
	data := pngImage(t, 2, 2)
	out := append([]byte{}, data...)
	// IHDR: width and height at bytes 16..23, its CRC at 29..32.
	for i, v := range []byte{0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20} {
		out[16+i] = v
	}
	binary.BigEndian.PutUint32(out[29:33], crc32.ChecksumIEEE(out[12:29]))
	return out
}

func TestSessionsListAndRevoke(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.confirmedUser("multi@example.com", goodPassword)
		laptop, phone := e.browser(), e.browser()
		laptop.headers["User-Agent"] = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
		phone.headers["User-Agent"] = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
		phone.ip = "203.0.113.50"
		for _, b := range []*browser{laptop, phone} {
			expect(t, "login", b.json("POST", "/api/Website/Login", map[string]any{"email": "multi@example.com", "password": goodPassword}), 200, true)
		}
		r := laptop.json("GET", "/api/account/sessions", nil)
		expect(t, "list", r, 200, true)
		var list []sessionInfo
		r.data(t, &list)
		if len(list) != 2 {
			t.Fatalf("sessions %+v", list)
		}
		var phoneID string
		for _, s := range list {
			switch s.Device {
			case "Chrome on Windows":
				if !s.Current || s.IP != "198.51.100.7" {
					t.Fatalf("laptop session %+v", s)
				}
			case "Safari on iOS":
				if s.Current || s.IP != "203.0.113.50" {
					t.Fatalf("phone session %+v", s)
				}
				phoneID = s.ID
			default:
				t.Fatalf("device %q", s.Device)
			}
		}
		other := e.loggedIn("intruder@example.com")
		expect(t, "revoke someone else's", other.json("DELETE", "/api/account/sessions/"+phoneID, nil), 404, false)
		expect(t, "revoke", laptop.json("DELETE", "/api/account/sessions/"+phoneID, nil), 200, true)
		expect(t, "revoked phone", phone.json("GET", "/api/account", nil), 401, false)
		expect(t, "revoke again", laptop.json("DELETE", "/api/account/sessions/"+phoneID, nil), 404, false)
	})
}

func TestChangePasswordAndDeleteAccount(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		b := e.loggedIn("change@example.com")
		elsewhere := e.browser()
		expect(t, "second login", elsewhere.json("POST", "/api/Website/Login", map[string]any{"email": "change@example.com", "password": goodPassword}), 200, true)

		r := b.json("POST", "/api/account/password", map[string]any{"currentPassword": "not it at all", "newPassword": "another long passphrase", "confirmPassword": "another long passphrase"})
		expect(t, "wrong current password", r, 400, false)
		if r.env.Errors["currentPassword"] != locale.For("en").Accounts.PasswordWrong {
			t.Fatalf("errors %v", r.env.Errors)
		}
		r = b.json("POST", "/api/account/password", map[string]any{"currentPassword": goodPassword, "newPassword": "change@example.com", "confirmPassword": "change@example.com"})
		expect(t, "password equal to e-mail", r, 400, false)
		r = b.json("POST", "/api/account/password", map[string]any{"currentPassword": goodPassword, "newPassword": "another long passphrase", "confirmPassword": "another long passphrase"})
		expect(t, "change", r, 200, true)
		expect(t, "this session stays", b.json("GET", "/api/account", nil), 200, true)
		expect(t, "other sessions end", elsewhere.json("GET", "/api/account", nil), 401, false)
		if m := e.mail.last(t, "change@example.com"); m.Kind != mail.KindPasswordChanged {
			t.Fatalf("notice %+v", m)
		}

		e.svc.deleteBlob(context.Background(), "")
		expect(t, "upload", b.upload("/api/account/avatar", "file", pngImage(t, 8, 8)), 200, true)
		u, _ := st.UserByEmail(context.Background(), "change@example.com")
		expect(t, "delete with wrong password", b.json("POST", "/api/account/delete", map[string]any{"password": goodPassword}), 400, false)
		r = b.json("POST", "/api/account/delete", map[string]any{"password": "another long passphrase"})
		expect(t, "delete", r, 200, true)
		if len(b.cookies) != 0 {
			t.Fatal("cookie kept after deletion")
		}
		if _, err := st.UserByEmail(context.Background(), "change@example.com"); err == nil {
			t.Fatal("account still there")
		}
		if _, _, err := e.blobs.Get(context.Background(), u.AvatarKey); err == nil {
			t.Fatal("picture still stored")
		}
		if m := e.mail.last(t, "change@example.com"); m.Kind != mail.KindAccountDeleted {
			t.Fatalf("notice %+v", m)
		}
		expect(t, "login after deletion", e.browser().json("POST", "/api/Website/Login", map[string]any{"email": "change@example.com", "password": "another long passphrase"}), 401, false)
	})
}

func TestExpiredRowsAreDeleted(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	e.loggedIn("gone@example.com")
	e.clock.Advance(48 * time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.svc.Run(ctx); close(done) }()
	testenv.Eventually(t, "expired session deleted", func() bool {
		u, _ := e.store.UserByEmail(context.Background(), "gone@example.com")
		list, _ := e.store.UserSessions(context.Background(), u.ID, time.Time{})
		return len(list) == 0
	})
	cancel()
	<-done
}
