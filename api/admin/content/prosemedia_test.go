package content_test

import (
	"net/http"
	"strings"
	"testing"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/internal/admintest"
	"noorvale.example/site/api/internal/testenv"
	"noorvale.example/site/api/store"
)

// A story shows a picture of the library and links to one of its
// documents: saved only while both are in the library as what the text
// takes them for, and neither can be deleted while the live text uses it.
func TestProseNamesLibraryItems(t *testing.T) {
	testenv.ForEachStore(t, func(t *testing.T, st *store.Store) {
		e := admintest.New(t, st, admintest.WithMedia(&admintest.FakeEncoder{}))
		e.SeedStory()
		editor := e.Join("badr@noorvale.example", access.Editor)

		type item struct {
			ID    string
			Files []struct{ Name string }
		}
		upload := func(body admintest.MultipartBody) item {
			r := editor.B.Send("POST", "/media", body)
			admintest.Expect(t, "upload "+body.Name, r, http.StatusOK)
			var it item
			r.Data(t, &it)
			return it
		}
		pic := upload(admintest.MultipartBody{Name: "team.jpg", Data: admintest.Photo(t, 1600, 900, "jpeg"), Fields: map[string]string{"alt": "The audit team"}})
		pdf := upload(admintest.MultipartBody{Name: "Report.pdf", Data: []byte(admintest.SamplePDF)})
		docHref := "/media/library/" + pdf.ID + "/" + pdf.Files[0].Name

		it := editor.Item(t)
		path := "/content/news/" + admintest.StorySlug + "/en"
		withBody := func(picture, href string) map[string]any {
			v := admintest.WithTitle(t, it.Languages["en"].Live, "A story with a picture")
			v["body"] = map[string]any{"type": "doc", "content": []any{
				map[string]any{"type": "image", "attrs": map[string]any{"media": picture, "caption": "The team"}},
				map[string]any{"type": "paragraph", "content": []any{
					map[string]any{"type": "text", "text": "Read the report", "marks": []any{map[string]any{"type": "link", "attrs": map[string]any{"href": href}}}},
				}},
			}}
			return v
		}
		refusals := []struct{ name, picture, href, lang, says string }{
			{"an unknown picture", "zzzzzzzzzzzzzzzzzzzzzzzz", docHref, "en", "Choose the picture again"},
			{"a document shown as a picture", pdf.ID, docHref, "en", "Choose the picture again"},
			{"an unknown picture, in Arabic", "zzzzzzzzzzzzzzzzzzzzzzzz", docHref, "ar", "اختر الصورة"},
			{"a link to a picture's file", pic.ID, "/media/library/" + pic.ID + "/" + pic.Files[0].Name, "en", "Choose the document again"},
			{"a link to a file the document has not", pic.ID, "/media/library/" + pdf.ID + "/other.pdf", "en", "Choose the document again"},
			{"a link to an unknown document", pic.ID, "/media/library/zzzzzzzzzzzzzzzzzzzzzzzz/a.pdf", "en", "Choose the document again"},
		}
		for _, c := range refusals {
			editor.B.Lang = c.lang
			r := editor.B.Do("PUT", path, map[string]any{"base": 0, "body": withBody(c.picture, c.href)})
			admintest.Expect(t, c.name, r, http.StatusBadRequest)
			if !strings.Contains(r.Env.Errors["body"], c.says) {
				t.Errorf("%s: the field says %q, want %q", c.name, r.Env.Errors["body"], c.says)
			}
		}
		editor.B.Lang = "en"

		r := editor.B.Do("PUT", path, map[string]any{"base": 0, "body": withBody(pic.ID, docHref)})
		admintest.Expect(t, "save", r, http.StatusOK)
		var saved struct{ ID int64 }
		r.Data(t, &saved)
		admintest.Expect(t, "publish", editor.B.Do("POST", path+"/publish", map[string]any{"version": saved.ID}), http.StatusOK)

		// A draft naming a picture deleted since it was saved is not published.
		spare := upload(admintest.MultipartBody{Name: "spare.jpg", Data: admintest.Photo(t, 1200, 800, "jpeg"), Fields: map[string]string{"alt": "A spare picture"}})
		r = editor.B.Do("PUT", path, map[string]any{"base": saved.ID, "body": withBody(spare.ID, docHref)})
		admintest.Expect(t, "save with another picture", r, http.StatusOK)
		var draft struct{ ID int64 }
		r.Data(t, &draft)
		admintest.Expect(t, "deleting a picture only a draft shows", editor.B.Do("DELETE", "/media/"+spare.ID, nil), http.StatusOK)
		r = editor.B.Do("POST", path+"/publish", map[string]any{"version": draft.ID})
		admintest.Expect(t, "publishing a draft whose picture is gone", r, http.StatusConflict)
		if !strings.Contains(r.Env.Message, "Choose the picture again") {
			t.Errorf("the refusal says %q", r.Env.Message)
		}

		for name, id := range map[string]string{"the picture": pic.ID, "the document": pdf.ID} {
			r := editor.B.Do("DELETE", "/media/"+id, nil)
			admintest.Expect(t, "deleting "+name+" the story uses", r, http.StatusConflict)
			if !strings.Contains(r.Env.Message, admintest.StorySlug) {
				t.Errorf("deleting %s: the refusal says %q", name, r.Env.Message)
			}
		}
	})
}
