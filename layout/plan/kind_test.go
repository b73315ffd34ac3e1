package plan

import "testing"

// TestEveryKindNamed checks that every kind of page has a name of its
// own, so that a kind added is named where the others are.
func TestEveryKindNamed(t *testing.T) {
	seen := map[string]Kind{}
	for k := TitlePage; k <= NotesPage; k++ {
		name := k.String()
		if name == "" || name[0] == 'K' {
			t.Errorf("kind %d has no name", int(k))
		}
		if prev, dup := seen[name]; dup {
			t.Errorf("kinds %d and %d are both %q", int(prev), int(k), name)
		}
		seen[name] = k
	}
	if got := (NotesPage + 1).String(); got != "Kind(11)" {
		t.Errorf("a kind past the last is %q, want Kind(11)", got)
	}
}
