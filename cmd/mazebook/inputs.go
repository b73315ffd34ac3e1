package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"mazebook/files"
	"mazebook/layout/mask"
	"mazebook/layout/spec"
	"mazebook/layout/svg"
	"mazebook/maze"
	"mazebook/maze/read"
)

// The words and rules of the command line's inputs; how a file is opened
// and read is package files'.

// specOptions are what the command line gives a spec's reading of the
// machine it runs on (see spec.Options), from its environment: the date
// SOURCE_DATE_EPOCH sets and the folder of fonts MAZEBOOK_FONTS names.
// Every command, the catalogue and the studio read specs with them; the
// spec package reads no environment itself.
func specOptions() spec.Options { return spec.Environ(os.Getenv) }

// readSpec reads a spec file, and the files it names beside it (masks,
// pictures, fonts, a difficulty model), each only when it is a regular
// file, the spec no larger than spec.MaxSpecSize; a file that cannot be
// read is a usage error.
func readSpec(path string) (*spec.Book, error) {
	return readVariant(path, spec.Variant{})
}

// readVariant reads one book of a catalogue spec (see spec.Variant); the
// zero Variant reads the spec as it is written. A variant that is not
// one of the books the spec makes (--edition es alone on a spec with a
// series) is refused, naming the books it makes: no catalogue builds it.
func readVariant(path string, v spec.Variant) (*spec.Book, error) {
	data, err := readSpecFile(path)
	if err != nil {
		return nil, err
	}
	fsys := files.DirFS(filepath.Dir(path))
	o := specOptions()
	sp, err := o.ParseVariant(path, data, fsys, v)
	if err != nil {
		return nil, specOrFailure(err)
	}
	if v == (spec.Variant{}) {
		return sp, nil
	}
	whole, err := o.ParseVariant(path, data, fsys, spec.Variant{})
	if err != nil {
		return nil, specOrFailure(err)
	}
	books := whole.Variants()
	if !slices.Contains(books, v) {
		names := make([]string, len(books))
		for i, b := range books {
			names[i] = variantFlags(b)
		}
		return nil, usagef("%s: %s is none of the books the spec makes, so no catalogue builds it: give %s", path, variantFlags(v), strings.Join(names, ", or "))
	}
	return sp, nil
}

// readBook reads the one book of a spec that a command works on (stats,
// cover): the variant v of a catalogue spec, which must choose one of its
// books, or the spec itself when it is one book. A catalogue spec without
// --volume or --edition is refused, naming its books: the spec as it is
// written is none of them.
func readBook(path string, v spec.Variant) (*spec.Book, error) {
	sp, err := readVariant(path, v)
	if err != nil || v != (spec.Variant{}) {
		return sp, err
	}
	if books := sp.Variants(); len(books) > 1 {
		names := make([]string, len(books))
		for i, b := range books {
			names[i] = variantFlags(b)
		}
		return nil, usagef("%s makes %d books (a series or editions): choose one with %s", path, len(books), strings.Join(names, ", or "))
	}
	return sp, nil
}

// variantFlags writes a variant as the flags that build it: "--volume 2
// --edition es".
func variantFlags(v spec.Variant) string {
	var f []string
	if v.Volume > 0 {
		f = append(f, fmt.Sprintf("--volume %d", v.Volume))
	}
	if v.Edition != "" {
		f = append(f, "--edition "+shellQuote(v.Edition))
	}
	if len(f) == 0 {
		return "neither --volume nor --edition"
	}
	return strings.Join(f, " ")
}

// readSpecFile reads a spec file whole, no larger than spec.MaxSpecSize;
// a file that cannot be read is a usage error.
func readSpecFile(path string) ([]byte, error) {
	data, err := files.ReadFile(path, spec.MaxSpecSize)
	var tl *files.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, usagef("%s: the spec is larger than %s; a spec describes a book in a few lines (is this the right file?)", path, files.Size(tl.Limit))
	case err != nil:
		return nil, usagef("cannot read spec %s: %v", path, files.Reason(err))
	}
	return data, nil
}

// bookName is the name a spec gives the files of its book without -o:
// the spec's file name without its extension ("book.yaml": "book"). A
// spec whose name would make a hidden file (".yaml", ".draft.yaml") is
// refused, saying how to name the book.
func bookName(specPath string) (string, error) {
	base := filepath.Base(specPath)
	name := strings.TrimSuffix(base, filepath.Ext(base))
	if name == "" || strings.HasPrefix(name, ".") {
		return "", usagef("%s: its book would be a hidden file (%s.pdf): name it with -o FILE, or rename the spec", specPath, name)
	}
	return name, nil
}

// specInputs names the spec at name and every file beside it the spec
// reads (masks, pictures, fonts, its difficulty model: sp.Reads) as
// inputs of a batch, which no output may replace.
func specInputs(b *files.Batch, name string, sp *spec.Book) {
	b.Input("the spec", name)
	for _, r := range specReads(name, sp) {
		b.Input("a file the spec reads,", r)
	}
}

// specReads returns the paths of the files the spec at name reads.
func specReads(name string, sp *spec.Book) []string { return sp.ReadPaths(name) }

// svgPages recognises the SVG pages of an earlier build in a directory
// written with --svg: page-001.svg, ..., carrying layout/svg's mark.
var svgPages = files.StalePages{
	Match: regexp.MustCompile(`^page-[0-9]{3,}\.svg$`).MatchString,
	Mark:  []byte(svg.Mark),
}

// maxMazeFile is the largest maze file read (solve, play): a picture
// of 40 megapixels.
const maxMazeFile = 64 << 20

// readMazeFile reads a maze file ("-": standard input), refusing one
// larger than any maze read may be.
func readMazeFile(name string, stdin io.Reader) ([]byte, error) {
	var data []byte
	var err error
	if name == "-" { // a maze piped in
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		data, err = files.ReadAll(stdin, "standard input", maxMazeFile)
	} else {
		data, err = files.ReadFile(name, maxMazeFile)
	}
	var tl *files.TooLargeError
	if errors.As(err, &tl) {
		return nil, fmt.Errorf("%s: %w: the file is larger than %d MB", name, read.ErrTooLarge, maxMazeFile>>20)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, files.Reason(err))
	}
	return data, nil
}

// readMask reads a mask from a file (.png, .jpg, .jpeg or .txt, no
// larger than a spec's mask may be) or sets a word in the embedded font.
func readMask(file, word string) (*maze.Bitmap, error) {
	if word != "" {
		b, err := mask.FromWord(word)
		if err != nil {
			return nil, fmt.Errorf("--text: %v", err)
		}
		return b, nil
	}
	data, err := files.ReadFile(file, spec.MaxMaskFile)
	if err != nil {
		return nil, fmt.Errorf("--mask %s: %v", file, files.Reason(err))
	}
	var b *maze.Bitmap
	if strings.HasSuffix(strings.ToLower(file), ".txt") {
		b, err = mask.FromText(string(data))
	} else {
		b, err = mask.FromImage(strings.NewReader(string(data)))
	}
	if err != nil {
		return nil, fmt.Errorf("--mask %s: %v", file, err)
	}
	return b, nil
}
