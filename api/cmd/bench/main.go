// Command bench prints the site's performance figures side by side in one run:
// a cached page through the full server against the same bytes from a bare
// net/http handler, uncached renders, page weight and memory. It asserts
// nothing; the figures are for people to read.
package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/store"
)

const (
	servicePage = "/services/cybersecurity-services/penetration-testing"
	homePage    = "/"
)

func main() {
	serverBin := flag.String("server", "bin/server", "path to the built server binary")
	duration := flag.Duration("duration", 10*time.Second, "length of each load run")
	connections := flag.Int("connections", 64, "concurrent connections per load run")
	accountsOnly := flag.Bool("accounts", false, "print only the login figures and the HTTP Observatory scan")
	pipelineOnly := flag.Bool("pipeline", false, "print only the render pipeline's figures")
	searchOnly := flag.Bool("search", false, "print only the site search's figures")
	searchProfile := flag.String("search-cpuprofile", "", "with -search, write a CPU profile of the as-you-type searches at ten times the content to this file")
	cachedOnly := flag.Bool("cached", false, "print only the cached page against a bare handler")
	signedInOnly := flag.Bool("signedin", false, "print only the signed-in page views beside anonymous ones")
	pagesOnly := flag.Bool("pages", false, "print only the pages' weight and Lighthouse figures")
	lighthouseOnly := flag.String("lighthouse", "", "print only the Lighthouse figures, of these pages (paths separated by commas, or \"all\")")
	analyticsOnly := flag.Bool("analytics", false, "print only the cost of counting page views and the marketing dashboard's query time")
	coversOnly := flag.Bool("covers", false, "print only the renderer's memory while it encodes covers")
	mediaOnly := flag.Bool("media", false, "print only the renderer's memory while it encodes media library pictures, against the pod's limit")
	coversDir := flag.String("covers-dir", ".", "checkout whose renderer (ssr/, dist/) the cover figures measure, to compare revisions")
	databaseURL := flag.String("postgres", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable",
		"PostgreSQL database for the two-replica figures (a throwaway schema is made in it); empty to skip them")
	flag.Parse()

	var err error
	switch {
	case *accountsOnly:
		err = runAccounts(*serverBin)
	case *cachedOnly:
		err = runCached(*serverBin, *duration, *connections)
	case *signedInOnly:
		err = runSignedIn(*serverBin, *duration, *connections)
	case *pagesOnly:
		err = runPages(*serverBin)
	case *lighthouseOnly != "":
		err = runLighthouse(*serverBin, *lighthouseOnly)
	case *coversOnly:
		err = coverFigures(*coversDir)
	case *mediaOnly:
		err = mediaFigures(*coversDir)
	case *analyticsOnly:
		err = runAnalytics(*serverBin, *databaseURL, *duration, *connections)
	case *pipelineOnly:
		err = runPipeline(*serverBin, *databaseURL)
	case *searchOnly:
		err = searchFigures(*serverBin, *databaseURL, *searchProfile)
	default:
		err = runPipeline(*serverBin, *databaseURL)
		if err != nil {
			break
		}
		err = run(*serverBin, *duration, *connections)
		if err != nil {
			break
		}
		err = coverFigures(*coversDir)
		if err != nil {
			break
		}
		err = searchFigures(*serverBin, *databaseURL, "")
		if err != nil {
			break
		}
		err = runAnalytics(*serverBin, *databaseURL, *duration, *connections)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// runPipeline prints the render pipeline's figures: a full render, an
// edit, a restart, at today's size and at ten times the collections, and
// edits seen by two replicas on PostgreSQL.
func runPipeline(serverBin, databaseURL string) error {
	fmt.Println("Render pipeline, on SQLite, as shipped:")
	if err := pipelineFigures(serverBin, 1); err != nil {
		return err
	}
	fmt.Println("Render pipeline, on SQLite, with ten times the news, blogs and publications:")
	if err := pipelineFigures(serverBin, 10); err != nil {
		return err
	}
	if databaseURL != "" {
		fmt.Println("Two replicas on one PostgreSQL database:")
		if err := replicaFigures(serverBin, databaseURL); err != nil {
			return err
		}
	}
	fmt.Println()
	return nil
}

// cachedFigures prints a cached page's throughput through the full server
// beside a bare handler writing the same headers and body, and returns the
// full server's figures.
func cachedFigures(srv *server, duration time.Duration, connections int) (load, error) {
	body, header, err := fetchWithHeader(srv.BaseURL + servicePage)
	if err != nil {
		return load{}, err
	}

	bare, bareURL, err := startBare(body, header)
	if err != nil {
		return load{}, err
	}
	defer bare.Close()

	fmt.Printf("Cached page %s (%d bytes), %d connections, 5 alternating runs of %s each, wrk on the same machine\n\n",
		servicePage, len(body), connections, duration/2)

	// Five runs of each, alternating, so a change in the machine's load
	// falls on both alike; the medians are compared.
	var fulls, plains []load
	for range 5 {
		f, err := wrk(srv.BaseURL+servicePage, duration/2, connections)
		if err != nil {
			return load{}, err
		}
		p, err := wrk(bareURL, duration/2, connections)
		if err != nil {
			return load{}, err
		}
		fulls, plains = append(fulls, f), append(plains, p)
	}
	full, plain := median(fulls), median(plains)
	fmt.Printf("%-34s %12s %10s\n", "", "requests/s", "p99")
	fmt.Printf("%-34s %12.0f %10s\n", "full server (median of 5)", full.rps, full.p99)
	fmt.Printf("%-34s %12.0f %10s\n", "bare net/http, same headers+body", plain.rps, plain.p99)
	fmt.Printf("%-34s %12.2f×   (target ≥ 0.90×)\n\n", "ratio full / bare", full.rps/plain.rps)

	return full, nil
}

// runCached prints the cached-page comparison alone.
func runCached(serverBin string, duration time.Duration, connections int) error {
	srv, err := startServer(serverBin)
	if err != nil {
		return err
	}
	defer srv.stop()
	_, err = cachedFigures(srv, duration, connections)
	return err
}

// runSignedIn prints the signed-in page views alone.
func runSignedIn(serverBin string, duration time.Duration, connections int) error {
	srv, err := startServer(serverBin)
	if err != nil {
		return err
	}
	defer srv.stop()
	return signedInFigures(srv, duration, connections)
}

// runPages prints what the main pages load and Lighthouse's figures for them.
func runPages(serverBin string) error {
	srv, err := startServer(serverBin)
	if err != nil {
		return err
	}
	defer srv.stop()
	if err := pageWeight(srv.BaseURL); err != nil {
		return err
	}
	return lighthouse(srv.BaseURL, lighthousePages)
}

// runAccounts prints the figures of the account API alone.
func runAccounts(serverBin string) error {
	srv, err := startServer(serverBin)
	if err != nil {
		return err
	}
	defer srv.stop()
	if err := loginFigures(srv); err != nil {
		return err
	}
	return observatory(srv.BaseURL)
}

func run(serverBin string, duration time.Duration, connections int) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return errors.New("wrk is not installed (apt-get install wrk)")
	}
	srv, err := startServer(serverBin)
	if err != nil {
		return err
	}
	defer srv.stop()

	if err := printPrerender(srv.BaseURL); err != nil {
		return err
	}

	full, err := cachedFigures(srv, duration, connections)
	if err != nil {
		return err
	}
	if err := signedInFigures(srv, duration, connections); err != nil {
		return err
	}

	renders, err := uncachedRenders(srv, duration)
	if err != nil {
		return err
	}
	fmt.Printf("Uncached render (Node renderer over its socket, 4 at a time): %.0f renders/s, %.1f× slower than the cached page\n\n",
		renders, full.rps/renders)

	if err := pageWeight(srv.BaseURL); err != nil {
		return err
	}
	if err := lighthouse(srv.BaseURL, lighthousePages); err != nil {
		return err
	}

	goRSS, nodeRSS := memory(srv.Cmd.Process.Pid)
	fmt.Printf("\nResident memory after the load: Go %.1f MB, Node %.1f MB, together %.1f MB (target < 200 MB)\n",
		goRSS, nodeRSS, goRSS+nodeRSS)

	if err := loginFigures(srv); err != nil {
		return err
	}
	return observatory(srv.BaseURL)
}

// printPrerender prints how many documents the server rendered at start and
// how long that took, as /readyz reports them.
func printPrerender(baseURL string) error {
	res, err := http.Get(baseURL + "/readyz")
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var ready struct {
		Documents         int     `json:"documents"`
		LastRenderSeconds float64 `json:"lastRenderSeconds"`
	}
	if err := json.NewDecoder(res.Body).Decode(&ready); err != nil {
		return fmt.Errorf("readyz: %w", err)
	}
	fmt.Printf("Pre-rendered at start: %d documents (every page in every language) in %.1f s\n\n",
		ready.Documents, ready.LastRenderSeconds)
	return nil
}

type server struct {
	*harness.Server
	dataDir string
}

func startServer(bin string) (*server, error) {
	dataDir, err := os.MkdirTemp("", "noorvale-bench-")
	if err != nil {
		return nil, err
	}
	// The login figures spread requests over many X-Forwarded-For addresses,
	// which the server believes only from a trusted proxy: here, loopback.
	env := append(os.Environ(), "DATA_DIR="+dataDir, "DATABASE_URL=", "APP_ENV=production", "LOG_LEVEL=info",
		"TRUSTED_PROXIES=127.0.0.1/32")
	migrate := exec.Command(bin, "migrate")
	migrate.Env, migrate.Stdout, migrate.Stderr = env, os.Stderr, os.Stderr
	if err := migrate.Run(); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if err := seedUsers(filepath.Join(dataDir, "site.db")); err != nil {
		return nil, fmt.Errorf("seed users: %w", err)
	}
	// The access log stays on, as in production, written to a file.
	logFile, err := os.Create(filepath.Join(dataDir, "server.log"))
	if err != nil {
		return nil, err
	}
	srv, err := harness.StartServer(harness.ServerConfig{Bin: bin, Also: logFile, KeepLast: 64 << 10,
		Env: func() []string { return slices.Clone(env) }})
	if err != nil {
		logFile.Close()
		return nil, err
	}
	go func() {
		<-srv.Exited()
		logFile.Close()
	}()
	s := &server{Server: srv, dataDir: dataDir}
	if _, err := srv.WaitReady(10 * time.Minute); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

func (s *server) stop() {
	_ = s.Stop(time.Minute)
	_ = os.RemoveAll(s.dataDir)
}

// memory reads the resident set of the server process pid and of its
// Node child from /proc.
func memory(pid int) (goMB, nodeMB float64) {
	goMB = rssMB(pid)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if harness.ParentPID(child) == pid {
			nodeMB += rssMB(child)
		}
	}
	return goMB, nodeMB
}

func rssMB(pid int) float64 { return rssMiB(pid, "VmRSS") }

func fetch(url string) ([]byte, string, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("GET %s: %s", url, res.Status)
	}
	body, err := io.ReadAll(res.Body)
	return body, res.Header.Get("Content-Type"), err
}

func startBare(body []byte, header http.Header) (*http.Server, string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	header = header.Clone()
	header.Del("Date") // net/http writes its own
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h := w.Header()
		for k, v := range header {
			h[k] = v
		}
		_, _ = w.Write(body)
	})}
	go func() { _ = srv.Serve(ln) }()
	return srv, "http://" + ln.Addr().String() + "/", nil
}

// fetchWithHeader reads a page uncompressed, as wrk asks for it, with the headers it came with.
func fetchWithHeader(url string) ([]byte, http.Header, error) {
	res, err := http.Get(url)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, nil, fmt.Errorf("GET %s: %s", url, res.Status)
	}
	body, err := io.ReadAll(res.Body)
	return body, res.Header, err
}

// median returns the run with the median throughput.
func median(runs []load) load {
	sorted := slices.Clone(runs)
	slices.SortFunc(sorted, func(a, b load) int { return cmp.Compare(a.rps, b.rps) })
	return sorted[len(sorted)/2]
}

type load struct {
	rps    float64
	p99    string
	failed int // answers that were not 2xx or 3xx
}

var (
	rpsLine    = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	p99Line    = regexp.MustCompile(`\s99%\s+(\S+)`)
	non2xxLine = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
)

// wrk loads url for duration over connections; extra arguments (a header,
// a script) go to wrk before the URL.
func wrk(url string, duration time.Duration, connections int, extra ...string) (load, error) {
	args := append([]string{"-t2", "-c" + strconv.Itoa(connections),
		"-d" + strconv.Itoa(int(duration.Seconds())) + "s", "--latency"}, extra...)
	out, err := exec.Command("wrk", append(args, url)...).CombinedOutput()
	if err != nil {
		return load{}, fmt.Errorf("wrk %s: %w\n%s", url, err, out)
	}
	rps := rpsLine.FindSubmatch(out)
	p99 := p99Line.FindSubmatch(out)
	if rps == nil || p99 == nil {
		return load{}, fmt.Errorf("wrk output not understood:\n%s", out)
	}
	v, _ := strconv.ParseFloat(string(rps[1]), 64)
	l := load{rps: v, p99: string(p99[1])}
	if m := non2xxLine.FindSubmatch(out); m != nil {
		l.failed, _ = strconv.Atoi(string(m[1]))
	}
	return l, nil
}

// servicePageProps builds the props the server renders the service page
// from, out of the server's own database: its stored content over the
// content files, and its settings. (The page itself carries only what its
// islands need, not the props it was rendered from.)
func servicePageProps(srv *server) ([]byte, error) {
	ctx := context.Background()
	st, err := store.Open(ctx, store.SQLite, filepath.Join(srv.dataDir, "site.db"))
	if err != nil {
		return nil, err
	}
	defer st.Close()
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		return nil, err
	}
	seed, err := content.Load()
	if err != nil {
		return nil, err
	}
	catalog, _ := seed.WithEntries(entries)
	site, err := content.LoadSite(ctx, st)
	if err != nil {
		return nil, err
	}
	page := catalog.Page(servicePage)
	if page == nil {
		return nil, fmt.Errorf("no page %s in the catalogue", servicePage)
	}
	now := time.Now()
	in := render.PropsInput{Catalog: catalog, Site: site, BaseURL: srv.BaseURL, Year: now.Year(), Now: now}
	return json.Marshal(render.BuildProps(in, page, locale.Default))
}

// uncachedRenders starts a second renderer of its own and renders the
// service page's props over and over, as the server would for a page it has
// not cached.
func uncachedRenders(srv *server, duration time.Duration) (float64, error) {
	payload, err := servicePageProps(srv)
	if err != nil {
		return 0, fmt.Errorf("service page props: %w", err)
	}

	dir, err := os.MkdirTemp("", "noorvale-bench-render-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	sock := filepath.Join(dir, "render.sock")
	node := exec.Command("node", "ssr/server.mjs")
	node.Env = append(os.Environ(), "RENDER_SOCKET="+sock)
	node.Stdout, node.Stderr = io.Discard, os.Stderr
	stdin, err := node.StdinPipe()
	if err != nil {
		return 0, err
	}
	if err := node.Start(); err != nil {
		return 0, fmt.Errorf("start renderer: %w", err)
	}
	defer func() { stdin.Close(); _ = node.Wait() }()

	client := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", sock)
		},
		MaxIdleConnsPerHost: 8,
	}}
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := client.Get("http://renderer/healthz")
		if err == nil {
			res.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			return 0, errors.New("renderer did not start within 20 s")
		}
		time.Sleep(100 * time.Millisecond)
	}

	var done atomic.Int64
	var firstErr error
	var once sync.Once
	stop := time.Now().Add(duration / 2)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) {
				res, err := client.Post("http://renderer/render", "application/json", bytes.NewReader(payload))
				if err != nil {
					once.Do(func() { firstErr = err })
					return
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					once.Do(func() { firstErr = fmt.Errorf("render answered %s", res.Status) })
					return
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	return float64(done.Load()) / (duration / 2).Seconds(), nil
}

// pageWeight loads pages in headless Chromium, then prints the compressed
// bytes of the scripts and stylesheets each one loaded, gzip and brotli.
func pageWeight(baseURL string) error {
	out, err := exec.Command("node", "web/bench/page-weight.mjs", baseURL+homePage, baseURL+servicePage).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("page weight: %w\n%s", err, exit.Stderr)
		}
		return fmt.Errorf("page weight: %w", err)
	}
	var pages []struct {
		URL         string   `json:"url"`
		Scripts     []string `json:"scripts"`
		Stylesheets []string `json:"stylesheets"`
		Inline      []string `json:"inlineStyles"`
	}
	if err := json.Unmarshal(out, &pages); err != nil {
		return fmt.Errorf("page weight output: %w", err)
	}
	fmt.Printf("%-54s %10s %10s %10s %10s\n", "Compressed bytes a page loads", "JS gzip", "JS br", "CSS gzip", "CSS br")
	for _, p := range pages {
		var sizes [4]int
		for i, list := range [][]string{p.Scripts, p.Scripts, p.Stylesheets, p.Stylesheets} {
			encoding := []string{"gzip", "br"}[i%2]
			for _, u := range list {
				n, err := encodedSize(u, encoding)
				if err != nil {
					return err
				}
				sizes[i] += n
			}
		}
		// Stylesheets carried in the document, as its compression would send them.
		for _, text := range p.Inline {
			gz, br := compressedSizes([]byte(text))
			sizes[2] += gz
			sizes[3] += br
		}
		fmt.Printf("%-54s %7.1f KB %7.1f KB %7.1f KB %7.1f KB\n", strings.TrimPrefix(p.URL, baseURL),
			kb(sizes[0]), kb(sizes[1]), kb(sizes[2]), kb(sizes[3]))
	}
	fmt.Println("(goals: a service page loads at most 75 KB of gzipped JS, the home page at most 100 KB;")
	fmt.Println(" the CSS is the page's own stylesheets, carried inline, compressed on their own)")
	return nil
}

// encodedSize is the number of bytes the server sends for url in the given encoding.
func encodedSize(url, encoding string) (int, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept-Encoding", encoding)
	// A transport of its own, so Go does not ask for and undo gzip by itself.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	return int(n), err
}

// compressedSizes is the size of data gzipped and brotli-compressed at the
// levels the server's precompressed files use.
func compressedSizes(data []byte) (gz, br int) {
	var g, b bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&g, gzip.BestCompression)
	_, _ = gw.Write(data)
	_ = gw.Close()
	bw := brotli.NewWriterLevel(&b, brotli.BestCompression)
	_, _ = bw.Write(data)
	_ = bw.Close()
	return g.Len(), b.Len()
}

func kb(n int) float64 { return float64(n) / 1024 }
