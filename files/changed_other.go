//go:build !linux

package files

import (
	"os"
	"time"
)

// changed returns the file's modification time where its ctime is not
// read.
func changed(fi os.FileInfo) time.Time { return fi.ModTime() }
