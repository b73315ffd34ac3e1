package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
