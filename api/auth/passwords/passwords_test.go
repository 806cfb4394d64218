package passwords

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/argon2"
)

func TestHashAndVerify(t *testing.T) {
	h := NewHasher(2)
	ctx := context.Background()
	encoded, err := h.Hash(ctx, "correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(encoded, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not the agreed PHC form", encoded)
	}
	other, _ := h.Hash(ctx, "correct horse battery staple")
	if other == encoded {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	ok, rehash, err := h.Verify(ctx, "correct horse battery staple", encoded)
	if err != nil || !ok || rehash {
		t.Fatalf("Verify(right) = %v, %v, %v", ok, rehash, err)
	}
	ok, _, err = h.Verify(ctx, "correct horse battery stapler", encoded)
	if err != nil || ok {
		t.Fatalf("Verify(wrong) = %v, %v", ok, err)
	}
	if err := h.VerifyDummy(ctx, "anything"); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyOldParametersAsksForRehash(t *testing.T) {
	h := NewHasher(1)
	salt := []byte("0123456789abcdef")
	old := encode(salt, mustKey("secret-password", salt, 1, 8*1024), 8*1024, 1, 1)
	ok, rehash, err := h.Verify(context.Background(), "secret-password", old)
	if err != nil || !ok || !rehash {
		t.Fatalf("Verify(old params) = %v, %v, %v; want ok and rehash", ok, rehash, err)
	}
}

func TestVerifyRefusesMalformedHashes(t *testing.T) {
	h := NewHasher(1)
	for _, bad := range []string{
		"", "plain", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5",
		"$argon2id$v=19$m=19456,t=2,p=1$!!!$a2V5a2V5a2V5a2V5a2V5a2V5",
	} {
		if _, _, err := h.Verify(context.Background(), "x", bad); err == nil {
			t.Errorf("Verify accepted malformed hash %q", bad)
		}
	}
}

func TestHashingIsBounded(t *testing.T) {
	h := NewHasher(2)
	var peak atomic.Int32
	// Observe the slots directly: every hash holds one while it runs.
	var wg sync.WaitGroup
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			n := int32(len(h.slots.ch))
			if n > peak.Load() {
				peak.Store(n)
			}
			time.Sleep(time.Millisecond)
		}
	}()
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = h.Hash(context.Background(), "some long password")
		}()
	}
	wg.Wait()
	close(stop)
	if p := peak.Load(); p > 2 {
		t.Fatalf("%d hashes ran at once, want at most 2", p)
	}
}

func TestHashWaitEndsWithContext(t *testing.T) {
	h := NewHasher(1)
	h.slots.ch <- struct{}{} // the only slot is busy
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := h.Hash(ctx, "some long password"); err == nil {
		t.Fatal("Hash returned without a slot")
	}
}

// A hash that cannot get a slot within the wait gives up with ErrBusy,
// and one gets it at once when a slot frees up during the wait.
func TestHashGivesUpWhenEverySlotIsBusy(t *testing.T) {
	waited := make(chan time.Duration, 1)
	timeUp := make(chan time.Time)
	slots := NewSlots(SlotsConfig{Concurrency: 2, After: func(d time.Duration) <-chan time.Time {
		waited <- d
		return timeUp
	}})
	h := NewHasherOn(slots)
	ctx := context.Background()
	for range 2 {
		if err := slots.Acquire(ctx); err != nil {
			t.Fatal(err)
		}
	}
	verified := make(chan error, 1)
	go func() { verified <- h.VerifyDummy(ctx, "some long password") }()
	if d := <-waited; d != MaxWait {
		t.Fatalf("waits %s for a slot, want %s", d, MaxWait)
	}
	close(timeUp)
	if err := <-verified; !errors.Is(err, ErrBusy) {
		t.Fatalf("VerifyDummy with every slot busy: %v, want ErrBusy", err)
	}
	if _, err := h.Hash(ctx, "some long password"); !errors.Is(err, ErrBusy) {
		t.Fatalf("Hash with every slot busy: %v, want ErrBusy", err)
	}

	// A slot freed during the wait is taken.
	slots.after = func(time.Duration) <-chan time.Time {
		slots.Release()
		return nil
	}
	if _, err := h.Hash(ctx, "some long password"); err != nil {
		t.Fatalf("Hash after a slot was freed: %v", err)
	}
}

func TestCommonList(t *testing.T) {
	if n := CommonCount(); n < 10000 {
		t.Fatalf("common list has %d entries, want at least 10,000", n)
	}
	long := 0
	for line := range strings.SplitSeq(commonList, "\n") {
		if line != strings.ToLower(line) {
			t.Fatalf("entry %q is not lower case", line)
		}
		if len([]rune(line)) >= MinLength {
			long++
			if p := Check(line); p != Common {
				t.Fatalf("Check(%q) = %q, want common", line, p)
			}
		}
	}
	if long == 0 {
		t.Fatal("no entry of 12 characters or more: the list cannot refuse anything")
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name     string
		password string
		personal []string
		want     Problem
	}{
		{"good", "velvet orbit kettle", nil, OK},
		{"eleven characters", "abcdefghijk", nil, TooShort},
		{"twelve characters", "abcdefghijkz", nil, OK},
		{"runes not bytes", "ééééééééééé", nil, TooShort},
		{"128 characters", strings.Repeat("a1", 64), nil, OK},
		{"129 characters", strings.Repeat("a", 129), nil, TooLong},
		{"common", "password1234", nil, Common},
		{"common any case", "PassWord1234", nil, Common},
		{"common keyboard walk", "1qaz2wsx3edc", nil, Common},
		{"equals e-mail", "Jane.Doe@Example.com", []string{"jane.doe@example.com"}, LikePersonal},
		{"equals local part", " jane.doe.1234 ", []string{"jane.doe.1234@example.com"}, LikePersonal},
		{"equals full name", "Jane Doe-Smithson", []string{"x@example.com", "Jane", "Doe-Smithson", "jane doe-smithson"}, LikePersonal},
		{"contains name is fine", "janedoe-likes-tea", []string{"Jane", "Doe"}, OK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Check(tt.password, tt.personal...); got != tt.want {
				t.Fatalf("Check(%q) = %q, want %q", tt.password, got, tt.want)
			}
		})
	}
}

func mustKey(pw string, salt []byte, time, memory uint32) []byte {
	return argon2.IDKey([]byte(pw), salt, time, memory, 1, keyLen)
}

func TestOnHashesWithinItsOwnSlots(t *testing.T) {
	h := NewHasher(1)
	h.slots.ch <- struct{}{} // the common slot is busy
	lane := h.On(NewSlots(SlotsConfig{Concurrency: 1}))
	if lane.dummy != h.dummy {
		t.Fatal("the lane has a dummy hash of its own")
	}
	if err := lane.VerifyDummy(context.Background(), "anything"); err != nil {
		t.Fatalf("the lane waited for the common slot: %v", err)
	}
}
