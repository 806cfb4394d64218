// Package logbuffer batches log lines into few writes: the access log
// writes a line per request, and a write system call per line costs the
// cached-page path a tenth of its throughput.
package logbuffer

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// Writer buffers whole writes (log lines) and passes them on when the
// buffer fills, at every interval, and on Close. A write is never split.
type Writer struct {
	mu     sync.Mutex
	buf    *bufio.Writer
	stop   chan struct{}
	done   chan struct{}
	closed bool
}

// New starts a Writer that flushes to w at least every interval.
func New(w io.Writer, size int, interval time.Duration) *Writer {
	b := &Writer{buf: bufio.NewWriterSize(w, size), stop: make(chan struct{}), done: make(chan struct{})}
	go b.run(interval)
	return b
}

func (b *Writer) run(interval time.Duration) {
	defer close(b.done)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-tick.C:
			b.Flush()
		}
	}
}

// Write buffers p; a line longer than the free space flushes first, so
// lines reach w whole.
func (b *Writer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return 0, io.ErrClosedPipe
	}
	if len(p) > b.buf.Available() && b.buf.Buffered() > 0 {
		if err := b.buf.Flush(); err != nil {
			return 0, err
		}
	}
	return b.buf.Write(p)
}

// Flush writes out what is buffered.
func (b *Writer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Flush()
}

// Close stops the periodic flush and writes out what is left.
func (b *Writer) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	b.mu.Unlock()
	close(b.stop)
	<-b.done
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Flush()
}
