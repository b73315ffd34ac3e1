//go:build !unix

package study

import "os"

// tryLock is the in-process lock alone where the system offers no flock:
// one process should write a study file at a time.
func tryLock(f *os.File) (bool, error) { return true, nil }

func unlock(f *os.File) {}
