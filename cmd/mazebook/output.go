package main

import (
	"bytes"
)

// buffer is a bytes.Buffer for rendering an output fully in memory before
// anything is written.
type buffer = bytes.Buffer
