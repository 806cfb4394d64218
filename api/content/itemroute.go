package content

// ItemRoute returns the route of an item's page, "/resources/news/a-slug",
// and whether collection names one of the site's collections. A page,
// stored under PagesCollection, is its own route.
func ItemRoute(collection, slug string) (string, bool) {
	if collection == PagesCollection {
		return slug, validRoute(slug)
	}
	col := collectionNamed(collection)
	if col == nil {
		return "", false
	}
	return col.ListRoute + "/" + slug, true
}
