//go:build !linux

package files

import "os"

// kernelFS returns "": only Linux is known to make files of its kernel's
// state (/proc, /sys) that read as regular files.
func kernelFS(f *os.File) string { return "" }
