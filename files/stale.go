package files

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The one naming scheme of temporary files: an output NAME is written
// to ".NAME.tmp-XXXX" beside it (XXXX: 1 to 8 lower-case letters and
// digits) and, while a commit replaces it, the old file is kept as
// ".NAME.tmp-XXXX.old".
const (
	tempInfix    = ".tmp-"
	backupSuffix = ".old"
)

// tempName is the temporary file of an output called base.
func tempName(base, suffix string) string { return "." + base + tempInfix + suffix }

// StaleAge is the age past which a temporary file of an output is taken
// for one a run killed outright (kill -9, a power cut) left behind: no
// run writes one for so long.
const StaleAge = time.Hour

// removeStale cleans up, beside an output called base in dir, what runs
// killed outright left: their temporary files (".BASE.tmp-XXXX"), each
// removed as soon as no process holds its lock (see holdTemp), or where
// the file system has no locks once it is older than age (StaleAge, but
// in tests); and a backup (".BASE.tmp-XXXX.old") is
// put back when the output is missing (the run was killed between
// renaming the old file aside and renaming the new one into place), or
// removed when the output is there. Files whose names only look alike
// are never touched.
func removeStale(dir, base string, age time.Duration) {
	if dir == "" {
		dir = "."
	}
	names, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+tempInfix+"*"))
	for _, name := range names {
		suffix := name[strings.LastIndex(name, tempInfix)+len(tempInfix):]
		rnd, backup := strings.CutSuffix(suffix, backupSuffix)
		if !tempSuffix(rnd) {
			continue
		}
		st, err := os.Lstat(name)
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		if !backup {
			// A temporary file is locked by the run writing it (see
			// holdTemp): free, its run was killed, whenever that was.
			// Where there are no locks, its modification time says when
			// it was last written.
			yes, known, release := abandoned(name)
			if yes {
				os.Remove(name)
				release()
			} else if !known && time.Since(st.ModTime()) > age {
				os.Remove(name)
			}
			continue
		}
		if time.Since(changed(st)) <= age {
			continue
		}
		target := filepath.Join(dir, base)
		if _, err := os.Lstat(target); os.IsNotExist(err) {
			os.Rename(name, target)
		} else if err == nil {
			os.Remove(name)
		}
	}
}

// Sweep cleans up what runs killed outright left in the folder dir,
// beside every output there (see removeStale): a catalogue run sweeps
// its folder before it writes, so that no hidden temporary file of a
// worker killed (kill -9, an out-of-memory kill, a node lost) outlives
// the next run, while the files of runs still writing are left alone.
func Sweep(dir string) {
	if dir == "" {
		dir = "."
	}
	names, _ := filepath.Glob(filepath.Join(dir, ".*"+tempInfix+"*"))
	seen := map[string]bool{}
	for _, name := range names {
		b := filepath.Base(name)
		base := b[1:strings.LastIndex(b, tempInfix)]
		if base != "" && !seen[base] {
			seen[base] = true
			removeStale(dir, base, StaleAge)
		}
	}
}

// tempSuffix reports whether s is a temporary file's random suffix: 1 to
// 8 lower-case letters and digits (base 36).
func tempSuffix(s string) bool {
	if len(s) == 0 || len(s) > 8 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// globEscape escapes the characters filepath.Match treats specially.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
