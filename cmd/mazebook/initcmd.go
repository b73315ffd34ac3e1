package main

import (
	"context"
	"fmt"
	"os"
	"strings"

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
	if len(pos) == 0 {
		_, err := e.stdout.Write(data)
		return err
	}
	if data, err = templates.StarterAs(*name, pos[0]); err != nil {
		return err
	}
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
	fmt.Fprintf(e.stderr, "wrote %s: build it with 'mazebook build %s'\n", pos[0], pos[0])
	return nil
}
