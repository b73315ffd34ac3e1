//go:build linux

package files

import (
	"os"
	"syscall"
)

// kernelFileSystems are the file systems whose files the kernel makes as
// they are read (their size says nothing, and a read may block forever:
// /proc/kmsg waits for the kernel's next message), by their magic
// numbers (see statfs(2)).
var kernelFileSystems = map[int64]string{
	0x9fa0:     "proc",
	0x62656572: "sysfs",
	0x64626720: "debugfs",
	0x74726163: "tracefs",
	0x73636673: "securityfs",
	0x27e0eb:   "cgroup",
	0x63677270: "cgroup2",
	0x62656570: "configfs",
	0x1cd1:     "devpts",
	0xcafe4a11: "bpf",
	0x6165676c: "pstore",
	0xde5e81e4: "efivarfs",
	0x65735543: "fusectl",
	0x42494e4d: "binfmt_misc",
	0xf97cff8c: "selinuxfs",
}

// kernelFS returns the name of the kernel file system the open file f is
// on, or "" for a file system of files (ext4, tmpfs, a network share).
func kernelFS(f *os.File) string {
	var st syscall.Statfs_t
	if err := syscall.Fstatfs(int(f.Fd()), &st); err != nil {
		return ""
	}
	return kernelFileSystems[int64(st.Type)]
}
