package study

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadCodes(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		want       []string
		err        string
	}{
		{"a list", "# Class 3B\nK01\n  K02  \n\nk-03\n", []string{"K01", "K02", "k-03"}, ""},
		{"crlf", "K01\r\nK02\r\n", []string{"K01", "K02"}, ""},
		{"twice without case", "K01\nk01\n", nil, `codes.txt:2: "k01" is listed on line 1 already`},
		{"not a code", "K01\nEmma Smith\n", nil, `codes.txt:2: "Emma Smith" is not a code`},
		{"empty", "# nobody\n", nil, "no code in it"},
	} {
		name := filepath.Join(t.TempDir(), "codes.txt")
		os.WriteFile(name, []byte(tt.text), 0o644)
		got, err := ReadCodes(name)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: %v, want %q", tt.name, err, tt.err)
		case tt.err == "" && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("%s: %q %v, want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := ReadCodes(t.TempDir()); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("a folder read as codes: %v", err)
	}
}
