package spec

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// A Listing is what a print-on-demand dashboard asks of a book that its
// pages do not say: the fields of KDP's paperback form a spec can know,
// read from the spec's listing mapping, which the catalogue's manifest
// carries as an upload sheet.
//
//	listing:
//	  description: Forty mazes that start easy...   # default: cover.back
//	  keywords: [mazes for kids, puzzle book, activity book]
//	  categories: ["Juvenile Nonfiction / Games & Activities / Mazes"]
//	  reading_age: 8-12          # default: the sections' ages, when all give them
//	  isbn: 978-1-23456-789-7    # blank unless given
//	  publication_date: 2026-11-01
//	  cover_finish: matte        # or glossy
//	  prices: {USD: 7.99, GBP: 6.49, EUR: 7.49}
//	  ai_content: none           # or {texts: none, images: some-minimal, translations: all-extensive}
//	  edition_number: 2
//	  series_name: Maze Quest    # default: the title of a series' spec, without the volume
//
// An edition's listing mapping changes only the keys it names (its own
// description, its keywords in its language).
type Listing struct {
	// Description is the book's description on its product page (at most
	// MaxDescription characters): the back cover's text unless given.
	Description string
	// Keywords are at most MaxKeywords search words or phrases;
	// Categories at most MaxCategories of the store's categories, as its
	// form names them.
	Keywords   []string
	Categories []string
	// ReadingAgeFrom and ReadingAgeTo are the reading age, 0 for none.
	ReadingAgeFrom, ReadingAgeTo int
	// ISBN is the book's ISBN-13, hyphenated as given, and TeacherISBN
	// its teacher edition's, another title with its own; empty for none
	// (KDP gives a free one).
	ISBN, TeacherISBN string
	// PublicationDate is the date the book was first published; zero
	// for none (the date KDP publishes it).
	PublicationDate time.Time
	// CoverFinish is "matte", "glossy", or "" when not given.
	CoverFinish string
	// Prices are the list prices by currency (see Currencies).
	Prices map[string]float64
	// AITexts, AIImages and AITranslations say how far AI tools made the
	// book's texts, images and translations (see AIUses), "" when the
	// spec does not say.
	AITexts, AIImages, AITranslations string
	// EditionNumber is the book's edition number (1 for a first
	// edition), 0 when not given.
	EditionNumber int
	// SeriesName is the series the book is a volume of, SeriesNumber its
	// number in it: a spec with a series gives its title and the volume
	// unless series_name says otherwise; empty and 0 for none.
	SeriesName   string
	SeriesNumber int
}

// The most a listing holds, as KDP's form takes it.
const (
	MaxKeywords    = 7
	MaxKeyword     = 50
	MaxCategories  = 3
	MaxDescription = 4000
	MaxPrice       = 100_000
)

// Currencies are the currencies of KDP's marketplaces a listing gives
// prices in, in the order the manifest lists them.
var Currencies = []string{"USD", "GBP", "EUR", "CAD", "AUD", "JPY", "PLN", "SEK"}

// AIUses are the words of a listing's ai_content, for each of texts,
// images and translations, in the order of KDP's choices.
var AIUses = []string{"none", "some-minimal", "some-extensive", "all-minimal", "all-extensive"}

// listing reads the listing mapping.
func (d *decoder) listing(n *yaml.Node, path string) {
	l := &d.spec.Listing
	d.mapping(n, path, "listing", map[string]field{
		"description":      d.text(&l.Description, MaxDescription),
		"keywords":         d.texts(&l.Keywords, MaxKeywords, MaxKeyword),
		"categories":       d.texts(&l.Categories, MaxCategories, MaxText),
		"reading_age":      d.readingAge,
		"isbn":             d.isbn(&l.ISBN),
		"teacher_isbn":     d.isbn(&l.TeacherISBN),
		"publication_date": d.dayField(&l.PublicationDate),
		"cover_finish":     d.oneOf(&l.CoverFinish, "matte", "glossy"),
		"prices":           d.prices,
		"ai_content":       d.aiContent,
		"edition_number":   d.integer(&l.EditionNumber, 1, 999),
		"series_name":      d.str(&l.SeriesName),
	})
}

// texts reads a list of at most most texts, each of at most long
// characters; a single text is a list of one.
func (d *decoder) texts(dst *[]string, most, long int) field {
	return func(n *yaml.Node, path string) {
		items := []*yaml.Node{n}
		if n.Kind == yaml.SequenceNode {
			items = n.Content
		} else if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
			d.errorf(n, "%s must be a list of texts, not %s", lastKey(path), describe(n))
			return
		}
		if len(items) > most {
			d.errorf(n, "%s lists %d; KDP takes at most %d", lastKey(path), len(items), most)
			return
		}
		var out []string
		for _, it := range items {
			var s string
			d.text(&s, long)(it, path)
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
		*dst = out
	}
}

// readingAge reads a reading age as the sections' ages are written:
// "8-12", "8" or "12+".
func (d *decoder) readingAge(n *yaml.Node, path string) {
	v, ok := d.scalar(n, "reading_age")
	if !ok {
		return
	}
	from, to, err := ParseAges(v)
	if err != nil {
		d.errorf(n, "reading_age: %v", err)
		return
	}
	d.spec.Listing.ReadingAgeFrom, d.spec.Listing.ReadingAgeTo = from, min(to, 18)
}

// isbn reads an ISBN-13: 13 digits, hyphens or spaces between them,
// starting with 978 or 979, the last its check digit.
func (d *decoder) isbn(dst *string) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		if !ValidISBN(v) {
			d.errorf(n, "isbn %q is not an ISBN-13: 13 digits starting with 978 or 979 (hyphens allowed), the last its check digit", v)
			return
		}
		*dst = strings.TrimSpace(v)
	}
}

// ValidISBN reports whether s is an ISBN-13 (hyphens and spaces between
// its digits allowed) whose check digit is right.
func ValidISBN(s string) bool {
	var digits []int
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, int(r-'0'))
		case r == '-' || r == ' ':
		default:
			return false
		}
	}
	if len(digits) != 13 || digits[0] != 9 || digits[1] != 7 || digits[2] != 8 && digits[2] != 9 {
		return false
	}
	sum := 0
	for i, v := range digits[:12] {
		sum += v * (1 + 2*(i%2))
	}
	return (10-sum%10)%10 == digits[12]
}

// dayField reads a date as the spec's date is written.
func (d *decoder) dayField(dst *time.Time) field {
	return func(n *yaml.Node, path string) {
		v, ok := d.scalar(n, lastKey(path))
		if !ok {
			return
		}
		t, err := time.Parse("2006-01-02", v)
		if err != nil {
			d.errorf(n, "%s must be a day such as 2026-09-01, not %q", lastKey(path), v)
			return
		}
		*dst = t
	}
}

// prices reads the list prices, a mapping of currencies to amounts.
func (d *decoder) prices(n *yaml.Node, path string) {
	l := &d.spec.Listing
	fields := map[string]field{}
	for _, c := range Currencies {
		fields[c] = func(v *yaml.Node, path string) {
			s, ok := d.scalar(v, c)
			if !ok {
				return
			}
			f, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(f) || f <= 0 || f > MaxPrice || decimals(s) > 2 {
				d.errorf(v, "a price is an amount such as 7.99, more than 0 and with at most two decimals, not %q", s)
				return
			}
			if l.Prices == nil {
				l.Prices = map[string]float64{}
			}
			l.Prices[c] = f
		}
	}
	d.mapping(n, path, "prices", fields)
}

// decimals returns how many digits a number written as s has after its
// point.
func decimals(s string) int {
	if _, frac, ok := strings.Cut(s, "."); ok {
		return utf8.RuneCountInString(frac)
	}
	return 0
}

// aiContent reads what AI tools made of the book: one of AIUses for all
// of texts, images and translations, or a mapping of each.
func (d *decoder) aiContent(n *yaml.Node, path string) {
	l := &d.spec.Listing
	if n.Kind == yaml.ScalarNode {
		var v string
		d.oneOf(&v, AIUses...)(n, path)
		l.AITexts, l.AIImages, l.AITranslations = v, v, v
		return
	}
	d.mapping(n, path, "ai_content", map[string]field{
		"texts":        d.oneOf(&l.AITexts, AIUses...),
		"images":       d.oneOf(&l.AIImages, AIUses...),
		"translations": d.oneOf(&l.AITranslations, AIUses...),
	})
}

// settleListing fills in what a listing takes from the rest of the spec:
// the description from the back cover, the reading age from the
// sections' ages when every section gives them.
func (d *decoder) settleListing() {
	s := d.spec
	l := &s.Listing
	if !s.Given("listing.description") {
		l.Description = strings.TrimSpace(s.Cover.Back)
	}
	if !s.Given("listing.reading_age") && len(s.Sections) > 0 {
		from, to := 0, 0
		for _, sec := range s.Sections {
			a, b, err := ParseAges(sec.Ages)
			if sec.Ages == "" || err != nil {
				return
			}
			if from == 0 || a < from {
				from = a
			}
			to = max(to, min(b, 18))
		}
		l.ReadingAgeFrom, l.ReadingAgeTo = from, to
	}
}

// TeacherSubtitle is the subtitle of the book's teacher edition, on its
// cover and in its listing: the book's own ("Grade 1") and the edition's
// name in the book's language ("Grade 1 · Teacher edition"), or the name
// alone when the book has no subtitle.
func (b *Book) TeacherSubtitle() string {
	if b.Subtitle == "" {
		return b.Labels().Teacher
	}
	return b.Subtitle + " · " + b.Labels().Teacher
}
