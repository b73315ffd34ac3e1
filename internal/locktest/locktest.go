//go:build unix

// Package locktest has another process hold a file's lock (flock, as a
// second studio or game writing to a study file would), so that a test
// sees what its code does while the lock is taken.
package locktest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"
)

// env names the file the other process locks.
const env = "MAZEBOOK_TEST_HOLD_LOCK"

// Hold has another process take the lock of the file at path and returns
// what lets it go (also called when the test ends). The process is this
// test binary running the test of its package that calls Serve, which
// must be named TestHoldLockProcess.
func Hold(t *testing.T, path string) (release func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldLockProcess$")
	cmd.Env = append(os.Environ(), env+"="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "locked\n" {
		cmd.Process.Kill()
		t.Fatalf("the other process did not take the lock: %q %v", line, err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			stdin.Close()
			cmd.Wait()
		})
	}
	t.Cleanup(release)
	return release
}

// Serve is the other process of Hold, run as TestHoldLockProcess: it
// takes the lock of the file Hold names, says so, and holds it until its
// standard input closes; run otherwise, it skips.
func Serve(t *testing.T) {
	path := os.Getenv(env)
	if path == "" {
		t.Skip("run by locktest.Hold")
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
}
