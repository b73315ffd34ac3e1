//go:build unix

package files

import (
	"os"
	"syscall"
)

// nonblock opens a named pipe without waiting for its other end.
const nonblock = syscall.O_NONBLOCK

// openNonblock opens name without blocking on a named pipe: the caller
// checks what it opened before reading.
func openNonblock(name string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag|nonblock, perm)
}
