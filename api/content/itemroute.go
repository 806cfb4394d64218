package content

// ItemRoute returns the route of an item's page, "/resources/news/a-slug",
// and whether collection names one of the site's collections.
func ItemRoute(collection, slug string) (string, bool) {
	col := collectionNamed(collection)
	if col == nil {
		return "", false
	}
	return col.ListRoute + "/" + slug, true
}
