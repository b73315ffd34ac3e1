package spec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font/gofont/gomono"

	"mazebook/files"
)

// Parsing the same bytes gives the same book whatever the environment
// holds: SOURCE_DATE_EPOCH and MAZEBOOK_FONTS count only when the caller
// gives them (Options, as the command line does from Environ).
func TestParseIgnoresEnvironment(t *testing.T) {
	dir, fonts := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(fonts, "Face.ttf"), gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "book.yaml")
	plain := []byte("title: Ocean\npreset: kdp\nsections: [{count: 1}]\n")
	font := []byte("fonts: {text: Face.ttf}\nsections: [{count: 1}]\n")
	before, err := ParseFS(file, plain, files.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(SourceDateEnv, "1700000000") // 2023-11-14
	t.Setenv(FontsEnv, fonts)
	after, err := ParseFS(file, plain, files.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if !after.Date.Equal(DefaultDate) || after.Copyright != before.Copyright || after.Digest() != before.Digest() {
		t.Errorf("with %s set the book is dated %v (%q), not %v (%q)", SourceDateEnv, after.Date, after.Copyright, before.Date, before.Copyright)
	}
	if _, err := ParseFS(file, font, files.DirFS(dir)); err == nil || !strings.Contains(err.Error(), `book.yaml:1:15: font "Face.ttf"`) {
		t.Errorf("with %s set and no Options a bare font name was found: %v", FontsEnv, err)
	}
	// What the caller gives is what counts.
	o := Environ(os.Getenv)
	dated, err := o.ParseFS(file, plain, files.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2023, 11, 14, 22, 13, 20, 0, time.UTC); !dated.Date.Equal(want) || !strings.Contains(dated.Copyright, "2023") {
		t.Errorf("given the environment's date the book is dated %v (%q), want %v", dated.Date, dated.Copyright, want)
	}
	b, err := o.ParseFS(file, font, files.DirFS(dir))
	if err != nil {
		t.Fatalf("given the environment's fonts folder: %v", err)
	}
	if got, want := b.ReadPaths(file), filepath.Join(fonts, "Face.ttf"); len(got) != 1 || got[0] != want {
		t.Errorf("reads %v, want %s", got, want)
	}
	// A date the spec gives stands whatever the caller gives.
	given, err := o.ParseFS(file, []byte("date: 2025-03-04\nsections: [{count: 1}]\n"), nil)
	if err != nil || !given.Date.Equal(time.Date(2025, 3, 4, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("a spec's date: %v, %v", given, err)
	}
}

func TestEnviron(t *testing.T) {
	for _, c := range []struct {
		epoch, fonts string
		want         Options
	}{
		{"", "", Options{}},
		{"0", "/f", Options{Date: time.Unix(0, 0).UTC(), FontDir: "/f"}},
		{"1700000000", "", Options{Date: time.Unix(1700000000, 0).UTC()}},
		{"-5", "", Options{}},
		{"soon", "", Options{}},
		{"1e9", "", Options{}},
		{"99999999999999", "", Options{}},
	} {
		env := map[string]string{SourceDateEnv: c.epoch, FontsEnv: c.fonts, "PATH": "/bin"}
		got := Environ(func(k string) string { return env[k] })
		if !got.Date.Equal(c.want.Date) || got.FontDir != c.want.FontDir {
			t.Errorf("%s=%q %s=%q: %+v, want %+v", SourceDateEnv, c.epoch, FontsEnv, c.fonts, got, c.want)
		}
	}
}

// envReaders are package os's functions that read the environment.
var envReaders = map[string]bool{"Getenv": true, "LookupEnv": true, "Environ": true, "ExpandEnv": true}

// The spec reader itself reads no environment: what the machine gives
// comes in through Options.
func TestSpecReadsNoEnvironment(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil || len(names) < 10 {
		t.Fatalf("found %d files: %v", len(names), err)
	}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "os" && envReaders[sel.Sel.Name] {
					t.Errorf("%s: os.%s", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
}
