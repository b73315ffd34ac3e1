package words

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Every language says everything English says: each label (but "by",
// which some languages leave out), the how-to text with the same
// variables, every chart word with its %s, a story and an ending for
// every theme, and every studio text with the same placeholders; nothing
// English does not say.
func TestEveryLanguageSaysItAll(t *testing.T) {
	vars := regexp.MustCompile(`\{\{[^}]*\}\}|\{[a-z]+\}|%s`)
	same := func(a, b string) bool { return slices.Equal(vars.FindAllString(a, -1), vars.FindAllString(b, -1)) }
	seen := map[string]bool{}
	for _, code := range Codes() {
		l := For(code)
		if l == nil || l.Code != code || l.Name == "" || seen[code] {
			t.Fatalf("language %q: %v", code, l)
		}
		seen[code] = true
		lv, ev := reflect.ValueOf(l.Labels), reflect.ValueOf(en.Labels)
		for i := range lv.NumField() {
			if name := lv.Type().Field(i).Name; lv.Field(i).String() == "" && name != "By" {
				t.Errorf("%s: label %s is empty", code, name)
			}
		}
		if code != "en" && lv.Interface() == ev.Interface() {
			t.Errorf("%s: the labels are English", code)
		}
		if !same(l.HowTo, en.HowTo) {
			t.Errorf("%s: the how-to text has %v", code, vars.FindAllString(l.HowTo, -1))
		}
		cv, ecv := reflect.ValueOf(l.Chart), reflect.ValueOf(en.Chart)
		for i := range cv.NumField() {
			if !same(cv.Field(i).String(), ecv.Field(i).String()) || cv.Field(i).String() == "" {
				t.Errorf("%s: chart %s is %q", code, cv.Type().Field(i).Name, cv.Field(i).String())
			}
		}
		for _, m := range []struct {
			what     string
			got, eng map[string]string
		}{{"story", l.Stories, en.Stories}, {"ending", l.Endings, en.Endings}, {"studio text", l.Studio, en.Studio}} {
			for k, v := range m.eng {
				if m.got[k] == "" || !same(m.got[k], v) {
					t.Errorf("%s: %s %s is %q", code, m.what, k, m.got[k])
				}
			}
			for k := range m.got {
				if _, ok := m.eng[k]; !ok {
					t.Errorf("%s: %s %s is not one English has", code, m.what, k)
				}
			}
		}
		// As many prompts as English, each its own and none a story.
		said := map[string]bool{}
		for _, v := range l.Stories {
			said[v] = true
		}
		for _, v := range l.Prompts {
			if v == "" || said[v] || code != "en" && slices.Contains(en.Prompts, v) {
				t.Errorf("%s: the prompt %q is empty, said twice or English", code, v)
			}
			said[v] = true
		}
		if len(l.Prompts) != len(en.Prompts) || len(en.Prompts) < 3 {
			t.Errorf("%s: %d prompts, English %d (3 at the least)", code, len(l.Prompts), len(en.Prompts))
		}
	}
	for theme := range en.Stories {
		if en.Endings[theme] == "" {
			t.Errorf("the %s theme has a story and no ending", theme)
		}
	}
	for theme := range en.Endings {
		if en.Stories[theme] == "" {
			t.Errorf("the %s theme has an ending and no story", theme)
		}
	}
	if Or("xx") != &en || For("xx") != nil {
		t.Error("an unknown language is not English")
	}
	if got := For("fr").Story("no such theme"); got != "" {
		t.Errorf("a story of no theme: %q", got)
	}
	if got := For("fr").Ending("no such theme"); got != "" {
		t.Errorf("an ending of no theme: %q", got)
	}
}

// TestPunctuation checks each language's colon after the name and date
// labels, as its typography writes it (a no-break space before it in
// French, a full-width one in Chinese), and that no label brings a colon
// of its own; and that French sets a no-break space before every colon,
// exclamation and question mark and semicolon it prints in a book.
func TestPunctuation(t *testing.T) {
	colons := map[string]string{"fr": "\u00a0:", "zh": "："}
	for _, code := range Codes() {
		l := For(code).Labels
		want := colons[code]
		if want == "" {
			want = ":"
		}
		if l.Colon != want {
			t.Errorf("%s: colon %q, want %q", code, l.Colon, want)
		}
		for _, label := range []string{l.Name, l.Date} {
			if strings.ContainsAny(label, ":：") {
				t.Errorf("%s: the label %q has a colon of its own", code, label)
			}
		}
	}
	fr := For("fr")
	texts := []string{fr.HowTo, fr.Chart.Title, fr.Chart.Untitled, fr.Labels.Colon}
	for _, m := range []map[string]string{fr.Stories, fr.Endings} {
		for _, s := range m {
			texts = append(texts, s)
		}
	}
	texts = append(texts, fr.Prompts...)
	for _, s := range texts {
		r := []rune(s)
		for i, c := range r {
			if strings.ContainsRune(":!?;", c) && (i == 0 || r[i-1] != '\u00a0' && r[i-1] != '\u202f') {
				t.Errorf("fr: %q has no no-break space before %q", s, c)
			}
		}
	}
}
