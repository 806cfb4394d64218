package main

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/ssr"
)

// coverFigures prints the renderer's resident memory while it encodes
// covers sent to it directly, past the server's header check: a
// 100-megapixel PNG, a 63-megapixel one, and the largest the pixel budget
// takes. dir is the checkout whose renderer runs (its ssr/ and dist/), so
// two revisions can be compared.
func coverFigures(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	fmt.Printf("Cover encoding, sent straight to a fresh renderer of %s each (resident memory, MiB; sampled every 10 ms)\n\n", abs)
	fmt.Printf("%-48s %-8s %7s %7s %8s %9s %7s %6s\n", "picture", "answer", "before", "peak", "encoder", "together", "after", "s")
	for _, p := range []struct {
		name             string
		width, height    int
		interlaced, deep bool
	}{
		{"10000 × 10000 RGB PNG (100 MP)", 10000, 10000, false, false},
		{"9000 × 7000 RGB PNG (63 MP)", 9000, 7000, false, false},
		{"8000 × 5000 RGB PNG (40 MP)", 8000, 5000, false, false},
		// Their decoders hold them whole: the server's header check
		// refuses both; here they meet the encoder's memory limit.
		{"8000 × 5000 interlaced PNG", 8000, 5000, true, false},
		{"8000 × 5000 interlaced 16-bit RGBA PNG", 8000, 5000, true, true},
	} {
		data, err := flatPNG(p.width, p.height, p.interlaced, p.deep)
		if err != nil {
			return err
		}
		if err := coverFigure(abs, fmt.Sprintf("%s, %d KB", p.name, len(data)>>10), data); err != nil {
			return err
		}
	}
	fmt.Print("\nbefore/after: the renderer's own memory; peak: its highest; encoder: the highest of any process it\n" +
		"started (the encoder's child); together: the renderer and its children at the same moment.\n\n")
	return nil
}

// coverFigure starts a renderer from dir, has it encode data and prints
// one line of figures.
func coverFigure(dir, name string, data []byte) error {
	sup, err := ssr.NewSupervisor(ssr.SupervisorConfig{
		Dir:     dir,
		DistDir: filepath.Join(dir, "dist"),
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		return err
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = sup.Stop(ctx)
	}()
	if err := sup.Start(context.Background()); err != nil {
		return err
	}
	pid := sup.PID()
	before := rssMiB(pid, "VmRSS")
	sampler := sampleTree(pid)
	started := time.Now()
	images, err := sup.EncodeCover(context.Background(), data)
	took := time.Since(started)
	peaks := sampler.stop()
	answer := fmt.Sprintf("%d files", len(images))
	switch {
	case errors.Is(err, ssr.ErrImageDemanding):
		answer = "refused"
	case err != nil:
		answer = "failed"
		fmt.Fprintf(os.Stderr, "bench: %s: %v\n", name, err)
	}
	fmt.Printf("%-48s %-8s %7.0f %7.0f %8.0f %9.0f %7.0f %6.1f\n", name,
		answer, before, peaks.renderer, peaks.encoder, peaks.together, rssMiB(pid, "VmRSS"), took.Seconds())
	return nil
}

// treePeaks are the highest resident sizes seen, in MiB.
type treePeaks struct{ renderer, encoder, together float64 }

type treeSampler struct {
	done  chan struct{}
	wg    sync.WaitGroup
	peaks treePeaks
}

// sampleTree samples the resident memory of pid and its children until
// stop.
func sampleTree(pid int) *treeSampler {
	s := &treeSampler{done: make(chan struct{})}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			own := rssMiB(pid, "VmRSS")
			together := own
			for _, child := range childrenOf(pid) {
				together += rssMiB(child, "VmRSS")
				// The child's own high-water mark: its peak between samples too.
				s.peaks.encoder = max(s.peaks.encoder, rssMiB(child, "VmHWM"))
			}
			s.peaks.renderer = max(s.peaks.renderer, own)
			s.peaks.together = max(s.peaks.together, together)
			select {
			case <-s.done:
				return
			case <-tick.C:
			}
		}
	}()
	return s
}

func (s *treeSampler) stop() treePeaks {
	close(s.done)
	s.wg.Wait()
	return s.peaks
}

// childrenOf lists pid's children from /proc/pid/task/pid/children, or
// by scanning /proc where the kernel does not list them.
func childrenOf(pid int) []int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
	if err != nil {
		return harness.ChildrenOf(pid)
	}
	var out []int
	for _, f := range strings.Fields(string(data)) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// rssMiB reads one of the memory lines of /proc/pid/status (VmRSS, VmHWM)
// in MiB; 0 when the process is gone.
func rssMiB(pid int, field string) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if kb, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(kb), " kB"))
			return float64(n) / 1024
		}
	}
	return 0
}

// flatPNG writes a width × height 8-bit RGB PNG (16-bit RGBA when deep)
// of one colour with a lighter band across it, row by row: a few hundred
// kilobytes that decode to width × height × 3 bytes (8 when deep). An
// interlaced one is written in Adam7's seven passes, each a smaller
// picture of every so many pixels.
func flatPNG(width, height int, interlaced, deep bool) ([]byte, error) {
	var idat bytes.Buffer
	z, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		return nil, err
	}
	type pass struct{ x0, y0, dx, dy int }
	passes := []pass{{0, 0, 1, 1}}
	if interlaced {
		passes = []pass{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
	}
	pixel, green := []byte{0x0b, 0x3a, 0x66}, 1
	if deep {
		pixel, green = []byte{0x0b, 0, 0x3a, 0, 0x66, 0, 0xff, 0xff}, 2
	}
	for _, p := range passes {
		w := (width - p.x0 + p.dx - 1) / p.dx
		row := make([]byte, 1+w*len(pixel)) // filter byte 0, then the pixels
		for y := p.y0; y < height && w > 0; y += p.dy {
			shade := byte(0x3a)
			if y > height/3 && y < height/2 {
				shade = 0xcf
			}
			pixel[green] = shade
			for x := range w {
				copy(row[1+x*len(pixel):], pixel)
			}
			if _, err := z.Write(row); err != nil {
				return nil, err
			}
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, RGB
	if deep {
		ihdr[8], ihdr[9] = 16, 6 // 16 bits, RGBA
	}
	if interlaced {
		ihdr[12] = 1
	}
	for _, c := range []struct {
		kind string
		body []byte
	}{{"IHDR", ihdr}, {"IDAT", idat.Bytes()}, {"IEND", nil}} {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(c.body)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(c.kind))
		crc.Write(c.body)
		out.WriteString(c.kind)
		out.Write(c.body)
		_ = binary.Write(&out, binary.BigEndian, crc.Sum32())
	}
	return out.Bytes(), nil
}
