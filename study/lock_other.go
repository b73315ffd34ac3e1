//go:build !unix

package study

import "os"

// lock is the in-process lock alone where the system offers no flock:
// one process should write a study file at a time.
func lock(f *os.File) error { return nil }

func unlock(f *os.File) {}
