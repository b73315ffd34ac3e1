package spec

import (
	"io/fs"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/maze/difficulty"
)

// difficultyModel reads difficulty_model: a file beside the spec, as
// 'mazebook calibrate' writes it, whose person settings make the
// difficulty score in place of the built-in young and older ones.
func (d *decoder) difficultyModel(n *yaml.Node, at string) {
	v, ok := d.scalar(n, "difficulty_model")
	if !ok {
		return
	}
	name := strings.TrimSpace(v)
	if d.files == nil {
		d.errorf(n, "difficulty_model %q: this spec may not read files; leave it out to score with the built-in model", name)
		return
	}
	if name == "" || !fs.ValidPath(path.Clean(name)) {
		d.errorf(n, "difficulty_model %q: give a file beside the spec or below it (no absolute path, no ..), as 'mazebook calibrate -o' writes it", name)
		return
	}
	d.spec.reads(path.Clean(name))
	data, err := readFile(d.files, path.Clean(name), difficulty.MaxModelBytes)
	if err != nil {
		d.errorf(n, "difficulty_model %q: %v", name, err)
		return
	}
	d.spec.readData(path.Clean(name), data)
	m, err := difficulty.ParseModel(name, data)
	if err != nil {
		d.errorf(n, "difficulty_model: %v", err)
		return
	}
	d.spec.People = m.People
}
