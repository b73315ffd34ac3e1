package main

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"maps"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"mazebook/studio"
)

func TestServeUsage(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", 1<<20)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "a.yaml", "b.yaml"}, "one spec at a time"},
		{[]string{"serve", "missing.yaml"}, "cannot read spec missing.yaml"},
		{[]string{"serve", "big.yaml"}, "larger than"},
		{[]string{"serve", "--addr", "nohostport"}, "is not HOST:PORT"},
		{[]string{"serve", "--nope"}, "nope"},
	} {
		code, _, stderr := mazebook(t, dir, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 saying %q", c.args, code, stderr, c.want)
		}
	}
}

func TestStudioHosts(t *testing.T) {
	for _, c := range []struct {
		host string
		want []string // nil: any host
	}{
		{"127.0.0.1", []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080"}},
		{"localhost", []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080"}},
		{"::1", []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080"}},
		{"127.0.0.2", []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "127.0.0.2:8080"}},
		{"0.0.0.0", nil},
		{"192.168.1.20", nil},
	} {
		if got := studioHosts(c.host, 8080); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.host, got, c.want)
		}
	}
}

// serve examples/mouse-and-cheese.yaml opens with the spec's pictures and
// mask attached (read once from the spec's folder), and the PDF the
// studio hands back is the bytes 'mazebook build' writes for that spec.
func TestServePreloadsTheSpecsFiles(t *testing.T) {
	specPath, err := filepath.Abs(filepath.Join("..", "..", "examples", "mouse-and-cheese.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	opt, err := serveOptions(context.Background(), &env{stdout: io.Discard, stderr: &stderr}, []string{specPath})
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(maps.Keys(opt.Files)); !slices.Equal(got, []string{"cheese.svg", "heart.png", "mouse.png"}) || stderr.Len() > 0 {
		t.Fatalf("attached %v, stderr %q", got, stderr.String())
	}
	opt.Token = "t"
	srv, err := studio.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	get := func(method, path string, body []byte) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "/t/"+path, bytes.NewReader(body))
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		return w
	}
	// The page lists the files, as the script reads them.
	page := get("GET", "", nil).Body.String()
	m := regexp.MustCompile(`data-files="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page holds no data-files")
	}
	files := html.UnescapeString(m[1])
	for _, name := range []string{"cheese.svg", "heart.png", "mouse.png"} {
		if !strings.Contains(files, `"name":"`+name+`"`) {
			t.Errorf("the page does not list %s: %s", name, files)
		}
	}
	data, err := os.ReadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	w := get("POST", "api/check?files="+url.QueryEscape(files), data)
	var r struct {
		Key    string
		Errors []struct{ Text string }
	}
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil || w.Code != 200 || len(r.Errors) > 0 {
		t.Fatalf("check: %d %v %s", w.Code, err, w.Body.String())
	}
	pdf := get("GET", "api/pdf/"+r.Key+"/mouse-and-cheese.pdf", nil)

	dir := t.TempDir()
	if code, _, errs := mazebook(t, dir, "build", specPath, "-o", "book.pdf", "-q"); code != 0 {
		t.Fatalf("build: %d %s", code, errs)
	}
	want, err := os.ReadFile(filepath.Join(dir, "book.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if pdf.Code != 200 || !bytes.Equal(pdf.Body.Bytes(), want) {
		t.Errorf("the studio's PDF differs from build's: %d, %d and %d bytes", pdf.Code, pdf.Body.Len(), len(want))
	}
}

// A file the spec names that cannot be attached is said on stderr; the
// studio still opens (and shows the spec's error for it).
func TestServeSaysWhatItCannotAttach(t *testing.T) {
	dir := t.TempDir()
	y := "title: x\nsections:\n  - {mask: fake.png, count: 1}\n"
	if err := os.WriteFile(filepath.Join(dir, "s.yaml"), []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fake.png"), []byte("not a png"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	opt, err := serveOptions(context.Background(), &env{stdout: io.Discard, stderr: &stderr}, []string{filepath.Join(dir, "s.yaml")})
	if err != nil || len(opt.Files) != 0 || !strings.Contains(stderr.String(), "not attached: fake.png cannot be read as a PNG picture") {
		t.Errorf("%v, %d files, stderr %q", err, len(opt.Files), stderr.String())
	}
}

// TestServeStaysInTheSpecsFolder serves a spec whose mask is a symbolic
// link to a file outside its folder (a secret), and one whose font is a
// link inside it: the first is not attached (its contents never reach the
// studio), the second is.
func TestServeStaysInTheSpecsFolder(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.png")
	heart, err := os.ReadFile("../../examples/heart.png")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(secret, heart, 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(secret, filepath.Join(dir, "mask.png")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "real.png"), heart, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.png", filepath.Join(dir, "inside.png")); err != nil {
		t.Fatal(err)
	}
	y := "title: x\nsections:\n  - {mask: mask.png, count: 1}\n  - {mask: inside.png, count: 1}\n"
	if err := os.WriteFile(filepath.Join(dir, "s.yaml"), []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	opt, err := serveOptions(context.Background(), &env{stdout: io.Discard, stderr: &stderr}, []string{filepath.Join(dir, "s.yaml")})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := opt.Files["mask.png"]; ok {
		t.Error("a link out of the spec's folder was followed: its file is attached")
	}
	if _, ok := opt.Files["inside.png"]; !ok {
		t.Errorf("a link inside the spec's folder was not followed (stderr %q)", stderr.String())
	}
	if !strings.Contains(stderr.String(), "not attached: ") {
		t.Errorf("the file left out is not said: %q", stderr.String())
	}
}
