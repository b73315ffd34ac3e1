// Package tooltest finds the programs mazebook's tests check real output
// with (poppler's readers, qpdf, tesseract, chromium, tmux, QEMU, GNU
// parallel): a test that needs one it cannot find skips, saying in one
// line which Debian package has it, unless MAZEBOOK_REQUIRE_TOOLS is set
// (as .ci/run sets it, having installed them all), when it fails.
package tooltest

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// RequireEnv is the environment variable that turns a missing tool from a
// skip into a failure.
const RequireEnv = "MAZEBOOK_REQUIRE_TOOLS"

// Packages are the Debian packages of the tools, by the tool's name.
var packages = map[string]string{
	"pdftoppm":            "poppler-utils",
	"pdfinfo":             "poppler-utils",
	"pdffonts":            "poppler-utils",
	"pdftotext":           "poppler-utils",
	"pdfimages":           "poppler-utils",
	"qpdf":                "qpdf",
	"tesseract":           "tesseract-ocr",
	"chromium":            "chromium",
	"tmux":                "tmux",
	"qemu-aarch64-static": "qemu-user-static",
	"qemu-x86_64-static":  "qemu-user-static",
	"parallel":            "parallel",
	"dpkg":                "dpkg",
	"unzip":               "unzip",
}

// Package returns the Debian package that installs tool.
func Package(tool string) string {
	if p, ok := packages[tool]; ok {
		return p
	}
	return tool
}

// Require returns the path of tool, or stops the test without it: a skip
// naming its package, or, where RequireEnv is set, a failure.
func Require(t testing.TB, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		Missing(t, tool)
	}
	return p
}

// Missing stops a test that found no tool: a skip naming its package, or,
// where RequireEnv is set, a failure.
func Missing(t testing.TB, tool string) {
	t.Helper()
	msg := fmt.Sprintf("%s is not installed (Debian package %s)", tool, Package(tool))
	if os.Getenv(RequireEnv) != "" {
		t.Fatalf("%s, and %s is set", msg, RequireEnv)
	}
	t.Skip(msg)
}
