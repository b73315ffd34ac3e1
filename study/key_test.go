package study

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A study's key is made once, kept beside the study file where its owner
// alone may read it (0600), and read back the same on every later run.
func TestKeyIsPrivateAndKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "class.jsonl")
	key := func() []byte {
		l, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		k, err := l.Key()
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	first, second := key(), key()
	if len(first) != 32 || !bytes.Equal(first, second) {
		t.Errorf("the key is %x, then %x", first, second)
	}
	st, err := os.Stat(path + KeySuffix)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %v, want -rw-------", KeySuffix, st.Mode().Perm())
	}
}
