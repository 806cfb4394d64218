package auth

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"noorvale.example/site/api/imagecheck"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// deepPNG is a w × h RGB picture of 16 bits a channel, all black: a small
// file (zero rows compress well) whose decoding takes 8 bytes a pixel.
func deepPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		out.WriteString(kind)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(kind), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(w)), uint32(h))
	chunk("IHDR", append(ihdr, 16, 2, 0, 0, 0))
	var idat bytes.Buffer
	zw := zlib.NewWriter(&idat)
	row := make([]byte, 1+6*w) // filter "none", then the pixels
	for range h {
		if _, err := zw.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// progressiveJPEG is a grey w × h picture as a progressive JPEG of three
// components in 4:4:4 with its first scan only: each block codes a DC
// difference of zero in one bit, so the file stays small however large
// the picture, while a decoder keeps 64 coefficients for every block.
func progressiveJPEG(w, h int) []byte {
	var out bytes.Buffer
	segment := func(marker byte, payload ...byte) {
		out.Write([]byte{0xff, marker, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)})
		out.Write(payload)
	}
	out.Write([]byte{0xff, 0xd8})
	segment(0xdb, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...)...) // quantization: all ones
	segment(0xc2, 8, byte(h>>8), byte(h), byte(w>>8), byte(w), 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0)
	segment(0xc4, append([]byte{0x00, 1}, make([]byte, 16)...)...) // DC table: one 1-bit code, for 0
	segment(0xda, 3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0x00)        // DC scan of every component
	blocks := 3 * ((w + 7) / 8) * ((h + 7) / 8)
	out.Write(make([]byte, blocks/8))
	if rest := blocks % 8; rest > 0 {
		out.WriteByte(0xff >> rest) // padded with one bits
	}
	out.Write([]byte{0xff, 0xd9})
	return out.Bytes()
}

// photoJPEG is a w × h baseline JPEG in 4:2:0, as phone cameras write them.
func photoJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = uint8(i / w)
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestDemandingPicturesRefusedFromTheirHeader: small files whose pixels
// would take hundreds of megabytes to decode are refused, in the visitor's
// language, without being decoded; a 12-megapixel photo is taken.
func TestDemandingPicturesRefusedFromTheirHeader(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	b := e.loggedIn("heavy@example.com")

	// The generators make real pictures: small ones are taken.
	for name, data := range map[string][]byte{"16-bit PNG": deepPNG(t, 64, 64), "progressive JPEG": progressiveJPEG(64, 48)} {
		expect(t, "small "+name, b.upload("/api/account/avatar", "file", data), 200, true)
	}

	hostile := map[string][]byte{
		"16-bit PNG of 4096 × 4096":       deepPNG(t, 4096, 4096),
		"progressive JPEG of 4096 × 4096": progressiveJPEG(4096, 4096),
	}
	for name, data := range hostile {
		if len(data) > 256<<10 {
			t.Fatalf("%s takes %d bytes: not the small file of the attack", name, len(data))
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != 4096 {
			t.Fatalf("%s: %+v, %v", name, cfg, err)
		}
		for _, loc := range locale.All {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r := b.upload("/api/account/avatar?lang="+string(loc), "file", data)
			runtime.ReadMemStats(&after)
			if r.status != http.StatusBadRequest || r.env.Errors["file"] != locale.For(loc).Accounts.AvatarDemanding {
				t.Fatalf("%s in %s: %d %s", name, loc, r.status, r.body)
			}
			if grown := after.TotalAlloc - before.TotalAlloc; grown > 32<<20 {
				t.Fatalf("%s: refusing it allocated %d MiB", name, grown>>20)
			}
		}
	}

	photo := photoJPEG(t, 4032, 3024)
	expect(t, "a 12-megapixel photo", b.upload("/api/account/avatar", "file", photo), 200, true)
	u, _ := e.store.UserByEmail(context.Background(), "heavy@example.com")
	rc, _, err := e.blobs.Get(context.Background(), u.AvatarKey)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	cfg, err := jpeg.DecodeConfig(rc)
	if err != nil || cfg.Width != 512 || cfg.Height != 384 {
		t.Fatalf("stored photo %dx%d, %v; want 512x384", cfg.Width, cfg.Height, err)
	}
}

// TestDecodeCost checks the estimate made from the header against what
// decoding and scaling really allocate, for pictures of every kind the decoders lay out
// differently: it must never be below, nor far above.
func TestDecodeCost(t *testing.T) {
	gray := image.NewGray(image.Rect(0, 0, 900, 700))
	var grayPNG bytes.Buffer
	if err := png.Encode(&grayPNG, gray); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"16-bit PNG", deepPNG(t, 1500, 1000)},
		{"grey PNG", grayPNG.Bytes()},
		{"RGBA PNG", pngImage(t, 1200, 800)},
		{"progressive JPEG", progressiveJPEG(1600, 1200)},
		{"baseline JPEG", photoJPEG(t, 3000, 2000)},
		{"lossless WebP", webpImage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := imagecheck.Inspect(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			estimate := avatarCost(h)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			img, _, err := image.Decode(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			fit(img, avatarSide)
			runtime.ReadMemStats(&after)
			used := int64(after.TotalAlloc - before.TotalAlloc)
			if estimate < used || estimate > 2*used+1<<20 {
				t.Fatalf("estimated %d bytes; decoding and scaling allocated %d", estimate, used)
			}
		})
	}
}

// TestOneDecodeAtATime: while a picture is being decoded, another waits,
// and a request that gives up while waiting never decodes.
func TestOneDecodeAtATime(t *testing.T) {
	e := newEnv(t, testenv.SQLiteStore(t))
	entered, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		_, err := e.svc.decodeAvatar(context.Background(), func(io.Reader) (image.Image, error) {
			close(entered)
			<-release
			return image.NewRGBA(image.Rect(0, 0, 8, 8)), nil
		}, nil)
		first <- err
	}()
	<-entered
	ctx, cancel := context.WithCancel(context.Background())
	second := make(chan error, 1)
	decoded := false
	go func() {
		_, err := e.svc.decodeAvatar(ctx, func(io.Reader) (image.Image, error) {
			decoded = true
			return image.NewRGBA(image.Rect(0, 0, 8, 8)), nil
		}, nil)
		second <- err
	}()
	cancel()
	if err := <-second; !errors.Is(err, context.Canceled) || decoded {
		t.Fatalf("a second decode while the first runs: err %v, decoded %v", err, decoded)
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

// storedAvatars lists the keys of every stored profile picture.
func (e *env) storedAvatars(t *testing.T) []string {
	t.Helper()
	var keys []string
	err := filepath.WalkDir(e.blobDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(e.blobDir, p)
		// Beside each file, FS keeps its content type in a file of its own.
		if err == nil && strings.HasPrefix(filepath.ToSlash(rel), "avatars/") && !strings.HasSuffix(rel, ".content-type") {
			keys = append(keys, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// concurrently sends each request from its own copy of b at the same time
// and returns the statuses.
func (b *browser) concurrently(requests ...func(*browser) *result) []int {
	statuses := make([]int, len(requests))
	var start, done sync.WaitGroup
	start.Add(1)
	for i, send := range requests {
		clone := &browser{env: b.env, cookies: map[string]*http.Cookie{}, ip: b.ip, headers: b.headers}
		for k, c := range b.cookies {
			clone.cookies[k] = c
		}
		done.Go(func() {
			start.Wait()
			statuses[i] = send(clone).status
		})
	}
	start.Done()
	done.Wait()
	return statuses
}

// TestAvatarRacesLeaveNoOrphans sends uploads and removals of one account's
// picture at once, then deletes an account while its uploads run: every
// stored picture afterwards belongs to an account.
func TestAvatarRacesLeaveNoOrphans(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		ctx := context.Background()
		b := e.loggedIn("race@example.com")
		upload := func(b *browser) *result { return b.upload("/api/account/avatar", "file", pngImage(t, 32, 32)) }
		remove := func(b *browser) *result { return b.json("DELETE", "/api/account/avatar", nil) }
		var requests []func(*browser) *result
		for i := range 12 {
			requests = append(requests, upload)
			if i%3 == 0 {
				requests = append(requests, remove)
			}
		}
		for i, status := range b.concurrently(requests...) {
			if status != http.StatusOK {
				t.Fatalf("request %d answered %d", i, status)
			}
		}
		u, err := st.UserByEmail(ctx, "race@example.com")
		if err != nil {
			t.Fatal(err)
		}
		stored := e.storedAvatars(t)
		if want := []string{u.AvatarKey}; u.AvatarKey == "" && len(stored) != 0 || u.AvatarKey != "" && strings.Join(stored, ",") != strings.Join(want, ",") {
			t.Fatalf("stored pictures %v; the account's is %q", stored, u.AvatarKey)
		}

		// Uploads racing the deletion of the account.
		const password = goodPassword
		requests = []func(*browser) *result{func(b *browser) *result {
			return b.json("POST", "/api/account/delete", map[string]any{"password": password})
		}}
		for range 8 {
			requests = append(requests, upload)
		}
		statuses := b.concurrently(requests...)
		if statuses[0] != http.StatusOK {
			t.Fatalf("deletion answered %d", statuses[0])
		}
		if _, err := st.UserByEmail(ctx, "race@example.com"); err == nil {
			t.Fatal("the account is still there")
		}
		if stored := e.storedAvatars(t); len(stored) != 0 {
			t.Fatalf("pictures of a deleted account are still stored: %v", stored)
		}
	})
}
