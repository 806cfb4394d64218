package signin

import (
	"testing"
	"time"
)

// The nth lock in a row lasts 15 minutes doubled n-1 times, up to a day.
func TestLockLengths(t *testing.T) {
	for _, c := range []struct {
		n    int
		want time.Duration
	}{{1, 15 * time.Minute}, {2, 30 * time.Minute}, {3, time.Hour}, {7, 16 * time.Hour}, {8, 24 * time.Hour}, {1000, 24 * time.Hour}} {
		if got := lockFor(c.n); got != c.want {
			t.Errorf("lock %d lasts %s, want %s", c.n, got, c.want)
		}
	}
}
