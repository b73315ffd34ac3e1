package main

import (
	"fmt"
	"os"
	"strings"

	"mazebook/templates"
)

func runInit(e *env, args []string) error {
	fs := newFlags(e, "init", "[--template NAME] [FILE]", "Write a commented starter spec to FILE, or to standard output without FILE.\nTemplates: "+strings.Join(templates.StarterNames(), ", ")+".")
	name := fs.String("template", "book", "the starter to write: "+strings.Join(templates.StarterNames(), " or "))
	force := fs.Bool("force", false, "overwrite FILE if it exists")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("mazebook init: give at most one file")
	}
	data, _, err := templates.Starter(*name)
	if err != nil {
		return usagef("mazebook init: %v", err)
	}
	if len(pos) == 0 {
		_, err := e.stdout.Write(data)
		return err
	}
	if data, err = templates.StarterAs(*name, pos[0]); err != nil {
		return err
	}
	if _, err := os.Stat(pos[0]); err == nil && !*force {
		return usagef("mazebook init: %s exists; use --force to overwrite it", pos[0])
	}
	if err := writeOutput(e, "init", "", pos[0], nil, data); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %s: build it with 'mazebook build %s'\n", pos[0], pos[0])
	return nil
}
