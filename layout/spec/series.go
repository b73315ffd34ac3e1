package spec

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/maze"
)

// A spec may describe a catalogue rather than one book: a series of
// volumes, each with its own seed and number, and editions of each (a
// language, large print), all with the same mazes.
//
//	series: {volumes: 3, rising: 1}     # Volume 1..3, one level harder each
//	series:                             # or one mapping of overrides a volume
//	  - {subtitle: Animals}
//	  - {subtitle: Space, theme: rocket}
//	editions:
//	  - {name: en}
//	  - {name: es, language: es, title: Laberintos}
//
// A volume's or edition's mapping replaces the spec's keys it names, and
// its problems are reported at its own lines.

// MaxVolumes is the most volumes a series has; MaxEditions the most
// editions.
const (
	MaxVolumes  = 100
	MaxEditions = 20
)

// Series is what a spec says of its series.
type Series struct {
	// Volumes is the number of volumes, 0 for a spec that is one book.
	Volumes int
	// Rising is how many levels harder each volume's sections are than
	// the volume before's (0: the same).
	Rising int
	// overrides are the volumes' mappings, when the series is a list.
	overrides []*yaml.Node
}

// Edition is one edition of a catalogue spec.
type Edition struct {
	// Name names the edition in file names and the manifest: letters,
	// digits, '-' and '_'.
	Name     string
	override *yaml.Node
}

// Variant chooses one book of a catalogue spec: a volume (from 1; 0 for
// a spec without a series) and an edition (its name; "" for a spec
// without editions).
type Variant struct {
	Volume  int
	Edition string
}

// Variants lists every book a spec describes: each volume in each
// edition, in that order; one zero Variant for a spec that is one book.
func (b *Book) Variants() []Variant {
	vols := []int{0}
	if b.Series.Volumes > 0 {
		vols = vols[:0]
		for v := 1; v <= b.Series.Volumes; v++ {
			vols = append(vols, v)
		}
	}
	eds := []string{""}
	if len(b.Editions) > 0 {
		eds = eds[:0]
		for _, e := range b.Editions {
			eds = append(eds, e.Name)
		}
	}
	var out []Variant
	for _, v := range vols {
		for _, e := range eds {
			out = append(out, Variant{v, e})
		}
	}
	return out
}

// String names a variant in file names: "vol-02-es", "vol-02", "es", or
// "" for the zero Variant.
func (v Variant) String() string {
	var parts []string
	if v.Volume > 0 {
		parts = append(parts, fmt.Sprintf("vol-%02d", v.Volume))
	}
	if v.Edition != "" {
		parts = append(parts, v.Edition)
	}
	return strings.Join(parts, "-")
}

// series reads the series key: a mapping of volumes and rising, or a
// list of mappings, one for each volume.
func (d *decoder) series(n *yaml.Node, path string) {
	s := &d.spec.Series
	switch n.Kind {
	case yaml.MappingNode:
		d.mapping(n, path, "series", map[string]field{
			"volumes": d.integer(&s.Volumes, 1, MaxVolumes),
			"rising":  d.integer(&s.Rising, 0, maze.MaxLevel-1),
		})
		if s.Volumes == 0 {
			d.errorf(n, "series: give volumes: the number of volumes (1 to %d)", MaxVolumes)
		}
	case yaml.SequenceNode:
		if len(n.Content) == 0 || len(n.Content) > MaxVolumes {
			d.errorf(n, "series lists 1 to %d volumes, not %d", MaxVolumes, len(n.Content))
			return
		}
		for _, item := range n.Content {
			if item.Kind != yaml.MappingNode {
				d.errorf(item, "a volume of series is a mapping of the spec's keys it changes, not %s", describe(item))
				continue
			}
			if k := forbiddenOverride(item); k != nil && k.Value != "editions" {
				d.errorf(k, "%s cannot change from one volume to the next", k.Value)
			}
			if eds := valueOf(item, "editions"); eds != nil {
				d.volumeEditions(eds)
			}
			s.overrides = append(s.overrides, item)
		}
		s.Volumes = len(n.Content)
	default:
		d.errorf(n, "series must be a mapping (volumes: 3) or a list of volumes, not %s", describe(n))
	}
}

// editions reads the editions key: a list of mappings, each with an
// optional name and the spec's keys the edition changes.
func (d *decoder) editions(n *yaml.Node, path string) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 || len(n.Content) > MaxEditions {
		d.errorf(n, "editions must be a list of 1 to %d editions, each a mapping such as {name: es, language: es}", MaxEditions)
		return
	}
	seen := map[string]int{}
	for i, item := range n.Content {
		if item.Kind != yaml.MappingNode {
			d.errorf(item, "an edition is a mapping of the spec's keys it changes, such as {name: es, language: es}, not %s", describe(item))
			continue
		}
		if k := forbiddenOverride(item); k != nil {
			d.errorf(k, "%s cannot change from one edition to the next", k.Value)
		}
		e := Edition{override: item}
		for j := 0; j+1 < len(item.Content); j += 2 {
			k, v := item.Content[j], item.Content[j+1]
			switch {
			case k.Value == "name":
				e.Name = v.Value
				if v.Kind != yaml.ScalarNode || !validName(e.Name) {
					d.errorf(v, "an edition's name is 1 to 32 letters, digits, '-' or '_', not %s", describe(v))
				}
			case k.Value == "language" && e.Name == "":
				e.Name = v.Value
			}
		}
		if e.Name == "" {
			e.Name = "edition-" + strconv.Itoa(i+1)
		}
		if j, dup := seen[e.Name]; dup {
			d.errorf(item, "editions %d and %d are both named %q: give each a name", j+1, i+1, e.Name)
		}
		seen[e.Name] = i + 1
		d.spec.Editions = append(d.spec.Editions, e)
	}
}

// volumeEditions checks the editions mapping of a volume: each of the
// spec's editions (by name) to the keys it changes in that volume, as a
// subtitle translated: {es: {subtitle: Animales}}. The names are checked
// against the spec's editions once both are read (see
// checkVolumeEditions).
func (d *decoder) volumeEditions(n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "a volume's editions is a mapping of the spec's editions to the keys each changes in that volume, such as {es: {subtitle: Animales}}, not %s", describe(n))
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		v := n.Content[i+1]
		if v.Kind != yaml.MappingNode {
			d.errorf(v, "a volume's editions is a mapping of the spec's editions to the keys each changes in that volume, such as {es: {subtitle: Animales}}, not %s", describe(v))
			continue
		}
		if k := forbiddenOverride(v); k != nil {
			d.errorf(k, "%s cannot change from one edition to the next", k.Value)
		}
	}
}

// checkVolumeEditions checks that each edition a volume's editions
// mapping names is one of the spec's.
func (d *decoder) checkVolumeEditions() {
	var names []string
	for _, e := range d.spec.Editions {
		names = append(names, e.Name)
	}
	for _, o := range d.spec.Series.overrides {
		eds := valueOf(o, "editions")
		if eds == nil || eds.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(eds.Content); i += 2 {
			switch k := eds.Content[i]; {
			case len(names) == 0:
				d.errorf(k, "edition %q is named, and the spec has no editions key", k.Value)
			case !slices.Contains(names, k.Value):
				d.errorf(k, "edition %q is not one of the spec's editions (known: %s)", k.Value, strings.Join(names, ", "))
			}
		}
	}
}

// valueOf returns the value of key in a mapping node, or nil.
func valueOf(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// forbiddenOverride returns the key of an override that may not change
// between the books of a catalogue, or nil.
func forbiddenOverride(n *yaml.Node) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch n.Content[i].Value {
		case "series", "editions":
			return n.Content[i]
		}
	}
	return nil
}

func validName(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// variantRoot returns the spec's root mapping as the variant sees it: the
// volume's and the edition's keys in place of the spec's (the edition's
// name dropped), and no series or editions key. ok is false when the
// variant names no volume or edition of the spec.
func variantRoot(root *yaml.Node, b *Book, v Variant) (*yaml.Node, bool) {
	var over []*yaml.Node
	var volumeEdition *yaml.Node // the volume's own keys of the edition
	if v.Volume > 0 {
		if v.Volume > b.Series.Volumes {
			return nil, false
		}
		if len(b.Series.overrides) > 0 {
			vol := b.Series.overrides[v.Volume-1]
			over = append(over, vol)
			if eds := valueOf(vol, "editions"); eds != nil && v.Edition != "" {
				volumeEdition = valueOf(eds, v.Edition)
			}
		}
	}
	if v.Edition != "" {
		found := false
		for _, e := range b.Editions {
			if e.Name == v.Edition {
				over, found = append(over, e.override), true
			}
		}
		if !found {
			return nil, false
		}
	}
	if volumeEdition != nil {
		over = append(over, volumeEdition)
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: root.Tag, Line: root.Line, Column: root.Column}
	set := func(k, val *yaml.Node) {
		for i := 0; i+1 < len(out.Content); i += 2 {
			if out.Content[i].Value == k.Value {
				if k.Value == "listing" && val.Kind == yaml.MappingNode && out.Content[i+1].Kind == yaml.MappingNode {
					// A listing changes key by key: an edition's own
					// description keeps the spec's keywords.
					out.Content[i+1] = mergeMapping(out.Content[i+1], val)
					return
				}
				out.Content[i+1] = val
				return
			}
		}
		out.Content = append(out.Content, k, val)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k := root.Content[i].Value; k != "series" && k != "editions" {
			set(root.Content[i], root.Content[i+1])
		}
	}
	for _, o := range over {
		for i := 0; i+1 < len(o.Content); i += 2 {
			if k := o.Content[i].Value; k != "name" && k != "editions" {
				set(o.Content[i], o.Content[i+1])
			}
		}
	}
	return out, true
}

// mergeMapping returns a mapping node of base's keys with over's in
// their places, and over's others after them.
func mergeMapping(base, over *yaml.Node) *yaml.Node {
	out := *base
	out.Content = slices.Clone(base.Content)
	for i := 0; i+1 < len(over.Content); i += 2 {
		k, v := over.Content[i], over.Content[i+1]
		replaced := false
		for j := 0; j+1 < len(out.Content); j += 2 {
			if out.Content[j].Value == k.Value {
				out.Content[j+1], replaced = v, true
			}
		}
		if !replaced {
			out.Content = append(out.Content, k, v)
		}
	}
	return &out
}

// hasKey reports whether a mapping node has key.
func hasKey(n *yaml.Node, key string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}

// settleVariant makes a decoded variant the book it is: a volume's own
// seed (volume 1 keeps the spec's) and its number in the title, unless
// the volume's own mapping gives them, and its sections' levels risen;
// the variant recorded. over is the volume's mapping, or nil.
func settleVariant(b *Book, v Variant, over *yaml.Node, series Series) {
	b.Volume, b.EditionName = v.Volume, v.Edition
	if v.Volume == 0 {
		return
	}
	given := func(key string) bool { return over != nil && hasKey(over, key) }
	if v.Volume > 1 && !given("seed") {
		b.Seed = maze.DeriveSeed(b.Seed, "volume", strconv.Itoa(v.Volume))
	}
	if !b.Given("listing.series_name") {
		b.Listing.SeriesName = b.Title
	}
	b.Listing.SeriesNumber = v.Volume
	if !given("title") {
		b.Title = fmt.Sprintf("%s, %s %d", b.Title, LabelsFor(b.Language).Volume, v.Volume)
		b.settleCopyright() // the volume's title
	}
	if up := (v.Volume - 1) * series.Rising; up > 0 {
		for i := range b.Sections {
			sec := &b.Sections[i]
			if sec.FromLevel > 0 {
				sec.FromLevel = min(sec.FromLevel+up, maze.MaxLevel)
				sec.ToLevel = min(sec.ToLevel+up, maze.MaxLevel)
			}
		}
	}
}

// keepSectionIDs gives the sections of a variant that change no more than
// their words the ids of the spec's own sections in their places: an
// edition that translates its sections' titles keeps their mazes (a
// section's mazes follow its id, and its id its title). A section that
// names its id, or whose mazes differ (another count, size, difficulty,
// shape...), keeps its own.
func keepSectionIDs(v, base *Book) {
	for i := range v.Sections {
		if i >= len(base.Sections) || v.Given(fmt.Sprintf("sections.%d.id", i)) {
			continue
		}
		if sameMazes(v.Sections[i], base.Sections[i]) {
			v.Sections[i].ID = base.Sections[i].ID
		}
	}
}

// sameMazes reports whether two sections make the same mazes when they
// have the same id: all but their words (title, instructions, caption)
// the same.
func sameMazes(a, b Section) bool {
	for _, s := range []*Section{&a, &b} {
		s.ID, s.Title, s.Instructions, s.Caption = "", "", "", nil
	}
	return reflect.DeepEqual(a, b)
}

// describeVariant names a variant in a message: "volume 4, edition fr".
func describeVariant(v Variant) string {
	var parts []string
	if v.Volume > 0 {
		parts = append(parts, fmt.Sprintf("volume %d", v.Volume))
	}
	if v.Edition != "" {
		parts = append(parts, fmt.Sprintf("edition %q", v.Edition))
	}
	return strings.Join(parts, ", ")
}

// describeVariants says what volumes and editions a spec has.
func describeVariants(b *Book) string {
	var parts []string
	if b.Series.Volumes > 0 {
		parts = append(parts, fmt.Sprintf("volumes 1 to %d", b.Series.Volumes))
	} else {
		parts = append(parts, "no series")
	}
	if len(b.Editions) > 0 {
		var names []string
		for _, e := range b.Editions {
			names = append(names, e.Name)
		}
		parts = append(parts, "editions "+strings.Join(names, ", "))
	} else {
		parts = append(parts, "no editions")
	}
	return strings.Join(parts, " and ")
}
