package spec

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Digest returns the digest of the book the spec describes, as it is
// now: 64 hexadecimal digits of the SHA-256 of the spec's text (see
// Source), of the content of each file it read (its masks, pictures,
// fonts, model: see Reads; the content, not the name, which a font found
// in the folder FontsEnv names has machine by machine), and of what may
// be changed after it is read (the seed and the
// page of 'build --seed' and '--page', the paper of 'cover --paper', the
// preset), and of which book of a catalogue spec it is (its volume and
// edition). Every PDF of the book carries it (see pdf.Record), so that a
// book built from an older text of its spec, another seed or another
// volume is told from one built from the spec as it is.
func (b *Book) Digest() string {
	h := sha256.New()
	h.Write([]byte("mazebook spec digest 1\n"))
	h.Write([]byte(b.Source + "\n"))
	for _, r := range b.Reads {
		sum := b.readSums[r]
		h.Write(sum[:])
	}
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

// readData records the content of a file the spec read, named as in
// Reads, for Digest.
func (b *Book) readData(name string, data []byte) {
	if b.readSums == nil {
		b.readSums = map[string][sha256.Size]byte{}
	}
	b.readSums[name] = sha256.Sum256(data)
}
