package app

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Connect to, the Inspector's picker of the node to connect the selected
// one to: its button, Enter in its field and a suggestion chosen from its
// list all connect, so that a keyboard user connects nodes as a combobox
// is used, without a mouse.

// connectPicked connects the selected node to what the Connect to field
// holds a moment after a pick: Enter on a highlighted suggestion comes
// before the browser puts the suggestion in the field, and a suggestion
// chosen fires both (see listenPickers). The first to run connects and
// empties the field; the other finds it empty and does nothing.
func (in *Inspector) connectPicked(ctx app.Context) {
	from := in.Store.Selection().Node // the node the pick was made for
	ctx.Async(func() {
		time.Sleep(100 * time.Millisecond)
		ctx.Dispatch(func(app.Context) {
			if typed := pickerValue("connect-to"); typed != "" && in.Store.Selection().Node == from {
				in.connectTo(typed)
			}
		})
	})
}

// connectTo connects the selected node to the node typed: the node of that
// id, else the first the field suggests for it; or reports why not.
func (in *Inspector) connectTo(typed string) {
	s := in.Store
	if typed == "" {
		s.Report(errors.New("choose a node to connect to"))
		return
	}
	from := s.Selection().Node
	if strings.TrimSpace(typed) == from {
		s.Report(errors.New("a node cannot connect to itself"))
		return
	}
	to := pickedNode(s.Design(), typed, from)
	if to == "" {
		s.Report(fmt.Errorf("no node's id or name holds %q", typed))
		return
	}
	if err := s.Connect(from, to); err != nil {
		s.Report(err)
		return
	}
	clearPicker("connect-to")
}
