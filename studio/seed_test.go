package studio

import (
	"strconv"
	"testing"

	"mazebook/layout/spec"
)

// The form shows no default for the seed that a spec does not get: a
// spec without a seed takes one drawn from its title, so the field's
// default, if it has one, must be the seed of a spec of the form's
// default title.
func TestSeedFieldDefault(t *testing.T) {
	defaults := map[string]string{}
	for _, f := range fields() {
		defaults[f.Path] = f.Default
	}
	sp, err := spec.Parse("book.yaml", []byte("title: "+defaults["title"]+"\nsections: [{count: 1}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d := defaults["seed"]; d != "" && d != strconv.FormatUint(sp.Seed, 10) {
		t.Errorf("the form's seed defaults to %s; a spec titled %q without one gets %d", d, defaults["title"], sp.Seed)
	}
}
