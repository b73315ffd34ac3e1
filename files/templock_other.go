//go:build !unix

package files

import "os"

// holdTemp takes no lock where the system offers no flock: a temporary
// file left behind is known by its age alone (see removeStale).
func holdTemp(name string, f *os.File) (lock *os.File, ok bool) { return nil, true }

// abandoned knows nothing of a temporary file where the system offers
// no lock: its age tells.
func abandoned(name string) (yes, known bool, release func()) { return false, false, nil }
