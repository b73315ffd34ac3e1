package studio

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
)

const modelYAML = "people:\n  - name: ourclass\n    sight: 6\n    pull: 2.5\n    step: 1\n    turn: 0.2\n    look: 0.05\n    wrong: 0.16\n"

const modelSpec = "title: Model\ndifficulty_model: model.yaml\nsections:\n  - {count: 2, size: 6x6}\n"

// A spec that names a difficulty model is usable in the studio: the
// model is attached as the spec's error says, from the folder
// 'mazebook serve' reads, or in a zip with the spec (which is not two
// specs); a file that is no model is refused.
func TestDifficultyModelInTheStudio(t *testing.T) {
	s := newServer(t, Options{})
	if _, r := checkWith(t, s, modelSpec, nil); len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "attach model.yaml") {
		t.Fatalf("without the model: %+v", r.Errors)
	}
	ref := attachOK(t, s, "model.yaml", []byte(modelYAML))
	if code, r := checkWith(t, s, modelSpec, []fileRef{ref}); code != 200 || len(r.Errors) != 0 || r.Mazes != 2 {
		t.Fatalf("with the model: %d %+v", code, r.Errors)
	}
	if w := upload(t, s, "notes.yaml", []byte("sections: []\n"), nil); w.Code != 422 || !strings.Contains(w.Body.String(), "cannot be read as a difficulty model") {
		t.Errorf("a spec attached as a model: %d %s", w.Code, w.Body.String())
	}

	// 'mazebook serve' attaches it from the spec's folder.
	found, skipped := SpecFiles("s.yaml", []byte(modelSpec), fstest.MapFS{"model.yaml": {Data: []byte(modelYAML)}})
	if len(skipped) != 0 || string(found["model.yaml"]) != modelYAML {
		t.Errorf("SpecFiles: %v, skipped %v", found, skipped)
	}

	// A zip of the spec and its model.
	z := zipOf(t, "s.yaml", []byte(modelSpec), "model.yaml", []byte(modelYAML))
	w := do(t, s, "POST", "/"+token+"/api/open", z)
	var got struct {
		YAML  string
		Files []attachedFile
	}
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 || got.YAML != modelSpec || len(got.Files) != 1 || got.Files[0].Name != "model.yaml" {
		t.Fatalf("open: %d %s", w.Code, w.Body.String())
	}
	if w := do(t, s, "POST", "/"+token+"/api/open", zipOf(t, "a.yaml", []byte(modelSpec), "b.yaml", []byte(modelSpec))); w.Code != 422 || !strings.Contains(w.Body.String(), "two specs") {
		t.Errorf("two specs: %d %s", w.Code, w.Body.String())
	}
}
