// Package spec reads a book's YAML spec into a Book: every value checked
// and placed at the line and column it was written (so that every problem
// found, all at once, names its place: book.yaml:12:5: ...), every default
// settled here and nowhere else, text templates parsed and bounded, and
// the masks and fonts it names read from their files. Nothing downstream asks
// the YAML anything again.
package spec

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"mazebook/files"
	"mazebook/internal/say"
	"mazebook/layout/display"
	"mazebook/layout/theme"
	"mazebook/maze"
)

// Book is a book as its spec describes it, parsed and checked: everything needed to build the
// same book again.
type Book struct {
	// File is the name the spec was read from, used in messages.
	File string
	// Reads lists the files the spec read (masks, pictures, fonts, a
	// model), as the spec names them, cleaned, slash-separated: relative
	// to the spec's folder, or absolute (a font named so, or found in
	// the folder FontsEnv names): inputs no output may replace (see
	// ReadPaths).
	Reads []string
	// SystemFonts are the font files of the book's script it is set in
	// when its spec names none (see ScriptFonts), for their licences.
	SystemFonts []SystemFont

	Title    string
	Subtitle string
	Author   string
	Subject  string
	// Seed is the book seed; every maze's seed is derived from it.
	Seed uint64
	// Language chooses the words mazebook prints: one of Languages.
	Language string
	// People are the person settings whose times make the difficulty
	// score: maze.People(), or those of the difficulty_model file.
	People []maze.Person
	// Series and Editions make the spec a catalogue (see Variants);
	// Volume (from 1) and EditionName say which of its books this is
	// (see ParseVariant), 0 and "" for the spec as written.
	Series      Series
	Editions    []Edition
	Volume      int
	EditionName string
	// Date is the creation date written into the PDF.
	Date time.Time
	// TitlePage adds a title page before the puzzles.
	TitlePage bool
	// Copyright is the text of an imprint page after the title page; no
	// page when empty.
	Copyright string
	// Contents, when not nil, adds a table of contents after the title
	// and copyright pages; HowTo, when not nil, a page on how to use the
	// book after it.
	Contents *Contents
	HowTo    *HowTo
	// SectionPages adds a page with the section's title and instructions
	// before each section.
	SectionPages bool
	// StartOnRight starts every section and the answer key on a
	// right-hand (odd) page, adding a blank page where needed.
	StartOnRight bool
	// EvenPages adds a blank page at the end when the page count is odd.
	EvenPages bool
	// Pad is the fewest pages the book has: blank pages are added at its
	// end (before the one EvenPages may add) to reach it. A paperback
	// needs 24 pages at least.
	Pad int
	// Header and Footer are the running head and foot of puzzle and
	// answer pages: templates with the variables of PageData.
	Header, Footer *Text
	// LabelOverrides replace built-in labels; see Labels.
	LabelOverrides Labels
	// TeacherEdition asks for a second book with the answers drawn on the
	// puzzles themselves.
	TeacherEdition bool
	// Theme names the pictures and stories of a children's book (see
	// package theme): a pair's name, or theme.Random for a pair drawn per
	// maze; empty for none. With the shapes markers, a maze's start and
	// goal get the pair's pictures, and its caption the pair's story.
	Theme string
	// Preset names the print rules the book is checked against ("kdp"), or
	// is empty.
	Preset string
	// CheckWarnOnly reports preset violations without failing the build.
	CheckWarnOnly bool

	Page     PageSpec
	Style    Style
	Fonts    Fonts
	Answers  AnswersSpec
	Sections []Section
	Cover    Cover

	// at records where each value was written, by path ("sections.1.size").
	at map[string]pos
}

// PageSpec is the paper and its margins, all in points.
type PageSpec struct {
	// Width and Height are the trimmed page size.
	Width, Height float64
	// Landscape is true when the named size was turned on its side.
	Landscape bool
	// Bleed adds BleedSize on the top, bottom and outside edge of every
	// page, for art that runs off the trimmed page.
	Bleed  bool
	Margin Margins
}

// BleedSize is the bleed print-on-demand printers ask for: 0.125in.
const BleedSize = 0.125 * PointsPerInch

// Margins are the page margins in points. A book printed on both sides
// and bound has mirrored margins: Inside (the gutter, by the binding) and
// Outside instead of Left and Right.
type Margins struct {
	Top, Bottom, Left, Right float64
	// Mirrored is true when the margins were given as inside and outside.
	Mirrored        bool
	Inside, Outside float64
	// AutoGutter chooses Inside from the final page count (see Gutter).
	AutoGutter bool
}

// KDPMargins are the margins of a book with preset kdp that gives none:
// mirrored, the gutter chosen from the page count (see Gutter), and the
// top, bottom and outside clear of the 0.375in print-on-demand printers
// keep free with bleed, the page number included.
func KDPMargins() Margins {
	return Margins{Top: 0.6 * PointsPerInch, Bottom: 0.75 * PointsPerInch, Outside: 0.5 * PointsPerInch, Mirrored: true, AutoGutter: true}
}

// MaxPad is the most pages pad may ask for: as many as a paperback has.
const MaxPad = 828

// SafeMargin and SafeMarginBleed are the distances from the trim edge
// within which print-on-demand printers may cut: nothing is printed there
// (page numbers included) but a background running into the bleed.
const (
	SafeMargin      = 0.25 * PointsPerInch
	SafeMarginBleed = 0.375 * PointsPerInch
)

// Gutter returns the smallest inside margin print-on-demand binding needs
// for a book of the given page count (Amazon KDP's table): 0.375in up to
// 150 pages, 0.5in to 300, 0.625in to 500, 0.75in to 700, 0.875in beyond.
func Gutter(pages int) float64 {
	switch {
	case pages <= 150:
		return 0.375 * PointsPerInch
	case pages <= 300:
		return 0.5 * PointsPerInch
	case pages <= 500:
		return 0.625 * PointsPerInch
	case pages <= 700:
		return 0.75 * PointsPerInch
	}
	return 0.875 * PointsPerInch
}

// Markers says how the entrance and the exit are marked.
type Markers string

// The marker styles.
const (
	// MarkShapes draws an arrow pointing in at the entrance and a star at
	// the exit, 5.5mm whatever the cell size, outlined in black: told apart
	// by shape on a black-and-white photocopy (the default).
	MarkShapes Markers = "shapes"
	// MarkSquares draws a coloured square outside each opening (seed 000).
	MarkSquares Markers = "squares"
	// MarkLabels writes Start and Finish beside the openings.
	MarkLabels Markers = "labels"
	// MarkNone leaves the openings unmarked.
	MarkNone Markers = "none"
)

// Style is how mazes and pages look.
type Style struct {
	// Wall is the wall thickness in points. WallName is "thin", "medium" or
	// "thick" when the thickness was given by name; a named thickness is
	// capped so that it never closes a corridor.
	Wall     float64
	WallName string

	WallColor     display.Color
	SolutionColor display.Color
	EntranceColor display.Color
	ExitColor     display.Color
	// Ink is the key color: full colour, grayscale or black ink only (the
	// colours above are settled for it).
	Ink     Ink
	Markers Markers
	// StartImage and FinishImage, when not nil, are pictures drawn at the
	// entrance and at the exit instead of their markers (style.start_image
	// and style.finish_image), at most picture.MaxSide pixels a side.
	StartImage, FinishImage image.Image
	// NameLine prints "Name: ____ Date: ____" at the top of puzzle pages.
	NameLine bool
	// PageNumbers prints the running footer (by default the page number)
	// at the foot of puzzle and answer pages.
	PageNumbers bool
	// AnswerRefs adds to each puzzle's caption the page of its solution.
	AnswerRefs bool
	// Stars shows the difficulty level of each maze of a section with a
	// difficulty or ages as stars beside its caption: five stars, half a
	// star per level.
	Stars bool
	// Motifs draws the theme's pictures, small, in the bottom corners of
	// puzzle pages (style.motifs), in the margin, clear of the page
	// number and the trim's safe zone.
	Motifs bool
	// LargePrint sets every word of the book at LargePrintSize or more,
	// its marks and door words as much larger, and its walls thick
	// unless the spec gives them (style.large_print): a large-print book
	// for readers who need one, as print-on-demand stores label it.
	LargePrint bool
	// DoorWords sets the words Start and Finish under a theme's pictures
	// at the doors (style.door_words), for children who cannot read the
	// story yet. A section for young children (see Section.Young) has
	// them unless the spec says otherwise (see DoorWordsFor).
	DoorWords bool
}

// AnswersSpec is the answer key at the end of the book.
type AnswersSpec struct {
	Enabled bool
	// PerPage is the most answers a page holds; a print preset may put
	// fewer on a page when that many would print lines too thin (see
	// plan.Plan.AnswersPerPage).
	PerPage int
	Title   string
	// Caption is printed above each answer; a template with the
	// variables of AnswerCaptionData.
	Caption *Text
	// ShowWalk draws, under each answer of a section whose solver walks
	// (right-hand, left-hand, tremaux), every step the solver took.
	ShowWalk bool
}

// Sheet is what a section's pages show of its mazes: section.kind.
type Sheet string

// The sheets.
const (
	// SheetMaze shows the mazes (the default).
	SheetMaze Sheet = "maze"
	// SheetBlank shows a grid of the maze's shape and size with every
	// wall standing and only its doors open, for a child to draw a maze
	// on; it has no answer.
	SheetBlank Sheet = "blank"
	// SheetGraph shows the blank grid with the maze's graph over it (a
	// dot for every cell, a line through every passage): rub out the
	// walls the lines cross and the maze appears, as the answer shows.
	SheetGraph Sheet = "graph"
	// SheetSteps is a storyboard: one maze drawn frame by frame as it is
	// made and solved (see Section.Steps).
	SheetSteps Sheet = "steps"
)

// Section is a run of mazes made the same way.
type Section struct {
	// ID keeps the section's mazes stable when other sections are added or
	// removed: maze seeds derive from it. It defaults to the title, or to
	// "section-N" for an untitled section.
	ID    string
	Title string
	// Caption is printed above each maze; a template with the variables
	// of CaptionData.
	Caption *Text
	// Count is the number of mazes.
	Count int
	// Shape is the mazes' shape, a name from maze.Shapes (rectangle,
	// circle, hexagon, triangle).
	Shape string
	// Size is the maze size as the shape reads it; its W is 0 when the
	// size is chosen from CellSize or the level. Inner is a circle's
	// middle radius, in ring widths, whatever the size.
	Size maze.Size
	// CellSize is the cell size in points that fills the maze's box; 0
	// means chosen from Size or the level.
	CellSize float64
	// Mask, when not nil, keeps only the cells under its on pixels;
	// MaskName says where it came from, for messages. MaskRows is the
	// fewest rows of cells the mask is laid over, when the level's cells
	// would be too few to read it (a word's letters).
	Mask     *maze.Bitmap
	MaskName string
	MaskRows int
	// Islands says whether a mask's separate parts (the letters of a
	// word) are joined into one maze, or each made a maze of its own with
	// its own entrance and exit.
	Islands maze.Islands
	// Weave is the share of a rectangle's inner cells that become
	// crossings, 0 to 1.
	Weave float64
	// Algorithm is a registered name, or "random"; "" means the level's
	// own (see maze.Levels), or kruskal for a weave.
	Algorithm string
	// Instructions are printed under the header of the section's pages and
	// on its section page.
	Instructions string
	// Braid is the share of dead ends removed, adding loops: 0 leaves the
	// mazes perfect, 1 leaves no dead end. BraidGiven is false when the
	// section gives none, and its mazes take their level's.
	Braid      float64
	BraidGiven bool
	// Solver is the solver whose path the answer key shows.
	Solver string
	// Difficulty is the difficulty as written ("easy", "7", "2..8"), or
	// empty. FromLevel and ToLevel are the levels it names, rising across
	// the section from the first maze to the last; both are 0 when the
	// section gives neither a difficulty nor ages. Every maze of a section
	// with levels is held to its level's band of the difficulty score.
	Difficulty         string
	FromLevel, ToLevel int
	// Ages is the age range the section is for ("4-6"), or empty. It
	// chooses the level when no difficulty is given, and large cells and
	// thick walls for young children.
	Ages string
	// MinCell is the smallest cell the section's mazes may be printed
	// with, in points: MinCell, or more for young children.
	MinCell float64
	// WallName overrides the style's wall for the section ("thick" for
	// young children, when the style gives no wall); empty otherwise.
	WallName string
	// Style is how the section's mazes and pages look: the book's style
	// with the section's own wall, markers, name line and stars.
	// WallGiven is true when the section gives its own wall.
	Style     Style
	WallGiven bool
	PerPage   int
	Openings  maze.Openings
	// Entrance and Exit, when either is not nil, are the cells of the
	// doors, in the shape's coordinates (see maze.Recipe): given, they
	// replace Openings.
	Entrance, Exit *maze.At

	// Sheet is what the section's pages show: its mazes, blank grids,
	// or blank grids with the mazes' graphs (section.kind).
	Sheet Sheet

	// Steps, when not nil, makes the section a storyboard (kind: steps)
	// instead of puzzles: one maze drawn frame by frame as its generator
	// makes it, and then as its solver solves it. Such a section has no
	// puzzles (Count is 0).
	Steps *Steps

	// Index is the section's position in the spec, from 0.
	Index int
}

// Steps is how a storyboard section (kind: steps) shows its maze being
// made: every key is 0 when the spec leaves it to be chosen.
type Steps struct {
	// Every is the generator's moves per frame, SolveEvery the solver's
	// steps per frame.
	Every, SolveEvery int
	// Columns is the number of frames across a page.
	Columns int
	// Solve is true when the section names a solver: the storyboard goes
	// on to show its search.
	Solve bool
}

// StepsSide is the side of a storyboard's square maze when the section
// gives no size, and MaxStepsCells the most cells its maze may have.
const (
	StepsSide     = 8
	MaxStepsCells = 1600
)

// stepsKeys are the keys a storyboard section takes.
var stepsKeys = map[string]bool{"id": true, "title": true, "kind": true, "instructions": true, "shape": true, "size": true, "inner": true,
	"algorithm": true, "openings": true, "braid": true, "solver": true, "every": true, "solve_every": true, "columns": true, "style": true}

// Name names the section in messages: section 2 ("Warm-up").
func (sec *Section) Name() say.Text {
	if sec.Title != "" {
		return say.T("section %d (%q)", sec.Index+1, sec.Title)
	}
	return say.T("section %d", sec.Index+1)
}

// Young reports whether the section is for young children: its ages' middle
// is under seven (see AgesPreset).
func (sec *Section) Young() bool {
	if sec.Ages == "" {
		return false
	}
	from, to, err := ParseAges(sec.Ages)
	return err == nil && (from+to)/2 < 7
}

// DoorWordsFor reports whether a section's theme pictures have the words
// Start and Finish under them: as its style or the book's says, or, when
// neither does, for young children.
func (s *Book) DoorWordsFor(sec *Section) bool {
	if s.Given(fmt.Sprintf("sections.%d.style.door_words", sec.Index)) || s.Given("style.door_words") {
		return sec.Style.DoorWords
	}
	return sec.Young()
}

// Label names the section in tables: its title, else its id.
func (sec *Section) Label() string {
	if sec.Title != "" {
		return sec.Title
	}
	return sec.ID
}

// Kind is the kind of grid the section's mazes are carved in, as
// maze.AlgorithmsFor reads it: a weave, a mask, or the shape.
func (sec *Section) Kind() string {
	switch {
	case sec.Weave > 0:
		return maze.KindWeave
	case sec.Mask != nil:
		return maze.KindMask
	}
	return sec.Shape
}

// The difficulty names and the levels they stand for.
var difficultyNames = map[string]int{"easy": 3, "medium": 5, "hard": 7, "expert": 9}

// DifficultyName returns the name of a level ("easy" for 3), or "" for
// a level without one.
func DifficultyName(level int) string {
	for name, l := range difficultyNames {
		if l == level {
			return name
		}
	}
	return ""
}

// WordRows is the fewest rows of cells a word's mask is laid over, so
// that its letters read.
const WordRows = 12

// DefaultLevel sizes the mazes of a section that gives no difficulty, size
// or cell: medium.
const DefaultLevel = 5

// MinCell is the smallest cell, in points, a maze may be printed with: 2mm,
// about the smallest a pencil can still find its way through.
const MinCell = 2 * PointsPerMM

// LargePrintSize is the least size, in points, a large-print book
// (style.large_print) sets any word at: KDP's large-print label asks for
// 16pt.
const LargePrintSize = 16

// MaxMazes is the most mazes a book may hold.
const MaxMazes = 10000

// Random is the algorithm name that draws an algorithm per maze.
const Random = "random"

// pos is a place in the spec file.
type pos struct{ line, col int }

// Read reads and parses the spec file at path: a regular file (a FIFO, a
// device or a folder is refused at once, never waited on) of MaxSpecSize
// at the most, refused without reading the rest of it.
func Read(path string) (*Book, error) {
	data, err := files.ReadFile(path, MaxSpecSize)
	if err != nil {
		return nil, say.Errorf("read spec: %w", err)
	}
	return Parse(path, data)
}

// Parse parses a spec. file names it in messages, and files the spec
// names (masks, pictures, fonts, a model) are read from its directory,
// each only when it is a regular file (see files.DirFS). All problems
// found are returned together as Errors.
func Parse(file string, data []byte) (*Book, error) {
	return ParseFS(file, data, files.DirFS(filepath.Dir(file)))
}

// ParseFS parses a spec whose files (masks) are read from fsys; a nil
// fsys lets the spec read no file at all (a spec from a web form).
func ParseFS(file string, data []byte, fsys fs.FS) (*Book, error) {
	return ParseVariant(file, data, fsys, Variant{})
}

// ParseVariant parses one book of a catalogue spec (see Variant): the
// volume's and the edition's keys in place of the spec's. The zero
// Variant is the spec as it is written, its series and editions read
// (see Book.Variants) but not applied.
func ParseVariant(file string, data []byte, fsys fs.FS, v Variant) (*Book, error) {
	fail := func(line int, msg string) error { return Errors{{File: file, Line: line, Msg: msg}} }
	if len(data) > MaxSpecSize {
		return nil, fail(0, fmt.Sprintf("the spec is larger than %d KB; a spec describes a book in a few lines (is this the right file?)", MaxSpecSize>>10))
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fail(0, "the spec is empty: it needs at least a sections list (run 'mazebook init' for a starter spec)")
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return nil, fail(0, "the spec is not a UTF-8 text file")
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		return nil, yamlError(file, data, err)
	}
	var second yaml.Node
	switch err := dec.Decode(&second); {
	case err == io.EOF:
	case err != nil:
		return nil, yamlError(file, data, err)
	default:
		return nil, fail(second.Line, "the spec holds a second YAML document after '---': a spec is one document, remove the '---' line and what follows it, or merge it into the first")
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, fail(0, "the spec is empty: it needs at least a sections list")
	}
	d := &decoder{file: file, spec: defaultBook(file), files: fsys}
	d.spec.File = file
	root := doc.Content[0]
	d.top(root)
	if len(d.errs) > 0 {
		d.errs.sort()
		return nil, d.errs
	}
	if v == (Variant{}) {
		return d.spec, nil
	}
	whole := d.spec
	vroot, ok := variantRoot(root, whole, v)
	if !ok {
		return nil, fail(0, fmt.Sprintf("the spec has no %s: it has %s", describeVariant(v), describeVariants(whole)))
	}
	d = &decoder{file: file, spec: defaultBook(file), files: fsys}
	d.spec.File = file
	d.top(vroot)
	if len(d.errs) > 0 {
		d.errs.sort()
		return nil, d.errs
	}
	var over *yaml.Node
	if v.Volume > 0 && len(whole.Series.overrides) > 0 {
		over = whole.Series.overrides[v.Volume-1]
	}
	if !d.spec.Given("seed") {
		d.spec.Seed = whole.Seed // the spec's title's, not a translation's
	}
	settleVariant(d.spec, v, over, whole.Series)
	keepSectionIDs(d.spec, whole)
	d.spec.Series, d.spec.Editions = whole.Series, whole.Editions
	return d.spec, nil
}

// keepSectionIDs gives the sections of a variant that change no more than
// their words the ids of the spec's own sections in their places: an
// edition that translates its sections' titles keeps their mazes (a
// section's mazes follow its id, and its id its title). A section that
// names its id, or whose mazes differ (another count, size, difficulty,
// shape...), keeps its own.
func keepSectionIDs(v, base *Book) {
	for i := range v.Sections {
		if i >= len(base.Sections) || v.Given(fmt.Sprintf("sections.%d.id", i)) {
			continue
		}
		if sameMazes(v.Sections[i], base.Sections[i]) {
			v.Sections[i].ID = base.Sections[i].ID
		}
	}
}

// sameMazes reports whether two sections make the same mazes when they
// have the same id: all but their words (title, instructions, caption)
// the same.
func sameMazes(a, b Section) bool {
	for _, s := range []*Section{&a, &b} {
		s.ID, s.Title, s.Instructions, s.Caption = "", "", "", nil
	}
	return reflect.DeepEqual(a, b)
}

// TitleSeed is the seed of a spec that gives none: drawn from its title,
// so that the same spec gives the same book and two books of other titles
// do not hold the same mazes. 'mazebook build' says which it is, so that
// a book keeps its mazes when its title changes.
func TitleSeed(title string) uint64 {
	return maze.DeriveSeed(1, "title", title)%1_000_000_000 + 1
}

// describeVariant names a variant in a message: "volume 4, edition fr".
func describeVariant(v Variant) string {
	var parts []string
	if v.Volume > 0 {
		parts = append(parts, fmt.Sprintf("volume %d", v.Volume))
	}
	if v.Edition != "" {
		parts = append(parts, fmt.Sprintf("edition %q", v.Edition))
	}
	return strings.Join(parts, ", ")
}

// describeVariants says what volumes and editions a spec has.
func describeVariants(b *Book) string {
	var parts []string
	if b.Series.Volumes > 0 {
		parts = append(parts, fmt.Sprintf("volumes 1 to %d", b.Series.Volumes))
	} else {
		parts = append(parts, "no series")
	}
	if len(b.Editions) > 0 {
		var names []string
		for _, e := range b.Editions {
			names = append(names, e.Name)
		}
		parts = append(parts, "editions "+strings.Join(names, ", "))
	} else {
		parts = append(parts, "no editions")
	}
	return strings.Join(parts, " and ")
}

// yamlWords are the YAML parser's commonest complaints, to be said in the
// book's language.
var yamlWords = map[string]say.Text{
	"mapping values are not allowed in this context":         say.T("mapping values are not allowed in this context"),
	"did not find expected key":                              say.T("did not find expected key"),
	"did not find expected node content":                     say.T("did not find expected node content"),
	"did not find expected '-' indicator":                    say.T("did not find expected '-' indicator"),
	"did not find expected ',' or ']'":                       say.T("did not find expected ',' or ']'"),
	"did not find expected ',' or '}'":                       say.T("did not find expected ',' or '}'"),
	"could not find expected ':'":                            say.T("could not find expected ':'"),
	"found character that cannot start any token":            say.T("found character that cannot start any token"),
	"found a tab character that violates indentation":        say.T("found a tab character that violates indentation"),
	"found unexpected end of stream":                         say.T("found unexpected end of stream"),
	"found unknown escape character":                         say.T("found unknown escape character"),
	"block sequence entries are not allowed in this context": say.T("block sequence entries are not allowed in this context"),
	"control characters are not allowed":                     say.T("control characters are not allowed"),
	"invalid leading UTF-8 octet":                            say.T("invalid leading UTF-8 octet"),
}

// yamlError turns a YAML syntax error into a Error with its line.
// The parser gives no column; the line it names is where the broken
// construct starts.
func yamlError(file string, data []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ":"); ok {
			if v, err := strconv.Atoi(n); err == nil {
				line, msg = v, strings.TrimSpace(after)
			}
		}
	}
	var said any = msg
	if t, ok := yamlWords[msg]; ok {
		said = t
	}
	col := 0
	if line > 0 {
		line = badLine(data, line)
	} else {
		// The parser said no line (an unknown alias, some values in the
		// wrong place): the first line the text stops parsing at.
		line = firstBadLine(data)
	}
	if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok {
		name, _, _ = strings.Cut(name, "'")
		said = say.T("the alias *%s names no anchor: write &%s before the value it stands for, or quote the text (\"*%s\")", name, name, name)
		if line > 0 {
			lines := strings.Split(string(data), "\n")
			if i := strings.Index(lines[line-1], "*"+name); i >= 0 {
				col = utf8.RuneCountInString(lines[line-1][:i]) + 1
			}
		}
	}
	return Errors{newError(file, line, col, "the spec is not valid YAML: %s", said)}
}

// firstBadLine returns the first line n such that the spec's first n
// lines do not parse, found by bisection; 0 when every prefix parses.
func firstBadLine(data []byte) int {
	lines := bytes.SplitAfter(data, []byte("\n"))
	parses := func(n int) bool {
		var v any
		return yaml.Unmarshal(bytes.Join(lines[:n], nil), &v) == nil
	}
	if parses(len(lines)) {
		return 0
	}
	lo, hi := 0, len(lines) // lo parses; hi does not
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if parses(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// badLine finds the line that broke the YAML. The parser names the line
// where the block it was reading began (a mis-indented key three lines
// into a section is reported at the section's start): when the text up
// to that line still parses, the first line after it whose text does not
// parse is the culprit, found by bisection.
func badLine(data []byte, reported int) int {
	lines := bytes.SplitAfter(data, []byte("\n"))
	parses := func(n int) bool {
		var v any
		return yaml.Unmarshal(bytes.Join(lines[:n], nil), &v) == nil
	}
	if reported >= len(lines) || !parses(reported) {
		return reported
	}
	lo, hi := reported, len(lines) // lo parses; hi does not
	if parses(hi) {
		return reported
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if parses(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// DefaultDate is the creation date of a book whose spec gives none and
// whose environment sets no SOURCE_DATE_EPOCH: a fixed date, so that two
// builds give the same bytes.
var DefaultDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// The built-in templates, parsed once: a Text may run on many goroutines.
var (
	defaultHeader  = mustText("header", "{{.Section}}")
	defaultFooter  = mustText("footer", "{{.Page}}")
	defaultCaption = mustText("caption", "{{.Label}} {{.Number}}")
	// DefaultAnswerCaption is quiet: the maze's number and the page
	// its puzzle is on, the words in the book's language.
	defaultAnswerCaption = mustText("caption", "{{.Label}} {{.Number}} · {{.PageLabel}} {{.Page}}")
)

func defaultBook(file string) *Book {
	a4 := PageSizes[0]
	m := 15 * PointsPerMM
	return &Book{
		File:     file,
		Title:    "Mazes",
		Seed:     1,
		Language: "en",
		People:   maze.People(),
		Date:     sourceDate(),
		Page: PageSpec{
			Width: a4.Width, Height: a4.Height,
			Margin: Margins{Top: m, Bottom: m, Left: m, Right: m},
		},
		Style: Style{
			Wall:          wallThickness["medium"].Min,
			WallName:      "medium",
			WallColor:     display.Black,
			SolutionColor: namedColors["red"],
			EntranceColor: namedColors["red"],
			ExitColor:     namedColors["lightred"],
			Ink:           InkColor,
			Markers:       MarkShapes,
			PageNumbers:   true,
			Stars:         true,
		},
		Answers: AnswersSpec{Enabled: true, PerPage: 4, Caption: defaultAnswerCaption},
		Fonts:   DefaultFonts,
		Cover:   defaultCover(),
		Header:  defaultHeader,
		Footer:  defaultFooter,
		at:      map[string]pos{},
	}
}

// sourceDate returns SOURCE_DATE_EPOCH as a time when it is set and valid,
// else DefaultDate.
func sourceDate() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if v, err := strconv.ParseInt(s, 10, 64); err == nil && v >= 0 && v < 1<<40 {
			return time.Unix(v, 0).UTC()
		}
	}
	return DefaultDate
}

// maxLength bounds every length in a spec: 5 m.
const maxLength = 5000 * PointsPerMM

func (d *decoder) top(n *yaml.Node) {
	s := d.spec
	var size, orientation string
	var sizeNode *yaml.Node
	var date string
	var dateNode *yaml.Node
	d.mapping(n, "", "the spec", map[string]field{
		"title":          d.str(&s.Title),
		"subtitle":       d.str(&s.Subtitle),
		"author":         d.str(&s.Author),
		"subject":        d.str(&s.Subject),
		"title_page":     d.boolean(&s.TitlePage),
		"copyright":      d.text(&s.Copyright, MaxLongText),
		"section_pages":  d.boolean(&s.SectionPages),
		"contents":       d.contents,
		"how_to":         d.howTo,
		"start_on_right": d.boolean(&s.StartOnRight),
		"even_pages": func(n *yaml.Node, path string) {
			d.boolean(&s.EvenPages)(n, path)
			d.evenGiven = true
		},
		"pad":             d.integer(&s.Pad, 0, MaxPad),
		"teacher_edition": d.boolean(&s.TeacherEdition),
		"header":          d.template(&s.Header, pageVariables, PageData{}),
		"footer":          d.template(&s.Footer, pageVariables, PageData{}),
		"labels":          d.labels,
		"preset":          d.oneOf(&s.Preset, "kdp"),
		"theme":           d.oneOf(&s.Theme, append([]string{theme.Random}, theme.Names()...)...),
		"check": func(n *yaml.Node, path string) {
			d.mapping(n, path, "check", map[string]field{"warn_only": d.boolean(&s.CheckWarnOnly)})
		},
		"seed": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "seed")
			if !ok {
				return
			}
			u, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				d.errorf(n, "seed must be a whole number from 0 to %d, not %q", uint64(math.MaxUint64), v)
				return
			}
			s.Seed = u
		},
		"language":         d.language,
		"difficulty_model": d.difficultyModel,
		"series":           d.series,
		"editions":         d.editions,
		"date": func(n *yaml.Node, path string) {
			date, _ = d.scalar(n, "date")
			dateNode = n
		},
		"page": func(n *yaml.Node, path string) {
			d.mapping(n, path, "page", map[string]field{
				"size": func(n *yaml.Node, path string) {
					size, _ = d.scalar(n, "size")
					sizeNode = n
				},
				"orientation": d.oneOf(&orientation, "portrait", "landscape"),
				"margin":      d.margins(&s.Page.Margin),
				"bleed":       d.boolean(&s.Page.Bleed),
			})
		},
		"style":    d.style,
		"fonts":    d.fonts,
		"answers":  d.answers,
		"sections": d.sections,
		"cover":    d.cover,
	})
	if date != "" {
		t, err := time.Parse("2006-01-02", date)
		if err != nil {
			t, err = time.Parse(time.RFC3339, date)
		}
		if err != nil {
			d.errorf(dateNode, "date must look like 2026-09-01 or 2026-09-01T08:00:00Z, not %q", date)
		} else {
			s.Date = t.UTC()
		}
	}
	if size != "" {
		w, h, err := ParsePageSize(size)
		if err != nil {
			d.errorf(sizeNode, "%v", err)
		} else {
			s.Page.Width, s.Page.Height = w, h
		}
	}
	d.settleSectionStyles()
	if !s.Given("seed") {
		s.Seed = TitleSeed(s.Title)
	}
	if s.Cover.Paper == PaperCream && s.Style.Ink == InkColor {
		// KDP prints cream paper in black ink only.
		d.errorAt("cover.paper", "paper cream is printed in black ink only, and the interior is in colour: give style.color: black (or grayscale) for a cream book, or paper white or color for one in colour")
	}
	if s.Answers.ShowWalk {
		walks := false
		for _, sec := range s.Sections {
			if sv, err := maze.LookupSolver(sec.Solver); err == nil && sv.Walks && sec.Sheet != SheetBlank {
				walks = true
			}
		}
		if !walks && len(s.Sections) > 0 {
			d.errorf(d.showWalkNode, "answers.show_walk draws the steps of a solver that walks the maze, and no section's solver does: give a section solver: right-hand, left-hand or tremaux")
		}
	}
	for i := range s.Sections {
		if s.Sections[i].Ages != "" {
			d.applyAges(&s.Sections[i])
		}
		if sec := &s.Sections[i]; s.Style.LargePrint && !d.wallGiven && !sec.WallGiven {
			sec.WallName = "thick" // walls to match the large print
		}
	}
	if _, given := s.at["page.margin"]; s.Preset == "kdp" && !given {
		s.Page.Margin = KDPMargins()
	}
	if (s.Preset == "kdp" || s.Page.Margin.Mirrored) && !d.evenGiven {
		// Bound books: an even page count by default.
		s.EvenPages = true
	}
	if s.Page.Bleed && (s.Page.Width+BleedSize > MaxPageSide || s.Page.Height+2*BleedSize > MaxPageSide) {
		d.errorf(sizeNode, "page size %q with bleed is larger than PDF readers open: each side, bleed included, may be at most 200in (5080mm)", size)
	}
	if orientation == "landscape" {
		s.Page.Landscape = true
		s.Page.Width, s.Page.Height = math.Max(s.Page.Width, s.Page.Height), math.Min(s.Page.Width, s.Page.Height)
	}
	if len(s.Sections) == 0 && len(d.errs) == 0 {
		d.errorf(n, "the spec has no sections: add a sections list with at least one section")
	}
	m := s.Page.Margin
	if m.Mirrored {
		m.Left, m.Right = m.Outside, max(m.Inside, Gutter(0))
	}
	if m.Left+m.Right >= s.Page.Width*0.8 || m.Top+m.Bottom >= s.Page.Height*0.8 {
		d.errorAt("page.margin", "the margins leave almost nothing of the %s x %s page", FormatLength(s.Page.Width, "mm"), FormatLength(s.Page.Height, "mm"))
	}
	d.settleScript()
	d.settleFonts()
}

// SetPageSize changes the book's page size to size, as page.size reads
// it (a4, letter, 6x9in, 210mm x 297mm, ...), keeping its orientation,
// bleed and margins: what 'build --page' does. It refuses a size the
// spec would refuse, and one its margins leave almost nothing of.
func (b *Book) SetPageSize(size string) error {
	w, h, err := ParsePageSize(size)
	if err != nil {
		return err
	}
	if b.Page.Landscape {
		w, h = math.Max(w, h), math.Min(w, h)
	}
	if b.Page.Bleed && (w+BleedSize > MaxPageSide || h+2*BleedSize > MaxPageSide) {
		return say.Errorf("page size %q with bleed is larger than PDF readers open: each side, bleed included, may be at most 200in (5080mm)", size)
	}
	m := b.Page.Margin
	if m.Mirrored {
		m.Left, m.Right = m.Outside, max(m.Inside, Gutter(0))
	}
	if m.Left+m.Right >= w*0.8 || m.Top+m.Bottom >= h*0.8 {
		return say.Errorf("page size %q: the margins leave almost nothing of the %s x %s page", size, FormatLength(w, "mm"), FormatLength(h, "mm"))
	}
	b.Page.Width, b.Page.Height = w, h
	return nil
}

// errorAt reports a problem at the place a path was written, or at the top
// of the file when it was not written.
func (d *decoder) errorAt(path string, format string, args ...any) {
	p := d.spec.near(path)
	d.errs = append(d.errs, newError(d.file, p.line, p.col, format, args...))
}

// margins accepts one length for all four margins, or a mapping of top,
// bottom and either left and right or inside and outside (mirrored margins
// for a bound book; inside may be "auto").
func (d *decoder) margins(m *Margins) field {
	return func(n *yaml.Node, path string) {
		if n.Kind == yaml.ScalarNode {
			var l float64
			d.length(&l, maxLength)(n, path)
			*m = Margins{Top: l, Bottom: l, Left: l, Right: l}
			return
		}
		var sides, mirrored []string
		side := func(dst *float64, name string, mirror bool) field {
			return func(n *yaml.Node, path string) {
				if mirror {
					mirrored = append(mirrored, name)
				} else {
					sides = append(sides, name)
				}
				if name == "inside" && n.Kind == yaml.ScalarNode && n.Value == "auto" {
					m.AutoGutter = true
					return
				}
				d.length(dst, maxLength)(n, path)
			}
		}
		d.mapping(n, path, "margin", map[string]field{
			"top":     side(&m.Top, "top", false),
			"bottom":  side(&m.Bottom, "bottom", false),
			"left":    side(&m.Left, "left", false),
			"right":   side(&m.Right, "right", false),
			"inside":  side(&m.Inside, "inside", true),
			"outside": side(&m.Outside, "outside", true),
		})
		for _, s := range sides {
			if len(mirrored) > 0 && (s == "left" || s == "right") {
				d.errorf(n, "margin: give left and right, or inside and outside (mirrored, for a bound book), not both")
				return
			}
		}
		if len(mirrored) > 0 {
			m.Mirrored = true
			if !m.AutoGutter && m.Inside == 0 {
				m.AutoGutter = true
			}
			if m.Outside == 0 {
				m.Outside = m.Left
			}
		}
	}
}

// wall reads a wall thickness, named or a length, into st, and calls
// given once it is read.
func (d *decoder) wall(st *Style, given func()) field {
	return func(n *yaml.Node, path string) {
		given()
		v, ok := d.scalar(n, "wall")
		if !ok {
			return
		}
		t, name, err := ParseWall(v)
		if err != nil {
			d.errorf(n, "%v", err)
			return
		}
		st.Wall, st.WallName = t, name
	}
}

func (d *decoder) style(n *yaml.Node, path string) {
	st := &d.spec.Style
	var markers string
	var ink inkKeys
	d.mapping(n, path, "style", map[string]field{
		"wall":           d.wall(st, func() { d.wallGiven = true }),
		"wall_color":     ink.color(d, &st.WallColor),
		"solution_color": ink.color(d, &st.SolutionColor),
		"entrance_color": ink.color(d, &st.EntranceColor),
		"exit_color":     ink.color(d, &st.ExitColor),
		"color":          d.oneOf(&ink.mode, inkNames...),
		"markers":        d.oneOf(&markers, string(MarkShapes), string(MarkSquares), string(MarkLabels), string(MarkNone)),
		"start_image":    d.picture(&st.StartImage),
		"finish_image":   d.picture(&st.FinishImage),
		"name_line":      d.boolean(&st.NameLine),
		"page_numbers":   d.boolean(&st.PageNumbers),
		"answer_refs":    d.boolean(&st.AnswerRefs),
		"stars":          d.boolean(&st.Stars),
		"motifs":         d.boolean(&st.Motifs),
		"door_words":     d.boolean(&st.DoorWords),
		"large_print":    d.boolean(&st.LargePrint),
	})
	if markers != "" {
		st.Markers = Markers(markers)
	}
	settleInk(st, &ink)
}

func (d *decoder) answers(n *yaml.Node, path string) {
	a := &d.spec.Answers
	if n.Kind == yaml.ScalarNode {
		d.boolean(&a.Enabled)(n, path)
		return
	}
	d.mapping(n, path, "answers", map[string]field{
		"enabled":  d.boolean(&a.Enabled),
		"per_page": d.perPage(&a.PerPage),
		"title":    d.str(&a.Title),
		"caption":  d.template(&a.Caption, answerCaptionVariables, AnswerCaptionData{}),
		"show_walk": func(n *yaml.Node, path string) {
			d.boolean(&a.ShowWalk)(n, path)
			d.showWalkNode = n
		},
	})
}

// PerPageChoices are the numbers of mazes a page can hold.
var PerPageChoices = []int{1, 2, 3, 4, 6, 8, 9, 12}

func (d *decoder) perPage(dst *int) field {
	return func(n *yaml.Node, path string) {
		var v int
		d.integer(&v, 1, 12)(n, path)
		for _, c := range PerPageChoices {
			if v == c {
				*dst = v
				return
			}
		}
		if v != 0 {
			d.errorf(n, "per_page must be one of 1, 2, 3, 4, 6, 8, 9 or 12, not %d", v)
		}
	}
}

func (d *decoder) sections(n *yaml.Node, path string) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "sections must be a list (each item starting with '-'), not %s", describe(n))
		return
	}
	if len(n.Content) == 0 {
		d.errorf(n, "sections is empty: add at least one section")
	}
	if len(n.Content) > MaxSections {
		d.errorf(n, "the spec has %d sections; the most is %d", len(n.Content), MaxSections)
		return
	}
	ids := map[string]int{}
	total := 0
	for i, item := range n.Content {
		// The item's place, for an error about the section as a whole
		// (see Book.ErrorAt).
		d.spec.at[fmt.Sprintf("%s.%d", path, i)] = pos{item.Line, item.Column}
		sec := d.section(item, fmt.Sprintf("%s.%d", path, i), i)
		if sec == nil {
			continue
		}
		if prev, dup := ids[sec.ID]; dup {
			d.errorf(item, "section %d has the same id %q as section %d: give one of them an id (or a different title), so their mazes stay apart", i+1, sec.ID, prev+1)
		}
		ids[sec.ID] = i
		total += sec.Count
		d.spec.Sections = append(d.spec.Sections, *sec)
	}
	if total > MaxMazes {
		d.errorf(n, "the book has %d mazes; the most is %d", total, MaxMazes)
	}
}

func (d *decoder) section(n *yaml.Node, path string, index int) *Section {
	sec := &Section{Count: 1, Shape: maze.Rectangle, PerPage: 1, Openings: maze.Corners, Solver: "bfs", MinCell: MinCell, Sheet: SheetMaze, Index: index}
	var size, caption, openings, sheet string
	var sizeNode, captionNode, algNode, openNode, innerNode, weaveNode, maskNode, islandsNode, sheetNode *yaml.Node
	var entranceNode, exitNode, solverNode *yaml.Node
	steps := &Steps{}
	stepsOnly := map[string]*yaml.Node{}
	stepsInt := func(dst *int, key string, lo, hi int) field {
		return func(n *yaml.Node, path string) {
			stepsOnly[key] = n
			d.integer(dst, lo, hi)(n, path)
		}
	}
	before := len(d.errs)
	d.mapping(n, path, fmt.Sprintf("section %d", index+1), map[string]field{
		"id":    d.str(&sec.ID),
		"title": d.str(&sec.Title),
		"kind": func(n *yaml.Node, path string) {
			d.oneOf(&sheet, string(SheetMaze), string(SheetBlank), string(SheetGraph), string(SheetSteps))(n, path)
			sheetNode = n
		},
		"caption": func(n *yaml.Node, path string) {
			var ok bool
			if caption, ok = d.scalar(n, "caption"); ok {
				captionNode = n
			}
		},
		"count":       d.integer(&sec.Count, 1, MaxMazes),
		"every":       stepsInt(&steps.Every, "every", 1, 100000),
		"solve_every": stepsInt(&steps.SolveEvery, "solve_every", 1, 100000),
		"columns":     stepsInt(&steps.Columns, "columns", 1, 12),
		"shape": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "shape")
			if !ok {
				return
			}
			if _, err := maze.LookupShape(v); err != nil {
				d.errorf(n, "%v", err)
				return
			}
			sec.Shape = v
		},
		"size": func(n *yaml.Node, path string) {
			size, _ = d.scalar(n, "size")
			sizeNode = n
		},
		"inner": func(n *yaml.Node, path string) {
			d.number(&sec.Size.Inner, maze.MinInner, maze.MaxInner)(n, path)
			innerNode = n
		},
		"cell": func(n *yaml.Node, path string) {
			ok := len(d.errs)
			d.length(&sec.CellSize, maxLength)(n, path)
			if len(d.errs) == ok && sec.CellSize == 0 {
				d.errorf(n, "cell must be larger than 0")
			}
		},
		"mask": func(n *yaml.Node, path string) {
			maskNode = n
			sec.Mask, sec.MaskName = d.mask(n)
			if isWord(sec.MaskName) {
				sec.MaskRows = WordRows
			}
		},
		"islands": func(n *yaml.Node, path string) {
			var v string
			d.oneOf(&v, string(maze.Join), string(maze.Separate))(n, path)
			sec.Islands, islandsNode = maze.Islands(v), n
		},
		"weave": func(n *yaml.Node, path string) {
			d.number(&sec.Weave, 0, 1)(n, path)
			weaveNode = n
		},
		"algorithm": func(n *yaml.Node, path string) {
			sec.Algorithm, _ = d.scalar(n, "algorithm")
			algNode = n
		},
		"difficulty": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "difficulty")
			if !ok {
				return
			}
			from, to, err := ParseDifficulty(v)
			if err != nil {
				d.errorf(n, "%v", err)
				return
			}
			sec.Difficulty, sec.FromLevel, sec.ToLevel = v, from, to
		},
		"ages": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "ages")
			if !ok {
				return
			}
			if _, _, err := ParseAges(v); err != nil {
				d.errorf(n, "%v", err)
				return
			}
			sec.Ages = v
		},
		"per_page": d.perPage(&sec.PerPage),
		"style":    d.sectionStyle(sec),
		"openings": func(n *yaml.Node, path string) {
			d.oneOf(&openings, string(maze.Corners), string(maze.Sides), string(maze.Longest), string(maze.Center))(n, path)
			openNode = n
		},
		"entrance":     func(n *yaml.Node, _ string) { entranceNode = n },
		"exit":         func(n *yaml.Node, _ string) { exitNode = n },
		"instructions": d.str(&sec.Instructions),
		"braid": func(n *yaml.Node, path string) {
			d.number(&sec.Braid, 0, 1)(n, path)
			sec.BraidGiven = true
		},
		"solver": func(n *yaml.Node, path string) {
			v, ok := d.scalar(n, "solver")
			if !ok {
				return
			}
			if _, err := maze.LookupSolver(v); err != nil {
				d.errorf(n, "%v", err)
				return
			}
			sec.Solver, solverNode = v, n
		},
	})
	if Sheet(sheet) == SheetSteps {
		d.stepsSection(n, sec, steps, solverNode != nil, sizeNode == nil)
	} else {
		for _, key := range []string{"every", "solve_every", "columns"} {
			if kn := stepsOnly[key]; kn != nil {
				d.errorf(kn, "%s is for a storyboard: give it with kind: steps", key)
			}
		}
	}
	shape, _ := maze.LookupShape(sec.Shape)
	if openings != "" {
		sec.Openings = maze.Openings(openings)
	}
	if size != "" {
		if sz, err := shape.Parse(size); err != nil {
			d.errorf(sizeNode, "size: %v", err)
		} else {
			sz.Inner = sec.Size.Inner
			sec.Size = sz
		}
	}
	if shape.Middle && sec.Size.Inner == 0 {
		sec.Size.Inner = maze.DefaultInner
	}
	if sec.Steps != nil {
		if sec.Size.W == 0 {
			inner := sec.Size.Inner
			sec.Size = maze.Size{W: StepsSide, H: StepsSide}
			if shape.Name != maze.Rectangle {
				sec.Size = shape.ForCells(StepsSide*StepsSide, 1)
			}
			sec.Size.Inner = inner
		}
		if g, err := shape.New(sec.Size); err == nil && g.Cells() > MaxStepsCells {
			d.errorf(sizeNode, "a storyboard's maze has at most %d cells; this %s has %d (its frames would be too small to read)", MaxStepsCells, sec.Shape, g.Cells())
		}
	}
	if innerNode != nil && !shape.Middle {
		d.errorf(innerNode, "inner is the radius of a circle's middle: give it with shape: circle")
	}
	if sizeNode != nil && sec.CellSize > 0 {
		d.errorAt(path+".cell", "give either size or cell, not both: size fixes the cells, cell fills the page with cells of that size")
	}
	if sec.Mask != nil && !shape.Masks {
		d.errorf(maskNode, "a %s cannot take a mask: give shape rectangle, hexagon or triangle", sec.Shape)
	}
	if islandsNode != nil && maskNode == nil {
		d.errorf(islandsNode, "islands says what becomes of a mask's separate parts: give it with a mask")
	}
	if sec.Weave > 0 && (sec.Shape != maze.Rectangle || sec.Mask != nil) {
		d.errorf(weaveNode, "only a whole rectangle can weave: leave out the shape and the mask, or the weave")
	}
	if sheet != "" {
		sec.Sheet = Sheet(sheet)
	}
	if (sec.Sheet == SheetBlank || sec.Sheet == SheetGraph) && sec.Weave > 0 {
		d.errorf(sheetNode, "kind %s draws a grid without crossings: leave out the weave", sec.Sheet)
	}
	d.doorCells(sec, shape, entranceNode, exitNode, openNode)
	if sec.Weave > 0 && algNode == nil {
		sec.Algorithm = "kruskal" // the one that weaves
	}
	if algNode != nil && sec.Algorithm != Random {
		a, err := maze.LookupAlgorithm(sec.Algorithm)
		switch {
		case err != nil:
			d.errorf(algNode, "%v", strings.Replace(err.Error(), "(known: ", "(known: random, ", 1))
		case !a.Carves(sec.Kind()):
			d.errorf(algNode, "algorithm %q cannot carve %s (these can: %s)", a.Name, kindName(sec.Kind()), strings.Join(maze.AlgorithmsFor(sec.Kind()), ", "))
		}
	}
	sec.Caption = defaultCaption
	if captionNode != nil {
		if t := d.parseText(captionNode, "caption", caption, captionVariables, CaptionData{}); t != nil {
			sec.Caption = t
		}
	}
	if sec.ID == "" {
		sec.ID = sec.Title
	}
	if sec.ID == "" {
		sec.ID = fmt.Sprintf("section-%d", index+1)
	}
	if len(d.errs) > before {
		return nil
	}
	return sec
}

// kindName says a kind of grid for messages: "a circle", "a mask", "a
// weave".
func kindName(kind string) string { return "a " + kind }

// CaptionData are the variables a caption template can use.
type CaptionData struct {
	Label      string // "Maze" in the book's language
	Number     int    // the maze's number in the book, from 1
	Page       int    // the page it is printed on
	Section    string // the section title
	Difficulty string
	Algorithm  string
	Shape      string // rectangle, circle, hexagon or triangle
	Size       string // as the shape writes it: "20x30", "12 rings", "side 6"
	Width      int    // the size's columns (a circle's rings, an outline's side)
	Height     int    // the size's rows (0 for a circle or an outline)
	Seed       uint64
	AnswerPage int    // the page of its solution, 0 without an answer key
	Story      string // the theme's story of the maze, "" without a theme
}

const captionVariables = "{{.Label}}, {{.Number}}, {{.Page}}, {{.AnswerPage}}, {{.Section}}, {{.Difficulty}}, {{.Algorithm}}, {{.Shape}}, {{.Size}}, {{.Width}}, {{.Height}}, {{.Seed}}, {{.Story}}"

// AnswerCaptionData are the variables an answer's caption can use.
type AnswerCaptionData struct {
	Label      string  // "Maze" in the book's language
	Number     int     // the maze's number in the book, from 1
	Page       int     // the page its puzzle is printed on
	PageLabel  string  // "page" in the book's language
	Section    string  // the title of the puzzle's section
	Difficulty string  // the section's difficulty as written
	Level      int     // the level the maze is held to, 1 to 10, or 0
	Score      float64 // the maze's difficulty score
	Path       int     // the solution's length in cells
}

const answerCaptionVariables = "{{.Label}}, {{.Number}}, {{.Page}}, {{.PageLabel}}, {{.Section}}, {{.Difficulty}}, {{.Level}}, {{.Score}}, {{.Path}}"

// PageData are the variables the running header and footer can use.
type PageData struct {
	Title   string // the book title
	Section string // the section title on puzzle pages, the answer key title on answer pages
	Page    int    // the page number
	Label   string // "Page" in the book's language
}

const pageVariables = "{{.Title}}, {{.Section}}, {{.Page}}, {{.Label}}"

// template parses a template and checks it against sample data.
func (d *decoder) template(dst **Text, vars string, sample any) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		if t := d.parseText(n, lastKey(path), v, vars, sample); t != nil {
			*dst = t
		}
	}
}

// parseText parses the template src written at n, placing it there for
// the errors it may give when it runs, and runs it once on sample data.
func (d *decoder) parseText(n *yaml.Node, name, src, vars string, sample any) *Text {
	t, err := ParseText(name, src)
	if err != nil {
		d.errorf(n, "%v", err)
		return nil
	}
	t.File, t.Line, t.Col = d.file, n.Line, n.Column
	if _, err := t.Execute(sample); err != nil {
		var se *Error
		if errors.As(err, &se) {
			d.errorf(n, "%s (variables: %s)", se.Msg, vars)
		}
		return nil
	}
	return t
}

// labels reads overrides of the built-in labels.
func (d *decoder) labels(n *yaml.Node, path string) {
	l := &d.spec.LabelOverrides
	d.mapping(n, path, "labels", map[string]field{
		"maze":     d.str(&l.Maze),
		"answers":  d.str(&l.Answers),
		"start":    d.str(&l.Start),
		"finish":   d.str(&l.Finish),
		"page":     d.str(&l.Page),
		"name":     d.str(&l.Name),
		"date":     d.str(&l.Date),
		"by":       d.str(&l.By),
		"answer":   d.str(&l.Answer),
		"contents": d.str(&l.Contents),
		"how_to":   d.str(&l.HowTo),
		"teacher":  d.str(&l.Teacher),
		"score":    d.retiredLabel,
		"path":     d.retiredLabel,
	})
}

// retiredLabel refuses the labels the answer key printed before its
// caption became a template.
func (d *decoder) retiredLabel(n *yaml.Node, path string) {
	d.errorf(n, "labels.%s is not printed any more: the answer key's caption is answers.caption, a template (for example \"{{.Label}} {{.Number}} · score {{printf \"%%.0f\" .Score}}\"; variables: %s)", lastKey(path), answerCaptionVariables)
}

// Labels returns the book's labels: the built-in ones of its language
// with the spec's overrides.
func (s *Book) Labels() Labels {
	l := LabelsFor(s.Language)
	o := s.LabelOverrides
	for _, f := range []struct{ dst, src *string }{
		{&l.Maze, &o.Maze}, {&l.Answers, &o.Answers}, {&l.Start, &o.Start}, {&l.Finish, &o.Finish},
		{&l.Page, &o.Page}, {&l.Name, &o.Name}, {&l.Date, &o.Date}, {&l.By, &o.By}, {&l.Answer, &o.Answer},
		{&l.Contents, &o.Contents}, {&l.HowTo, &o.HowTo}, {&l.Teacher, &o.Teacher},
	} {
		if *f.src != "" {
			*f.dst = *f.src
		}
	}
	return l
}

// templateErr rewrites a text/template error for people: without the
// template's internal name and position (the spec error has the place),
// and without Go type names.
func templateErr(err error) string {
	msg := err.Error()
	if m := templatePrefix.FindStringIndex(msg); m != nil {
		msg = msg[m[1]:]
	}
	if m := templateAt.FindStringSubmatchIndex(msg); m != nil {
		msg = "in {{" + msg[m[2]:m[3]] + "}}: " + msg[m[1]:]
	}
	return templateField.ReplaceAllString(msg, "there is no variable .$1")
}

var (
	templatePrefix = regexp.MustCompile(`^template: [^:]*:[0-9]+(:[0-9]+)?: `)
	templateAt     = regexp.MustCompile(`^executing "[^"]*" at <(.*?)>: `)
	templateField  = regexp.MustCompile(`can't evaluate field (\w+) in type \S+`)
)

// ReadPaths returns the paths of the files the spec at specPath read
// (see Reads), ready to open.
func (b *Book) ReadPaths(specPath string) []string {
	var out []string
	for _, r := range b.Reads {
		p := filepath.FromSlash(r)
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(specPath), p)
		}
		out = append(out, p)
	}
	return out
}

// Given reports whether the spec gives the value at path (for example
// "sections.0.size", "style.door_words").
func (s *Book) Given(path string) bool {
	_, ok := s.at[path]
	return ok
}

// Pos returns the line and column where the value at path was written, 0
// and 0 when it was not.
func (s *Book) Pos(path string) (line, col int) {
	p := s.at[path]
	return p.line, p.col
}

// ErrorAt returns an Error placed where path (such as "sections.0.size")
// was written, or when it was not, where the nearest value around it was
// (see near).
func (s *Book) ErrorAt(path, format string, args ...any) *Error {
	p := s.near(path)
	return newError(s.File, p.line, p.col, format, args...)
}

// near returns where the value at path was written, or, when it was not
// (a default caused the problem), where the nearest value around it was:
// "sections.1.per_page" left out is placed at section 2, "page.margin" at
// the page's size, or at page. Only a spec that writes none of them has
// its problem at its top.
func (s *Book) near(path string) pos {
	if p, ok := s.at[path]; ok {
		return p
	}
	if path == "page.margin" {
		if p, ok := s.at["page.size"]; ok {
			return p
		}
	}
	for i := strings.LastIndexByte(path, '.'); i > 0; i = strings.LastIndexByte(path, '.') {
		path = path[:i]
		if p, ok := s.at[path]; ok {
			return p
		}
	}
	return pos{}
}

// stepsSection settles a storyboard section (kind: steps): it takes only
// the keys of stepsKeys (an error at each other key), holds no puzzles,
// and is carved by prim unless it names an algorithm.
func (d *decoder) stepsSection(n *yaml.Node, sec *Section, steps *Steps, solver, noSize bool) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !stepsKeys[k.Value] {
			keys := make([]string, 0, len(stepsKeys))
			for key := range stepsKeys {
				keys = append(keys, key)
			}
			sort.Strings(keys)
			d.errorf(k, "%s is not for a storyboard (kind: steps takes %s)", k.Value, strings.Join(keys, ", "))
		}
	}
	steps.Solve = solver
	sec.Steps, sec.Count = steps, 0
	if sec.Algorithm == "" {
		sec.Algorithm = "prim"
	}
}

// Notes returns what a person should know of a spec that builds as it
// is, each placed where the spec wrote the key it is about: style.motifs
// with no theme whose pictures it would draw, and a spec that gives no seed (the one its title gives it, to
// keep its mazes when the title changes).
func (b *Book) Notes() []*Error {
	var notes []*Error
	if b.Theme == "" && b.Style.Motifs {
		notes = append(notes, b.ErrorAt("style.motifs", "style.motifs draws the pictures of the book's theme in the corners of its pages, and the book has no theme: no motif is drawn (give theme: NAME, or leave motifs out)"))
	}
	for _, f := range b.SystemFonts {
		if !f.Embeddable() {
			notes = append(notes, b.ErrorAt("language", "the book is set in %s (Debian's %s), whose licence (%s) has no exception for fonts embedded in a document: before selling the book, install an OFL font of its script (%s) or name one under fonts:", filepath.Base(f.Path), f.Package, f.License, ScriptFonts[b.Language].Text[0].Package))
		}
	}
	if !b.Given("seed") {
		notes = append(notes, b.ErrorAt("title", "the spec gives no seed: its mazes come from seed %d, drawn from its title; write seed: %d to keep them when the title changes", b.Seed, b.Seed))
	}
	return notes
}
