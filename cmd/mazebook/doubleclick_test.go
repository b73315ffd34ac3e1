package main

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNoArgumentsOpensTheStudio runs mazebook with no arguments, as a
// double-click does: it starts the studio on a free port of the loopback
// address, opens it with the browser BROWSER names (a stand-in that
// records the address it is given), says the address and how to stop
// it, serves the studio's page there, and stops at an interrupt.
func TestNoArgumentsOpensTheStudio(t *testing.T) {
	dir := t.TempDir()
	opened := filepath.Join(dir, "opened")
	browser := filepath.Join(dir, "browser")
	if err := os.WriteFile(browser, []byte("#!/bin/sh\nprintf '%s' \"$1\" > "+shellQuote(opened)+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := mazebookProcess(dir)
	cmd.Env = append(cmd.Env, "BROWSER="+browser)
	stdout, stderr := startProcess(t, cmd)
	first, err := stdout.ReadString('\n')
	if err != nil || !strings.HasPrefix(first, "mazebook studio: open http://127.0.0.1:") || strings.Contains(first, ":8080/") {
		t.Fatalf("the studio did not start on a free loopback port: %q %v %s", first, err, stderr.String())
	}
	address := strings.TrimSpace(strings.TrimPrefix(first, "mazebook studio: open "))
	hint, _ := stdout.ReadString('\n')
	if strings.TrimSpace(hint) != stopHint() {
		t.Errorf("then %q, want how to stop it", hint)
	}
	var got []byte
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got, _ = os.ReadFile(opened); len(got) > 0 {
			break
		}
	}
	if string(got) != address {
		t.Fatalf("the browser was given %q, want %q", got, address)
	}
	resp, err := http.Get(address)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(page, []byte("<form")) {
		t.Errorf("the address answers %d: %.200s", resp.StatusCode, page)
	}
	cmd.Process.Signal(syscall.SIGINT)
	if code := exitOf(t, cmd); code != 130 || !strings.Contains(stderr.String(), "mazebook studio: stopped") {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
}

// TestHelpListsTheCommands checks that 'mazebook help' prints what
// mazebook with no arguments printed before it opened the studio: every
// command, exit 0.
func TestHelpListsTheCommands(t *testing.T) {
	code, stdout, _ := mazebook(t, t.TempDir(), "help")
	if code != 0 || !strings.Contains(stdout, "With no command, mazebook opens the studio") {
		t.Fatalf("help: exit %d\n%s", code, stdout)
	}
	for _, c := range commands() {
		if !strings.Contains(stdout, "  "+c.name+" ") {
			t.Errorf("help does not list %s", c.name)
		}
	}
}

// TestBrowserCommands checks how a BROWSER variable is read: commands
// split as paths are, %s standing for the address, which is added after
// a command's words where it has none.
func TestBrowserCommands(t *testing.T) {
	const url = "http://127.0.0.1:5/x"
	sep := string(filepath.ListSeparator)
	for _, tt := range []struct {
		browser string
		want    [][]string
	}{
		{"", nil},
		{"firefox", [][]string{{"firefox", url}}},
		{"chromium --new-window %s", [][]string{{"chromium", "--new-window", url}}},
		{"w3m" + sep + " " + sep + "lynx -dump %s --x=100%%", [][]string{{"w3m", url}, {"lynx", "-dump", url, "--x=100%"}}},
	} {
		if got := browserCommands(tt.browser, url); !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("BROWSER=%q: %q, want %q", tt.browser, got, tt.want)
		}
	}
}
