package spec

import (
	"errors"
	"fmt"
	"strings"
	"text/template"
	"text/template/parse"
	"unicode/utf8"

	"mazebook/internal/say"
	"mazebook/layout/typeface"
)

// Limits on what a spec may ask for. Each keeps a hostile or careless
// spec from hanging mazebook or exhausting its memory; each is reported as
// a spec error at the line that breaks it.
const (
	// MaxSpecSize is the largest spec file read: 1 MB.
	MaxSpecSize = 1 << 20
	// MaxText is the most characters of a title, caption, instruction,
	// label or running header/footer template.
	MaxText = 1000
	// MaxLongText is the most characters of the copyright text.
	MaxLongText = 5000
	// MaxTextOutput is the most bytes one template may write: a caption,
	// header or footer runs with no more room than this.
	MaxTextOutput = 4096
	// MaxSections is the most sections a spec may have.
	MaxSections = 1000
	// maxPrintfWidth bounds the width and precision in a printf format.
	maxPrintfWidth = 99
)

// TextFuncs are the functions a caption, header or footer template may
// call, beside the comparisons (eq, ne, lt, le, gt, ge), the logic (and,
// or, not) and len that text/template provides: printf and print with
// bounded widths, upper and lower.
var textFuncs = template.FuncMap{
	"printf": safePrintf,
	"upper":  strings.ToUpper,
	"lower":  strings.ToLower,
}

// allowedFuncs are the functions a template may name: text/template's
// harmless built-ins and textFuncs. index, slice, call and the escapers
// are left out: a caption has no use for them, and index fails on data a
// check with sample values cannot foresee.
var allowedFuncs = map[string]bool{
	"printf": true, "print": true, "upper": true, "lower": true, "len": true,
	"eq": true, "ne": true, "lt": true, "le": true, "gt": true, "ge": true,
	"and": true, "or": true, "not": true,
}

// TextFeatures describes, for messages and the README, what a template
// may use.
const TextFeatures = "variables such as {{.Number}}, {{if}}/{{else}}/{{with}}, printf, print, upper, lower, len, eq, ne, lt, le, gt, ge, and, or, not"

// Text is a template a spec gives for a caption, running header or footer.
// It is checked when the spec is read: it may use only variables, if/else,
// with, and the functions of TextFeatures (no range, no template
// definitions), so its work is bounded by its length, and it writes at
// most MaxTextOutput bytes. A failure when it runs names the place in the
// spec it was written.
type Text struct {
	name string // "caption", "header", "footer"
	t    *template.Template
	// File, Line and Col are where the template was written (Line 0 for a
	// built-in default).
	File      string
	Line, Col int
	// face is the font the output is set in, and faceKey the fonts: key
	// that names it; an output with characters face lacks is an error.
	// Both are set once the spec is read (see setIn).
	face    *typeface.Font
	faceKey string
}

// ParseText parses a template named name (for messages) from a spec.
func ParseText(name, src string) (*Text, error) {
	if n := utf8.RuneCountInString(src); n > MaxText {
		return nil, say.Errorf("%s is %v long; the most is %d", name, say.Plural(n, "%d character", "%d characters"), MaxText)
	}
	t, err := template.New(name).Option("missingkey=error").Funcs(textFuncs).Parse(src)
	if err != nil {
		return nil, say.Errorf("%s is not a valid template: %s", name, templateErr(err))
	}
	if len(t.Templates()) > 1 {
		return nil, say.Errorf("%s may not define templates (it may use %s)", name, TextFeatures)
	}
	if t.Tree != nil && t.Tree.Root != nil {
		if err := checkNode(t.Tree.Root); err != nil {
			return nil, say.Errorf("%s: %v (it may use %s)", name, err, TextFeatures)
		}
	}
	return &Text{name: name, t: t}, nil
}

// Uses reports whether the template says the field of its data called
// name ({{.Story}} for "Story"), anywhere in it.
func (t *Text) Uses(name string) bool {
	if t == nil || t.t.Tree == nil {
		return false
	}
	found := false
	var walk func(n parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.IfNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			if n != nil {
				for _, c := range n.Cmds {
					walk(c)
				}
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			found = found || len(n.Ident) > 0 && n.Ident[0] == name
		case *parse.ChainNode:
			walk(n.Node)
		}
	}
	walk(t.t.Tree.Root)
	return found
}

// mustText parses a built-in template.
func mustText(name, src string) *Text {
	t, err := ParseText(name, src)
	if err != nil {
		panic(err)
	}
	return t
}

// checkNode refuses what would let a template's work grow beyond its
// length: loops, calls of other templates, and functions not allowed.
func checkNode(n parse.Node) error {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return nil
		}
		for _, c := range n.Nodes {
			if err := checkNode(c); err != nil {
				return err
			}
		}
	case *parse.RangeNode:
		return errors.New("range is not allowed")
	case *parse.TemplateNode:
		return errors.New("calling a template is not allowed")
	case *parse.BreakNode, *parse.ContinueNode:
		return errors.New("break and continue are not allowed")
	case *parse.IfNode:
		return checkBranch(&n.BranchNode)
	case *parse.WithNode:
		return checkBranch(&n.BranchNode)
	case *parse.ActionNode:
		return checkNode(n.Pipe)
	case *parse.PipeNode:
		if n == nil {
			return nil
		}
		for _, c := range n.Cmds {
			if err := checkNode(c); err != nil {
				return err
			}
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			if err := checkNode(a); err != nil {
				return err
			}
		}
	case *parse.IdentifierNode:
		if !allowedFuncs[n.Ident] {
			return say.Errorf("function %q is not allowed", n.Ident)
		}
	case *parse.ChainNode:
		return checkNode(n.Node)
	}
	return nil
}

func checkBranch(b *parse.BranchNode) error {
	if err := checkNode(b.Pipe); err != nil {
		return err
	}
	if err := checkNode(b.List); err != nil {
		return err
	}
	if b.ElseList != nil {
		return checkNode(b.ElseList)
	}
	return nil
}

// safePrintf is fmt.Sprintf with widths and precisions of at most
// maxPrintfWidth and none taken from an argument ('*'), so that a format
// cannot ask for gigabytes of padding.
func safePrintf(format string, args ...any) (string, error) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		num := 0
		for ; i < len(format); i++ {
			c := format[i]
			switch {
			case c >= '0' && c <= '9':
				num = num*10 + int(c-'0')
				if num > maxPrintfWidth {
					return "", say.Errorf("printf: a width or precision above %d is not allowed", maxPrintfWidth)
				}
				continue
			case c == '.':
				num = 0
				continue
			case c == '*':
				return "", errors.New("printf: a width or precision taken from an argument ('*') is not allowed")
			case c == '+' || c == '-' || c == '#' || c == ' ':
				continue
			case c == '[':
				// An argument index, %[2]d: its digits are not a width.
				if j := strings.IndexByte(format[i:], ']'); j >= 0 {
					i += j
					num = 0
					continue
				}
			}
			break
		}
	}
	return fmt.Sprintf(format, args...), nil
}

// Execute runs the template on data and returns its output, trimmed of
// spaces at both ends. A failure, or an output with characters the font
// it is set in lacks, is a *Error placed where the template was written.
func (t *Text) Execute(data any) (string, error) {
	w := &limitedWriter{max: MaxTextOutput}
	if err := t.t.Execute(w, data); err != nil {
		var msg any = templateErr(err)
		if errors.Is(err, errTooLong) {
			msg = say.T("it writes more than %d bytes", MaxTextOutput)
		}
		return "", newError(t.File, t.Line, t.Col, "%s: %s", t.name, msg)
	}
	out := strings.TrimSpace(w.b.String())
	if err := t.checkFace(out); err != nil {
		return "", err
	}
	return out, nil
}

var errTooLong = errors.New("template output too long")

// limitedWriter keeps at most max bytes and fails beyond.
type limitedWriter struct {
	b   strings.Builder
	max int
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > w.max {
		return 0, errTooLong
	}
	return w.b.Write(p)
}

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
