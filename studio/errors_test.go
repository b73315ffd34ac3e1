package studio

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"mazebook/internal/say"
	"mazebook/layout/spec"
)

// Every error a request ends in has one status and one message, by its
// kind, in the page's language.
func TestToHTTPError(t *testing.T) {
	_, specErr := spec.Parse("book.yaml", []byte("sections: [{count: -1}]\n"))
	if specErr == nil {
		t.Fatal("a count of -1 is taken")
	}
	for _, c := range []struct {
		what   string
		err    error
		status int
		want   string
	}{
		{"a status of its own", errorf(http.StatusNotFound, "there is no page %q: the book has %d", "9", 2), 404, `there is no page "9"`},
		{"refused", unprocessable(say.Errorf("reading the request: %v", "x")), 422, "reading the request"},
		{"a spec's errors", specErr, 422, "count"},
		{"a spec's errors, wrapped", say.Errorf("page %d: %w", 1, specErr), 422, "count"},
		{"forgotten", errGone, 410, "no longer holds"},
		{"too large", &http.MaxBytesError{Limit: 100}, 413, "larger than 100 bytes"},
		{"too slow", fmt.Errorf("read: %w", os.ErrDeadlineExceeded), 408, "took too long"},
		{"timed out", context.DeadlineExceeded, 503, "busy or the request timed out"},
		{"the client left", fmt.Errorf("page 3: %w", context.Canceled), 503, "busy or the request timed out"},
		{"a drawing stopped by the request's end", unprocessable(context.Canceled), 503, "busy"},
		{"anything else", errors.New("boom"), 500, "boom"},
	} {
		msg, status := toHTTPError(c.err, "en")
		if status != c.status || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %q, want %d saying %q", c.what, status, msg, c.status, c.want)
		}
	}
	// In the page's language.
	if msg, _ := toHTTPError(context.Canceled, "fr"); !strings.Contains(msg, "le studio est occupé") {
		t.Errorf("in French: %q", msg)
	}
}
