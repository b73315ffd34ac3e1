package studio

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestSlowUploadHoldsNoSlot sends a file to attach a byte at a time to a
// studio with one slot for work, and meanwhile asks it for a book: the
// book is made while the upload trickles in (before, it waited for the
// upload to end), and the upload, broken off, is answered.
func TestSlowUploadHoldsNoSlot(t *testing.T) {
	s := newServer(t, Options{MaxConcurrent: 1, UploadTimeout: 10 * time.Second})
	srv := httptest.NewServer(s)
	defer srv.Close()
	pr, pw := io.Pipe()
	go func() {
		png := maskPNG(t, 40, 16)
		for _, b := range png {
			if _, err := pw.Write([]byte{b}); err != nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		pw.Close()
	}()
	slow := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("POST", srv.URL+"/"+token+"/api/attach?name=heart.png", pr)
		req.Host = "127.0.0.1:8080"
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			slow <- 0
			return
		}
		res.Body.Close()
		slow <- res.StatusCode
	}()
	time.Sleep(200 * time.Millisecond) // the upload has begun
	start := time.Now()
	req, _ := http.NewRequest("POST", srv.URL+"/"+token+"/api/check", bytes.NewReader([]byte(smallSpec)))
	req.Host = "127.0.0.1:8080"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("a book asked for during a slow upload: %d", res.StatusCode)
	}
	if since := time.Since(start); since > 5*time.Second {
		t.Errorf("the book waited %v for the slow upload", since)
	}
	pw.CloseWithError(io.ErrClosedPipe)
	select {
	case code := <-slow:
		if code != http.StatusRequestTimeout && code != http.StatusBadRequest && code != 0 {
			t.Errorf("the slow upload was answered %d, want 408 or 400", code)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the slow upload was never answered")
	}
}
