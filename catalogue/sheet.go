package catalogue

import (
	"strconv"
	"strings"

	"mazebook/layout/spec"
)

// A Sheet is what KDP's paperback form asks of a book that its spec
// knows, each value as the form names it: a row of the upload sheet the
// manifest is (see Manifest). Every field is text, "" for one the spec
// does not give (the form then asks it, or KDP chooses: a free ISBN, the
// day it publishes).
type Sheet struct {
	Author                     string
	SeriesName, SeriesNumber   string
	EditionNumber              string
	Description                string
	Keywords, Categories       []string
	ReadingAgeMin              string // "Baby" is not a book's; "1" to "17", or "18+"
	ReadingAgeMax              string
	LargePrint                 string // "Yes" or "No"
	ISBN                       string
	PublicationDate            string // 2026-11-01
	Bleed                      string // KDP's "Bleed (PDF only)" or "No Bleed"
	CoverFinish                string // "Matte" or "Glossy"
	Prices                     map[string]string
	AIGenerated                string // "Yes", "No", or "" unsaid
	AITexts, AIImages, AITrans string
}

// The bleed settings as KDP's form names them.
const (
	KDPBleed   = "Bleed (PDF only)"
	KDPNoBleed = "No Bleed"
)

// aiWords are KDP's answers for each of AI-generated texts, images and
// translations, by the words of spec.AIUses.
var aiWords = map[string]string{
	"none":           "None",
	"some-minimal":   "Some sections, with minimal or no editing",
	"some-extensive": "Some sections, with extensive editing",
	"all-minimal":    "Entire work, with minimal or no editing",
	"all-extensive":  "Entire work, with extensive editing",
}

// newSheet returns the sheet of a parsed spec.
func newSheet(sp *spec.Book) Sheet {
	l := sp.Listing
	s := Sheet{
		Author: sp.Author, SeriesName: l.SeriesName, Description: l.Description,
		Keywords: l.Keywords, Categories: l.Categories, ISBN: l.ISBN,
		Bleed: KDPNoBleed, LargePrint: "No",
		AITexts: aiWords[l.AITexts], AIImages: aiWords[l.AIImages], AITrans: aiWords[l.AITranslations],
	}
	if l.SeriesNumber > 0 {
		s.SeriesNumber = strconv.Itoa(l.SeriesNumber)
	}
	if l.EditionNumber > 0 {
		s.EditionNumber = strconv.Itoa(l.EditionNumber)
	}
	if l.ReadingAgeFrom > 0 {
		age := func(a int) string {
			if a >= 18 {
				return "18+"
			}
			return strconv.Itoa(a)
		}
		s.ReadingAgeMin, s.ReadingAgeMax = age(l.ReadingAgeFrom), age(l.ReadingAgeTo)
	}
	if sp.Style.LargePrint {
		s.LargePrint = "Yes"
	}
	if !l.PublicationDate.IsZero() {
		s.PublicationDate = l.PublicationDate.Format("2006-01-02")
	}
	if sp.Page.Bleed {
		s.Bleed = KDPBleed
	}
	if l.CoverFinish != "" {
		s.CoverFinish = strings.ToUpper(l.CoverFinish[:1]) + l.CoverFinish[1:]
	}
	if len(l.Prices) > 0 {
		s.Prices = map[string]string{}
		for c, p := range l.Prices {
			digits := 2
			if c == "JPY" {
				digits = 0
			}
			s.Prices[c] = strconv.FormatFloat(p, 'f', digits, 64)
		}
	}
	switch said := l.AITexts != "" || l.AIImages != "" || l.AITranslations != ""; {
	case !said:
	case (l.AITexts == "" || l.AITexts == "none") && (l.AIImages == "" || l.AIImages == "none") && (l.AITranslations == "" || l.AITranslations == "none"):
		s.AIGenerated = "No"
	default:
		s.AIGenerated = "Yes"
	}
	return s
}

// sheetColumns are the manifest's columns of the upload sheet, in the
// order KDP's form asks them (details, then content, then pricing), the
// prices one column a currency.
var sheetColumns = append(append([]string{"author", "series_name", "series_number", "edition_number", "description", "keywords", "categories",
	"reading_age_min", "reading_age_max", "large_print", "isbn", "publication_date", "bleed", "cover_finish"},
	priceColumns()...), "ai_generated", "ai_texts", "ai_images", "ai_translations")

// priceColumns are the columns of the list prices: price_usd, ...
func priceColumns() []string {
	var out []string
	for _, c := range spec.Currencies {
		out = append(out, "price_"+strings.ToLower(c))
	}
	return out
}

// cells returns the sheet's cells, in the order of sheetColumns: in
// catalogue.csv, keywords and categories are each one cell, separated by
// "; " (a category's own words are separated by " / ").
func (s Sheet) cells() []string {
	out := []string{s.Author, s.SeriesName, s.SeriesNumber, s.EditionNumber, s.Description, strings.Join(s.Keywords, "; "), strings.Join(s.Categories, "; "),
		s.ReadingAgeMin, s.ReadingAgeMax, s.LargePrint, s.ISBN, s.PublicationDate, s.Bleed, s.CoverFinish}
	for _, c := range spec.Currencies {
		out = append(out, s.Prices[c])
	}
	return append(out, s.AIGenerated, s.AITexts, s.AIImages, s.AITrans)
}
