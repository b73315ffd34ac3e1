package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mazebook/layout/plan"
	"mazebook/maze"
)

// TestDocsStayTrue checks the README and the manual in docs/: the README
// is a front door (under 300 lines) whose table has every command, and
// every link between them goes to a file that exists and, with an
// anchor, to a heading it has.
func TestDocsStayTrue(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n >= 300 {
		t.Errorf("the README has %d lines: a front door has fewer than 300", n)
	}
	for _, c := range commands() {
		if !strings.Contains(string(readme), "| `mazebook "+c.name) {
			t.Errorf("the README's table lacks mazebook %s", c.name)
		}
	}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	files := append([]string{filepath.Join(root, "README.md")}, docs...)
	anchors := map[string]map[string]bool{}
	heading := regexp.MustCompile(`(?m)^#+ (.+)$`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a := map[string]bool{}
		for _, m := range heading.FindAllStringSubmatch(string(data), -1) {
			a[anchor(m[1])] = true
		}
		anchors[filepath.Clean(f)] = a
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			path := filepath.Clean(f)
			if file != "" {
				path = filepath.Clean(filepath.Join(filepath.Dir(f), file))
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s links to %s, which does not exist", f, target)
					continue
				}
			}
			if frag != "" {
				if a, ok := anchors[path]; !ok || !a[frag] {
					t.Errorf("%s links to %s, whose heading does not exist", f, target)
				}
			}
		}
	}
}

// anchor returns the fragment a heading is linked by: lower case, its
// punctuation dropped, spaces as hyphens.
func anchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestLimitsTableStaysTrue holds the README's table of memory per shape
// to the estimates the budget uses.
func TestLimitsTableStaysTrue(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"rectangle", "triangle", "hexagon", "circle", maze.KindWeave} {
		row := regexp.MustCompile(`(?m)^\| ` + kind + ` \| (\d+) B \| [^|]+\| (\d+) B \| ([\d.]+) million cells \|$`).FindStringSubmatch(string(readme))
		if row == nil {
			t.Errorf("the README's limits lack a row for %s", kind)
			continue
		}
		want := []string{
			fmt.Sprintf("%.0f", plan.BytesPerDrawnCell(kind)),
			fmt.Sprintf("%.0f", plan.DrawingBytes(kind, 1)),
			strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", float64(plan.MaxDrawingCells(kind))/1e6), "0"), "."),
		}
		if row[1] != want[0] || row[2] != want[1] || strings.TrimRight(strings.TrimRight(row[3], "0"), ".") != want[2] {
			t.Errorf("the README's limits say %s: %v; the budget: %v", kind, row[1:], want)
		}
	}
}
