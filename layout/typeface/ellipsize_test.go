package typeface

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEllipsize checks that fitting cuts a text at the longest prefix that
// fits with its ellipsis, whatever its length (BenchmarkEllipsize shows the
// cost stays linear).
func TestEllipsize(t *testing.T) {
	for _, n := range []int{0, 1, 10, 1000, 100000} {
		s := strings.Repeat("Laberinto número ", n/17+1)[:n]
		s = strings.ToValidUTF8(s, "")
		for _, width := range []float64{5, 50, 300} {
			got := Ellipsize(Regular, 11, s, width)
			if got == s {
				if Width(Regular, 11, s) > width {
					t.Errorf("%d runes at %g: not cut", n, width)
				}
				continue
			}
			prefix := strings.TrimSuffix(got, "…")
			if !strings.HasPrefix(s, prefix) || !utf8.ValidString(got) {
				t.Fatalf("%d runes at %g: %q is not a prefix with an ellipsis", n, width, got)
			}
			if w := Width(Regular, 11, got); w > width+1e-9 && prefix != "" {
				t.Errorf("%d runes at %g: %q is %g wide", n, width, got, w)
			}
			// One more rune would not fit.
			if len(prefix) < len(s) {
				_, size := utf8.DecodeRuneInString(s[len(prefix):])
				if w := Width(Regular, 11, s[:len(prefix)+size]+"…"); w <= width {
					t.Errorf("%d runes at %g: %q could hold one more rune", n, width, got)
				}
			}
		}
	}
}

// BenchmarkEllipsize fits 100 KB of text in a caption's width: linear in
// the text's length (it was quadratic, 110 s a page).
func BenchmarkEllipsize(b *testing.B) {
	s := strings.Repeat("Laberinto número 12 · ", 100_000/22)
	for b.Loop() {
		Ellipsize(Regular, 11, s, 300)
	}
}
