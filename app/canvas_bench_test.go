package app

import (
	"fmt"
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// benchCanvas is a canvas on browserbench's design of size nodes (a chain
// of streams on a grid, 40 a row), viewing w×h pixels at zoom scale from
// the design's top-left corner, rendered once.
func benchCanvas(b *testing.B, size int, scale, w, h float64) (*Canvas, *state.Store) {
	b.Helper()
	comps := []string{"kafka", "redpanda", "nats-jetstream", "kinesis", "pulsar", "azure-event-hubs", "stream"}
	s := state.NewStore(mustEmbedded(b))
	if err := s.Import("big.yaml", statetest.Chain(size, comps)); err != nil {
		b.Fatal(err)
	}
	c := &Canvas{Store: s}
	c.OnInit()
	c.width, c.height = w, h
	c.view = drawing.Viewport{Scale: scale}
	s.SetView(0, 0, w/scale, h/scale)
	c.Render()
	return c, s
}

// BenchmarkCanvasRender is the Go side of the canvas's render after an
// edit, as browserbench's edits make it (the browser's diff and DOM calls
// come on top): a property edit, which keeps the geometry, and a node
// added and deleted, which lay it out again; at 1× (the 1,440×900 editor's
// canvas, about 40 nodes drawn) and fitted at 0.1 (every node of 1,000
// drawn, without text).
func BenchmarkCanvasRender(b *testing.B) {
	for _, size := range []int{1000, 10000} {
		for _, scale := range []float64{1, 0.1} {
			c, s := benchCanvas(b, size, scale, 1000, 700)
			b.Run(fmt.Sprintf("nodes=%d/scale=%g/prop", size, scale), func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					n++
					if err := s.SetProp("n-1", "partitions", catalogue.IntValue(int64(7+n%5))); err != nil {
						b.Fatal(err)
					}
					c.Render()
				}
			})
			b.Run(fmt.Sprintf("nodes=%d/scale=%g/add-delete", size, scale), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					id, err := s.AddNode("kafka")
					if err != nil {
						b.Fatal(err)
					}
					c.Render()
					if err := s.DeleteNode(id); err != nil {
						b.Fatal(err)
					}
					c.Render()
				}
			})
		}
	}
}
