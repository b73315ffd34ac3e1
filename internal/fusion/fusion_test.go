package fusion

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoProductFuses holds mazebook's packages to no product a compiler
// may fuse into a multiply-add: the same spec gives the same book, byte
// for byte, on amd64 and on arm64 alike (cmd/mazebook's
// TestSameBytesOnArm64 builds the books on both).
func TestNoProductFuses(t *testing.T) {
	// The packages are read as a build without cgo reads them (the
	// products are Go's; cgo's files would need a C compiler, which a
	// machine with Go alone lacks): the standard library's net, os/user
	// and the rest in their pure Go.
	defer func(cgo bool) { build.Default.CgoEnabled = cgo }(build.Default.CgoEnabled)
	build.Default.CgoEnabled = false
	dirs, err := Module(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	fd := NewFinder()
	for _, dir := range dirs {
		if fused(dir) {
			continue
		}
		places, err := fd.Unrounded(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range places {
			t.Errorf("%s: a floating-point product that may be fused into a multiply-add: round it, float64(a*b)", p)
		}
	}
}

// fused reports whether the products of a package's files may fuse: its
// numbers reach no file (the reader of drawn mazes, whose answer is a
// maze of whole cells; scripts and tools).
func fused(dir string) bool {
	dir = filepath.ToSlash(dir)
	for _, free := range []string{"maze/read", "scripts/", "internal/tight", "internal/fusion", "cmd/mazebook-site"} {
		if strings.Contains(dir+"/", "/"+free) {
			return true
		}
	}
	return false
}

// TestUnrounded checks the finder on products that fuse and products that
// cannot.
func TestUnrounded(t *testing.T) {
	dir := t.TempDir()
	src := `package p

func f(a, b, c float64, n int) float64 {
	x := a*b + c          // fuses
	y := float64(a*b) + c // rounded
	z := a * b * c        // the inner product feeds a multiplication
	w := 2*a + c          // exact
	v := a*b < c          // a comparison
	u := a * b            // may be added later
	k := n*n + n          // integers
	_ = v
	return x + y + z + w + u + float64(k) + a/b*c/(a*b)
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := NewFinder().Unrounded(dir)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, p := range got {
		lines = append(lines, p[strings.Index(p, "p.go:")+5:])
	}
	want := []string{"4:7", "6:7", "9:7"}
	if strings.Join(lines, " ") != strings.Join(want, " ") {
		t.Errorf("got %v, want %v", lines, want)
	}
}
