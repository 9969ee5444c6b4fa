package state

import (
	"fmt"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/importer"
)

// Reading is a design file read in steps, as Open and Read read it, so that
// the editor can hand the thread back to the browser between them, say how
// far it is, and stop: a 40,000-node design takes seconds in WebAssembly.
// It reads the store's catalogue and changes nothing of the store; the one
// commit that applies what it read is OpenRead's or the caller's (Replace),
// and a reading dropped half-way leaves the design as it was.
//
// A Reading is used by one goroutine at a time: the one that steps it, then
// the one that applies it.
type Reading struct {
	// Yield, if not nil, is called now and then within a step (see
	// catalogue.ParseDesignYielding).
	Yield func()

	cat  *catalogue.Catalogue
	name string
	data []byte
	// text says the design's text, as the editor writes it, is wanted too
	// (see Read).
	text bool
	step int
	// failed says a step failed: the reading ended there.
	failed bool

	design  *catalogue.Design
	errs    catalogue.ErrorList
	err     error
	encoded string
}

// readSteps are the labels of a Reading's steps, in order, with %s for
// what is read (a file's size, then its nodes); applyStep is the label of
// the commit that applies it, which resolves the design, checks its rules,
// analyses it, and the editor draws it.
var readSteps = []string{"Reading %s", "Checking %s", "Laying out %s"}

const applyStep = "Resolving and drawing %s"

// Reading starts reading the design file name, a design's YAML, as Open
// does; with text, as Read does: a picture Export picture drew is read too
// (another tool's file is Read's, at once), and the last step also writes
// the design's text.
func (ed imports) Reading(name string, data []byte, text bool) *Reading {
	return &Reading{cat: ed.s.cat, name: name, data: data, text: text}
}

// Steps is how many steps the reading takes, the commit that applies it
// the last.
func (r *Reading) Steps() int { return len(readSteps) + 1 }

// Step is how many steps are done (of a reading that failed, before the
// one that failed).
func (r *Reading) Step() int { return r.step }

// Label names the next step and what it reads ("Checking 40,000
// nodes"), the commit once Next has no more, or "" when a step failed.
func (r *Reading) Label() string {
	if r.failed {
		return ""
	}
	what := fmt.Sprintf("%s (%s)", r.name, bytesText(len(r.data)))
	if r.design != nil {
		what = countText(len(r.design.Nodes), "node")
	}
	if r.step >= len(readSteps) {
		return fmt.Sprintf(applyStep, what)
	}
	return fmt.Sprintf(readSteps[r.step], what)
}

// Next does the next step and says whether one is left. A step that fails
// ends the reading: what is wrong is Err's.
func (r *Reading) Next() bool {
	if r.failed || r.step >= len(readSteps) {
		return false
	}
	switch r.step {
	case 0:
		text := r.data
		if r.text { // Read's: a picture carries its design
			var err error
			if text, err = importer.DesignText(r.name, r.data); err != nil {
				return r.fail(catalogue.ErrorList{err.(*catalogue.Error)})
			}
		}
		r.design, r.errs = catalogue.ParseDesignYielding(r.name, text, r.Yield)
		if r.design == nil {
			return r.fail(r.errs)
		}
	case 1:
		// As Catalogue.ReadDesign checks: every problem of the file at
		// once, sorted by position.
		r.errs = append(r.errs, r.cat.Check(r.design)...)
		r.errs.Sort()
		if len(r.errs) > 0 {
			return r.fail(r.errs)
		}
	case 2:
		r.design.Positions = nil // positions serve the file's errors only
		drawing.PlaceUnplaced(r.design)
		if r.text {
			r.encoded = string(catalogue.EncodeDesignYAML(r.design))
		}
	}
	r.step++
	return r.step < len(readSteps)
}

// fail ends the reading with errs.
func (r *Reading) fail(errs catalogue.ErrorList) bool {
	r.design, r.err, r.failed = nil, errs, true
	return false
}

// Err is why the design could not be read (a catalogue.ErrorList), or nil.
func (r *Reading) Err() error { return r.err }

// bytesText is a size as people read it: 4.6 MB, 700 KB, 90 bytes.
func bytesText(n int) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%d KB", n/1e3)
	}
	return fmt.Sprintf("%d bytes", n)
}

// countText is n things with thousands separated: "40,000 nodes".
func countText(n int, thing string) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s + " " + plural(n, thing)
}
