package plan

import (
	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/layout/spec"
	"mazebook/layout/theme"
	"mazebook/layout/typeface"
)

// A Slot is one slot of a page resolved: the maze it holds, where, and
// everything about how it is drawn but the maze itself, so that the
// layout draws it from the Slot and the made maze alone (see SlotOf).
type Slot struct {
	// Maze is the index in Plan.Mazes of the maze the slot holds, and Box
	// the slot's area on its page, caption included.
	Maze int
	Box  display.Box
	// Answer is whether the slot holds the maze's answer, on a page of
	// the answer key, rather than its puzzle.
	Answer bool
	// Caption is the maze's caption fitted to the slot, and Level the
	// level its stars show: the level the maze rates at, in whole stars
	// for a young child's (see draw.WholeStars).
	Caption Fitted
	Level   int
	// Style is how the maze is drawn: its section's style (see
	// Plan.Style) at the size of its puzzle or of its answer, with its
	// theme's pictures, its marks and its floor as the one or the other
	// shows them. Room is the room its marks need around its grid.
	Style draw.Style
	Room  draw.Room
	// Blank draws the maze as a blank grid, and Graph its graph over it
	// (see draw.Layers): a worksheet's sheet. Solutions draws the maze's
	// solutions over it, and Walks the solver's steps under them
	// (answers.show_walk): an answer, or a teacher edition's puzzle.
	Blank, Graph, Solutions, Walks bool
	// Beside is where the caption stands on a page of staggered circles
	// (see Page.Beside): the zero Beside on another, whose caption stands
	// above its maze. Box is then the maze's area alone.
	Beside Beside
	// Turned is whether the maze is drawn turned a quarter anticlockwise
	// (see Maze.AnswerTurned), and GridW and GridH are the size of its
	// grid as drawn, in grid units.
	Turned       bool
	GridW, GridH float64
}

// SlotOf resolves slot k of page page (both from 0) of the plan, the
// facts of its maze as made given: its caption said and fitted, its
// style, room and layers, for its puzzle or, on a page of the answer
// key, its answer. A caption's template that fails is a spec error at
// its place (see Captions).
func (p *Plan) SlotOf(page, k int, facts CaptionFacts) (Slot, error) {
	pp := &p.Pages[page]
	mi := pp.Mazes[k]
	mp := p.Mazes[mi]
	sec := &p.Spec.Sections[mp.Section]
	sl := Slot{
		Maze: mi, Box: pp.Slots[k], Answer: pp.Kind == AnswerPage,
		Level: facts.Level, GridW: mp.GridW, GridH: mp.GridH,
	}
	texts, err := p.Captions(mi, facts, sl.Answer)
	if err != nil {
		return Slot{}, err
	}
	if sl.Answer {
		sl.Caption = p.FitCaption(texts, false, sl.Box.W, pp.Caption)
	} else {
		sl.Caption = p.puzzleCaption(mi, texts, pp, sl.Box.W, pp.Caption)
		if pp.Beside != nil {
			sl.Beside = pp.Beside[k]
			sl.Caption = p.besideCaption(mi, texts, pp, sl.Beside.Box.W, pp.Caption)
		}
	}
	sl.Style, sl.Room = p.PuzzleStyle(mi), p.RoomOf(mp.Section)
	if d := p.doors[mp.Section]; !sl.Answer && d.Along && sl.Style.StartArt != nil {
		sl.Style.ArtAlong, sl.Style.WordSize = true, d.WordSize
	}
	if sl.Answer {
		st := &sl.Style
		st.Cell, st.Wall = mp.AnswerCell, mp.AnswerWall
		st.MarkScale = float64(p.answerScale(mi) * p.TextScale())
		st.ArtSide, st.DoorWords = p.answerArtOf(mi), false
		st.FlagSide = 0            // an answer's flag is drawn as small as its marks
		st.Floor = display.Color{} // the answer's line on white, as a key prints it
		sl.Room = p.answerRoomOf(mi)
	}
	switch {
	case !sl.Answer && (sec.Sheet == spec.SheetBlank || sec.Sheet == spec.SheetGraph):
		sl.Blank, sl.Graph = true, sec.Sheet == spec.SheetGraph
	case sl.Answer || p.Edition == Teacher:
		sl.Solutions = true
		sl.Walks = sl.Answer && p.Spec.Answers.ShowWalk
	}
	if sl.Answer && mp.AnswerTurned {
		sl.Turned = true
		sl.GridW, sl.GridH = mp.AnswerGrid()
	}
	if sec.Young() {
		sl.Level = draw.WholeStars(sl.Level) // no half stars for a child
	}
	return sl, nil
}

// PuzzleStyle returns how the plan's maze i is drawn on its puzzle page:
// its section's style (see Style) at its size, with its theme's pictures,
// a young child's round walls and, in a young child's colour book, a tint
// under its corridors (see floorTint). The cover draws the book's mazes
// from it, so that they look as they do inside.
func (p *Plan) PuzzleStyle(i int) draw.Style {
	mp := p.Mazes[i]
	ds := p.Style(mp.Section)
	ds.Cell, ds.Wall = mp.Cell, mp.Wall
	ds.Font = p.Spec.Fonts.Headings
	if ds.Font == nil {
		ds.Font = typeface.Bold
	}
	ds.Round = p.Spec.Sections[mp.Section].Young()
	pair, themed := p.Pair(i)
	if ds.Round && (ds.Ink == draw.InkColor || ds.Ink == "") {
		ds.Floor = floorTint(pair.Scene, themed)
	}
	if themed && ds.Markers == draw.Shapes {
		ds.StartArt, ds.FinishArt = draw.Art(pair.Start), draw.Art(pair.Goal)
		doors := p.doors[mp.Section]
		ds.ArtSide, ds.DoorWords = doors.Art, doors.Words
	}
	return ds
}

// plainFloor is the tint under the corridors of a young child's colour
// book with no theme: a pale cream.
var plainFloor = display.Color{R: 0xff, G: 0xf6, B: 0xdc}

// floorTint returns the tint under the corridors of a young child's
// puzzle in a colour book (see draw.Style.Floor): its theme's scene's
// tint, when themed, halfway to white, paler than its ground, so that the
// walls, the marks and a teacher edition's red solution stand out on it
// and a photocopy drops it; plainFloor without a theme.
func floorTint(sc theme.Scene, themed bool) display.Color {
	if !themed || sc.Tint == (display.Color{}) {
		return plainFloor
	}
	half := func(v uint8) uint8 { return uint8((int(v) + 255 + 1) / 2) }
	return display.Color{R: half(sc.Tint.R), G: half(sc.Tint.G), B: half(sc.Tint.B)}
}
