package maze

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// deps returns, for each package a go list pattern names, the packages
// it depends on.
func deps(t *testing.T, pattern string) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", pattern).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		m[f[0]] = f[1:]
	}
	return m
}

// The maze core and the packages beside it know no language's words:
// their messages are values (mazebook/internal/say) said in English, and
// translated where they are shown (mazebook/internal/tell, which reads
// the register of languages).
func TestMazeKnowsNoLanguage(t *testing.T) {
	pkgs := deps(t, "./...")
	if len(pkgs) < 3 {
		t.Fatalf("go list found only %v", pkgs)
	}
	for p, d := range pkgs {
		for _, q := range []string{"mazebook/words", "mazebook/internal/tell"} {
			if slices.Contains(d, q) {
				t.Errorf("%s depends on %s", p, q)
			}
		}
	}
	// The check can fail: what tells a message in a language reads words.
	if !slices.Contains(deps(t, "mazebook/internal/tell")["mazebook/internal/tell"], "mazebook/words") {
		t.Error("mazebook/internal/tell does not depend on mazebook/words: is go list answering?")
	}
	// The message values depend on nothing of mazebook's.
	for _, q := range deps(t, "mazebook/internal/say")["mazebook/internal/say"] {
		if strings.HasPrefix(q, "mazebook/") {
			t.Errorf("mazebook/internal/say depends on %s", q)
		}
	}
}
