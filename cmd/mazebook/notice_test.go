package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mazebook/fonts"
)

// TestNotice checks that the NOTICE names every module the mazebook
// binary is built from and every face it ships, and that the repository
// has its licence, Apache 2.0, at the root.
func TestNotice(t *testing.T) {
	notice, err := os.ReadFile(filepath.Join("..", "..", "NOTICE"))
	if err != nil {
		t.Fatal(err)
	}
	licence, err := os.ReadFile(filepath.Join("..", "..", "LICENSE"))
	if err != nil || !strings.Contains(string(licence), "Apache License") || !strings.Contains(string(licence), "Version 2.0, January 2004") {
		t.Fatalf("LICENSE is not the Apache License 2.0 (%v)", err)
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, m := range strings.Fields(string(out)) {
		if m != "mazebook" && !strings.Contains(string(notice), m+" ") {
			t.Errorf("NOTICE does not name the module %s", m)
		}
	}
	for _, f := range fonts.Faces() {
		family := strings.TrimSuffix(f.Name, " Bold")
		if !strings.Contains(string(notice), family) || !strings.Contains(string(notice), f.Licence) {
			t.Errorf("NOTICE does not name the face %s under %s", f.Name, f.Licence)
		}
	}
	if !strings.Contains(string(notice), "are\nyours") && !strings.Contains(string(notice), "are yours") {
		t.Error("NOTICE does not say that the books a user makes are theirs")
	}
}
