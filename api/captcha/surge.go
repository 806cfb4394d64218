package captcha

import (
	"sync"
	"time"
)

// SurgeWindow is how long a source's challenges count towards its work: the
// count covers the current window and the one before, so it falls back to
// nothing between 10 and 20 minutes after the source stops asking.
const SurgeWindow = 10 * time.Minute

// maxSurge is the most the work is multiplied by: four times at twice the
// allowance, sixteen times at four times it. At sixteen times a browser
// spends a few seconds on average, which a person who somehow asked for
// fifty challenges in a quarter of an hour can bear, and a script pays for
// each form sixteen times over.
const maxSurge = 16

// surgeSources bounds the sources remembered in a window; beyond it new
// sources count only towards the whole site's rate.
const surgeSources = 50_000

// surge counts the challenges handed out, per source and in all, and says
// how much harder the next one should be. Each replica counts on its own,
// which is enough to make a flood expensive without a shared store.
type surge struct {
	after int // challenges a source may ask for before its work rises; 0 turns counting off

	mu                sync.Mutex
	started           time.Time
	current, previous map[string]int
	total, totalPrev  int
}

func newSurge(after int) *surge {
	return &surge{after: after, current: map[string]int{}, previous: map[string]int{}}
}

// factor counts one more challenge for source at now and returns what its
// work is multiplied by: 1 up to the allowance, then four times for each
// doubling of it, at most maxSurge. A flood spread over many sources raises
// everyone's work once the whole site asks for fifty allowances in a window
// (far beyond what the firm's visitors ever send).
func (s *surge) factor(source string, now time.Time) int64 {
	if s == nil || s.after <= 0 {
		return 1
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rotate(now)
	if _, known := s.current[source]; known || len(s.current) < surgeSources {
		s.current[source]++
	}
	s.total++
	own := s.current[source] + s.previous[source]
	f := int64(1)
	for limit := s.after; own > limit && f < maxSurge; limit *= 2 {
		f *= 4
	}
	if s.total+s.totalPrev > 50*s.after && f < maxSurge {
		f *= 4
	}
	return min(f, maxSurge)
}

// ceiling is the most factor ever returns.
func (s *surge) ceiling() int64 {
	if s == nil || s.after <= 0 {
		return 1
	}
	return maxSurge
}

// rotate starts a new window when the current one has ended; a window that
// ended long ago leaves nothing behind.
func (s *surge) rotate(now time.Time) {
	switch elapsed := now.Sub(s.started); {
	case elapsed < SurgeWindow && !s.started.IsZero():
	case elapsed < 2*SurgeWindow && !s.started.IsZero():
		s.previous, s.current = s.current, map[string]int{}
		s.totalPrev, s.total = s.total, 0
		s.started = s.started.Add(SurgeWindow)
	default:
		s.previous, s.current = map[string]int{}, map[string]int{}
		s.totalPrev, s.total = 0, 0
		s.started = now
	}
}
