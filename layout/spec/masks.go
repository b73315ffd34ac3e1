package spec

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/layout/mask"
	"mazebook/maze"
)

// MaxMaskFile is the largest mask file read: 16 MB.
const MaxMaskFile = 16 << 20

// mask reads a section's mask: ASCII art written in the spec (a text of
// several lines, or {art: ...}), a file beside the spec (a .png, .jpg or
// .jpeg picture, or .txt art; or {image: FILE}), or a word set in the
// embedded font ({text: ANA}). It returns the bitmap and a name for
// messages.
func (d *decoder) mask(n *yaml.Node) (*maze.Bitmap, string) {
	if n.Kind == yaml.MappingNode {
		var key, value string
		var at *yaml.Node
		take := func(k string) field {
			return func(v *yaml.Node, _ string) {
				var ok bool
				if value, ok = d.scalar(v, k); ok {
					key, at = k, v
				}
			}
		}
		before := len(d.errs)
		d.mapping(n, "mask", "mask", map[string]field{"text": take("text"), "art": take("art"), "image": take("image")})
		if len(d.errs) > before {
			return nil, ""
		}
		if len(n.Content) != 2 {
			d.errorf(n, "mask: give one of text (a word), art (X and . lines) or image (a PNG or JPEG file)")
			return nil, ""
		}
		switch key {
		case "text":
			b, err := mask.FromWord(value)
			return d.maskResult(at, b, err, fmt.Sprintf("{text: %q}", value))
		case "art":
			b, err := mask.FromText(value)
			return d.maskResult(at, b, err, "{art}")
		case "image":
			return d.maskFile(at, value)
		}
		return nil, ""
	}
	v, ok := d.scalar(n, "mask")
	if !ok {
		return nil, ""
	}
	if strings.Contains(strings.TrimSpace(v), "\n") {
		b, err := mask.FromText(v)
		return d.maskResult(n, b, err, "art")
	}
	return d.maskFile(n, strings.TrimSpace(v))
}

// maskFile reads a mask from a file beside the spec.
func (d *decoder) maskFile(n *yaml.Node, name string) (*maze.Bitmap, string) {
	ext := strings.ToLower(path.Ext(name))
	if ext != ".png" && ext != ".jpg" && ext != ".jpeg" && ext != ".txt" {
		d.errorf(n, "mask %q: give a .png, .jpg or .txt file, several lines of X and . art, or {text: A WORD}", name)
		return nil, ""
	}
	if d.files == nil {
		d.errorf(n, "mask %q: this spec may not read files; give the art in the spec, or {text: A WORD}", name)
		return nil, ""
	}
	if !fs.ValidPath(path.Clean(name)) {
		d.errorf(n, "mask %q: give a file beside the spec or below it (no absolute path, no ..)", name)
		return nil, ""
	}
	d.spec.reads(path.Clean(name))
	f, err := d.files.Open(path.Clean(name))
	if err != nil {
		d.errorf(n, "mask %q: %v", name, pathError(err))
		return nil, ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxMaskFile+1))
	if err != nil {
		d.errorf(n, "mask %q: %v", name, pathError(err))
		return nil, ""
	}
	if len(data) > MaxMaskFile {
		d.errorf(n, "mask %q is larger than %d MB", name, MaxMaskFile>>20)
		return nil, ""
	}
	d.spec.readData(path.Clean(name), data)
	var b *maze.Bitmap
	if ext == ".txt" {
		b, err = mask.FromText(string(data))
	} else {
		b, err = mask.FromImage(strings.NewReader(string(data)))
	}
	return d.maskResult(n, b, err, name)
}

func (d *decoder) maskResult(n *yaml.Node, b *maze.Bitmap, err error, name string) (*maze.Bitmap, string) {
	if err != nil {
		d.errorf(n, "mask %s: %v", name, err)
		return nil, ""
	}
	return b, name
}

// isWord reports whether a mask's name says it is a word.
func isWord(name string) bool { return strings.HasPrefix(name, "{text:") }

// pathError strips the operation and path an fs.PathError repeats.
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
