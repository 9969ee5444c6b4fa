package app

import (
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
)

// A big design (an import, or the saved design restored at start-up) is
// read in steps on a goroutine of its own, which sleeps between them: in
// WebAssembly every goroutine shares the browser's one thread, and only a
// goroutine that waits hands it back, to paint and to take input. Between
// steps the alerts show how far it is (a progress bar naming the step) and
// a Stop button; the design read is applied in one commit at the end, or
// not at all when stopped, so the design open before stays as it was.

// stepBytes is the size from which a design is read in steps: below it, a
// design reads within a frame or two, and a progress bar would only flash.
const stepBytes = 512 << 10

// stepPause is how long the reading goroutine sleeps between steps: a
// timer's turn of the browser's event loop, in which it handles a click on
// Stop and the progress's update, and paints when a frame is due.
const stepPause = 2 * time.Millisecond

// firstPause is how long the reading goroutine waits before its first
// step: about a frame, for the progress bar to be drawn first.
const firstPause = 20 * time.Millisecond

// readSlice is how long the reading works within a step before it hands
// the browser its thread back (see yielder): each pause costs a timer's
// turn, at least 4 ms once timers nest, so a shorter slice makes the reading
// slower (20 ms made a 10,000-node import a third slower), a longer one the
// progress and Stop slower to answer.
const readSlice = 50 * time.Millisecond

// loading is a design being read in steps: what it is ("Importing
// orders.yaml"), the step under way, and whether Stop was pressed. The UI
// goroutine reads and writes its fields but stop, which the reading
// goroutine reads.
type loading struct {
	what  string
	label string
	step  int
	steps int
	stop  atomic.Bool
}

// readInSteps reads r on a goroutine of its own, showing its progress
// (see loading) as what, then, on the UI goroutine, hands it to apply, or
// calls stopped when Stop was pressed first (the store unchanged). Another
// reading under way is dropped: callers start one only when none is (an
// import waits for it) or when another design opens (startAfresh).
func (s *tabSession) readInSteps(what string, r *state.Reading, apply func(*state.Reading), stopped func()) {
	s.dropLoading()
	l := &loading{what: what, label: r.Label(), steps: r.Steps()}
	s.loading = l
	// Within a step too (parsing 40,000 nodes takes seconds): the page
	// paints and takes a click on Stop, which ends the reading at the end
	// of the step.
	yield := yielder(&l.stop, readSlice)
	r.Yield = func() { yield() }
	go func() {
		// The first pause is a frame's: go-app draws the bar before the
		// reading takes the thread.
		pause := firstPause
		for {
			time.Sleep(pause)
			pause = stepPause
			if l.stop.Load() {
				break
			}
			// The last step, the commit, is the UI goroutine's (apply).
			more := r.Next()
			label, step := r.Label(), r.Step()
			if r.Err() != nil {
				label = "Listing the problems"
			}
			s.run(func() { l.label, l.step = label, step })
			if !more {
				break
			}
		}
		time.Sleep(stepPause)
		s.run(func() {
			if s.loading != l {
				return // dropped: another design opened, or another reading started
			}
			s.loading = nil
			if l.stop.Load() {
				stopped()
				return
			}
			apply(r)
		})
	}()
}

// dropLoading forgets the reading under way, if any, which stops and
// applies nothing: another design opens.
func (s *tabSession) dropLoading() {
	if l := s.loading; l != nil {
		l.stop.Store(true)
		s.loading = nil
	}
}

// stopLoading stops the reading under way: the design open stays as it
// was.
func (s *tabSession) stopLoading() {
	if l := s.loading; l != nil {
		l.stop.Store(true)
	}
}

// renderLoading is the progress of the design being read, if any: a
// progress bar whose text names the step ("Checking 40,000 nodes… 2 of
// 4"), in a live region so that it is heard as it goes, and Stop, in a
// group named for what is read (what Stop stops). Once pressed, Stop stays
// focusable (aria-disabled: a disabled button drops the focus to the page)
// and the bar says Stopping, whatever step the reading ends.
func (a *Alerts) renderLoading() app.UI {
	l := a.Session.loading
	if l == nil {
		return nil
	}
	stopped := l.stop.Load()
	label := l.label
	if stopped {
		label = "Stopping"
	}
	text := fmt.Sprintf("%s… %d of %d", label, l.step+1, l.steps)
	return app.Div().Class("notice").ID("loading").Role("group").Aria("label", l.what).Body(
		app.Span().Text(l.what),
		// A progress element: a bar drawn without a style attribute,
		// which the page's content security policy refuses.
		app.Progress().Class("progress").Role("progressbar").Aria("label", l.what).Value(l.step).Max(l.steps).
			Aria("valuemin", "0").Aria("valuemax", strconv.Itoa(l.steps)).Aria("valuenow", strconv.Itoa(l.step)).Aria("valuetext", text),
		app.Span().Class("progress-step").Role("status").Text(text),
		app.Button().Text("Stop").Aria("disabled", strconv.FormatBool(stopped)).OnClick(func(app.Context, app.Event) { a.Session.stopLoading() }),
	)
}
