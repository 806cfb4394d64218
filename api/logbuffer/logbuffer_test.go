package logbuffer_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/logbuffer"
)

type lockedBuffer struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes int
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes++
	return l.buf.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func TestLinesArriveWholeAndBatched(t *testing.T) {
	out := &lockedBuffer{}
	w := logbuffer.New(out, 4096, time.Hour)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 250 {
				fmt.Fprintf(w, "request goroutine=%d n=%03d path=/about-us status=200\n", g, i)
			}
		})
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2000 {
		t.Fatalf("%d lines arrived, want 2000", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "request goroutine=") || !strings.HasSuffix(l, "status=200") {
			t.Fatalf("a line arrived cut or mixed: %q", l)
		}
	}
	if out.writes >= 200 {
		t.Errorf("2000 lines took %d writes; they should be batched", out.writes)
	}
	if _, err := w.Write([]byte("late\n")); err == nil {
		t.Error("a write after Close was accepted and would be lost")
	}
}

func TestIdleLinesAreFlushed(t *testing.T) {
	out := &lockedBuffer{}
	w := logbuffer.New(out, 4096, 10*time.Millisecond)
	defer w.Close()
	fmt.Fprintln(w, "request path=/ status=200")
	testenv.Eventually(t, "the buffered line to be written without more traffic", func() bool {
		return strings.Contains(out.String(), "path=/ status=200")
	})
}
