package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"time"

	"mazebook/templates"
)

func runInit(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "init", "[--template NAME] [FILE]", "Write a commented starter spec to FILE, or to standard output without FILE.\nTemplates: "+strings.Join(templates.StarterNames(), ", ")+".")
	name := fs.String("template", "book", "the starter to write: "+strings.Join(templates.StarterNames(), " or "))
	force := fs.Bool("force", false, "overwrite FILE if it exists")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("give at most one file")
	}
	data, _, err := templates.Starter(*name)
	if err != nil {
		return usageError{err}
	}
	// A fresh seed: two books made from the starter are not one book's
	// mazes twice (a shop takes those for duplicate content).
	seed := freshSeed()
	if len(pos) == 0 {
		_, err := e.stdout.Write(templates.WithSeed(data, seed))
		return err
	}
	if data, err = templates.StarterAs(*name, pos[0]); err != nil {
		return err
	}
	data = templates.WithSeed(data, seed)
	if _, err := os.Stat(pos[0]); err == nil && !*force {
		return usagef("%s exists; use --force to overwrite it", pos[0])
	}
	outs := e.batch()
	defer outs.Abort()
	out, err := outs.Create("", pos[0])
	if err != nil {
		return err
	}
	if _, err := out.Write(data); err != nil {
		return err
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %s (seed %d, its own mazes): build it with 'mazebook build %s'\n", pos[0], seed, pos[0])
	return nil
}

// freshSeed returns a seed no other spec is likely to have: six digits
// drawn from the system's randomness, easy to read and to write down.
func freshSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano()%900000) + 100000
	}
	return binary.LittleEndian.Uint64(b[:])%900000 + 100000
}
