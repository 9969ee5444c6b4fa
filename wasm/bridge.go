//go:build wasm

package main

import (
	"errors"
	"fmt"

	"github.com/hack-pad/safejs"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// browser is the editor's Platform in a browser: localStorage for small
// settings, IndexedDB for the design (see idb.go), downloads, the clipboard
// and file reading. It goes through safejs, which returns the errors that
// syscall/js would panic with (storage denied in a sandboxed frame, quota
// exceeded).
type browser struct {
	db database
	// bearer is the portal's token for the workspace (see Authorize).
	bearer bearer
}

func global(name string) (safejs.Value, error) {
	v, err := safejs.Global().Get(name)
	if err == nil && (v.IsUndefined() || v.IsNull()) {
		err = fmt.Errorf("%s is not available in this browser", name)
	}
	return v, err
}

// Load reads a localStorage entry.
func (*browser) Load(key string) (string, bool, error) {
	storage, err := global("localStorage")
	if err != nil {
		return "", false, err
	}
	v, err := storage.Call("getItem", key)
	if err != nil {
		return "", false, err
	}
	if v.IsNull() {
		return "", false, nil
	}
	s, err := v.String()
	return s, err == nil, err
}

// Store writes a localStorage entry; a full quota or denied storage is an
// error the editor shows.
func (*browser) Store(key, value string) error {
	storage, err := global("localStorage")
	if err != nil {
		return err
	}
	_, err = storage.Call("setItem", key, value)
	return err
}

// Download saves data as a file through a temporary object URL.
func (*browser) Download(filename, mimeType string, data []byte) error {
	array, err := safejs.Global().Get("Uint8Array")
	if err != nil {
		return err
	}
	buf, err := array.New(len(data))
	if err != nil {
		return err
	}
	if _, err := safejs.CopyBytesToJS(buf, data); err != nil {
		return err
	}
	blobType, err := safejs.Global().Get("Blob")
	if err != nil {
		return err
	}
	blob, err := blobType.New([]any{buf}, map[string]any{"type": mimeType})
	if err != nil {
		return err
	}
	urlType, err := safejs.Global().Get("URL")
	if err != nil {
		return err
	}
	href, err := urlType.Call("createObjectURL", blob)
	if err != nil {
		return err
	}
	// The browser reads the blob after click returns: revoked at once, the
	// download may find it gone (net::ERR_FILE_NOT_FOUND). It goes a minute
	// later.
	var revoke app.Func
	revoke = app.FuncOf(func(app.Value, []app.Value) any {
		urlType.Call("revokeObjectURL", href)
		revoke.Release()
		return nil
	})
	defer app.Window().Call("setTimeout", revoke, 60_000)
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return err
	}
	a, err := doc.Call("createElement", "a")
	if err != nil {
		return err
	}
	a.Set("href", href)
	a.Set("download", filename)
	_, err = a.Call("click")
	return err
}

// CopyText writes to the clipboard; the promise's outcome goes to done.
func (*browser) CopyText(text string, done func(error)) {
	nav, err := global("navigator")
	var clip safejs.Value
	if err == nil {
		clip, err = nav.Get("clipboard")
		if err == nil && clip.IsUndefined() {
			err = errors.New("the clipboard is not available (it needs a secure context)")
		}
	}
	if err != nil {
		done(err)
		return
	}
	promise, err := clip.Call("writeText", text)
	if err != nil {
		done(err)
		return
	}
	await(promise, func(safejs.Value) { done(nil) }, done)
}

// ReadFile reads a File's bytes.
func (*browser) ReadFile(file app.Value, done func(string, []byte, error)) {
	f := safejs.Safe(app.JSValue(file))
	nameValue, _ := f.Get("name")
	name, _ := nameValue.String()
	// The bytes as they are, not text: text() would replace invalid UTF-8
	// and hide it from the checks.
	promise, err := f.Call("arrayBuffer")
	if err != nil {
		done(name, nil, err)
		return
	}
	await(promise, func(buf safejs.Value) {
		array, err := safejs.Global().Get("Uint8Array")
		if err != nil {
			done(name, nil, err)
			return
		}
		view, err := array.New(buf)
		if err != nil {
			done(name, nil, err)
			return
		}
		n, err := view.Length()
		if err != nil {
			done(name, nil, err)
			return
		}
		data := make([]byte, n)
		_, err = safejs.CopyBytesToGo(data, view)
		done(name, data, err)
	}, func(err error) { done(name, nil, err) })
}

// await calls ok with a promise's value or fail with its rejection.
func await(promise safejs.Value, ok func(safejs.Value), fail func(error)) {
	var then, catch safejs.Func
	release := func() {
		then.Release()
		catch.Release()
	}
	then, _ = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		defer release()
		ok(args[0])
		return nil
	})
	catch, _ = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		defer release()
		msg := "the browser refused"
		if text, err := args[0].Call("toString"); err == nil {
			msg, _ = text.String()
		}
		fail(errors.New(msg))
		return nil
	})
	promise.Call("then", then.Value(), catch.Value())
}

// Watch listens to storage events, which browsers send to the other tabs of
// the origin when one stores a localStorage key, and to what other tabs
// broadcast when they store key in the database. A key removed is not a
// change: a tab removes its localStorage copy once the database holds it.
func (*browser) Watch(key string, changed func(string)) func() {
	fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		k, _ := args[0].Get("key")
		name, _ := k.String()
		if name != key {
			return nil
		}
		v, _ := args[0].Get("newValue")
		if v.IsNull() {
			return nil
		}
		value, _ := v.String()
		changed(value)
		return nil
	})
	if err != nil {
		return func() {}
	}
	window := safejs.Global()
	window.Call("addEventListener", "storage", fn.Value())
	stopChannel := watchChannel(key, changed)
	return func() {
		window.Call("removeEventListener", "storage", fn.Value())
		fn.Release()
		stopChannel()
	}
}

// Started posts "app-started" to the service worker being installed (or
// waiting, or active), which precaches the app once a first visit has started.
func (*browser) Started() {
	nav, err := global("navigator")
	if err != nil {
		return
	}
	sw, err := nav.Get("serviceWorker")
	if err != nil || sw.IsUndefined() {
		return
	}
	promise, err := sw.Call("getRegistration")
	if err != nil {
		return
	}
	await(promise, func(reg safejs.Value) {
		if reg.IsUndefined() || reg.IsNull() {
			return
		}
		for _, state := range []string{"installing", "waiting", "active"} {
			if w, err := reg.Get(state); err == nil && !w.IsUndefined() && !w.IsNull() {
				w.Call("postMessage", "app-started")
			}
		}
	}, func(error) {})
}

// Persist asks for persistent storage where the browser offers it.
func (*browser) Persist() {
	nav, err := global("navigator")
	if err != nil {
		return
	}
	storage, err := nav.Get("storage")
	if err != nil || storage.IsUndefined() {
		return
	}
	if persist, err := storage.Get("persist"); err == nil && !persist.IsUndefined() {
		storage.Call("persist")
	}
}

// fetchBytes GETs a path of the app's own origin and waits for the body.
func fetchBytes(path string) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	fetch, err := safejs.Global().Get("fetch")
	if err != nil {
		return nil, err
	}
	promise, err := fetch.Invoke(path)
	if err != nil {
		return nil, err
	}
	await(promise, func(resp safejs.Value) {
		ok, _ := resp.Get("ok")
		if good, _ := ok.Bool(); !good {
			done <- result{err: fmt.Errorf("GET %s failed", path)}
			return
		}
		buf, err := resp.Call("arrayBuffer")
		if err != nil {
			done <- result{err: err}
			return
		}
		await(buf, func(b safejs.Value) {
			array, _ := safejs.Global().Get("Uint8Array")
			view, err := array.New(b)
			if err != nil {
				done <- result{err: err}
				return
			}
			n, _ := view.Length()
			data := make([]byte, n)
			_, err = safejs.CopyBytesToGo(data, view)
			done <- result{data: data, err: err}
		}, func(err error) { done <- result{err: err} })
	}, func(err error) { done <- result{err: err} })
	r := <-done
	return r.data, r.err
}

// ListenToHost listens to the messages the parent window (an embedding host)
// posts as strings; messages from any other window are dropped here.
func (*browser) ListenToHost(h func(origin, data string)) func() {
	window := safejs.Global()
	parent, err := window.Get("parent")
	if err != nil {
		return func() {}
	}
	fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		ev := args[0]
		source, err := ev.Get("source")
		if err != nil || !source.Equal(parent) {
			return nil
		}
		data, err := ev.Get("data")
		if err != nil || data.Type() != safejs.TypeString {
			return nil
		}
		text, _ := data.String()
		o, _ := ev.Get("origin")
		origin, _ := o.String()
		h(origin, text)
		return nil
	})
	if err != nil {
		return func() {}
	}
	window.Call("addEventListener", "message", fn.Value())
	return func() {
		window.Call("removeEventListener", "message", fn.Value())
		fn.Release()
	}
}

// PostToHost posts data to the parent window, which the browser delivers
// only if the parent is at origin. A page that is not framed has no host.
func (*browser) PostToHost(origin, data string) {
	window := safejs.Global()
	parent, err := window.Get("parent")
	if err != nil || parent.Equal(window) {
		return
	}
	parent.Call("postMessage", data, origin)
}

// maxPNGPixels bounds a PNG the browser draws: Chromium's canvas stops at
// about 268 million pixels, Safari's far earlier.
const maxPNGPixels = 8192 * 8192

// DrawPNG draws an SVG document as a PNG at scale (1 or 2), through an
// image and a canvas of the page's own (the document goes to a blob: URL,
// never over the network).
func (*browser) DrawPNG(svg string, scale float64, done func([]byte, error)) {
	w := app.Window()
	blob := w.Get("Blob").New([]any{svg}, map[string]any{"type": "image/svg+xml"})
	url := w.Get("URL").Call("createObjectURL", blob)
	img := w.Get("Image").New()
	var onload, onerror, onblob app.Func
	release := func() {
		w.Get("URL").Call("revokeObjectURL", url)
		onload.Release()
		onerror.Release()
	}
	onerror = app.FuncOf(func(app.Value, []app.Value) any {
		release()
		done(nil, errors.New("the browser could not draw the picture"))
		return nil
	})
	onload = app.FuncOf(func(app.Value, []app.Value) any {
		width, height := img.Get("naturalWidth").Float()*scale, img.Get("naturalHeight").Float()*scale
		if width*height > maxPNGPixels {
			release()
			done(nil, fmt.Errorf("the picture would be %.0f × %.0f pixels, more than a browser draws; export it as SVG, or as PNG at 1×", width, height))
			return nil
		}
		canvas := w.Get("document").Call("createElement", "canvas")
		canvas.Set("width", int(width))
		canvas.Set("height", int(height))
		draw := canvas.Call("getContext", "2d")
		if !draw.Truthy() {
			release()
			done(nil, errors.New("the browser has no room to draw the picture; export it as SVG"))
			return nil
		}
		draw.Call("drawImage", img, 0, 0, width, height)
		release()
		onblob = app.FuncOf(func(_ app.Value, args []app.Value) any {
			onblob.Release()
			if len(args) == 0 || !args[0].Truthy() {
				done(nil, errors.New("the browser could not make a PNG of the picture"))
				return nil
			}
			promise, err := safejs.Safe(app.JSValue(args[0])).Call("arrayBuffer")
			if err != nil {
				done(nil, err)
				return nil
			}
			await(promise, func(buf safejs.Value) {
				array, _ := safejs.Global().Get("Uint8Array")
				view, err := array.New(buf)
				if err != nil {
					done(nil, err)
					return
				}
				n, _ := view.Length()
				data := make([]byte, n)
				_, err = safejs.CopyBytesToGo(data, view)
				done(data, err)
			}, func(err error) { done(nil, err) })
			return nil
		})
		canvas.Call("toBlob", onblob, "image/png")
		return nil
	})
	img.Set("onload", onload)
	img.Set("onerror", onerror)
	img.Set("src", url)
}
