package spec

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"mazebook/files"
	"mazebook/internal/say"
	"mazebook/maze"
)

// Read reads and parses the spec file at path: a regular file (a FIFO, a
// device or a folder is refused at once, never waited on) of MaxSpecSize
// at the most, refused without reading the rest of it.
func Read(path string) (*Book, error) {
	data, err := files.ReadFile(path, MaxSpecSize)
	if err != nil {
		return nil, say.Errorf("read spec: %w", err)
	}
	return Parse(path, data)
}

// Parse parses a spec. file names it in messages, and files the spec
// names (masks, pictures, fonts, a model) are read from its directory,
// each only when it is a regular file (see files.DirFS). All problems
// found are returned together as Errors.
func Parse(file string, data []byte) (*Book, error) {
	return ParseFS(file, data, files.DirFS(filepath.Dir(file)))
}

// ParseFS parses a spec whose files (masks) are read from fsys; a nil
// fsys lets the spec read no file at all (a spec from a web form).
func ParseFS(file string, data []byte, fsys fs.FS) (*Book, error) {
	return ParseVariant(file, data, fsys, Variant{})
}

// ParseVariant parses one book of a catalogue spec (see Variant): the
// volume's and the edition's keys in place of the spec's. The zero
// Variant is the spec as it is written, its series and editions read
// (see Book.Variants) but not applied. It reads with the zero Options,
// nothing of the machine's environment: Options.ParseVariant reads with
// what the caller gives.
func ParseVariant(file string, data []byte, fsys fs.FS, v Variant) (*Book, error) {
	return parseWith(file, data, fsys, v, Options{})
}

// parseWith parses one book of a spec with the options o.
func parseWith(file string, data []byte, fsys fs.FS, v Variant, o Options) (*Book, error) {
	fail := func(line int, msg string) error { return Errors{{File: file, Line: line, Msg: msg}} }
	if len(data) > MaxSpecSize {
		return nil, fail(0, fmt.Sprintf("the spec is larger than %d KB; a spec describes a book in a few lines (is this the right file?)", MaxSpecSize>>10))
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fail(0, "the spec is empty: it needs at least a sections list (run 'mazebook init' for a starter spec)")
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return nil, fail(0, "the spec is not a UTF-8 text file")
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		return nil, yamlError(file, data, err)
	}
	var second yaml.Node
	switch err := dec.Decode(&second); {
	case err == io.EOF:
	case err != nil:
		return nil, yamlError(file, data, err)
	default:
		return nil, fail(second.Line, "the spec holds a second YAML document after '---': a spec is one document, remove the '---' line and what follows it, or merge it into the first")
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, fail(0, "the spec is empty: it needs at least a sections list")
	}
	source := printedSource(data, doc.Content[0])
	d := &decoder{file: file, spec: defaultBook(file, o.date()), files: fsys, opts: o}
	d.spec.File, d.spec.Source = file, source
	root := doc.Content[0]
	d.top(root)
	if len(d.errs) > 0 {
		d.errs.sort()
		return nil, d.errs
	}
	if v == (Variant{}) {
		return d.spec, nil
	}
	whole := d.spec
	vroot, ok := variantRoot(root, whole, v)
	if !ok {
		return nil, fail(0, fmt.Sprintf("the spec has no %s: it has %s", describeVariant(v), describeVariants(whole)))
	}
	d = &decoder{file: file, spec: defaultBook(file, o.date()), files: fsys, opts: o}
	d.spec.File, d.spec.Source = file, source
	d.top(vroot)
	if len(d.errs) > 0 {
		d.errs.sort()
		return nil, d.errs
	}
	var over *yaml.Node
	if v.Volume > 0 && len(whole.Series.overrides) > 0 {
		over = whole.Series.overrides[v.Volume-1]
	}
	if !d.spec.Given("seed") {
		d.spec.Seed = whole.Seed // the spec's title's, not a translation's
	}
	settleVariant(d.spec, v, over, whole.Series)
	if over != nil && hasKey(over, "title") && !d.spec.Given("listing.series_name") {
		d.spec.Listing.SeriesName = whole.Title // a volume titled its own way is still of the spec's series
	}
	keepSectionIDs(d.spec, whole)
	d.spec.Series, d.spec.Editions = whole.Series, whole.Editions
	return d.spec, nil
}

// TitleSeed is the seed of a spec that gives none: drawn from its title,
// so that the same spec gives the same book and two books of other titles
// do not hold the same mazes. 'mazebook build' says which it is, so that
// a book keeps its mazes when its title changes.
func TitleSeed(title string) uint64 {
	return maze.DeriveSeed(1, "title", title)%1_000_000_000 + 1
}
