//go:build js && wasm

// Command mazebook-site is the studio compiled to WebAssembly for the
// static site 'mazebook site' writes: the same handler as 'mazebook
// serve', running in the browser (assets/worker.js), each request of
// the page handed to it in process and its answer read back. Nothing
// leaves the device.
//
// It sets one function on the global object:
//
//	mazebookServe(id, method, target, headers, body) Promise<{status, headers, body}>
//
// where target is relative to the studio's page ("api/check?page=0"),
// headers an object of strings, body a Uint8Array (or null), and the
// answer's body a Uint8Array; and mazebookCancel(id) gives up the
// request id (its context is canceled).
package main

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"syscall/js"

	"mazebook/studio"
)

// version is the release, set by 'mazebook site' with -ldflags "-X
// main.version=..." to its own, so that the PDFs name the same program
// as 'mazebook build' does and are the same bytes.
var version = "0.1.0"

func main() {
	srv, err := studio.New(studio.Options{
		Token:   studio.InPageToken,
		Creator: "mazebook " + version,
		Budget:  studio.SiteBudget,
		Site:    true,
		Logf:    func(format string, args ...any) { fmt.Printf(format+"\n", args...) },
	})
	if err != nil {
		js.Global().Get("console").Call("error", err.Error())
		return
	}
	var mu sync.Mutex
	cancels := map[int]context.CancelFunc{}
	js.Global().Set("mazebookServe", js.FuncOf(func(this js.Value, args []js.Value) any {
		id, method, target := args[0].Int(), args[1].String(), args[2].String()
		header := http.Header{}
		if h := args[3]; h.Truthy() {
			keys := js.Global().Get("Object").Call("keys", h)
			for i := range keys.Length() {
				k := keys.Index(i).String()
				header.Set(k, h.Get(k).String())
			}
		}
		var body []byte
		if b := args[4]; b.Truthy() {
			body = make([]byte, b.Get("length").Int())
			js.CopyBytesToGo(body, b)
		}
		ctx, cancel := context.WithCancel(context.Background())
		mu.Lock()
		cancels[id] = cancel
		mu.Unlock()
		var run js.Func
		run = js.FuncOf(func(this js.Value, p []js.Value) any {
			resolve := p[0]
			run.Release()
			go func() {
				res := studio.ServeInPage(ctx, srv, method, target, header, body)
				mu.Lock()
				delete(cancels, id)
				mu.Unlock()
				cancel()
				h := js.Global().Get("Object").New()
				for k := range res.Header {
					h.Set(k, res.Header.Get(k))
				}
				b := js.Global().Get("Uint8Array").New(len(res.Body))
				js.CopyBytesToJS(b, res.Body)
				out := js.Global().Get("Object").New()
				out.Set("status", res.Status)
				out.Set("headers", h)
				out.Set("body", b)
				resolve.Invoke(out)
			}()
			return nil
		})
		return js.Global().Get("Promise").New(run)
	}))
	js.Global().Set("mazebookCancel", js.FuncOf(func(this js.Value, args []js.Value) any {
		mu.Lock()
		defer mu.Unlock()
		if cancel, ok := cancels[args[0].Int()]; ok {
			cancel()
		}
		return nil
	}))
	select {}
}
