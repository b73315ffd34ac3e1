package main

import (
	"os"
	"strings"
)

// imageEnv is the environment variable the Dockerfile sets in the
// mazebook image, so that mazebook knows it runs there.
const imageEnv = "MAZEBOOK_IMAGE"

// inImage reports whether mazebook runs in its container image.
func inImage() bool { return os.Getenv(imageEnv) != "" }

// isFontAdvice reports whether a message advises installing a Debian
// package of fonts, which nobody can do in the image: it has no package
// manager, and runs without privileges.
func isFontAdvice(msg string) bool { return strings.Contains(msg, "apt-get install") }

// fontNote says, in the image, what to do instead of installing a font
// package there; elsewhere it is "".
func fontNote() string {
	if !inImage() {
		return ""
	}
	return `note: in the mazebook image nothing can be installed (it has no package manager and runs without privileges): ` +
		`mount a folder of fonts and name it, as in docker run -v "$PWD/fonts:/fonts:ro" -e MAZEBOOK_FONTS=/fonts ..., ` +
		`or put the font files beside the spec and name them under its fonts: text: and headings: (see docs/catalogue.md, "The container image")`
}
