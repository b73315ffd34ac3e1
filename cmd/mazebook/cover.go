package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout/bookfiles"
	"mazebook/layout/cover"
	"mazebook/layout/format"
	"mazebook/layout/kdp"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

func runCover(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "cover", "SPEC [flags]", "Draw the paperback cover of the book SPEC describes: back, spine and front on one sheet\nwith bleed, the spine as wide as the book's pages and paper make it. The format follows\nthe output's extension: "+strings.Join(format.Exts(true), ", ")+" (print-on-demand printers take the PDF).")
	out := fs.String("o", "", "write the cover to `FILE` (default: the spec's name with -cover.pdf; - for standard output)")
	paper := fs.String("paper", "", "the interior's paper, which sets the spine's width: white, cream or color (default: the spec's cover paper, else white)")
	check := fs.String("check", "", "check the cover against a print preset's rules: `kdp` (also set by 'preset: kdp' in the spec)")
	warnOnly := fs.Bool("check-warn", false, "report --check violations as warnings, and write the cover anyway")
	seed := fs.String("seed", "", "use seed `N` instead of the spec's")
	dpi := dpiFlag(fs, 300)
	quiet := fs.Bool("quiet", false, "print nothing but errors")
	fs.BoolVar(quiet, "q", false, "short for --quiet")
	volume := fs.Int("volume", 0, "of a spec with a series: the cover of volume `N`")
	edition := fs.String("edition", "", "of a spec with editions: the cover of the edition `NAME`")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one spec file (see 'mazebook cover --help')")
	}
	if *volume < 0 {
		return usagef("--volume is a whole number")
	}
	variant := spec.Variant{Volume: *volume, Edition: *edition}
	outFlag := "-o"
	if *out == "" {
		outFlag = "the output"
		name, err := bookName(pos[0])
		if err != nil {
			return err
		}
		if v := variant.String(); v != "" {
			name += "-" + v
		}
		*out = name + "-cover.pdf"
	}
	f, err := format.ForFile(*out, true)
	if *out == "-" {
		f, err = format.ForFile(".pdf", true)
	}
	if err != nil {
		return usagef("%s %v", outFlag, err)
	}
	var paperOverride spec.Paper
	if *paper != "" {
		if paperOverride, err = spec.ParsePaper(*paper); err != nil {
			return usagef("--paper: %v", err)
		}
	}
	sp, err := readBook(pos[0], variant)
	if err != nil {
		return err
	}
	if *seed != "" {
		if err := overrideSeed(sp, *seed); err != nil {
			return err
		}
	}
	if paperOverride != "" {
		if err := sp.SetPaper(paperOverride); err != nil {
			return usagef("--paper: %v", err)
		}
	}
	// A preview (SVG or PNG) of a cover whose spec names a preset is
	// checked but for its format; --check kdp asks for the PDF too.
	checkFormat := *check != ""
	if *check == "" {
		*check = sp.Preset
	}
	if *check != "" && *check != "kdp" {
		return usagef("--check %q is unknown (known: kdp)", *check)
	}

	outs := e.batch()
	defer outs.Abort()
	specInputs(outs, pos[0], sp)
	dest, err := outs.Create(outFlag, *out)
	if err != nil {
		return err
	}
	c, err := bookfiles.MakeCover(sp, plan.Student, bookfiles.CoverOptions{Creator: creator(), Format: f, DPI: *dpi, Check: *check, CheckFormat: checkFormat, WarnOnly: *warnOnly || sp.CheckWarnOnly})
	if short := (*bookfiles.ShortBookError)(nil); errors.As(err, &short) {
		return checkError{short.Error() + "\n(use --check-warn to draw the cover anyway)"}
	}
	if err != nil {
		return specOrFailure(err)
	}
	for _, w := range c.Warnings {
		fmt.Fprintln(e.stderr, "warning: "+w)
	}
	g := c.Geometry
	if broken := bookfiles.Check(c, *check, *out); broken != nil {
		if !*warnOnly && !sp.CheckWarnOnly {
			return checkError{broken.Error() + "\n(use --check-warn to write the cover anyway)"}
		}
		fmt.Fprintln(e.stderr, "warning: "+broken.Error())
	}
	if _, err := dest.Write(c.Data); err != nil {
		return err
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprintf(e.stderr, "wrote %s: %s\n", *out, summary(g))
	}
	return nil
}

// summary describes a cover's geometry in a line: "12.534 x 9.25 in,
// spine 0.284 in (126 pages, white paper), spine text: yes".
func summary(g cover.Geometry) string {
	text := "yes"
	switch {
	case !g.SpineText && g.Pages < kdp.MinSpineTextPages:
		text = fmt.Sprintf("no (a book needs %d pages or more)", kdp.MinSpineTextPages)
	case !g.SpineText:
		text = fmt.Sprintf("no (the spine is too thin for text at %dpt)", cover.MinSpineSize)
	}
	return fmt.Sprintf("%s x %s in, spine %s in (%s, %s paper), spine text: %s",
		inches(g.Width), inches(g.Height), inches(g.SpineW), say.Plural(g.Pages, "%d page", "%d pages"), g.Paper, text)
}

// inches writes a length in points as inches, to a thousandth, without
// trailing zeros.
func inches(points float64) string {
	s := fmt.Sprintf("%.3f", points/spec.PointsPerInch)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}
