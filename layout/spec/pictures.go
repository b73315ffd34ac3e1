package spec

import (
	"image"
	"io"
	"io/fs"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"

	"mazebook/layout/picture"
)

// picture reads a picture marker (style.start_image, style.finish_image):
// a .png, .jpg or .svg file beside the spec, read through the spec's
// files as masks are, at most picture.MaxFile bytes and, for PNG and
// JPEG, picture.MaxPixels pixels, and outlined in black (picture.Outline).
func (d *decoder) picture(dst *image.Image) field {
	return func(n *yaml.Node, p string) {
		key := lastKey(p)
		v, ok := d.scalar(n, key)
		if !ok {
			return
		}
		name := strings.TrimSpace(v)
		ext := strings.ToLower(path.Ext(name))
		known := false
		for _, e := range picture.Exts {
			known = known || ext == e
		}
		switch {
		case !known:
			d.errorf(n, "%s %q: give a .png, .jpg or .svg file beside the spec", key, name)
			return
		case d.files == nil:
			d.errorf(n, "%s %q: this spec may not read files; leave the picture out", key, name)
			return
		case !fs.ValidPath(path.Clean(name)):
			d.errorf(n, "%s %q: give a file beside the spec or below it (no absolute path, no ..)", key, name)
			return
		}
		d.spec.reads(path.Clean(name))
		f, err := d.files.Open(path.Clean(name))
		if err != nil {
			d.errorf(n, "%s %q: %v", key, name, pathError(err))
			return
		}
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, picture.MaxFile+1))
		if err != nil {
			d.errorf(n, "%s %q: %v", key, name, pathError(err))
			return
		}
		d.spec.readData(path.Clean(name), data)
		img, err := picture.Read(name, data)
		if err != nil {
			d.errorf(n, "%s %q: %v", key, name, err)
			return
		}
		// Outlined, so that a pale picture survives a photocopy as the
		// themes' line art does.
		*dst = picture.Outline(img)
	}
}
