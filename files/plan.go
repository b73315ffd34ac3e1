package files

// A Plan is what a run reads and where it writes: each destination is
// checked, as it is added, against every input and every destination
// added before it, so that a run refuses a collision before it writes
// anything. A Batch checks its outputs with a Plan of its own; a run of
// many batches (a catalogue, each book one commit) checks all of them in
// one Plan first. The zero Plan is empty and ready to use.
type Plan struct {
	inputs  []*id
	outputs []*id
}

// Input names a file the run reads (what says what it is, for messages:
// "the spec", "a file the spec reads,"), which no output may be: not by
// another name, nor through a symbolic or a hard link.
func (p *Plan) Input(what, name string) {
	d := newID(name)
	d.what = what
	p.inputs = append(p.inputs, d)
}

// Output adds a destination, name, which from describes for messages
// ("the cover of x, from specs/x.yaml"): a *ConflictError when it is an
// input or a destination added before.
func (p *Plan) Output(name, from string) error {
	d := newID(name)
	d.from = from
	return p.add(d)
}

// Flag adds a destination named on the command line by flag ("--study
// FILE"): a *ConflictError when it is an input or a destination added
// before.
func (p *Plan) Flag(flag, name string) error {
	d := newID(name)
	d.flag = flag
	return p.add(d)
}

// add checks a destination and adds it.
func (p *Plan) add(out *id) error {
	for _, in := range p.inputs {
		if out.same(in) {
			return &ConflictError{Output: out.String(), Other: in.String(), Input: true}
		}
	}
	for _, prev := range p.outputs {
		if out.same(prev) {
			return &ConflictError{Output: out.String(), Other: prev.String()}
		}
	}
	p.outputs = append(p.outputs, out)
	return nil
}

// path checks a destination that is a path, not a file (a directory of
// pages): its name may be no input's nor another output's.
func (p *Plan) path(d *id) error {
	for _, other := range p.inputs {
		if other.abs == d.abs {
			return &ConflictError{Output: d.String(), Other: other.String(), Input: true}
		}
	}
	for _, other := range p.outputs {
		if other.abs == d.abs {
			return &ConflictError{Output: d.String(), Other: other.String(), Path: true}
		}
	}
	return nil
}
