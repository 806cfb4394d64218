package render_test

import (
	"bytes"
	"fmt"
	"testing"

	"noorvale.example/site/api/render"
)

func BenchmarkNewEntry(b *testing.B) {
	for _, size := range []int{20 << 10, 100 << 10} {
		var buf bytes.Buffer
		for i := 0; buf.Len() < size; i++ {
			fmt.Fprintf(&buf, `<li class="menu-item" data-k="%d"><a href="/services/item-%d">Service number %d of the firm</a></li>`, i, i%37, i*7)
		}
		html := buf.Bytes()
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(html)))
			for b.Loop() {
				if _, err := render.NewEntry(200, html); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
