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
