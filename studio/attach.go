package studio

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"testing/fstest"
	"unicode/utf8"

	"mazebook/files"
	"mazebook/internal/say"
	"mazebook/layout/picture"
	"mazebook/layout/spec"
	"mazebook/layout/typeface"
	"mazebook/maze/difficulty"
)

// Bounds of the files attached to a book (pictures, masks and fonts a
// spec names): one file is as large as the spec reads for its kind (see
// AttachLimit), a book has at most MaxAttachments files of at most
// MaxAttachedBytes together, and the studio holds at most maxStoreBytes
// of files sent to it (the least recently sent dropped first; the files
// 'mazebook serve' preloads are always kept).
const (
	MaxAttachments   = 16
	MaxAttachedBytes = 48 << 20
	maxStoreBytes    = 128 << 20
	// maxAttachBody is the largest body the attach endpoint reads: the
	// largest of the kinds' limits.
	maxAttachBody = spec.MaxFontFile
)

// addFileWords are the words of the page's button, which messages name.
const addFileWords = `"Add a picture, mask or font"`

// attachKinds are the files a book may attach, by extension: the most
// bytes the spec reads of such a file, and what it is.
var attachKinds = map[string]struct {
	limit int
	what  say.Text
}{
	".png":  {spec.MaxMaskFile, say.T("a PNG picture")},
	".jpg":  {spec.MaxMaskFile, say.T("a JPEG picture")},
	".jpeg": {spec.MaxMaskFile, say.T("a JPEG picture")},
	".svg":  {picture.MaxFile, say.T("an SVG picture")},
	".txt":  {spec.MaxMaskFile, say.T("a text mask (X and . art)")},
	".ttf":  {spec.MaxFontFile, say.T("a TrueType font")},
	".otf":  {spec.MaxFontFile, say.T("an OpenType font")},
	// A difficulty model (difficulty_model: FILE, as 'mazebook
	// calibrate -o' writes it).
	".yaml": {difficulty.MaxModelBytes, say.T("a difficulty model")},
	".yml":  {difficulty.MaxModelBytes, say.T("a difficulty model")},
}

// AttachLimit returns the most bytes a file of this name may hold, as
// the spec reads it (a PNG or JPEG mask or picture 16 MB, an SVG picture
// 5 MB, a .txt mask 16 MB, a font 20 MB, a difficulty model 1 MB), or an
// error for a name the studio does not attach.
func AttachLimit(name string) (int, error) {
	if err := CheckAttachName(name); err != nil {
		return 0, err
	}
	k, ok := attachKinds[strings.ToLower(path.Ext(name))]
	if !ok {
		return 0, say.Errorf("%q: attach a picture (.png, .jpg, .svg), a mask (.png, .jpg, .txt) or a font (.ttf, .otf)", name)
	}
	return k.limit, nil
}

// CheckAttachName reports whether name may name an attached file: a
// plain file name, with no folder ('/' or '\'), no '..', not hidden (no
// leading '.'), no ':', at most 100 bytes, and one the command line would
// write (see files.RiskyName: no control, bidirectional or invisible
// character, no Windows device name), as the spec's zip holds it and
// 'mazebook build' reads it once unpacked.
func CheckAttachName(name string) error {
	switch {
	case name == "":
		return errors.New("the file has no name")
	case len(name) > 100:
		return say.Errorf("the file name %.40q… is longer than 100 bytes", name)
	case !utf8.ValidString(name):
		return errors.New("the file name is not UTF-8 text")
	case strings.ContainsAny(name, `/\`):
		return say.Errorf("%q: attach a file by its plain name, with no folder (no / or \\)", name)
	case strings.Contains(name, ".."):
		return say.Errorf("%q: a file name may not hold '..'", name)
	case strings.HasPrefix(name, "."):
		return say.Errorf("%q: a file name may not start with '.' (a hidden file)", name)
	}
	switch {
	case files.ControlIn(name) != "" || strings.Contains(name, ":"):
		return say.Errorf("%q: a file name may not hold control characters or ':'", name)
	case files.RiskyName(name) != "":
		return say.Errorf("%q: a file name may not be a device name of Windows (CON, PRN, AUX, NUL, COM1 to COM9, LPT1 to LPT9)", name)
	}
	return nil
}

// CheckAttachment reports whether data may be attached as name: a plain
// name of a known kind, no larger than its kind's limit, whose content
// is what its extension says (a PNG starts as a PNG and its header
// reads, a font loads, an SVG or a .txt mask is UTF-8 text).
func CheckAttachment(name string, data []byte) error {
	limit, err := AttachLimit(name)
	if err != nil {
		return err
	}
	if len(data) > limit {
		return say.Errorf("%s is larger than %d MB, the most the spec reads of such a file", name, limit>>20)
	}
	if len(data) == 0 {
		return say.Errorf("%s is empty", name)
	}
	ext := strings.ToLower(path.Ext(name))
	what := attachKinds[ext].what
	notA := func(err error) error {
		if err != nil {
			return say.Errorf("%s cannot be read as %s: %v", name, what, err)
		}
		return say.Errorf("%s cannot be read as %s", name, what)
	}
	switch ext {
	case ".png":
		if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
			return notA(nil)
		}
		if _, err := png.DecodeConfig(bytes.NewReader(data)); err != nil {
			return notA(err)
		}
	case ".jpg", ".jpeg":
		if !bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}) {
			return notA(nil)
		}
		if _, err := jpeg.DecodeConfig(bytes.NewReader(data)); err != nil {
			return notA(err)
		}
	case ".svg":
		if !utf8.Valid(data) || !bytes.Contains(data, []byte("<svg")) {
			return notA(nil)
		}
	case ".txt":
		if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
			return notA(nil)
		}
	case ".ttf", ".otf":
		if _, err := typeface.Load(name, data); err != nil {
			return notA(err)
		}
	case ".yaml", ".yml":
		if _, err := difficulty.ParseModel(name, data); err != nil {
			return notA(err)
		}
	}
	return nil
}

// isModel reports whether a .yaml file is a difficulty model rather than
// a spec: a model is a mapping of people alone, which no spec is.
func isModel(name string, data []byte) bool {
	_, err := difficulty.ParseModel(name, data)
	return err == nil
}

// fileRef names an attached file: its name in the spec and the hash of
// its content (its id).
type fileRef struct {
	Name string `json:"name"`
	ID   string `json:"id"`
}

// attachedFile describes an attached file to the page.
type attachedFile struct {
	Name string `json:"name"`
	ID   string `json:"id"`
	Size int    `json:"size"`
}

// idOf returns the id of a file's content: its SHA-256, as hex.
func idOf(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

func validID(id string) bool {
	if len(id) != 64 {
		return false
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// store holds the content of the files sent to the studio, by id.
type store struct {
	mu    sync.Mutex
	files map[string]*stored
	order []string // unpinned ids, least recently used first
	bytes int      // of the unpinned files
}

type stored struct {
	data   []byte
	pinned bool
}

func newStore() *store { return &store{files: map[string]*stored{}} }

// put keeps data and returns its id; a pinned file is never dropped.
func (st *store) put(data []byte, pinned bool) string {
	id := idOf(data)
	st.mu.Lock()
	defer st.mu.Unlock()
	if f, ok := st.files[id]; ok {
		if pinned && !f.pinned {
			f.pinned = true
			st.bytes -= len(f.data)
			st.order = slices.DeleteFunc(st.order, func(x string) bool { return x == id })
		} else if !f.pinned {
			st.order = touch(st.order, id)
		}
		return id
	}
	st.files[id] = &stored{data: data, pinned: pinned}
	if pinned {
		return id
	}
	st.order = append(st.order, id)
	st.bytes += len(data)
	for st.bytes > maxStoreBytes && len(st.order) > 1 {
		victim := st.order[0]
		st.order = st.order[1:]
		st.bytes -= len(st.files[victim].data)
		delete(st.files, victim)
	}
	return id
}

// get returns the content of the file with id, or false.
func (st *store) get(id string) ([]byte, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	f, ok := st.files[id]
	if !ok {
		return nil, false
	}
	if !f.pinned {
		st.order = touch(st.order, id)
	}
	return f.data, true
}

// readRefs reads the files a request names in its "files" query value:
// a JSON list of {"name": ..., "id": ...}. It checks the names and the
// bounds of a book's files, and returns them sorted by name; a list it
// refuses is an error of the request's (422).
func (s *Server) readRefs(q string) ([]fileRef, error) {
	if q == "" {
		return nil, nil
	}
	var refs []fileRef
	if err := json.Unmarshal([]byte(q), &refs); err != nil {
		return nil, errorf(http.StatusUnprocessableEntity, "the list of attached files is not JSON: %v", err)
	}
	refs, err := s.checkRefs(refs)
	if err != nil {
		return nil, unprocessable(err)
	}
	return refs, nil
}

// checkRefs checks a book's files: known names, each once, ids the
// studio holds, within the bounds.
func (s *Server) checkRefs(refs []fileRef) ([]fileRef, error) {
	if len(refs) > MaxAttachments {
		return nil, say.Errorf("a book may attach at most %d files, not %d: remove some", MaxAttachments, len(refs))
	}
	refs = slices.Clone(refs)
	slices.SortFunc(refs, func(a, b fileRef) int { return strings.Compare(a.Name, b.Name) })
	total := 0
	for i, r := range refs {
		if _, err := AttachLimit(r.Name); err != nil {
			return nil, err
		}
		if i > 0 && refs[i-1].Name == r.Name {
			return nil, say.Errorf("%s is attached twice: remove one", r.Name)
		}
		data, ok := s.files.get(r.ID)
		if !validID(r.ID) || !ok {
			return nil, say.Errorf("the studio no longer holds %s: attach it again", r.Name)
		}
		total += len(data)
	}
	if total > MaxAttachedBytes {
		return nil, say.Errorf("the attached files hold %d MB together, more than the %d MB a book may attach: remove some", total>>20, MaxAttachedBytes>>20)
	}
	return refs, nil
}

// attachedFS returns the files of refs as a read-only file system, for
// spec.ParseFS; a name not attached is an error that says how to attach
// it.
func (s *Server) attachedFS(refs []fileRef) (fs.FS, error) {
	m := attached{}
	for _, r := range refs {
		data, ok := s.files.get(r.ID)
		if !ok {
			return nil, say.Errorf("the studio no longer holds %s: attach it again", r.Name)
		}
		m[r.Name] = &fstest.MapFile{Data: data, Mode: 0o444}
	}
	return m, nil
}

// attached is the files attached to a book, by name.
type attached fstest.MapFS

// Open opens an attached file; any other name is an error saying how to
// attach it.
func (a attached) Open(name string) (fs.File, error) {
	if _, ok := a[name]; !ok || !fs.ValidPath(name) || name == "." {
		return nil, &fs.PathError{Op: "open", Path: name, Err: notAttached(name)}
	}
	return fstest.MapFS(a).Open(name)
}

// notAttached is the error of a file a spec names that is not attached.
type notAttached string

func (n notAttached) Error() string {
	name := string(n)
	if strings.ContainsAny(name, `/\`) {
		return fmt.Sprintf("not attached: the studio holds files by their plain name; write %q and attach it with %s", path.Base(strings.ReplaceAll(name, `\`, "/")), addFileWords)
	}
	return fmt.Sprintf("not attached: attach %s with %s", name, addFileWords)
}

func (n notAttached) Is(target error) bool { return target == fs.ErrNotExist }

// recorder is a file system that notes the names opened in it.
type recorder struct {
	fsys  fs.FS
	mu    sync.Mutex
	names []string
}

func (r *recorder) Open(name string) (fs.File, error) {
	f, err := r.fsys.Open(name)
	// A name that exists but cannot be opened (a link out of the folder)
	// is noted too, so that SpecFiles says why it is left out.
	if _, lerr := fs.Lstat(r.fsys, name); err == nil || lerr == nil {
		r.mu.Lock()
		if !slices.Contains(r.names, name) {
			r.names = append(r.names, name)
		}
		r.mu.Unlock()
	}
	return f, err
}

// SpecFiles returns the files a spec reads from fsys (its masks,
// pictures and fonts), to attach to a studio (Options.Files): the spec
// is parsed with fsys, the names it opens noted and their files read.
// Files the studio cannot attach (a name in a folder, a kind it does not
// know, a file too large or not what its name says, the files beyond a
// book's bounds) are not returned but described in skipped. A spec with errors returns the files its valid
// parts read; its errors are the studio's to show.
func SpecFiles(file string, data []byte, fsys fs.FS) (found map[string][]byte, skipped []string) {
	rec := &recorder{fsys: fsys}
	_, _ = spec.ParseFS(file, data, rec)
	found = map[string][]byte{}
	total := 0
	for _, name := range rec.names {
		if err := CheckAttachName(name); err != nil {
			skipped = append(skipped, err.Error())
			continue
		}
		limit, err := AttachLimit(name)
		if err != nil {
			skipped = append(skipped, err.Error())
			continue
		}
		content, err := readLimited(fsys, name, limit)
		if err == nil {
			err = CheckAttachment(name, content)
		}
		if err != nil {
			skipped = append(skipped, err.Error())
			continue
		}
		if len(found) == MaxAttachments || total+len(content) > MaxAttachedBytes {
			skipped = append(skipped, fmt.Sprintf("%s: a book may attach at most %d files of %d MB together", name, MaxAttachments, MaxAttachedBytes>>20))
			continue
		}
		found[name] = content
		total += len(content)
	}
	return found, skipped
}

// readLimited reads a regular file of fsys of at most limit bytes.
func readLimited(fsys fs.FS, name string, limit int) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, say.Errorf("%s: not a regular file", name)
	}
	data, err := files.ReadAll(f, name, int64(limit))
	var tl *files.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, say.Errorf("%s is larger than %d MB, the most the spec reads of such a file", name, max(1, limit>>20))
	case err != nil:
		return nil, say.Errorf("%s: %v", name, files.Reason(err))
	}
	return data, nil
}

// maxOpenBody is the largest zip the open endpoint reads: a spec and a
// book's files, with room for the zip's own records.
const maxOpenBody = MaxAttachedBytes + spec.MaxSpecSize + 1<<20

// openZip reads a zip of a spec and its files, as Download spec writes
// it: one .yaml (or .yml) file and the files the book attaches, each by
// a plain name (folders are refused; the zip's own folder entries and
// macOS's __MACOSX/ records are passed over). Each file is checked as an
// added file is, and read no further than its kind's limit, so that a
// small zip cannot unpack into a large one. It returns the spec and the
// files, by name.
func openZip(data []byte) (yaml []byte, attached map[string][]byte, err error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, nil, say.Errorf("not a zip of a spec and its files: %v", err)
	}
	if len(zr.File) > MaxAttachments+8 {
		return nil, nil, say.Errorf("the zip holds %d files: a spec and at most %d files are expected", len(zr.File), MaxAttachments)
	}
	attached = map[string][]byte{}
	total := 0
	var specName string
	for _, f := range zr.File {
		name := f.Name
		if strings.HasSuffix(name, "/") || strings.HasPrefix(name, "__MACOSX/") {
			continue
		}
		ext := strings.ToLower(path.Ext(name))
		isYAML := ext == ".yaml" || ext == ".yml"
		limit := spec.MaxSpecSize
		if !isYAML {
			if limit, err = AttachLimit(name); err != nil {
				return nil, nil, say.Errorf("in the zip: %v", err)
			}
		} else if err := CheckAttachName(name); err != nil {
			return nil, nil, say.Errorf("in the zip: %v", err)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, nil, say.Errorf("in the zip, %s: %v", name, err)
		}
		content, err := files.ReadAll(rc, name, int64(limit))
		rc.Close()
		var tl *files.TooLargeError
		switch {
		case errors.As(err, &tl):
			return nil, nil, say.Errorf("in the zip, %s is larger than %d MB, the most the spec reads of such a file", name, max(1, limit>>20))
		case err != nil:
			return nil, nil, say.Errorf("in the zip, %s: %v", name, files.Reason(err))
		}
		// A .yaml is the spec, or a difficulty model the spec names.
		if isYAML && !isModel(name, content) {
			if specName != "" {
				return nil, nil, say.Errorf("the zip holds two specs, %s and %s: keep one", specName, name)
			}
			specName, yaml = name, content
			continue
		}
		if err := CheckAttachment(name, content); err != nil {
			return nil, nil, say.Errorf("in the zip: %v", err)
		}
		if _, dup := attached[name]; dup {
			return nil, nil, say.Errorf("the zip holds %s twice", name)
		}
		total += len(content)
		if len(attached) == MaxAttachments || total > MaxAttachedBytes {
			return nil, nil, say.Errorf("the zip holds more files than a book may attach (%d files, %d MB together)", MaxAttachments, MaxAttachedBytes>>20)
		}
		attached[name] = content
	}
	if specName == "" {
		return nil, nil, errors.New("the zip holds no spec (a .yaml file)")
	}
	return yaml, attached, nil
}

// attach keeps a file sent to be attached to a book (the body; its name
// in the query's "name"), once it is checked: a plain name of a known
// kind, within its kind's size, content of that kind, and the book's
// files with it (the query's "files", as for check) within their bounds.
// It answers {"file": {"name", "id", "size"}}: the page names the file by
// its id from then on.
func (s *Server) attach(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	limit, err := AttachLimit(name)
	if err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	refs, err := s.readRefs(r.URL.Query().Get("files"))
	if err != nil {
		fail(w, r, err)
		return
	}
	refs = slices.DeleteFunc(refs, func(x fileRef) bool { return x.Name == name })
	if len(refs)+1 > MaxAttachments {
		fail(w, r, errorf(http.StatusUnprocessableEntity, "a book may attach at most %d files: remove one before adding %s", MaxAttachments, name))
		return
	}
	// The body first, bounded in size and time: a slot is for work, not
	// for waiting on a client.
	data, err := s.readBody(w, r, int64(limit))
	if err != nil {
		if errors.As(err, new(*http.MaxBytesError)) {
			err = errorf(http.StatusRequestEntityTooLarge, "%s is larger than %d MB, the most the spec reads of such a file", name, limit>>20)
		}
		fail(w, r, err)
		return
	}
	if !s.acquire(r) {
		fail(w, r, r.Context().Err())
		return
	}
	defer s.release()
	if err := CheckAttachment(name, data); err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	total := len(data)
	for _, x := range refs {
		d, _ := s.files.get(x.ID)
		total += len(d)
	}
	if total > MaxAttachedBytes {
		fail(w, r, errorf(http.StatusUnprocessableEntity, "with %s the attached files would hold %d MB, more than the %d MB a book may attach: remove some", name, total>>20, MaxAttachedBytes>>20))
		return
	}
	id := s.files.put(data, false)
	writeJSON(w, http.StatusOK, map[string]attachedFile{"file": {Name: name, ID: id, Size: len(data)}})
}

// openSpecZip reads a zip of a spec and its files (the body; see
// openZip), keeps the files as attach does, and answers with the spec's
// text and the files: {"yaml": ..., "files": [{"name", "id", "size"}]}.
func (s *Server) openSpecZip(w http.ResponseWriter, r *http.Request) {
	data, err := s.readBody(w, r, -1)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			err = errorf(http.StatusRequestEntityTooLarge, "the zip is larger than %d MB", mbe.Limit>>20)
		}
		fail(w, r, err)
		return
	}
	if !s.acquire(r) {
		fail(w, r, r.Context().Err())
		return
	}
	defer s.release()
	yaml, files, err := openZip(data)
	if err != nil {
		fail(w, r, unprocessable(err))
		return
	}
	out := struct {
		YAML  string         `json:"yaml"`
		Files []attachedFile `json:"files"`
	}{YAML: string(yaml), Files: []attachedFile{}}
	for name, content := range files {
		out.Files = append(out.Files, attachedFile{Name: name, ID: s.files.put(content, false), Size: len(content)})
	}
	slices.SortFunc(out.Files, func(a, b attachedFile) int { return strings.Compare(a.Name, b.Name) })
	writeJSON(w, http.StatusOK, out)
}
