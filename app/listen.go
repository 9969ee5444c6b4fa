package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// listen adds a DOM event listener to target that calls h and returns the
// function that removes it. Unlike go-app's handlers it re-renders nothing:
// h dispatches to the UI goroutine only when it changes something, which
// keeps high-frequency events (pointermove, wheel, keydown) cheap.
func listen(target app.Value, event string, h func(ev app.Value), options map[string]any) func() {
	fn := app.FuncOf(func(this app.Value, args []app.Value) any {
		h(args[0])
		return nil
	})
	if options != nil {
		target.Call("addEventListener", event, fn, options)
	} else {
		target.Call("addEventListener", event, fn)
	}
	return func() {
		target.Call("removeEventListener", event, fn)
		fn.Release()
	}
}

// observeSize calls h with target's content size after each layout that
// changes it, the first layout included, and returns the function that stops
// watching. A ResizeObserver reports the size the browser has laid out
// anyway, where reading it (getBoundingClientRect) would force a layout.
func observeSize(target app.Value, h func(width, height float64)) func() {
	fn := app.FuncOf(func(this app.Value, args []app.Value) any {
		if entries := args[0]; entries.Length() > 0 {
			rect := entries.Index(entries.Length() - 1).Get("contentRect")
			h(rect.Get("width").Float(), rect.Get("height").Float())
		}
		return nil
	})
	observer := app.Window().Get("ResizeObserver").New(fn)
	observer.Call("observe", target)
	return func() {
		observer.Call("disconnect")
		fn.Release()
	}
}

// observeTheme calls h when the page's theme changes: the user's choice
// (the root's data-theme) or, where that follows the system, the system's.
func observeTheme(h func()) func() {
	fn := app.FuncOf(func(this app.Value, args []app.Value) any {
		h()
		return nil
	})
	root := app.Window().Get("document").Get("documentElement")
	observer := app.Window().Get("MutationObserver").New(fn)
	observer.Call("observe", root, map[string]any{"attributes": true, "attributeFilter": []any{"data-theme"}})
	media := app.Window().Call("matchMedia", "(prefers-color-scheme: dark)")
	media.Call("addEventListener", "change", fn)
	return func() {
		observer.Call("disconnect")
		media.Call("removeEventListener", "change", fn)
		fn.Release()
	}
}
