package main

import (
	"fmt"
	"time"
)

// progress shows a build's progress as one line on standard error, redrawn
// in place, when standard error is a terminal and the user did not ask for
// quiet.
type progress struct {
	e     *env
	label string
	// units names what is counted: "mazes and pages" unless set.
	units string
	shown bool
	last  time.Time
}

// newProgress returns a progress line; it draws nothing when the output is
// not a terminal or quiet is set.
func newProgress(e *env, quiet bool, label string) *progress {
	if quiet || !e.stderrIsTerminal {
		return nil
	}
	return &progress{e: e, label: label, units: "mazes and pages"}
}

// update redraws the line at most ten times a second, and at the end.
// Its method value is a layout.Options.Progress.
func (p *progress) update(done, total int) {
	if p == nil || total == 0 {
		return
	}
	now := time.Now()
	if done < total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	fmt.Fprintf(p.e.stderr, "\r%s: %3d%% (%d of %d %s)", p.label, 100*done/total, done, total, p.units)
	p.shown = true
}

// step redraws the line as update does, counting units (a
// study.Options.Progress): a new kind of unit starts a new count.
func (p *progress) step(units string, done, total int) {
	if p == nil {
		return
	}
	if units != p.units {
		p.units, p.last = units, time.Time{}
	}
	p.update(done, total)
}

// clear erases the line, if it was drawn.
func (p *progress) clear() {
	if p != nil && p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
		p.shown = false
	}
}
