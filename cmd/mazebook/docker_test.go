package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDockerfile lints the container image's recipe: pinned bases, a
// static build of this command, an entrypoint in exec form that is
// mazebook, and no root at run time. Where a Docker daemon answers and
// MAZEBOOK_DOCKER is set, it builds the image and builds a book in it.
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
	for _, f := range from {
		if !strings.Contains(f[1], ":") || strings.HasSuffix(f[1], ":latest") {
			t.Errorf("base %s is not pinned to a tag", f[1])
		}
	}
	for _, want := range []string{
		"CGO_ENABLED=0 go build",
		"./cmd/mazebook",
		`ENTRYPOINT ["/usr/local/bin/mazebook"]`,
		"USER nonroot",
		"COPY go.mod go.sum ./",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
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
	os.Chmod(dir, 0o777)
	if out, err := exec.Command(docker, "run", "--rm", "-v", dir+":/work", "mazebook-test", "build", "-o", "book.pdf").CombinedOutput(); err != nil {
		t.Fatalf("docker run: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "book.pdf")); err != nil {
		t.Error("the container built no book")
	}
}
