package content_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"noorvale.example/site/api/content"
	"noorvale.example/site/api/internal/testenv"
)

// newsWith is a news item whose body is the given JSON.
func newsWith(body string) []byte {
	return []byte(`{"title":"T","description":"D","date":"2026-10-14","author":"A","imageAlt":"I","body":` + body + `}`)
}

const (
	textNode = `{"type":"text","text":"Words"}`
	para     = `{"type":"paragraph","content":[` + textNode + `]}`
)

func doc(blocks ...string) string {
	return `{"type":"doc","content":[` + strings.Join(blocks, ",") + `]}`
}

func TestCheckItemAcceptsEveryProseNode(t *testing.T) {
	body := doc(
		para,
		`{"type":"heading","attrs":{"level":2},"content":[`+textNode+`]}`,
		`{"type":"heading","attrs":{"level":3},"content":[`+textNode+`]}`,
		`{"type":"paragraph","content":[{"type":"text","text":"bold","marks":[{"type":"bold"},{"type":"italic"}]},`+
			`{"type":"text","text":" site","marks":[{"type":"link","attrs":{"href":"/services?x=1#top"}}]},`+
			`{"type":"text","text":" away","marks":[{"type":"link","attrs":{"href":"https://example.org/a"}}]}]}`,
		`{"type":"bulletList","content":[{"type":"listItem","content":[`+para+`,{"type":"orderedList","attrs":{"start":3},"content":[{"type":"listItem","content":[`+para+`]}]}]}]}`,
	)
	_, problems, err := content.CheckItem("news", newsWith(body))
	if err != nil || len(problems) > 0 {
		t.Fatalf("a document of every allowed node was refused: %v %v", problems, err)
	}
}

func TestCheckItemRefusesWhatProseMayNotHold(t *testing.T) {
	link := func(href string) string {
		return doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"link","attrs":{"href":` + href + `}}]}]}`)
	}
	tests := []struct {
		name, body, code, detail string
	}{
		{"a script node", doc(para, `{"type":"script","content":[`+textNode+`]}`), content.ProblemProse, "content[1]"},
		{"raw html inside a paragraph", doc(`{"type":"paragraph","content":[{"type":"html","text":"<b>"}]}`), content.ProblemProse, "content[0].content[0]"},
		{"an underline mark", doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"underline"}]}]}`), content.ProblemProse, "content[0].content[0]"},
		{"a class on a paragraph", doc(`{"type":"paragraph","attrs":{"class":"x"},"content":[` + textNode + `]}`), content.ProblemProse, "content[0]"},
		{"a target on a link", doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"link","attrs":{"href":"/a","target":"_blank"}}]}]}`), content.ProblemProse, "content[0].content[0]"},
		{"a first-level heading", doc(`{"type":"heading","attrs":{"level":1},"content":[` + textNode + `]}`), content.ProblemHeading, "content[0]"},
		{"a fourth-level heading", doc(`{"type":"heading","attrs":{"level":4},"content":[` + textNode + `]}`), content.ProblemHeading, "content[0]"},
		{"a javascript link", link(`"javascript:alert(1)"`), content.ProblemLink, "content[0].content[0]"},
		{"a protocol-relative link", link(`"//evil.example/x"`), content.ProblemLink, ""},
		{"a backslash link", link(`"/\\evil.example"`), content.ProblemLink, ""},
		{"a data link", link(`"data:text/html,x"`), content.ProblemLink, ""},
		{"a relative link", link(`"services"`), content.ProblemLink, ""},
		{"a link without an address", link(`null`), content.ProblemLink, ""},
		{"an empty document", doc(), content.ProblemEmpty, ""},
		{"an empty paragraph", doc(`{"type":"paragraph"}`), content.ProblemEmpty, "content[0]"},
		{"blank text", doc(`{"type":"paragraph","content":[{"type":"text","text":"  "}]}`), content.ProblemEmpty, "content[0]"},
		{"control characters", doc(`{"type":"paragraph","content":[{"type":"text","text":"a\u0000b"}]}`), content.ProblemControl, "content[0].content[0]"},
		{"an empty list", doc(`{"type":"bulletList","content":[]}`), content.ProblemEmpty, "content[0]"},
		{"a heading in a list item", doc(`{"type":"bulletList","content":[{"type":"listItem","content":[` + para + `,{"type":"heading","attrs":{"level":2},"content":[` + textNode + `]}]}]}`), content.ProblemProse, "content[0].content[0].content[1]"},
		{"a string", `"just text"`, content.ProblemProse, ""},
		{"a list of numbers", `[1, 2]`, content.ProblemProse, ""},
		{"nesting too deep", doc(strings.Repeat(`{"type":"bulletList","content":[{"type":"listItem","content":[`+para+`,`, 6) + `{"type":"bulletList","content":[{"type":"listItem","content":[` + para + `]}]}` + strings.Repeat(`]}]}`, 6)), content.ProblemProseSize, ""},
		{"too many paragraphs", doc(strings.TrimSuffix(strings.Repeat(para+",", 3000), ",")), content.ProblemProseSize, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problems, err := content.CheckItem("news", newsWith(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, p := range problems {
				if p.Path != "body" {
					t.Errorf("problem names %q, want the field body", p.Path)
				}
				if p.Code == tt.code && (tt.detail == "" || p.Detail == tt.detail) {
					found = true
				}
			}
			if !found {
				t.Fatalf("want %s at %q, got %+v", tt.code, tt.detail, problems)
			}
		})
	}
}

func TestSafeHref(t *testing.T) {
	for href, want := range map[string]bool{
		"/services": true, "/": true, "/a/b?c=d#e": true, "https://example.org": true, "HTTP://example.org/x": true,
		"//example.org": false, "/\\example.org": false, "javascript:alert(1)": false, "JavaScript:alert(1)": false,
		"mailto:a@b.c": false, "https://": false, "https://user@example.org": false, "services": false,
		"": false, "/a b": false, "/a\tb": false, "ftp://example.org": false,
	} {
		if got := content.SafeHref(href); got != want {
			t.Errorf("SafeHref(%q) = %v, want %v", href, got, want)
		}
	}
}

// Files may keep the short form of running text (paragraph strings, a
// blog's sections) or hold the tree; either way the database holds the tree.
func TestSeedStoresProseAsTrees(t *testing.T) {
	files := testenv.SampleContent()
	files["collections/en/news/tree-form.json"] = string(newsWith(doc(para)))
	s := testenv.SQLiteStore(t)
	ctx := context.Background()
	if _, err := content.SeedFrom(ctx, s, testenv.SeedTree(t, files)); err != nil {
		t.Fatal(err)
	}
	entries, err := s.ContentEntries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		var v map[string]any
		if err := json.Unmarshal([]byte(e.Body), &v); err != nil {
			t.Fatal(err)
		}
		field := map[string]string{"news": "body", "blogs": "body", "publications": "body", "webinars": "body", "vacancies": "description"}[e.Collection]
		if field == "" {
			continue
		}
		d, _ := v[field].(map[string]any)
		if d["type"] != "doc" {
			t.Errorf("%s/%s: %s is stored as %v, not a document", e.Collection, e.Slug, field, v[field])
		}
		seen[e.Collection] = true
		if e.Collection == "blogs" && !strings.Contains(e.Body, `"type":"heading","attrs":{"level":2}`) && !strings.Contains(e.Body, `"attrs":{"level":2},"content"`) {
			t.Errorf("blog %s has no second-level heading: %s", e.Slug, e.Body)
		}
	}
	if !seen["news"] || !seen["blogs"] {
		t.Fatalf("the sample content has no news or blogs: %v", seen)
	}
}

func TestSeedRefusesUnknownProseNodes(t *testing.T) {
	files := testenv.SampleContent()
	files["collections/en/news/bad.json"] = string(newsWith(doc(`{"type":"script","content":[` + textNode + `]}`)))
	_, err := content.SeedFrom(context.Background(), testenv.SQLiteStore(t), testenv.SeedTree(t, files))
	if err == nil || !strings.Contains(err.Error(), `collections/en/news/bad.json: field "body" may hold only paragraphs`) {
		t.Fatalf("want the script node refused, got %v", err)
	}
}

const (
	pictureID  = "abcdefghijklmnopqrstuvwx"
	documentID = "bcdefghijklmnopqrstuvw23"
)

func TestCheckItemAcceptsLibraryPicturesAndDocuments(t *testing.T) {
	body := doc(
		`{"type":"image","attrs":{"media":"`+pictureID+`"}}`,
		`{"type":"image","attrs":{"media":"`+pictureID+`","caption":"The audit team at work"}}`,
		`{"type":"paragraph","content":[{"type":"text","text":"the report","marks":[{"type":"link","attrs":{"href":"/media/library/`+documentID+`/annual-report.pdf"}}]}]}`,
	)
	_, problems, err := content.CheckItem("news", newsWith(body))
	if err != nil || len(problems) > 0 {
		t.Fatalf("a picture and a document link were refused: %v %v", problems, err)
	}
	refs := content.ProseMedia(string(newsWith(body)))
	want := []content.MediaRef{
		{Path: "body", ID: pictureID, Kind: content.MediaImage},
		{Path: "body", ID: pictureID, Kind: content.MediaImage},
		{Path: "body", ID: documentID, Kind: content.MediaDocument, File: "annual-report.pdf"},
	}
	if len(refs) != len(want) {
		t.Fatalf("ProseMedia = %+v, want %+v", refs, want)
	}
	for i := range want {
		if refs[i] != want[i] {
			t.Errorf("ProseMedia[%d] = %+v, want %+v", i, refs[i], want[i])
		}
	}
}

func TestCheckItemRefusesWrongPicturesAndDocumentLinks(t *testing.T) {
	image := func(attrs string) string { return doc(`{"type":"image","attrs":` + attrs + `}`) }
	link := func(href string) string {
		return doc(`{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"link","attrs":{"href":"` + href + `"}}]}]}`)
	}
	tests := []struct {
		name, body, code string
	}{
		{"no id", image(`{}`), content.ProblemMedia},
		{"an id of the wrong form", image(`{"media":"ABC"}`), content.ProblemMedia},
		{"an address for an id", image(`{"media":"https://example.org/x.png"}`), content.ProblemMedia},
		{"a number for an id", image(`{"media":12}`), content.ProblemMedia},
		{"an extra attribute", image(`{"media":"` + pictureID + `","src":"javascript:alert(1)"}`), content.ProblemProse},
		{"a width", image(`{"media":"` + pictureID + `","width":400}`), content.ProblemProse},
		{"content inside", doc(`{"type":"image","attrs":{"media":"` + pictureID + `"},"content":[` + textNode + `]}`), content.ProblemProse},
		{"a caption that is not text", image(`{"media":"` + pictureID + `","caption":["x"]}`), content.ProblemString},
		{"a caption with control characters", image(`{"media":"` + pictureID + `","caption":"a\u0007b"}`), content.ProblemControl},
		{"a caption too long", image(`{"media":"` + pictureID + `","caption":"` + strings.Repeat("a", 301) + `"}`), content.ProblemTooLong},
		{"a picture inside a list", doc(`{"type":"bulletList","content":[{"type":"listItem","content":[` + para + `,{"type":"image","attrs":{"media":"` + pictureID + `"}}]}]}`), content.ProblemProse},
		{"a picture inside a paragraph", doc(`{"type":"paragraph","content":[{"type":"image","attrs":{"media":"` + pictureID + `"}}]}`), content.ProblemProse},
		{"the library's folder", link("/media/library/"), content.ProblemDocument},
		{"a library item without a file", link("/media/library/" + documentID), content.ProblemDocument},
		{"a library file with a query", link("/media/library/" + documentID + "/a.pdf?x=1"), content.ProblemDocument},
		{"a library path climbing", link("/media/library/" + documentID + "/../x"), content.ProblemDocument},
		{"a javascript link", link("javascript:alert(1)"), content.ProblemLink},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problems, err := content.CheckItem("news", newsWith(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range problems {
				if p.Path == "body" && p.Code == tt.code {
					return
				}
			}
			t.Fatalf("want %s, got %+v", tt.code, problems)
		})
	}
}
