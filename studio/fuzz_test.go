package studio

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
)

// FuzzModelAndEdit feeds any text to what reads and edits a spec's YAML
// for the form: nothing panics, and an edit that succeeds gives YAML whose
// model holds the value set.
func FuzzModelAndEdit(f *testing.F) {
	f.Add(smallSpec, "title", "A title")
	f.Add("answers: false\nsections: [{count: 1}]\n", "answers.per_page", "2")
	f.Add("page: a4\n", "page.size", "letter")
	f.Add("sections: [x]\n", "sections.0.count", "3")
	f.Add("a: &a [1]\nb: *a\n", "seed", "7")
	f.Add("- list\n", "title", "x")
	f.Add("sections:\n  - title: One\n", "sections.0.caption", "{{.Number}}: \"quoted\" # not a comment")
	f.Fuzz(func(t *testing.T, yaml, path, value string) {
		if len(yaml) > 4096 {
			return
		}
		_, _ = readModel([]byte(yaml))
		_ = places([]byte(yaml))
		out, err := applyEdit([]byte(yaml), Edit{Set: map[string]string{path: value}})
		if err != nil {
			return
		}
		m, err := readModel(out)
		if err != nil {
			t.Fatalf("the edited YAML does not read: %v\n%s", err, out)
		}
		f, _ := fieldFor(path)
		if value != "" && f.Kind == "text" && !strings.ContainsAny(value, "\r") && m.Values[path] != value && !(path == "answers.enabled") {
			t.Errorf("%s = %q after setting %q\n%s", path, m.Values[path], value, out)
		}
		for _, op := range []string{"add", "up", "down", "remove"} {
			_, _ = applyEdit(out, Edit{Op: op, Index: 0})
		}
	})
}

// FuzzAttachment feeds any name and content to what checks an added
// file and what opens a zip of a spec and its files: nothing panics, a name taken is a plain name (no folder, no '..',
// not hidden) that the attached file system opens as itself, and content
// taken is within its kind's limit.
func FuzzAttachment(f *testing.F) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x00\x00\x00\x00")
	f.Add("heart.png", png)
	f.Add("a/b.png", png)
	f.Add("..png", png)
	f.Add(".x.svg", []byte("<svg/>"))
	f.Add("x.svg", []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"))
	f.Add("x.txt", []byte("X.X\n.X.\n"))
	f.Add("x.jpg", []byte{0xff, 0xd8, 0xff, 0xe0})
	f.Add("f.ttf", []byte("\x00\x01\x00\x00\x00\x00"))
	f.Add(`c:\x.png`, png)
	f.Add("s.zip", []byte("PK\x05\x06\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		// Any body sent to Open spec… as a zip: nothing panics.
		if yaml, files, err := openZip(data); err == nil {
			for n := range files {
				if CheckAttachName(n) != nil {
					t.Fatalf("the zip's %q was taken", n)
				}
			}
			_ = yaml
		}
		if CheckAttachment(name, data) != nil {
			return
		}
		if strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") || strings.HasPrefix(name, ".") {
			t.Fatalf("%q was taken", name)
		}
		limit, err := AttachLimit(name)
		if err != nil || len(data) > limit {
			t.Fatalf("%q: %d bytes taken, limit %d (%v)", name, len(data), limit, err)
		}
		s := newServer(t, Options{})
		fsys, err := s.attachedFS([]fileRef{{Name: name, ID: s.files.put(data, false)}})
		if err != nil {
			t.Fatal(err)
		}
		got, err := fs.ReadFile(fsys, name)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%q reads back as %d bytes, %v", name, len(got), err)
		}
	})
}
