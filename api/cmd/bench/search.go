package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/search"
	"noorvale.example/site/api/store"
)

// typed is what visitors type into the search box, in their language; each
// is searched as it grows, a letter at a time, as the box asks.
var typed = []struct {
	lang locale.Locale
	text string
}{
	{"en", "penetration testing"},
	{"en", "iso 27001 certification"},
	{"en", "vulnerabilty assessment"},
	{"nl", "bedrijfscontinuïteit"},
	{"fr", "test d'intrusion"},
	{"fr", "securite des donnees"},
	{"ar", "اختبار الاختراق"},
	{"ar", "ادارة المخاطر"},
	{"en", "soc2"},
	{"en", "pci-dss"},
}

// queryGoal is the longest an as-you-type search may take in the server
// at ten times the content, at the 95th percentile.
const queryGoal = 15 * time.Millisecond

// searchFigures prints the index's build time and memory, and the
// as-you-type queries it answers a second with their server time, at
// today's content and at ten times the collections; then, on two replicas
// sharing a PostgreSQL database at databaseURL (none when ""), how long a
// publish takes to be found by the other replica's search. With
// cpuProfile set, the searches at ten times the content are profiled
// into that file.
func searchFigures(serverBin, databaseURL, cpuProfile string) error {
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("Site search, in process (load average %s):\n", strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	fmt.Printf("%-22s %10s %10s %10s %10s %12s %10s %10s %10s\n", "", "documents", "build", "build CPU", "heap MiB", "queries/s", "p50", "p95", "CPU/query")
	for _, scale := range []int{1, 10} {
		cat, err := scaledCatalog(scale)
		if err != nil {
			return err
		}
		var builds, cpus []time.Duration
		var ix *search.Index
		var heap float64
		for range 3 {
			if ix != nil {
				_ = ix.Close()
				ix = nil
			}
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			started, cpu := time.Now(), cpuTime()
			ix, err = search.Build(cat)
			if err != nil {
				return err
			}
			builds = append(builds, time.Since(started))
			cpus = append(cpus, cpuTime()-cpu)
			runtime.GC()
			runtime.ReadMemStats(&after)
			heap = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / (1 << 20)
		}
		slices.Sort(builds)
		slices.Sort(cpus)
		stopProfile := func() {}
		if cpuProfile != "" && scale > 1 {
			if stopProfile, err = startProfile(cpuProfile); err != nil {
				return err
			}
		}
		cpu, n := cpuTime(), 0
		qps, p50, p95, err := asYouType(ix, 3*time.Second, &n)
		perQuery := (cpuTime() - cpu) / time.Duration(max(n, 1))
		stopProfile()
		if err != nil {
			return err
		}
		label, goal := "as shipped", ""
		if scale > 1 {
			label = fmt.Sprintf("%d× the collections", scale)
			goal = fmt.Sprintf("   goal: p95 ≤ %d ms", queryGoal.Milliseconds())
		}
		fmt.Printf("%-22s %10d %10s %10s %10.1f %12.0f %10s %10s %10s%s\n", label, ix.Len(), builds[1].Round(time.Millisecond), cpus[1].Round(time.Millisecond), heap, qps,
			p50.Round(time.Microsecond), p95.Round(time.Microsecond), perQuery.Round(time.Microsecond), goal)
		_ = ix.Close()
	}
	fmt.Println("(build: median of 3, wall and CPU of the process; heap: what the built index holds;")
	fmt.Println(" queries: every prefix of", len(typed), "typed searches, two at a time, time of one search in process;")
	fmt.Println(" CPU/query: the process's CPU time over the searches, what a search costs whatever runs beside it)")
	if databaseURL != "" {
		fmt.Println("Site search, publish to findable, two replicas on one PostgreSQL database:")
		reps, err := startReplicas(serverBin, databaseURL)
		if err != nil {
			return err
		}
		defer reps.stop()
		if err := publishedFigures(reps.st, reps.b, findableRuns); err != nil {
			return err
		}
	}
	fmt.Println()
	return nil
}

// findableRuns is how many publishes the time to findable is measured
// over: enough for a 95th percentile that is not simply the slowest.
const findableRuns = 24

// startProfile profiles the process's CPU into path until the returned
// function is called.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// cpuTime is the CPU time the process has used, user and system: what a
// build costs, whatever else the machine runs beside it.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// scaledCatalog is the seeded content, with each collection's items
// repeated scale times, as the page cache builds its catalogue.
func scaledCatalog(scale int) (*content.Catalog, error) {
	dir, err := os.MkdirTemp("", "noorvale-search-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	st, err := store.Open(ctx, store.SQLite, filepath.Join(dir, "site.db"))
	if err != nil {
		return nil, err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return nil, err
	}
	if _, err := content.Seed(ctx, st); err != nil {
		return nil, err
	}
	if scale > 1 {
		if err := multiplyItems(st, scale, "news", "blogs", "publications", "webinars", "vacancies"); err != nil {
			return nil, err
		}
	}
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		return nil, err
	}
	base, err := content.Load()
	if err != nil {
		return nil, err
	}
	cat, _ := base.WithEntries(entries)
	return cat, nil
}

// asYouType runs every prefix of the typed searches, from two characters,
// from two goroutines for d, and returns the searches a second and the
// median and 95th percentile of one search's time; count is set to the
// number of searches.
func asYouType(ix *search.Index, d time.Duration, count *int) (qps float64, p50, p95 time.Duration, err error) {
	var queries []search.Query
	for _, t := range typed {
		r := []rune(t.text)
		for n := 2; n <= len(r); n++ {
			queries = append(queries, search.Query{Text: string(r[:n]), Lang: t.lang, PerPage: search.PerPage})
		}
	}
	var (
		mu    sync.Mutex
		times []time.Duration
		wg    sync.WaitGroup
		errs  = make([]error, 2)
	)
	deadline := time.Now().Add(d)
	started := time.Now()
	for w := range 2 {
		wg.Go(func() {
			var mine []time.Duration
			for i := w; time.Now().Before(deadline); i++ {
				t := time.Now()
				if _, err := ix.Search(queries[i%len(queries)]); err != nil {
					errs[w] = err
					return
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			times = append(times, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return 0, 0, 0, err
		}
	}
	if len(times) == 0 {
		return 0, 0, 0, fmt.Errorf("no search finished in %s", d)
	}
	slices.Sort(times)
	*count = len(times)
	return float64(len(times)) / time.Since(started).Seconds(), times[len(times)/2], times[len(times)*95/100], nil
}
