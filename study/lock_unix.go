//go:build unix

package study

import (
	"os"
	"syscall"
)

// lock takes an exclusive lock of f, waiting for other processes'.
func lock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

func unlock(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
