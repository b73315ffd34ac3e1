package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDockerfile lints the container image's recipe: bases pinned by
// digest (their tags kept for people), which CI pulls from the
// Dockerfile itself; a static build of this command; an entrypoint in
// exec form that is mazebook; no fonts installed (the binary carries
// them); and no root at run time. Where a Docker daemon answers and
// MAZEBOOK_DOCKER is set, it builds the image and builds a book in it, as
// the user running the test, into a folder of theirs.
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	from := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(text, -1)
	if len(from) != 2 {
		t.Fatalf("%d FROM lines, want a build stage and a run stage", len(from))
	}
	pinned := regexp.MustCompile(`^[a-z0-9./-]+:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}$`)
	for _, f := range from {
		if !pinned.MatchString(f[1]) || strings.Contains(f[1], ":latest@") {
			t.Errorf("base %s is not pinned to a tag and a digest (NAME:TAG@sha256:...)", f[1])
		}
	}
	// CI pulls what the FROM lines name, not references of its own.
	ci, err := os.ReadFile(filepath.Join("..", "..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(ci), "golang:") || strings.Contains(string(ci), "distroless") || !strings.Contains(string(ci), "Dockerfile") {
		t.Error(".ci/run names base images of its own instead of pulling the Dockerfile's")
	}
	for _, want := range []string{
		"CGO_ENABLED=0 go build",
		"./cmd/mazebook",
		`ENTRYPOINT ["/usr/local/bin/mazebook"]`,
		"USER nonroot",
		"COPY go.mod go.sum ./",
		`--user "$(id -u):$(id -g)"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
	}
	// The binary carries every font a book needs: the image installs none.
	if strings.Contains(text, "apt-get") || strings.Contains(text, "/usr/share/fonts") {
		t.Error("the Dockerfile installs fonts, which the binary carries")
	}
	// The Go version of the build stage is the module's.
	mod, _ := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(string(mod))
	if goVersion == nil || !strings.Contains(from[0][1], "golang:"+goVersion[1]) {
		t.Errorf("the build stage %s is not the module's Go %v", from[0][1], goVersion)
	}
	if os.Getenv("MAZEBOOK_DOCKER") == "" {
		t.Log("MAZEBOOK_DOCKER is not set: the Dockerfile is linted, not built")
		return
	}
	docker, err := exec.LookPath("docker")
	if err != nil || exec.Command(docker, "info").Run() != nil {
		t.Skip("no Docker daemon answers")
	}
	if out, err := exec.Command(docker, "build", "-t", "mazebook-test", filepath.Join("..", "..")).CombinedOutput(); err != nil {
		t.Fatalf("docker build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	user := fmt.Sprintf("%d:%d", os.Getuid(), os.Getgid())
	if out, err := exec.Command(docker, "run", "--rm", "--user", user, "-v", dir+":/work", "mazebook-test", "build", "-o", "books/book.pdf").CombinedOutput(); err != nil {
		t.Fatalf("docker run: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "books", "book.pdf")); err != nil {
		t.Error("the container built no book")
	}
}
