package plan

import (
	"testing"

	"mazebook/layout/spec"
)

// BenchmarkPad plans a padded book: a 4-maze book padded to 24, 50, 100
// and 200 pages, filled with bonus mazes (see withBonus), its answers
// in the key, and a young book of circles padded to 24 (a certificate).
func BenchmarkPad(b *testing.B) {
	for _, c := range []struct{ name, text string }{
		{"24", "title: Four\nseed: 3\npad: 24\nsections:\n  - {title: Warm-up, count: 4, size: 8x8, per_page: 2}\n"},
		{"50", "title: Four\nseed: 3\npad: 50\nsections:\n  - {title: Warm-up, count: 4, size: 8x8, per_page: 2}\n"},
		{"100", "title: Four\nseed: 3\npad: 100\nsections:\n  - {title: Warm-up, count: 4, size: 12x12, per_page: 1}\n"},
		{"200", "title: Four\nseed: 3\npad: 200\nsections:\n  - {title: Warm-up, count: 4, size: 12x12, per_page: 1}\n"},
		{"young-24", "title: Four\nseed: 3\npad: 24\nlanguage: es\nsections:\n  - {title: Warm-up, count: 4, ages: 4-6, shape: circle}\n"},
	} {
		sp, err := spec.Parse("book.yaml", []byte(c.text))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var pages int
			for b.Loop() {
				p, err := Make(sp, Student)
				if err != nil {
					b.Fatal(err)
				}
				pages = len(p.Pages)
			}
			b.ReportMetric(float64(pages), "pages")
		})
	}
}
