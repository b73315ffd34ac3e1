package studio

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
)

// InPageToken is the token of the studio that runs in the static site's
// page (see cmd/mazebook-site): its requests come from the page alone,
// not from a network, so the token guards nothing there, but the
// studio's paths still carry one.
const InPageToken = "site"

// InPageResponse is a studio's answer to a request handed to it in
// process: its status, headers and body.
type InPageResponse struct {
	Status int
	Header http.Header
	Body   []byte
}

// ServeInPage hands a request to the studio h in process, as the site's
// page does (see api.js): method, a target relative to the studio's page
// ("api/check?page=0"), the page's headers and the body; it returns the
// answer whole. A request that cannot be made (a bad method or target)
// is answered 400, as a server would.
func ServeInPage(ctx context.Context, h http.Handler, method, target string, header http.Header, body []byte) InPageResponse {
	target = strings.TrimPrefix(target, "/")
	r, err := http.NewRequestWithContext(ctx, method, "http://"+InPageToken+"/"+InPageToken+"/"+target, bytes.NewReader(body))
	if err != nil {
		return InPageResponse{Status: http.StatusBadRequest, Header: http.Header{"Content-Type": {"text/plain; charset=utf-8"}}, Body: []byte("mazebook studio: " + err.Error())}
	}
	for k, v := range header {
		r.Header[http.CanonicalHeaderKey(k)] = v
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	res := w.Result()
	return InPageResponse{Status: res.StatusCode, Header: res.Header, Body: w.Body.Bytes()}
}

// SiteBudget is the most memory a book may take to build in the static
// site, by its plan's estimate (see Options.Budget): a browser tab has
// far less than the command line's 1.5 GB, and WebAssembly's memory,
// once grown, is never given back. 256 MB (about 3.4 million drawn
// cells of rectangles: a hundred 100x100 mazes with their answers take
// a fifth of it) keeps the tab's peak near half a gigabyte, its garbage
// collector's room counted.
const SiteBudget = 256 << 20
