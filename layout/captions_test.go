package layout_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"mazebook/internal/tooltest"
	"mazebook/layout"
	"mazebook/layout/pdf"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// requireTool returns the path of an external program, skipping the test
// when it is missing unless MAZEBOOK_REQUIRE_TOOLS is set (as in CI).
func requireTool(t *testing.T, name string) string {
	t.Helper()
	return tooltest.Require(t, name)
}

// TestCaptionsKeepTheirNumbers reads the printed text of crowded pages
// back with pdftotext: every puzzle page shows the number of each of its
// mazes and the page of its answer, and every answer page the number of
// each answer, whatever the page size and the number on a page.
func TestCaptionsKeepTheirNumbers(t *testing.T) {
	pdftotext := requireTool(t, "pdftotext")
	tests := []struct{ page, section string }{
		{"6x9in", "{count: 18, per_page: 9, difficulty: 1..4}"},
		{"6x9in", "{count: 12, per_page: 6, difficulty: 3}"},
		{"6x9in", "{count: 8, per_page: 4, difficulty: 2, title: Un título de sección bastante largo}"},
		{"a4", "{count: 24, per_page: 12, difficulty: 2}"},
		{"a4", "{count: 18, per_page: 9, difficulty: 1..5}"},
		{"5x8in", "{count: 9, per_page: 9, size: 5x5, caption: '{{.Label}} número {{.Number}} de la sección {{.Section}}', title: Sección}"},
	}
	for _, tt := range tests {
		t.Run(tt.page+" "+tt.section, func(t *testing.T) {
			src := fmt.Sprintf("style: {answer_refs: true, page_numbers: false}\npage: {size: %s}\nanswers: {per_page: 9}\nsections:\n  - %s\n", tt.page, tt.section)
			s, err := spec.Parse("c.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			b, err := layout.Build(s, layout.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := pdf.Write(&buf, b.Pages, pdf.Metadata{Title: "c"}); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "c.pdf")
			if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, pp := range b.Plan.Pages {
				if pp.Kind != plan.PuzzlePage && pp.Kind != plan.AnswerPage {
					continue
				}
				n := fmt.Sprint(pp.Number)
				out, err := exec.Command(pdftotext, "-f", n, "-l", n, "-layout", file, "-").Output()
				if err != nil {
					t.Fatal(err)
				}
				text := string(out)
				if regexp.MustCompile(`…`).MatchString(text) && pp.Kind == plan.AnswerPage {
					t.Errorf("page %s: an answer caption is cut: %q", n, text)
				}
				for _, mi := range pp.Mazes {
					mp := b.Plan.Mazes[mi]
					want := []int{mp.Number}
					if pp.Kind == plan.PuzzlePage {
						want = append(want, mp.AnswerPage)
					}
					for _, w := range want {
						if !regexp.MustCompile(fmt.Sprintf(`(^|\D)%d(\D|$)`, w)).MatchString(text) {
							t.Errorf("page %s does not show %d (maze %d):\n%s", n, w, mp.Number, text)
						}
					}
				}
			}
		})
	}
}
