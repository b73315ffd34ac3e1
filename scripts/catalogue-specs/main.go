// Command catalogue-specs writes the specs of a catalogue of standalone
// books into a folder, drawn from a seed as a publisher's script would
// (see internal/specgen): the same seed and count, the same files.
//
//	go run ./scripts/catalogue-specs -n 300 -seed 47 -o specs
//	mazebook build specs -o books --unique
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"mazebook/files"
	"mazebook/internal/specgen"
)

func main() {
	n := flag.Int("n", 300, "how many specs")
	seed := flag.Uint64("seed", 47, "the catalogue's seed")
	dir := flag.String("o", "specs", "the folder to write them into (made when missing)")
	flag.Parse()
	if *n < 1 || *n > 100_000 {
		fmt.Fprintf(os.Stderr, "catalogue-specs: -n %d is not from 1 to 100000\n", *n)
		os.Exit(2)
	}
	if err := files.MakeFolder(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "catalogue-specs:", err)
		os.Exit(1)
	}
	for _, s := range specgen.Specs(*seed, *n) {
		// Each spec written whole or not at all, and never through a
		// link or onto anything but a regular file (see package files).
		if err := files.Write(filepath.Join(*dir, s.Name), []byte(s.Text)); err != nil {
			fmt.Fprintln(os.Stderr, "catalogue-specs:", err)
			os.Exit(1)
		}
	}
	fmt.Fprintf(os.Stderr, "wrote %d specs into %s\n", *n, *dir)
}
