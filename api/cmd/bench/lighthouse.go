package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// lighthousePage is a page whose Lighthouse figures the bench prints, with figures measured
// before a change to read the new ones beside: the mobile performance score it had before its
// islands (best of two runs, recorded then), and the main thread's work and total blocking
// time, in ms under Lighthouse's 4× slowdown, it had before the home page's sections below the
// first screen and the request forms waited for the visitor (the median run of three, with two
// busy loops beside on a machine whose load average was about 30; 0 where none was recorded).
type lighthousePage struct {
	path       string
	before     int
	mainBefore int
	tbtBefore  int
}

var lighthousePages = []lighthousePage{
	{homePage, 87, 7658, 1338},
	{"/ar", 81, 0, 0},
	{servicePage, 93, 0, 0},
	{"/ar" + servicePage, 86, 0, 0},
	{"/forms", 70, 2376, 254},
}

// runLighthouse prints the Lighthouse figures alone, of the pages whose paths `only` lists
// (separated by commas), or of every page for "all".
func runLighthouse(serverBin, only string) error {
	pages := lighthousePages
	if only != "all" {
		paths := strings.Split(only, ",")
		pages = slices.DeleteFunc(slices.Clone(pages), func(p lighthousePage) bool {
			return !slices.Contains(paths, p.path)
		})
		if len(pages) == 0 {
			return fmt.Errorf("-lighthouse %q names none of the measured pages", only)
		}
	}
	srv, err := startServer(serverBin)
	if err != nil {
		return err
	}
	defer srv.stop()
	return lighthouse(srv.BaseURL, pages)
}

// scriptTime is the main thread's time on one script: all of it, and evaluating it.
type scriptTime struct {
	URL         string `json:"url"`
	TotalMs     int    `json:"totalMs"`
	ScriptingMs int    `json:"scriptingMs"`
}

// lighthouseResult is what web/bench/lighthouse.mjs prints for a page.
type lighthouseResult struct {
	URL     string         `json:"url"`
	Runs    []int          `json:"runs"`
	Scores  map[string]int `json:"scores"`
	Metrics struct {
		FCP          int     `json:"fcpMs"`
		LCP          int     `json:"lcpMs"`
		TBT          int     `json:"tbtMs"`
		CLS          float64 `json:"cls"`
		TotalBytes   int     `json:"totalBytes"`
		FontBytes    int     `json:"fontBytes"`
		ScriptBytes  int     `json:"scriptBytes"`
		MainThreadMs int     `json:"mainThreadMs"`
	} `json:"metrics"`
	MainThread     map[string]int `json:"mainThread"`
	Scripts        []scriptTime   `json:"scripts"`
	Failed         []string       `json:"failed"`
	BenchmarkIndex int            `json:"benchmarkIndex"`
	LoadAverage    float64        `json:"loadAverage"`
}

// lighthouse prints Lighthouse's mobile figures for the pages, the median of three cold runs
// each, measured in headless Chromium on this machine, with the machine's speed as Lighthouse
// rates it and its load average: a loaded machine scores lower. Then, for the same runs, the
// main thread's work by kind and the scripts that took most of it.
func lighthouse(baseURL string, measured []lighthousePage) error {
	args := []string{"web/bench/lighthouse.mjs"}
	for _, p := range measured {
		args = append(args, baseURL+p.path)
	}
	out, err := exec.Command("node", args...).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("lighthouse: %w\n%s", err, exit.Stderr)
		}
		return fmt.Errorf("lighthouse: %w", err)
	}
	var pages []lighthouseResult
	if err := json.Unmarshal(out, &pages); err != nil {
		return fmt.Errorf("lighthouse output: %w", err)
	}
	fmt.Printf("\nLighthouse 12, mobile, cold (median of %d runs; the runs' performance scores in brackets)\n", len(pages[0].Runs))
	fmt.Printf("%-58s %6s %6s %5s %5s %5s %7s %7s %7s %6s %8s %7s %6s %5s\n", "page", "perf", "before", "a11y", "BP", "SEO",
		"FCP", "LCP", "TBT", "CLS", "bytes", "fonts", "bench", "load")
	for i, p := range pages {
		fmt.Printf("%-58s %6d %6d %5d %5d %5d %5dms %5dms %5dms %6.3f %6.0fKB %5.0fKB %6d %5.2f\n",
			fmt.Sprintf("%s %v", strings.TrimPrefix(p.URL, baseURL), p.Runs),
			p.Scores["performance"], measured[i].before, p.Scores["accessibility"], p.Scores["best-practices"], p.Scores["seo"],
			p.Metrics.FCP, p.Metrics.LCP, p.Metrics.TBT, p.Metrics.CLS, kb(p.Metrics.TotalBytes), kb(p.Metrics.FontBytes),
			p.BenchmarkIndex, p.LoadAverage)
		if len(p.Failed) > 0 {
			fmt.Printf("%-58s failing audits: %s\n", "", strings.Join(p.Failed, ", "))
		}
	}
	fmt.Println("(goals: performance ≥ 98, the other three 100; at most 250 KB in all, 80 KB of it fonts;")
	fmt.Println(" bench is Lighthouse's benchmarkIndex of this machine, load its one-minute load average before the run)")
	printMainThread(baseURL, pages, measured)
	return nil
}

// mainThreadKinds are Lighthouse's groups of main-thread work, in the order they are printed.
var mainThreadKinds = []struct{ group, label string }{
	{"scriptEvaluation", "script"},
	{"scriptParseCompile", "parse"},
	{"styleLayout", "style"},
	{"paintCompositeRender", "paint"},
	{"parseHTML", "html"},
	{"garbageCollection", "GC"},
	{"other", "other"},
}

// printMainThread prints, per page, the main thread's work and total blocking time beside the
// figures recorded before (see lighthousePage), the work by kind, and the three scripts that
// took the most of it.
func printMainThread(baseURL string, pages []lighthouseResult, measured []lighthousePage) {
	fmt.Println("\nMain-thread work under Lighthouse's 4× slowdown, same runs (ms)")
	fmt.Printf("%-54s %6s %6s %6s %6s", "page", "main", "before", "TBT", "before")
	for _, kind := range mainThreadKinds {
		fmt.Printf(" %6s", kind.label)
	}
	fmt.Println()
	recorded := func(ms int) string {
		if ms == 0 {
			return "–"
		}
		return fmt.Sprint(ms)
	}
	for i, p := range pages {
		fmt.Printf("%-54s %6d %6s %6d %6s", strings.TrimPrefix(p.URL, baseURL),
			p.Metrics.MainThreadMs, recorded(measured[i].mainBefore), p.Metrics.TBT, recorded(measured[i].tbtBefore))
		for _, kind := range mainThreadKinds {
			fmt.Printf(" %6d", p.MainThread[kind.group])
		}
		fmt.Println()
		scripts := slices.Clone(p.Scripts)
		slices.SortFunc(scripts, func(a, b scriptTime) int { return b.TotalMs - a.TotalMs })
		var top []string
		for _, s := range scripts[:min(3, len(scripts))] {
			top = append(top, fmt.Sprintf("%s %d ms", strings.TrimPrefix(s.URL, baseURL), s.TotalMs))
		}
		if len(top) > 0 {
			fmt.Printf("%-54s by script: %s\n", "", strings.Join(top, ", "))
		}
	}
	fmt.Println("(goal: at most 2000 ms of main-thread work on the home page and /forms)")
}
