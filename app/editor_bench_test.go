//go:build !js

package app

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
)

// cpuTime is the CPU time the process has used: the benchmarks' ns/op
// includes the 300 ms that go-app's tester waits for autosave's timer
// after each edit, so they report this (the garbage collector's work on
// another core included, as the browser's one thread would do it) too.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkEditorEdit is the Go side of a whole editor's update after an
// edit, as browserbench makes them, on a design of 1,000 and 10,000 nodes
// with the edited node selected: the store's commit, then every component's
// render and go-app's diff of what they drew (the DOM calls are go-app's
// no-ops outside a browser, so the browser's side comes on top).
func BenchmarkEditorEdit(b *testing.B) {
	comps := []string{"kafka", "redpanda", "nats-jetstream", "kinesis", "pulsar", "azure-event-hubs", "stream"}
	for _, size := range []int{1000, 10000} {
		e := NewEditor(nil, mustEmbedded(b))
		if err := e.store.Import("big.yaml", statetest.Chain(size, comps)); err != nil {
			b.Fatal(err)
		}
		e.store.Select("n-1")
		d := app.NewClientTester(e)
		d.Consume()
		b.Run(fmt.Sprintf("nodes=%d/prop", size), func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			start := cpuTime(b)
			for b.Loop() {
				n++
				if err := e.store.SetProp("n-1", "partitions", catalogue.IntValue(int64(7+n%5))); err != nil {
					b.Fatal(err)
				}
				d.Consume()
			}
			b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N), "cpu-ns/op")
		})
		d.Close()
	}
}
