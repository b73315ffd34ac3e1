package files_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"mazebook/files"
)

// A run reads its spec only when it is a regular file, no larger than a
// spec may be, and writes its two outputs together, never over the
// spec.
func Example() {
	dir, err := os.MkdirTemp("", "files-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	spec := filepath.Join(dir, "book.yaml")
	os.WriteFile(spec, []byte("title: A book\n"), 0o644)

	data, err := files.ReadFile(spec, 1<<20)
	if err != nil {
		log.Fatal(err)
	}
	b := files.NewBatch(nil, nil)
	defer b.Abort() // removes the temporary files unless committed
	b.Input("the spec", spec)
	if _, err := b.Create("-o", spec); err != nil {
		fmt.Println(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
	}
	book, err := b.Create("-o", filepath.Join(dir, "book.pdf"))
	if err != nil {
		log.Fatal(err)
	}
	key, err := b.Create("--teacher", filepath.Join(dir, "book-teacher.pdf"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(book, "the book of %q", data)
	fmt.Fprintf(key, "its answers")
	if err := b.Commit(); err != nil {
		log.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		fmt.Println(e.Name())
	}
	// Output:
	// -o book.yaml is the same file as the spec book.yaml: choose another output
	// book-teacher.pdf
	// book.pdf
	// book.yaml
}
