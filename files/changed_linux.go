//go:build linux

package files

import (
	"os"
	"syscall"
	"time"
)

// changed returns when the file's inode last changed (its ctime): a
// backup made by a link or a rename keeps the old file's modification
// time, but its ctime is the time of the commit that made it.
func changed(fi os.FileInfo) time.Time {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return time.Unix(st.Ctim.Sec, st.Ctim.Nsec)
	}
	return fi.ModTime()
}
