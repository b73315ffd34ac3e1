package catalogue

import (
	"bytes"
	"context"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mazebook/internal/pdftest"
	"mazebook/layout/cover"
	"mazebook/layout/kdp"
	"mazebook/layout/spec"
)

// classSpec is a book with a teacher edition and a cover, on cream paper
// for the press: four files.
const classSpec = `title: Class Mazes
seed: 31
preset: kdp
pad: 24
teacher_edition: true
page:
  size: 8.5x11in
style:
  color: black
cover:
  paper: cream
sections:
  - {title: Easy, count: 8, difficulty: 2, per_page: 2}
  - {title: Hard, count: 10, difficulty: 6}
`

// writeSpecs writes specs (name: text) into a new folder and returns
// its path.
func writeSpecs(t *testing.T, specs map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "specs")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range specs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A teacher edition gets its own cover, sized for its own pages, and the
// manifest gives its page count and spine; the paper is KDP's words.
func TestTeacherEditionCover(t *testing.T) {
	specs := writeSpecs(t, map[string]string{"class.yaml": classSpec})
	jobs, err := Jobs([]string{specs}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, f := range jobs[0].Files {
		kinds = append(kinds, f.Name)
	}
	if got := strings.Join(kinds, " "); got != "class.pdf class-teacher.pdf class-cover.pdf class-teacher-cover.pdf" {
		t.Fatalf("files: %s", got)
	}
	out := filepath.Join(t.TempDir(), "books")
	results, err := Build(context.Background(), jobs, Options{Dir: out})
	if err != nil || results[0].Err != nil {
		t.Fatal(err, results[0].Err)
	}
	r := results[0]
	if r.TeacherCover != "class-teacher-cover.pdf" || r.TeacherCoverSHA256 == "" || r.Paper != "Black & white interior with cream paper" {
		t.Errorf("result: %+v", r)
	}
	for _, f := range []struct {
		name         string
		pages        int
		manifestPage int
		spine        float64
	}{{"class.pdf", r.Pages, r.Pages, r.SpineIn}, {"class-teacher.pdf", r.TeacherPages, r.TeacherPages, r.TeacherSpineIn}} {
		data, err := os.ReadFile(filepath.Join(out, f.name))
		if err != nil {
			t.Fatal(err)
		}
		info, err := ReadPDF(data)
		if err != nil || info.Pages != f.pages || f.pages < kdp.MinPages {
			t.Errorf("%s: %d pages read, %d in the manifest (%v)", f.name, info.Pages, f.pages, err)
		}
		if want := float64(f.pages) * 0.0025; math.Abs(f.spine-want) > 1e-9 {
			t.Errorf("%s: spine %g in, want %g on cream paper", f.name, f.spine, want)
		}
	}
	data, _ := os.ReadFile(filepath.Join(out, "class-teacher-cover.pdf"))
	info, err := ReadPDF(data)
	g := cover.Dims(8.5*spec.PointsPerInch, 11*spec.PointsPerInch, r.TeacherPages, spec.PaperCream)
	if err != nil || info.Pages != 1 || info.Title != "Class Mazes (teacher edition) (cover)" || math.Abs(info.Sizes[0][0]-g.Width) > sizeTolerance {
		t.Errorf("the teacher edition's cover: %+v, want %g pt wide (%v)", info, g.Width, err)
	}
}

// Survey writes, from the books in the folder, the manifest the
// catalogue run wrote, byte for byte, building nothing; and it names
// each book whose files are missing or do not match its spec, with every
// problem, the others still listed.
func TestSurvey(t *testing.T) {
	for _, c := range []struct {
		name string
		// change changes the folder of books, or the specs, after the
		// catalogue run.
		change func(t *testing.T, books, specs string)
		// want is what the error of each book says ("" for none).
		want map[string]string
	}{{
		name:   "every book there",
		change: func(*testing.T, string, string) {},
		want:   map[string]string{"class": "", "plain": ""},
	}, {
		name: "a teacher edition's cover missing",
		change: func(t *testing.T, books, _ string) {
			os.Remove(filepath.Join(books, "class-teacher-cover.pdf"))
		},
		want: map[string]string{"class": "class-teacher-cover.pdf is missing", "plain": ""},
	}, {
		name: "another book's interior in its place",
		change: func(t *testing.T, books, _ string) {
			data, _ := os.ReadFile(filepath.Join(books, "plain.pdf"))
			os.WriteFile(filepath.Join(books, "class.pdf"), data, 0o644)
		},
		want: map[string]string{"class": `class.pdf is titled "Plain", and its spec's is "Class Mazes"`, "plain": ""},
	}, {
		name: "a spec changed since its book was built",
		change: func(t *testing.T, _, specs string) {
			os.WriteFile(filepath.Join(specs, "plain.yaml"), []byte(plainSpec+"  - {count: 4, size: 6x6}\n"), 0o644)
		},
		want: map[string]string{"class": "", "plain": "plain.pdf has 3 pages, and its spec plans 8: build it again"},
	}, {
		name: "a cover for another page count",
		change: func(t *testing.T, books, _ string) {
			// The same book padded to 40 pages: its cover's spine is wider
			// (written although its blank end breaks the preset's rules).
			other := writeSpecs(t, map[string]string{"class.yaml": strings.Replace(classSpec, "pad: 24", "pad: 40\ncheck: {warn_only: true}", 1)})
			jobs, err := Jobs([]string{other}, spec.Options{})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if _, err := Build(context.Background(), jobs, Options{Dir: dir}); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(filepath.Join(dir, "class-cover.pdf"))
			os.WriteFile(filepath.Join(books, "class-cover.pdf"), data, 0o644)
		},
		want: map[string]string{"class": "class-cover.pdf is 17.35in x 11.25in, and the cover of 24 pages of its spec is 17.31in x 11.25in: build it again", "plain": ""},
	}, {
		name: "a spec's seed changed since, its title and page count the same",
		change: func(t *testing.T, _, specs string) {
			os.WriteFile(filepath.Join(specs, "plain.yaml"), []byte(strings.Replace(plainSpec, "seed: 8", "seed: 9", 1)), 0o644)
		},
		want: map[string]string{"class": "", "plain": "plain.yaml (its text, its seed or its page size has changed since): build it again"},
	}, {
		name: "a file cut short",
		change: func(t *testing.T, books, _ string) {
			data, _ := os.ReadFile(filepath.Join(books, "plain.pdf"))
			os.WriteFile(filepath.Join(books, "plain.pdf"), data[:len(data)/2], 0o644)
		},
		want: map[string]string{"class": "", "plain": "plain.pdf is not a book mazebook wrote, or is damaged: it does not end with %%EOF"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			specs := writeSpecs(t, map[string]string{"class.yaml": classSpec, "plain.yaml": plainSpec})
			jobs, err := Jobs([]string{specs}, spec.Options{})
			if err != nil {
				t.Fatal(err)
			}
			books := filepath.Join(filepath.Dir(specs), "books")
			if _, err := Build(context.Background(), jobs, Options{Dir: books, Creator: "mazebook test"}); err != nil {
				t.Fatal(err)
			}
			built := map[string][]byte{}
			for _, m := range ManifestFiles {
				built[m], _ = os.ReadFile(filepath.Join(books, m))
				os.Remove(filepath.Join(books, m))
			}
			c.change(t, books, specs)
			changed := snapshot(t, books)
			if jobs, err = Jobs([]string{specs}, spec.Options{}); err != nil {
				t.Fatal(err)
			}
			results, err := Survey(context.Background(), jobs, Options{Dir: books, Creator: "mazebook test"})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range results {
				got := ""
				if r.Err != nil {
					got = r.Err.Error()
				}
				if want := c.want[r.Job.Name]; want == "" && got != "" || !strings.Contains(got, want) {
					t.Errorf("%s: %q, want %q", r.Job.Name, got, want)
				}
			}
			after := snapshot(t, books)
			for _, m := range ManifestFiles {
				delete(after, m)
			}
			if !maps.Equal(after, changed) {
				t.Error("Survey changed a book")
			}
			if c.name == "every book there" {
				for _, m := range ManifestFiles {
					data, _ := os.ReadFile(filepath.Join(books, m))
					if !bytes.Equal(data, built[m]) {
						t.Errorf("%s is not the catalogue run's:\n%s\nwant\n%s", m, data, built[m])
					}
				}
			}
		})
	}
}

// plainSpec is a small book with no preset, of two pages.
const plainSpec = "title: Plain\nseed: 8\nsections:\n  - {count: 2, size: 6x6}\n"

// snapshot returns the content of each file in dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		out[e.Name()] = string(data)
	}
	return out
}

// Two books built from one seed share their mazes; when one's seed has
// changed since, the manifest does not call both complete with no maze
// repeated (the mazes of the spec as it is now are not those in its
// file): the book built from the older spec is named, and its mazes are
// not certified.
func TestSurveyStaleBookSharingMazes(t *testing.T) {
	book := "seed: 5\nsections:\n  - {count: 6, size: 7x7}\n"
	specs := writeSpecs(t, map[string]string{"a.yaml": "title: A\n" + book, "b.yaml": "title: B\n" + book})
	jobs, err := Jobs([]string{specs}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	books := filepath.Join(filepath.Dir(specs), "books")
	results, err := Build(context.Background(), jobs, Options{Dir: books})
	if err != nil || results[0].RepeatedMazes != 6 {
		t.Fatalf("the books built share %d mazes (%v)", results[0].RepeatedMazes, err)
	}
	os.WriteFile(filepath.Join(specs, "b.yaml"), []byte("title: B\n"+strings.Replace(book, "seed: 5", "seed: 6", 1)), 0o644)
	if jobs, err = Jobs([]string{specs}, spec.Options{}); err != nil {
		t.Fatal(err)
	}
	results, err = Survey(context.Background(), jobs, Options{Dir: books})
	if err != nil {
		t.Fatal(err)
	}
	if results[0].Err != nil || results[1].Err == nil || !strings.Contains(results[1].Err.Error(), "b.pdf was built from another version of") {
		t.Errorf("a: %v; b: %v, want b named as built from another version of its spec", results[0].Err, results[1].Err)
	}
	if results[1].Mazes != nil {
		t.Errorf("b's mazes certified: %v", results[1].Mazes)
	}
}

// Survey reads crafted files in a book's place within a small budget,
// and names each with what is wrong: page trees that say two thousand
// million and twenty million pages (the first made an earlier Survey
// allocate until the runtime died; the second, a recovered nil pointer),
// and a book with 1 GB of zeros after its end (read whole before; a
// sparse file here, which costs no disk).
func TestSurveyCraftedBooks(t *testing.T) {
	specs := writeSpecs(t, map[string]string{"plain.yaml": plainSpec})
	jobs, err := Jobs([]string{specs}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	books := filepath.Join(filepath.Dir(specs), "books")
	if _, err := Build(context.Background(), jobs, Options{Dir: books}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(books, "plain.pdf")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	survey := func() (uint64, error) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		results, err := Survey(context.Background(), jobs, Options{Dir: books})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		return after.TotalAlloc - before.TotalAlloc, results[0].Err
	}
	if _, err := survey(); err != nil {
		t.Fatal(err)
	}
	budget, _ := survey()
	budget += 8 << 20
	for _, c := range []struct {
		name  string
		write func() error
		want  string
	}{
		{"a count of 2000000000", func() error { return os.WriteFile(path, pdftest.Count(2_000_000_000, "Plain"), 0o644) }, "its page tree says 2000000000 pages, more than the 100000 a book may have"},
		{"a count of 20000000", func() error { return os.WriteFile(path, pdftest.Count(20_000_000, "Plain"), 0o644) }, "its page tree says 20000000 pages, more than the 100000 a book may have"},
		{"1 GB of zeros after its end", func() error {
			if err := os.WriteFile(path, good, 0o644); err != nil {
				return err
			}
			return os.Truncate(path, int64(len(good))+1<<30)
		}, "it does not end with %%EOF in its last 1024 bytes: something was added after its end"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.write(); err != nil {
				t.Fatal(err)
			}
			used, err := survey()
			if want := path + " is not a book mazebook wrote, or is damaged: " + c.want; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%v, want %q", err, want)
			}
			if used > budget {
				t.Errorf("%d bytes allocated, more than the %d of a survey of the book itself and 8 MB", used, budget)
			}
		})
	}
}
