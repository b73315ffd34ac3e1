//go:build !unix

package files

import (
	"io/fs"
	"os"
)

// nonblock is 0 where the system offers no non-blocking open.
const nonblock = 0

// openNonblock opens name after checking that it is a regular file, or
// does not exist yet, where the system offers no non-blocking open.
func openNonblock(name string, flag int, perm os.FileMode) (*os.File, error) {
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: notRegular{mode: st.Mode()}}
	}
	return os.OpenFile(name, flag, perm)
}
