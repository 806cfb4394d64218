package store

import (
	"encoding/json"

	"gorm.io/gorm"

	"noorvale.example/site/api/prose"
)

// proseFields names, by collection, the fields of running text that became
// document trees in migration 19. Pages hold theirs in sections[].paragraphs.
var proseFields = map[string]string{
	"news": "body", "blogs": "body", "publications": "body", "webinars": "body", "vacancies": "description",
}

// migrateProse converts the running text of stored bodies, live and every
// version, from lists of paragraph strings (and a blog's list of sections)
// to the document tree the editor edits. A body already holding a tree, or
// holding something neither form, is left as it is.
func migrateProse(tx *gorm.DB, _ dialect) error {
	type entry struct{ Collection, Slug, Locale, Body string }
	var entries []entry
	if err := tx.Raw(`SELECT collection, slug, locale, body FROM content_entries`).Scan(&entries).Error; err != nil {
		return err
	}
	for _, e := range entries {
		if body, changed := proseBody(e.Collection, e.Body); changed {
			if err := tx.Exec(`UPDATE content_entries SET body = ? WHERE collection = ? AND slug = ? AND locale = ?`,
				body, e.Collection, e.Slug, e.Locale).Error; err != nil {
				return err
			}
		}
	}
	type version struct {
		ID               int64
		Collection, Body string
	}
	var versions []version
	if err := tx.Raw(`SELECT id, collection, body FROM content_versions`).Scan(&versions).Error; err != nil {
		return err
	}
	for _, v := range versions {
		if body, changed := proseBody(v.Collection, v.Body); changed {
			if err := tx.Exec(`UPDATE content_versions SET body = ? WHERE id = ?`, body, v.ID).Error; err != nil {
				return err
			}
		}
	}
	return nil
}

// proseBody returns body with its running text converted, and whether
// anything changed.
func proseBody(collection, body string) (string, bool) {
	var v map[string]any
	if err := json.Unmarshal([]byte(body), &v); err != nil || v == nil {
		return body, false
	}
	changed := false
	convert := func(obj map[string]any, name string) {
		if doc, ok := prose.FromShorthand(obj[name]); ok {
			obj[name] = doc
			changed = true
		}
	}
	if name, ok := proseFields[collection]; ok {
		convert(v, name)
	} else if collection == "pages" {
		sections, _ := v["sections"].([]any)
		for _, s := range sections {
			if obj, ok := s.(map[string]any); ok {
				convert(obj, "paragraphs")
			}
		}
	}
	if !changed {
		return body, false
	}
	out, err := json.Marshal(v)
	if err != nil {
		return body, false
	}
	return string(out), true
}
