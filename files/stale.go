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
// killed outright left more than age ago (StaleAge, but in tests): their temporary files
// (".BASE.tmp-XXXX") are removed, and a backup (".BASE.tmp-XXXX.old") is
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
			// A temporary file is written by its run: its modification
			// time says when it was last.
			if time.Since(st.ModTime()) > age {
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
