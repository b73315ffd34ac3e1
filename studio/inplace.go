package studio

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// editInPlace makes the form's edits (path to value, "" to remove) as
// changes to the lines they touch, keeping every other byte of the spec
// (comments and their alignment, blank lines, key order, quoting): a
// value replaced where it stands, a key added under the last key of its
// mapping, a key on a line of its own removed with its line; in a flow
// mapping on one line (answers: {per_page: 1}), a value replaced, a key
// added before its closing brace or removed with its comma. It reports
// false when an edit needs the document written anew (a mapping to
// make, a multi-line value).
func editInPlace(data []byte, set map[string]string) ([]byte, bool) {
	paths := make([]string, 0, len(set))
	for p := range set {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		f, ok := fieldFor(path)
		if !ok {
			return nil, false
		}
		out, ok := editLine(data, strings.Split(path, "."), set[path], f.Kind)
		if !ok {
			return nil, false
		}
		data = out
	}
	return data, true
}

// editLine makes one edit in place (see editInPlace).
func editLine(data []byte, path []string, v, kind string) ([]byte, bool) {
	doc, err := parseDoc(data)
	if err != nil || doc.Content[0].Line == 0 {
		return nil, false // an empty spec: written anew
	}
	n := doc.Content[0]
	for _, k := range path[:len(path)-1] {
		switch n.Kind {
		case yaml.MappingNode:
			n = lookup(n, k)
		case yaml.SequenceNode:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(n.Content) {
				return nil, false
			}
			n = n.Content[i]
		default:
			return nil, false
		}
		if n == nil {
			return nil, false
		}
	}
	if n.Kind != yaml.MappingNode {
		return nil, false
	}
	key := path[len(path)-1]
	if n.Style&yaml.FlowStyle != 0 {
		return editFlow(data, n, key, v, kind)
	}
	var knode, val *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			knode, val = n.Content[i], n.Content[i+1]
		}
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	switch {
	case val != nil && v == "":
		// Removed: the key's line goes, when it holds nothing else.
		if val.Kind != yaml.ScalarNode || knode.Line != val.Line || strings.Contains(val.Value, "\n") || knode.Line < 1 || knode.Line > len(lines) {
			return nil, false
		}
		if len(n.Content) == 2 {
			return nil, false // the mapping's last key: rewritten as {}
		}
		line := string(lines[knode.Line-1])
		if strings.TrimSpace(line[:byteColumn(line, knode.Column)]) != "" {
			return nil, false // a list item's first key carries its dash
		}
		return bytes.Join(append(lines[:knode.Line-1:knode.Line-1], lines[knode.Line:]...), nil), true
	case val != nil:
		if val.Kind != yaml.ScalarNode || val.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 || strings.Contains(val.Value, "\n") || val.Line < 1 || val.Line > len(lines) {
			return nil, false
		}
		text, ok := scalarText(v, kind)
		if !ok {
			return nil, false
		}
		line := string(lines[val.Line-1])
		start := byteColumn(line, val.Column)
		end, ok := tokenEnd(line, start, val.Style)
		if !ok {
			return nil, false
		}
		lines[val.Line-1] = []byte(line[:start] + text + keepColumn(line[end:], end-start-len(text)))
		return bytes.Join(lines, nil), true
	case v == "":
		return data, true // nothing to remove
	default:
		// Added: under the mapping's last key, indented as its keys.
		if len(n.Content) == 0 {
			return nil, false
		}
		text, ok := scalarText(v, kind)
		if !ok {
			return nil, false
		}
		last := lastLine(n)
		if last < 1 || last > len(lines) {
			return nil, false
		}
		indent := strings.Repeat(" ", n.Content[0].Column-1)
		add := []byte(indent + key + ": " + text + "\n")
		if !bytes.HasSuffix(lines[last-1], []byte("\n")) {
			lines[last-1] = append(append([]byte{}, lines[last-1]...), '\n')
		}
		out := append(append(append([][]byte{}, lines[:last]...), add), lines[last:]...)
		return bytes.Join(out, nil), true
	}
}

// editFlow makes one edit in a flow mapping written on one line (see
// editInPlace): the value replaced where it stands, a key added after the
// last one, before the closing brace, or removed with the comma before
// it (after it, for the first key).
func editFlow(data []byte, n *yaml.Node, key, v, kind string) ([]byte, bool) {
	lines := bytes.SplitAfter(data, []byte("\n"))
	if n.Line < 1 || n.Line > len(lines) || lastLine(n) != n.Line || len(n.Content) == 0 {
		return nil, false
	}
	line := string(lines[n.Line-1])
	// ends returns where the scalar value i ends on the line.
	ends := func(i int) (int, bool) {
		val := n.Content[i]
		if val.Kind != yaml.ScalarNode || val.Line != n.Line {
			return 0, false
		}
		start := byteColumn(line, val.Column)
		if val.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			return tokenEnd(line, start, val.Style)
		}
		end := start + strings.IndexAny(line[start:], ",}")
		if end < start {
			return 0, false
		}
		return start + len(strings.TrimRight(line[start:end], " \t")), true
	}
	at := -1
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			at = i
		}
	}
	var out string
	switch {
	case at >= 0 && v == "":
		if len(n.Content) == 2 {
			return nil, false // the mapping's last key
		}
		if at == 0 {
			// The first key: up to the next key.
			from, to := byteColumn(line, n.Content[0].Column), byteColumn(line, n.Content[2].Column)
			out = line[:from] + line[to:]
			break
		}
		from, ok1 := ends(at - 1)
		to, ok2 := ends(at + 1)
		if !ok1 || !ok2 {
			return nil, false
		}
		out = line[:from] + line[to:]
	case at >= 0:
		text, ok := scalarText(v, kind)
		end, ok2 := ends(at + 1)
		if !ok || !ok2 || strings.ContainsAny(text, ",{}[]") {
			return nil, false
		}
		start := byteColumn(line, n.Content[at+1].Column)
		out = line[:start] + text + line[end:]
	case v == "":
		return data, true // nothing to remove
	default:
		text, ok := scalarText(v, kind)
		end, ok2 := ends(len(n.Content) - 1)
		if !ok || !ok2 || strings.ContainsAny(text, ",{}[]") {
			return nil, false
		}
		out = line[:end] + ", " + key + ": " + text + line[end:]
	}
	lines[n.Line-1] = []byte(out)
	return bytes.Join(lines, nil), true
}

// keepColumn returns the rest of a line after a value that grew by -d
// bytes, its comment kept at its column where the spaces before it allow
// (one space at least).
func keepColumn(rest string, d int) string {
	comment := strings.TrimLeft(rest, " ")
	if !strings.HasPrefix(comment, "#") {
		return rest
	}
	gap := max(1, len(rest)-len(comment)+d)
	return strings.Repeat(" ", gap) + comment
}

// scalarText writes a form's value as YAML: numbers, booleans and a
// list's choices as they resolve (per_page: 6), text as text, quoted
// when it would read as something else ("123", "yes: no").
func scalarText(v, kind string) (string, bool) {
	tag := "!!str"
	if kind == "number" || kind == "check" || kind == "select" {
		tag = ""
	}
	out, err := yaml.Marshal(scalar(v, tag))
	if err != nil {
		return "", false
	}
	s := strings.TrimSuffix(string(out), "\n")
	if strings.Contains(s, "\n") {
		return "", false
	}
	return s, true
}

// byteColumn returns the byte offset in line of a 1-based column counted
// in characters, as the YAML parser counts them.
func byteColumn(line string, col int) int {
	i := 0
	for c := 1; c < col && i < len(line); c++ {
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	return i
}

// tokenEnd returns where a scalar that starts at start in line ends: its
// closing quote, or for a plain one, before a comment or the line's end.
func tokenEnd(line string, start int, style yaml.Style) (int, bool) {
	body := strings.TrimRight(line, "\r\n")
	switch {
	case style&yaml.DoubleQuotedStyle != 0:
		for i := start + 1; i < len(body); i++ {
			switch body[i] {
			case '\\':
				i++
			case '"':
				return i + 1, true
			}
		}
		return 0, false
	case style&yaml.SingleQuotedStyle != 0:
		for i := start + 1; i < len(body); i++ {
			if body[i] == '\'' {
				if i+1 < len(body) && body[i+1] == '\'' {
					i++
					continue
				}
				return i + 1, true
			}
		}
		return 0, false
	}
	end := len(body)
	if i := strings.Index(body[start:], " #"); i >= 0 {
		end = start + i
	}
	return start + len(strings.TrimRight(body[start:end], " \t")), true
}

// lastLine is the last line a node's tree takes.
func lastLine(n *yaml.Node) int {
	last := n.Line
	for _, c := range n.Content {
		last = max(last, lastLine(c))
	}
	return last
}
