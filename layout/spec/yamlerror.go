package spec

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"mazebook/internal/say"
)

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
	// With no line said (an unknown alias, some values in the wrong
	// place), the first line the text stops parsing at.
	line = badLine(data, line)
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

// badLine finds the line that broke the YAML, given the line the parser
// reported (0 when it said none). The parser names the line where the
// block it was reading began (a mis-indented key three lines into a
// section is reported at the section's start): when the text up to that
// line still parses, the first line after it at which the text stops
// parsing is the culprit, found by bisection. With no line reported, that
// is the first line the text stops parsing at, or 0 when it all parses.
func badLine(data []byte, reported int) int {
	lines := bytes.SplitAfter(data, []byte("\n"))
	parses := func(n int) bool {
		var v any
		return yaml.Unmarshal(bytes.Join(lines[:n], nil), &v) == nil
	}
	if reported >= len(lines) || !parses(reported) || parses(len(lines)) {
		return reported
	}
	lo, hi := reported, len(lines) // lo parses; hi does not
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
