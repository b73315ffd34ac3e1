package spec

import (
	"os/exec"
	"strings"
	"testing"
)

// The spec reader stays a layer below what reads studies: reading a
// difficulty model file goes through mazebook/maze/difficulty, not
// through the study package (which imported the spec's world with it).
func TestSpecDoesNotImportStudy(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "mazebook/study" || p == "mazebook/studio" || p == "mazebook/catalogue" {
			t.Errorf("layout/spec depends on %s", p)
		}
	}
}
