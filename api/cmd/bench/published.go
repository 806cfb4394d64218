package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"noorvale.example/site/api/store"
)

// findableGoal is the longest a publish may take to be found by the other
// replica's search, at the 95th percentile.
const findableGoal = time.Second

// publishedFigures prints, for runs edits published as the back-office
// publishes them (a saved version, then publishing it, each in its own
// transaction), how long the other replica took to serve the new text and
// its search to find it. The browser test web/e2e/replicas-editing.test.mjs
// waits for the same thing through the back-office's screens.
func publishedFigures(st *store.Store, other *pipelineRun, runs int) error {
	var times, found []time.Duration
	for i := range runs {
		offset := len(other.Output())
		path, title, err := publishNews(st, i+1)
		if err != nil {
			return err
		}
		published := time.Now()
		took, err := waitServed(other.BaseURL, path, title, published)
		if err != nil {
			return err
		}
		times = append(times, took)
		if took, err = waitFound(other, offset, path, title, published); err != nil {
			return err
		}
		found = append(found, took)
	}
	for _, f := range []struct {
		what  string
		times []time.Duration
		goal  string
	}{{"seen on the other", times, ""}, {"found by the other's search", found, fmt.Sprintf(" (goal: p95 ≤ %d ms)", findableGoal.Milliseconds())}} {
		slices.Sort(f.times)
		fmt.Printf("  edit published on one server → %s, %d edits: p50 %d ms, p95 %d ms, max %d ms%s\n",
			f.what, runs, f.times[len(f.times)/2].Milliseconds(), f.times[len(f.times)*95/100].Milliseconds(), f.times[len(f.times)-1].Milliseconds(), f.goal)
	}
	return nil
}

// waitFound waits for the replica's log to say its search index took in a
// change after offset, and answers the time since published at which its
// search found path under title: when the index was updated, or, when the
// first update did not hold it yet, when a later search did (asked twice a
// second, under the search's per-client limit).
func waitFound(r *pipelineRun, offset int, path, title string, since time.Time) (time.Duration, error) {
	var at time.Duration
	if err := r.Await(60*time.Second, "search index updated", func() bool {
		out := r.Output()[offset:]
		i := strings.Index(out, "search index updated")
		if i < 0 {
			return false
		}
		// The time the server logged the update at, not when it was read.
		at = time.Since(since)
		line := out[strings.LastIndexByte(out[:i], '\n')+1:]
		if stamp, ok := strings.CutPrefix(line, "time="); ok {
			stamp, _, _ = strings.Cut(stamp, " ")
			if t, err := time.Parse(time.RFC3339Nano, stamp); err == nil {
				at = t.Sub(since)
			}
		}
		return true
	}); err != nil {
		return 0, err
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(r.BaseURL + "/api/search?q=" + url.QueryEscape(title))
		if err != nil {
			return 0, err
		}
		var answer struct {
			Data struct {
				Results []struct{ Path, Title string } `json:"results"`
			} `json:"data"`
		}
		err = json.NewDecoder(res.Body).Decode(&answer)
		res.Body.Close()
		if err != nil {
			return 0, fmt.Errorf("search answered %s: %w", res.Status, err)
		}
		for _, hit := range answer.Data.Results {
			if hit.Path == path && hit.Title == title {
				return at, nil
			}
		}
		time.Sleep(500 * time.Millisecond)
		at = time.Since(since)
	}
	return 0, fmt.Errorf("%s never found %q", r.BaseURL, title)
}

// publishNews saves a new English title of the newest news story as a
// version and publishes it, as an editor does, and returns the story's
// path and the title.
func publishNews(st *store.Store, n int) (string, string, error) {
	ctx := context.Background()
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		return "", "", err
	}
	var story *store.ContentEntry
	date := ""
	for i, e := range entries {
		var body struct {
			Date string `json:"date"`
		}
		_ = json.Unmarshal([]byte(e.Body), &body)
		if e.Collection == "news" && e.Locale == "en" && body.Date > date {
			story, date = &entries[i], body.Date
		}
	}
	if story == nil {
		return "", "", errors.New("no English news story to publish")
	}
	var body map[string]any
	_ = json.Unmarshal([]byte(story.Body), &body)
	title := fmt.Sprintf("Regional regulators publish joint guidance, edition %d", n)
	body["title"] = title
	raw, _ := json.Marshal(body)
	key := store.ContentKey{Collection: "news", Slug: story.Slug, Locale: "en"}
	item, err := st.ContentItem(ctx, "news", story.Slug)
	if err != nil {
		return "", "", err
	}
	v, err := st.SaveContentVersion(ctx, key, string(raw), "bench", item.Editions["en"].LatestVersion, time.Now())
	if err != nil {
		return "", "", err
	}
	if err := st.PublishContentVersion(ctx, key, v.ID, "bench", time.Now()); err != nil {
		return "", "", err
	}
	return "/resources/news/" + story.Slug, title, nil
}
