package spec

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Digest returns the digest of the book the spec describes, as it is
// now: 64 hexadecimal digits of the SHA-256 of the spec's text (see
// Source) and of what may be changed after it is read (the seed and the
// page of 'build --seed' and '--page', the paper of 'cover --paper', the
// preset), and of which book of a catalogue spec it is (its volume and
// edition). Every PDF of the book carries it (see pdf.Record), so that a
// book built from an older text of its spec, another seed or another
// volume is told from one built from the spec as it is.
func (b *Book) Digest() string {
	h := sha256.New()
	h.Write([]byte("mazebook spec digest 1\n"))
	h.Write([]byte(b.Source + "\n"))
	resolved, _ := json.Marshal(struct {
		Seed    uint64
		Page    PageSpec
		Paper   Paper
		Preset  string
		Volume  int
		Edition string
	}{b.Seed, b.Page, b.Cover.Paper, b.Preset, b.Volume, b.EditionName})
	h.Write(resolved)
	return hex.EncodeToString(h.Sum(nil))
}
