package spec

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// A section's keys are listed once, in sectionKeyList: the reading of a
// section reads exactly those keys, and the manual names a storyboard's
// as the list has them.
func TestSectionKeysListedOnce(t *testing.T) {
	d := &decoder{spec: &Book{}}
	fields := d.sectionFields(&Section{}, &sectionWritten{stepsOnly: map[string]*yaml.Node{}})
	var listed, read []string
	for _, k := range sectionKeyList {
		listed = append(listed, k.key)
	}
	for k := range fields {
		read = append(read, k)
	}
	slices.Sort(listed)
	slices.Sort(read)
	if !slices.Equal(listed, read) {
		t.Errorf("sectionKeyList lists %v; a section's reading reads %v", listed, read)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(doc)), " ")
	m := regexp.MustCompile("A storyboard section takes (.*?) and the keys above").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("docs/spec.md does not say which keys a storyboard section takes")
	}
	var documented []string
	for _, k := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(m[1], -1) {
		documented = append(documented, k[1])
	}
	documented = append(documented, stepsOnlyKeys...) // the keys above
	var want []string
	for k := range stepsKeys {
		want = append(want, k)
	}
	slices.Sort(documented)
	slices.Sort(want)
	if !slices.Equal(documented, want) {
		t.Errorf("docs/spec.md says a storyboard takes %v; sectionKeyList has %v", documented, want)
	}
}
