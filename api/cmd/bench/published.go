package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"noorvale.example/site/api/store"
)

// publishedFigures prints, for a few edits published as the back-office
// publishes them (a saved version, then publishing it, each in its own
// transaction), how long the other replica took to serve the new text.
// The browser test web/e2e/replicas-editing.test.mjs waits for the same
// thing through the back-office's screens.
func publishedFigures(st *store.Store, other *pipelineRun) error {
	const runs = 5
	var times []time.Duration
	for i := range runs {
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
	}
	slices.Sort(times)
	fmt.Printf("  edit published on one server → seen on the other: %d ms (median of %d, max %d ms)\n",
		times[len(times)/2].Milliseconds(), runs, times[len(times)-1].Milliseconds())
	return nil
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
