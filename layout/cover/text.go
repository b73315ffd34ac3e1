package cover

import (
	"mazebook/layout/typeface"
)

// wrapLines breaks s into lines no wider than width, set in face at size,
// at spaces and at newlines. A word wider than width stays whole on a
// line of its own.
func wrapLines(s string, face typeface.Face, size, width float64) []string {
	return trimBlank(typeface.Wrap(face, size, s, width))
}

// wrapText is wrapLines for a paragraph of text: none of more lines than
// one ends on a word alone (see typeface.WrapNoWidow).
func wrapText(s string, face typeface.Face, size, width float64) []string {
	return trimBlank(typeface.WrapNoWidow(face, size, s, width))
}

// trimBlank drops the blank lines at the end of lines: they say nothing.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// fits reports whether every line is no wider than width.
func fits(lines []string, face typeface.Face, size, width float64) bool {
	for _, l := range lines {
		if typeface.Width(face, size, l) > width {
			return false
		}
	}
	return true
}

// fitBlock sets s in at most maxLines lines no wider than width: at the
// largest size from size down to least (in steps of 4%) at which it fits,
// its lines balanced (each about as long as the others). At least, it
// may take up to most lines (at least maxLines); the lines beyond are
// dropped and a line that is still too wide is cut, each ending with an
// ellipsis, and cut is true. It returns the lines and their size.
func fitBlock(s string, face typeface.Face, size, least, width float64, maxLines, most int) (lines []string, sz float64, cut bool) {
	for ; size > least; size *= 0.96 {
		lines := wrapLines(s, face, size, width)
		if len(lines) <= maxLines && fits(lines, face, size, width) {
			return balance(s, face, size, width, len(lines)), size, false
		}
	}
	size = least
	maxLines = max(maxLines, most)
	lines = wrapLines(s, face, size, width)
	if len(lines) <= maxLines && fits(lines, face, size, width) {
		return balance(s, face, size, width, len(lines)), size, false
	}
	for i, l := range lines {
		lines[i] = typeface.Ellipsize(face, size, l, width)
		cut = cut || lines[i] != l
	}
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = typeface.EllipsizeWords(face, size, lines[maxLines-1], width)
		cut = true
	}
	return lines, size, cut
}

// balance returns s wrapped in n lines no wider than width (which must
// be possible) at the narrowest width that still takes only n lines, so
// that a title of two lines does not leave a single word on the second.
func balance(s string, face typeface.Face, size, width float64, n int) []string {
	lo, hi := 0.0, width
	for range 30 {
		mid := (lo + hi) / 2
		if l := wrapLines(s, face, size, mid); len(l) <= n && fits(l, face, size, mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return wrapLines(s, face, size, hi)
}

// fitLine returns the size, from size down to least, at which s set in
// face is no wider than width, and s, cut with an ellipsis when it is
// still too wide at least (and cut true).
func fitLine(s string, face typeface.Face, size, least, width float64) (line string, sz float64, cut bool) {
	if w := typeface.Width(face, size, s); w > width {
		size = max(least, float64(size*width/w*0.999))
	}
	line = typeface.Ellipsize(face, size, s, width)
	return line, size, line != s
}
