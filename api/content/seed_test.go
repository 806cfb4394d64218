package content_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// seedFileCount counts the content files of a seed tree.
func seedFileCount(t *testing.T, fsys fs.FS) int {
	t.Helper()
	n := 0
	for _, dir := range []string{"pages", "collections"} {
		err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == dir {
					return fs.SkipDir
				}
				return err
			}
			if !d.IsDir() {
				n++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return n
}

func TestSeed(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		changes, err := content.Seed(ctx, s)
		if err != nil || !changes.Changed() {
			t.Fatalf("first seed: changes=%+v err=%v", changes, err)
		}
		files := seedFileCount(t, content.SeedFS())
		if changes.Inserted != files || changes.Updated != 0 || changes.Deleted != 0 {
			t.Fatalf("first seed: %+v, want %d entries inserted", changes, files)
		}
		v1, _ := s.ContentVersion(ctx)
		if v1 != 1 {
			t.Fatalf("version after first seed = %d", v1)
		}
		changes, err = content.Seed(ctx, s)
		if err != nil || changes.Changed() {
			t.Fatalf("second seed: changes=%+v err=%v", changes, err)
		}
		if v2, _ := s.ContentVersion(ctx); v2 != v1 {
			t.Fatalf("second seed bumped the version to %d", v2)
		}

		site, err := content.LoadSite(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile("seed/site.json")
		if err != nil {
			t.Fatal(err)
		}
		var want content.Site
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(site, want) {
			t.Fatalf("loaded site differs from site.json:\n got %+v\nwant %+v", site, want)
		}
		if len(site.Offices) != 3 || site.Offices[1].City != "Dubai" || site.Social[0].Network != "linkedin" {
			t.Fatalf("structured values lost: %+v", site)
		}

		entries, err := s.ContentEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		about := ""
		for _, e := range entries {
			if e.Collection == content.PagesCollection && e.Slug == "/about-us" && e.Locale == "en" {
				about = e.Body
			}
		}
		if about == "" || strings.Contains(about, "\n") || !json.Valid([]byte(about)) {
			t.Fatalf("the about page is not stored as compact JSON: %.100q", about)
		}

		// An operator's edit is overwritten by the next seed, which bumps the version.
		if _, err := s.PutSettings(ctx, map[string]string{"tagline": "Edited"}); err != nil {
			t.Fatal(err)
		}
		if changes, _ := content.Seed(ctx, s); changes.Settings != 1 {
			t.Fatalf("seed after an edit should restore the file's value: %+v", changes)
		}
	})
}

// Items come and go with their files; the version moves once per seed.
func TestSeedFollowsTheFiles(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		items := testenv.SampleContent()
		if _, err := content.SeedFrom(ctx, s, testenv.SeedTree(t, items)); err != nil {
			t.Fatal(err)
		}
		v1, _ := s.ContentVersion(ctx)

		delete(items, "collections/en/news/cairo-training-centre.json")
		delete(items, "collections/nl/news/new-dubai-office.json")
		items["collections/en/blogs/reading-a-soc-2-report.json"] = strings.Replace(items["collections/en/blogs/reading-a-soc-2-report.json"], `"readingMinutes": 6`, `"readingMinutes": 7`, 1)
		changes, err := content.SeedFrom(ctx, s, testenv.SeedTree(t, items))
		if err != nil {
			t.Fatal(err)
		}
		if changes != (store.ContentChanges{Updated: 1, Deleted: 2}) {
			t.Fatalf("changes = %+v", changes)
		}
		if v2, _ := s.ContentVersion(ctx); v2 != v1+1 {
			t.Fatalf("version %d after one changing seed from %d", v2, v1)
		}
		entries, err := s.ContentEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Slug == "cairo-training-centre" || e.Locale == "nl" {
				t.Fatalf("entry of a removed file kept: %s", content.EntryFile(e))
			}
			if e.Slug == "reading-a-soc-2-report" && !strings.Contains(e.Body, `"readingMinutes":7`) {
				t.Fatalf("changed file not stored: %s", e.Body)
			}
		}
	})
}

// A broken file stops the seed with a message naming the file and field,
// and nothing is written.
func TestSeedRejects(t *testing.T) {
	news := testenv.SampleContent()["collections/en/news/new-dubai-office.json"]
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"invalid JSON", map[string]string{"pages/en/about-us.json": "{\n  \"title\": \"About\",\n}"},
			[]string{"pages/en/about-us.json", "not a valid JSON object", "line 3"}},
		{"not an object", map[string]string{"collections/en/news/a.json": `["title"]`},
			[]string{"collections/en/news/a.json", "one JSON object"}},
		{"missing field", map[string]string{"collections/en/news/a.json": strings.Replace(news, `"author": "Layla Haddad",`, "", 1)},
			[]string{"collections/en/news/a.json", `field "author" is missing`}},
		{"empty string", map[string]string{"collections/en/news/a.json": strings.Replace(news, `"Layla Haddad"`, `"  "`, 1)},
			[]string{"collections/en/news/a.json", `field "author" is empty`}},
		{"missing nested field", map[string]string{"pages/en/terms.json": `{"title":"T","metaTitle":"M","metaDescription":"D","summary":"S","updated":"2026-11-01",
			"sections":[{"heading":"1","paragraphs":["p"]},{"paragraphs":["p"]}]}`},
			[]string{"pages/en/terms.json", `field "sections[1].heading" is missing`}},
		{"empty list", map[string]string{"collections/en/news/a.json": strings.Replace(news, `"body": ["The Dubai team moved in October."]`, `"body": []`, 1)},
			[]string{"collections/en/news/a.json", `field "body" is an empty list`}},
		{"unknown field", map[string]string{"collections/en/news/a.json": strings.Replace(news, `"date"`, `"tagz": ["x"], "date"`, 1)},
			[]string{"collections/en/news/a.json", `field "tagz" is not part of this kind of file`}},
		{"bad date", map[string]string{"collections/en/news/a.json": strings.Replace(news, `"2026-10-14"`, `"14 October 2026"`, 1)},
			[]string{"collections/en/news/a.json", `field "date" must be a date`}},
		{"bad enumeration", map[string]string{"collections/en/vacancies/a.json": strings.Replace(testenv.SampleContent()["collections/en/vacancies/senior-penetration-tester.json"], `"dubai"`, `"Dubai"`, 1)},
			[]string{"collections/en/vacancies/a.json", `field "office" must be one of`}},
		{"webinar time without offset", map[string]string{"collections/en/webinars/a.json": strings.Replace(testenv.SampleContent()["collections/en/webinars/dora-one-year-on.json"], `+00:00`, ``, 1)},
			[]string{"collections/en/webinars/a.json", `field "start" must be a time`}},
		{"page not in sitemap", map[string]string{"pages/en/resources/old-news.json": `{}`},
			[]string{"pages/en/resources/old-news.json", "no page /resources/old-news in sitemap.json"}},
		{"home takes no file", map[string]string{"pages/en/.json": `{}`, "pages/en/auth/login.json": `{}`},
			[]string{"pages/en/auth/login.json", "takes no content file"}},
		{"unknown language", map[string]string{"pages/de/about-us.json": `{}`},
			[]string{"pages/de/about-us.json", `"de" is not one of the site's languages`}},
		{"unknown collection", map[string]string{"collections/en/podcasts/a.json": `{}`},
			[]string{"collections/en/podcasts/a.json", `"podcasts" is not a collection`}},
		{"bad slug", map[string]string{"collections/en/news/Our_News.json": news},
			[]string{"collections/en/news/Our_News.json", "lower-case words joined by hyphens"}},
		{"translation without original", map[string]string{"collections/ar/news/only-arabic.json": news},
			[]string{"collections/ar/news/only-arabic.json", "no English original at collections/en/news/only-arabic.json"}},
		{"not JSON", map[string]string{"pages/en/notes.md": "# notes"},
			[]string{"pages/en/notes.md", "only .json files"}},
		{"related is not a route", map[string]string{"pages/en/services/outsourcing-service.json": strings.Replace(
			testenv.SampleContent()["pages/en/services/outsourcing-service.json"], `"related": [`, `"related": ["services", `, 1)},
			[]string{"pages/en/services/outsourcing-service.json", `field "related[0]" must be a route`}},
		{"cards key is not a route", map[string]string{"pages/en/services/cybersecurity-services.json": strings.Replace(
			testenv.SampleContent()["pages/en/services/cybersecurity-services.json"], `"/services/cybersecurity-services/asv"`, `"asv"`, 1)},
			[]string{"pages/en/services/cybersecurity-services.json", `field "cards" has a key that is not a route`}},
		{"landing page shape", map[string]string{"pages/en/compliance/iso-standards.json": testenv.SampleContent()["pages/en/services/outsourcing-service.json"]},
			[]string{"pages/en/compliance/iso-standards.json", `field "overview" is missing`, `field "what" is not part of this kind of file`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := testenv.SQLiteStore(t)
			_, err := content.SeedFrom(context.Background(), s, testenv.SeedTree(t, tt.files))
			if err == nil {
				t.Fatal("want an error")
			}
			for _, want := range tt.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error lacks %q:\n%v", want, err)
				}
			}
			if v, _ := s.ContentVersion(context.Background()); v != 0 {
				t.Fatalf("a refused seed wrote something: version %d", v)
			}
		})
	}
}

// Every problem is reported at once, not one per run.
func TestSeedReportsEveryProblem(t *testing.T) {
	_, err := content.ReadSeed(testenv.SeedTree(t, map[string]string{
		"collections/en/news/a.json": `{}`,
		"pages/en/forms.json":        `{"title": ""}`,
	}))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, want := range []string{`collections/en/news/a.json: field "title" is missing`, `collections/en/news/a.json: field "body" is missing`,
		`pages/en/forms.json: field "title" is empty`, `pages/en/forms.json: field "sections" is missing`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

// What staff changed in the back-office outlives the files: a seed neither
// overwrites an edited language, nor deletes one whose file went, nor brings
// back a translation staff unpublished.
func TestSeedKeepsWhatStaffChanged(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
		items := testenv.SampleContent()
		if _, err := content.SeedFrom(ctx, s, testenv.SeedTree(t, items)); err != nil {
			t.Fatal(err)
		}
		edited := store.ContentKey{Collection: "blogs", Slug: "reading-a-soc-2-report", Locale: "en"}
		body := strings.Replace(compact(t, items["collections/en/blogs/reading-a-soc-2-report.json"]), `"readingMinutes":6`, `"readingMinutes":9`, 1)
		v, err := s.SaveContentVersion(ctx, edited, body, "editor-1", 0, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.PublishContentVersion(ctx, edited, v.ID, "editor-1", now); err != nil {
			t.Fatal(err)
		}
		unpublished := store.ContentKey{Collection: "news", Slug: "new-dubai-office", Locale: "nl"}
		if err := s.UnpublishContent(ctx, unpublished, "editor-1", now); err != nil {
			t.Fatal(err)
		}

		// The blog's file changes as well, and the seed runs again.
		items["collections/en/blogs/reading-a-soc-2-report.json"] = strings.Replace(items["collections/en/blogs/reading-a-soc-2-report.json"], `"readingMinutes": 6`, `"readingMinutes": 7`, 1)
		changes, err := content.SeedFrom(ctx, s, testenv.SeedTree(t, items))
		if err != nil {
			t.Fatal(err)
		}
		if changes.Kept != 2 || changes.Changed() {
			t.Fatalf("changes = %+v", changes)
		}
		entries, err := s.ContentEntries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			switch {
			case e.Collection == edited.Collection && e.Slug == edited.Slug && e.Locale == "en" && e.Body != body:
				t.Fatalf("the seed overwrote the staff's text: %s", e.Body)
			case e.Slug == unpublished.Slug && e.Locale == "nl":
				t.Fatal("the seed brought back a translation staff unpublished")
			}
		}
	})
}

func compact(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
