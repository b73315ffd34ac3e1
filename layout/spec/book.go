package spec

import (
	"crypto/sha256"
	"image"
	"time"

	"mazebook/layout/display"
	"mazebook/layout/draw"
	"mazebook/maze/difficulty"
)

// Book is a book as its spec describes it, parsed and checked: everything needed to build the
// same book again.
type Book struct {
	// File is the name the spec was read from, used in messages.
	File string
	// Source is the SHA-256 of the spec's printed text, in hexadecimal
	// (see Digest): its text without its listing mappings, which a
	// store's form reads and no page prints; empty for a book no text
	// describes.
	Source string
	// Reads lists the files the spec read (masks, pictures, fonts, a
	// model), as the spec names them, cleaned, slash-separated: relative
	// to the spec's folder, or absolute (a font named so, or found in
	// the folder FontsEnv names): inputs no output may replace (see
	// ReadPaths).
	Reads []string

	Title    string
	Subtitle string
	Author   string
	Subject  string
	// Seed is the book seed; every maze's seed is derived from it.
	Seed uint64
	// Redraws are mazes of the book drawn again from the start, as a
	// catalogue's --unique draws them so that they repeat no maze of the
	// books before (see 'build --redraw'): the index of a maze's plan
	// entry (in the plan's order, from 0) to the attempt it is drawn
	// from, as a maze that repeats an earlier one of its book is drawn
	// again (see layout.Book.Redrawn). nil for none; no spec key sets
	// them, and the digest holds them.
	Redraws map[int]int
	// Language chooses the words mazebook prints: one of Languages.
	Language string
	// People are the person settings whose times make the difficulty
	// score: difficulty.People(), or those of the difficulty_model file.
	People []difficulty.Person
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
	// page when empty. A preset: kdp book that gives none has one in its
	// language (TITLE. Copyright © YEAR AUTHOR. All rights reserved.).
	Copyright string
	// Contents, when not nil, adds a table of contents after the title
	// and copyright pages; HowTo, when not nil, a page on how to use the
	// book after it.
	Contents *Contents
	HowTo    *HowTo
	// SectionPages adds a page with the section's title and instructions
	// before each section.
	SectionPages bool
	// StartOnRight starts the book's openers on a right-hand (odd) page,
	// adding a blank page where needed: the first section, each section's
	// own page (SectionPages) and the answer key.
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
	// Certificate adds a certificate page at the end of the book ("I did
	// it!", a name line and the theme's pictures): by default, when a
	// section is for young children (see Section.Young and
	// CertificatePage).
	Certificate bool
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
	// Listing is what a store's form asks of the book (see Listing).
	Listing Listing

	// at records where each value was written, by path ("sections.1.size").
	at map[string]pos
	// readSums is the SHA-256 of each file the spec read, by its name
	// in Reads (see Digest).
	readSums map[string][sha256.Size]byte
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
	Ink     draw.Ink
	Markers draw.Markers
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

// CertificatePage reports whether the book ends with a certificate page:
// as its certificate key says, or, when it says nothing, when a section
// is for young children.
func (s *Book) CertificatePage() bool {
	if s.Given("certificate") {
		return s.Certificate
	}
	for i := range s.Sections {
		if s.Sections[i].Young() {
			return true
		}
	}
	return false
}

// DoorWordsFor reports whether a section's theme pictures have the words
// Start and Finish under them: as its style or the book's says, or, when
// neither does, for young children.
func (s *Book) DoorWordsFor(sec *Section) bool {
	if s.Given(sec.Path("style.door_words")) || s.Given("style.door_words") {
		return sec.Style.DoorWords
	}
	return sec.Young()
}

// LargePrintSize is the least size, in points, a large-print book
// (style.large_print) sets any word at: KDP's large-print label asks for
// 16pt.
const LargePrintSize = 16

// MaxMazes is the most mazes a book may hold.
const MaxMazes = 10000

// Random is the algorithm name that draws an algorithm per maze.
const Random = "random"

// Labels returns the book's labels: the built-in ones of its language
// with the spec's overrides.
func (s *Book) Labels() Labels {
	l := LabelsFor(s.Language)
	o := s.LabelOverrides
	for _, f := range []struct{ dst, src *string }{
		{&l.Maze, &o.Maze}, {&l.Answers, &o.Answers}, {&l.Start, &o.Start}, {&l.Finish, &o.Finish},
		{&l.Page, &o.Page}, {&l.Name, &o.Name}, {&l.Date, &o.Date}, {&l.By, &o.By}, {&l.Answer, &o.Answer},
		{&l.Contents, &o.Contents}, {&l.HowTo, &o.HowTo}, {&l.Teacher, &o.Teacher},
		{&l.Certificate, &o.Certificate}, {&l.Solved, &o.Solved}, {&l.Ages, &o.Ages},
		{&l.Turned, &o.Turned},
	} {
		if *f.src != "" {
			*f.dst = *f.src
		}
	}
	return l
}

// Notes returns what a person should know of a spec that builds as it
// is, each placed where the spec wrote the key it is about: style.motifs
// with no theme whose pictures it would draw, a preset: kdp book in colour
// (what colour costs, see colourNote), and a spec that gives no seed (the one its title gives it, to
// keep its mazes when the title changes).
func (b *Book) Notes() []*Error {
	var notes []*Error
	if b.Theme == "" && b.Style.Motifs {
		notes = append(notes, b.ErrorAt("style.motifs", "style.motifs draws the theme's pictures in the page corners, and the book has no theme, so none are drawn: give theme: NAME, or leave motifs out"))
	}
	if note := b.colourNote(); note != nil {
		notes = append(notes, note)
	}
	if !b.Given("seed") {
		notes = append(notes, b.ErrorAt("title", "the spec gives no seed: its mazes come from seed %d, drawn from its title; write seed: %d to keep them when the title changes", b.Seed, b.Seed))
	}
	return notes
}
