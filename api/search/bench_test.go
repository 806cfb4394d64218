package search

import "testing"

func BenchmarkBuild(b *testing.B) {
	cat := seededCatalog(b)
	docs := documents(cat, nil)
	b.ResetTimer()
	for b.Loop() {
		if _, err := build(docs); err != nil {
			b.Fatal(err)
		}
	}
}
