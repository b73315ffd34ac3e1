package spec

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"

	"mazebook/layout/picture"
)

// TestPictureKeys reads style.start_image and style.finish_image from the
// spec's files, and checks every refusal, each at the line and column of
// the file's name.
func TestPictureKeys(t *testing.T) {
	var small, big bytes.Buffer
	if err := png.Encode(&small, image.NewGray(image.Rect(0, 0, 30, 20))); err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&big, image.NewGray(image.Rect(0, 0, 2500, 2000))); err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{
		"mouse.png":        {Data: small.Bytes()},
		"pics/cheese.svg":  {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><circle cx="5" cy="5" r="4" fill="gold"/></svg>`)},
		"huge.png":         {Data: make([]byte, picture.MaxFile+10)},
		"big.png":          {Data: big.Bytes()},
		"broken.png":       {Data: []byte("not a picture")},
		"blank.svg":        {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"/>`)},
		"folder.png/x.txt": {Data: []byte("x")},
	}
	b, err := ParseFS("book.yaml", []byte("style:\n  start_image: mouse.png\n  finish_image: pics/cheese.svg\nsections:\n  - {}\n"), files)
	if err != nil {
		t.Fatal(err)
	}
	if s, f := b.Style.StartImage, b.Style.FinishImage; s == nil || s.Bounds().Dx() != 30 || f == nil || f.Bounds().Dx() != picture.MaxSide || f.Bounds().Dy() != picture.MaxSide/2 {
		t.Fatalf("pictures read as %v and %v", s, f)
	}
	if b, _ := Parse("book.yaml", []byte("sections:\n  - {}\n")); b.Style.StartImage != nil || b.Style.FinishImage != nil {
		t.Errorf("pictures without asking")
	}
	for _, tt := range []struct{ value, want string }{
		{"nothere.png", `book.yaml:2:16: start_image "nothere.png": file does not exist`},
		{"huge.png", `book.yaml:2:16: start_image "huge.png": the file is larger than 5 MB`},
		{"big.png", `book.yaml:2:16: start_image "big.png": the picture is 2500x2000 pixels; the most is 4 megapixels`},
		{"broken.png", `book.yaml:2:16: start_image "broken.png": not a PNG picture`},
		{"blank.svg", `book.yaml:2:16: start_image "blank.svg": the SVG picture draws nothing`},
		{"mouse.gif", `book.yaml:2:16: start_image "mouse.gif": give a .png, .jpg or .svg file beside the spec`},
		{"../mouse.png", "no absolute path, no .."},
		{"/etc/mouse.png", "no absolute path, no .."},
		{"folder.png", `book.yaml:2:16: start_image "folder.png":`},
		{"[a, b]", "book.yaml:2:16: start_image must be a single value, not a list"},
	} {
		_, err := ParseFS("book.yaml", []byte("style:\n  start_image: "+tt.value+"\nsections:\n  - {}\n"), files)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.value, err, tt.want)
		}
	}
	if _, err := ParseFS("form.yaml", []byte("style: {finish_image: mouse.png}\nsections:\n  - {}\n"), nil); err == nil || !strings.Contains(err.Error(), "form.yaml:1:23: finish_image \"mouse.png\": this spec may not read files") {
		t.Errorf("a picture in a spec that may read no file: %v", err)
	}
}
