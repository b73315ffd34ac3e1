package studio

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"sync"
	"sync/atomic"

	"mazebook/layout"
	"mazebook/layout/plan"
	"mazebook/layout/spec"
)

// Bounds of what the studio keeps between requests.
const (
	maxSpecs = 64 // the specs it can rebuild, by key
	maxBooks = 6  // the made books it keeps
	// maxCachedBytes is the most memory (plan.Cost's estimate) the made
	// books kept may take; a bigger book is made for its request and
	// dropped.
	maxCachedBytes = 512 << 20
)

// errGone is a key the studio no longer knows (it forgot the spec).
var errGone = errors.New("the studio no longer holds this spec: send it again")

// keyOf returns the key of a spec and its attached files: a hash of its
// text and of the files' names and contents (their ids), so that two
// books with different files never share a key.
func keyOf(yaml []byte, refs []fileRef) string {
	h := sha256.New()
	h.Write(yaml)
	for _, r := range refs {
		h.Write([]byte("\x00file\x00" + r.Name + "\x00" + r.ID))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// held is a spec the studio holds: its text and its attached files.
type held struct {
	yaml  []byte
	files []fileRef
}

// validKey reports whether k looks like a key (32 hex digits).
func validKey(k string) bool {
	if len(k) != 32 {
		return false
	}
	for _, r := range k {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// entry is one edition of one spec, made (or being made): the parsed
// spec and the book, or the error that stopped them.
type entry struct {
	ready chan struct{} // closed once sp, book and err are set
	sp    *spec.Book
	book  *layout.Book
	err   error
	cost  float64

	// making is set while the mazes are made: the book's progress
	// function counts only then (Book.Page reports too).
	making atomic.Bool
	// wanted counts the requests waiting for the entry.
	wanted      atomic.Int64
	done, total atomic.Int64

	// mu guards the PDF kept, and is held while the PDF or the zip of
	// the pages is made, so that each is made once.
	mu  sync.Mutex
	pdf []byte
	// svgMu guards the SVG pages kept for the preview; it is held only
	// to read or keep one, never while a page is drawn.
	svgMu sync.Mutex
	svgs  map[int][]byte
}

// cache holds the specs the studio was sent, by key, and the books made
// from the latest, least recently used dropped first.
type cache struct {
	mu        sync.Mutex
	specs     map[string]held
	specOrder []string
	books     map[string]*entry
	bookOrder []string
	// costs are the memory the made books take, by id.
	costs map[string]float64
	// maxBytes bounds the memory of the made books kept (their costs).
	maxBytes float64
}

// newCache returns a cache that keeps made books of at most
// maxCachedBytes, and at most budget bytes (the studio's Budget; 0: no
// other bound).
func newCache(budget float64) *cache {
	limit := float64(maxCachedBytes)
	if budget > 0 {
		limit = min(limit, budget)
	}
	return &cache{specs: map[string]held{}, books: map[string]*entry{}, costs: map[string]float64{}, maxBytes: limit}
}

// putSpec keeps a spec's text and its attached files (sorted by name),
// and returns its key.
func (c *cache) putSpec(yaml []byte, refs []fileRef) string {
	k := keyOf(yaml, refs)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.specs[k]; !ok {
		c.specs[k] = held{yaml: yaml, files: refs}
	}
	c.specOrder = touch(c.specOrder, k)
	for len(c.specOrder) > maxSpecs {
		delete(c.specs, c.specOrder[0])
		c.specOrder = c.specOrder[1:]
	}
	return k
}

// spec returns the spec with key k, or false.
func (c *cache) spec(k string) (held, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	y, ok := c.specs[k]
	return y, ok
}

// book returns the entry for edition ed of the spec with key k, making
// it with build when no other request is: the first request makes it,
// the others wait. ok is false when the entry is new and the caller must
// fill it (and then call finish).
func (c *cache) entry(k string, ed plan.Edition) (e *entry, isNew bool) {
	id := k + "/" + string(rune('0'+ed))
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.books[id]; ok {
		c.bookOrder = touch(c.bookOrder, id)
		return e, false
	}
	e = &entry{ready: make(chan struct{})}
	c.books[id] = e
	c.bookOrder = touch(c.bookOrder, id)
	// Bounded as it begins, not only once made: books still being drawn
	// (a page's check returns before its pages are) counted past
	// maxBooks when many came at once.
	c.trim(id)
	return e, true
}

// finish marks a new entry made and drops the books over the cache's
// bounds, the least recently used first (never the one just made,
// unless it alone is over them).
func (c *cache) finish(k string, ed plan.Edition, e *entry) {
	close(e.ready)
	id := k + "/" + string(rune('0'+ed))
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.cost > c.maxBytes {
		c.drop(id)
		return
	}
	if c.books[id] == e {
		c.costs[id] = e.cost
	}
	c.trim(id)
}

// trim drops the books over the cache's bounds, the least recently used
// first, never id unless it alone is left. The caller holds c.mu.
func (c *cache) trim(id string) {
	for {
		total := 0.0
		for _, x := range c.costs {
			total += x
		}
		if len(c.bookOrder) <= maxBooks && total <= c.maxBytes {
			return
		}
		victim := c.bookOrder[0]
		if victim == id {
			if len(c.bookOrder) == 1 {
				return
			}
			victim = c.bookOrder[1]
		}
		c.drop(victim)
	}
}

func (c *cache) drop(id string) {
	delete(c.books, id)
	delete(c.costs, id)
	for i, x := range c.bookOrder {
		if x == id {
			c.bookOrder = append(c.bookOrder[:i], c.bookOrder[i+1:]...)
			break
		}
	}
}

// touch moves k to the end of order (the most recently used).
func touch(order []string, k string) []string {
	for i, x := range order {
		if x == k {
			order = append(order[:i], order[i+1:]...)
			break
		}
	}
	return append(order, k)
}

// forget drops an entry that must be made again.
func (c *cache) forget(k string, ed plan.Edition) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drop(k + "/" + string(rune('0'+ed)))
}

// peek returns the entry of a spec and edition, or nil.
func (c *cache) peek(k string, ed plan.Edition) *entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.books[k+"/"+string(rune('0'+ed))]
}

// size returns the number of books held.
func (c *cache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.books)
}
