package spec

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"

	"go.yaml.in/yaml/v3"
)

// Digest returns the digest of the book the spec describes, as it is
// now: 64 hexadecimal digits of the SHA-256 of the spec's printed text
// (see Source: a listing edited, its description, keywords or prices,
// leaves the book as it is, and its digest), of the content of each
// file it read (its masks, pictures, fonts, model: see Reads; the
// content, not the name, which a font found in the folder FontsEnv names
// has machine by machine), and of what may be changed after it is read
// (the seed, the page and the redraws of 'build --seed', '--page' and
// '--redraw', the paper of 'cover --paper', the preset), and of which book of a catalogue spec it is (its volume and
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
		Redraws map[int]int `json:",omitempty"`
	}{b.Seed, b.Page, b.Cover.Paper, b.Preset, b.Volume, b.EditionName, b.Redraws})
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

// printedSource returns the SHA-256, in hexadecimal, of what a spec's
// text prints: its document root with the listing mapping of the spec,
// of each edition, of each volume and of each volume's editions taken
// out (the fields of a store's form: description, keywords, prices...,
// which no page prints), written again as YAML, comments and all. A
// listing holding an anchor stays in, as may a part that prints what
// it names; a root that cannot be written again is hashed as its text.
func printedSource(data []byte, root *yaml.Node) string {
	h := sha256.New()
	if out, err := yaml.Marshal(withoutListings(root)); err == nil {
		h.Write([]byte("printed\n"))
		h.Write(out)
	} else {
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// withoutListings returns a shallow copy of a spec's root without the
// listing keys of the root, its editions, its volumes and theirs (see
// printedSource); the root itself is not changed.
func withoutListings(root *yaml.Node) *yaml.Node {
	out := dropListing(root)
	for i := 0; i+1 < len(out.Content); i += 2 {
		switch v := out.Content[i+1]; out.Content[i].Value {
		case "editions":
			out.Content[i+1] = eachItem(v, dropListing)
		case "series":
			out.Content[i+1] = eachItem(v, func(vol *yaml.Node) *yaml.Node {
				vol = dropListing(vol)
				for j := 0; j+1 < len(vol.Content); j += 2 {
					if vol.Content[j].Value == "editions" && vol.Content[j+1].Kind == yaml.MappingNode {
						eds := *vol.Content[j+1]
						eds.Content = slices.Clone(eds.Content)
						for k := 1; k < len(eds.Content); k += 2 {
							eds.Content[k] = dropListing(eds.Content[k])
						}
						vol.Content[j+1] = &eds
					}
				}
				return vol
			})
		}
	}
	return out
}

// eachItem returns a copy of a sequence node with each item replaced by
// f's; another node is returned as it is.
func eachItem(n *yaml.Node, f func(*yaml.Node) *yaml.Node) *yaml.Node {
	if n.Kind != yaml.SequenceNode {
		return n
	}
	out := *n
	out.Content = make([]*yaml.Node, len(n.Content))
	for i, item := range n.Content {
		out.Content[i] = f(item)
	}
	return &out
}

// dropListing returns a copy of a mapping node without its listing key
// (unless the listing holds an anchor); another node is returned as it
// is.
func dropListing(n *yaml.Node) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return n
	}
	out := *n
	out.Content = nil
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "listing" && !anchored(n.Content[i+1]) {
			continue
		}
		out.Content = append(out.Content, n.Content[i], n.Content[i+1])
	}
	return &out
}

// anchored reports whether a node or one within it has an anchor, which
// an alias elsewhere may print.
func anchored(n *yaml.Node) bool {
	if n.Anchor != "" {
		return true
	}
	return slices.ContainsFunc(n.Content, anchored)
}
