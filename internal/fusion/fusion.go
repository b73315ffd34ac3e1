// Package fusion finds the floating-point products in Go source that a
// compiler may fuse with an addition into one multiply-add: Go allows it
// (arm64's compiler does it) unless an explicit conversion rounds the
// product, and a fused multiply-add rounds once where the two operations
// round twice, so the same book would differ in a last digit from one
// machine to another. mazebook's tests hold its packages to none.
package fusion

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"math"
	"path/filepath"
	"sort"
	"strings"
)

// A Finder finds the products that may fuse in packages, type-checking
// each package they import once.
type Finder struct {
	fset *token.FileSet
	imp  types.Importer
}

// NewFinder returns a Finder.
func NewFinder() *Finder {
	fset := token.NewFileSet()
	return &Finder{fset: fset, imp: importer.ForCompiler(fset, "source", nil)}
}

// Unrounded returns the places ("file:line:col") of the products of the
// package in dir (its non-test Go files this machine builds) that a
// compiler may fuse: every floating-point multiplication whose result is
// not rounded by an explicit conversion (float64(a*b)) and may be added,
// which is any but an operand of another multiplication, a division or a
// comparison. A product by a power of two is exact, and so never fused
// into another result.
func (fd *Finder) Unrounded(dir string) ([]string, error) {
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fd.fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: fd.imp}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := conf.Check(bp.Name, fd.fset, files, info); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	var out []string
	for _, f := range files {
		out = append(out, unrounded(fd.fset, f, info)...)
	}
	sort.Strings(out)
	return out, nil
}

// unrounded returns the places of the products of f that may fuse.
func unrounded(fset *token.FileSet, f *ast.File, info *types.Info) []string {
	parent := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parent[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok || be.Op != token.MUL || !isFloat(info, be) || exact(info, be) {
			return true
		}
		up := parent[be]
		for {
			pe, ok := up.(*ast.ParenExpr)
			if !ok {
				break
			}
			up = parent[pe]
		}
		switch up := up.(type) {
		case *ast.BinaryExpr:
			switch up.Op {
			case token.MUL, token.QUO, token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return true // no addition takes it
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[up.Fun]; ok && tv.IsType() {
				return true // rounded by a conversion
			}
		}
		out = append(out, fset.Position(be.Pos()).String())
		return true
	})
	return out
}

// isFloat reports whether e is a floating-point value computed at run
// time (not a constant).
func isFloat(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Type == nil || tv.Value != nil {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

// exact reports whether a product has a constant power of two for a
// factor: it is exact, nothing to round.
func exact(info *types.Info, be *ast.BinaryExpr) bool {
	for _, op := range []ast.Expr{be.X, be.Y} {
		if tv, ok := info.Types[op]; ok && tv.Value != nil {
			if f, ok := constant.Float64Val(constant.ToFloat(tv.Value)); ok && f != 0 {
				if m, _ := math.Frexp(math.Abs(f)); m == 0.5 {
					return true
				}
			}
		}
	}
	return false
}

// Module returns the directories of the Go packages below root, skipping
// testdata and hidden folders.
func Module(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if m, _ := filepath.Glob(filepath.Join(path, "*.go")); len(m) > 0 {
			dirs = append(dirs, path)
		}
		return nil
	})
	return dirs, err
}
