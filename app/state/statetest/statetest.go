// Package statetest is what the tests of the editor's state and of its
// components share: the embedded catalogue, loaded once, and a small design
// that has a little of everything. It imports nothing of the editor, so
// that package state's own tests use it too.
package statetest

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// embedded is the embedded catalogue, loaded once: the tests only read it.
var embedded = sync.OnceValues(func() (*catalogue.Catalogue, error) { return catalogue.LoadEmbedded() })

// Catalogue is the embedded catalogue, or the test fails.
func Catalogue(t testing.TB) *catalogue.Catalogue {
	t.Helper()
	cat, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// ThreeNodes is a design of four nodes (a and b in group eu, c and d
// outside), three edges in a chain and a note on a.
const ThreeNodes = `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 40}}
  - {id: b, component: aws-lambda, in: eu, position: {x: 300, y: 90}}
  - {id: c, component: aws-sqs, position: {x: 700, y: 10}}
  - {id: d, component: kafka, position: {x: 40, y: 400}}
edges:
  - {from: a, to: b}
  - {from: b, to: c}
  - {from: c, to: d}
notes:
  - {text: "the entry", on: a}
`

// Chain is browserbench's kind of large design: size nodes on a grid, 40 a
// row, of the components comps in turn, each connected to the next.
func Chain(size int, comps []string) []byte {
	var y strings.Builder
	y.WriteString("nodes:\n")
	for i := range size {
		fmt.Fprintf(&y, "  - { id: \"n-%d\", component: %q, position: { x: %d, y: %d } }\n", i, comps[i%len(comps)], 40+(i%40)*220, 40+(i/40)*120)
	}
	y.WriteString("edges:\n")
	for i := 1; i < size; i++ {
		fmt.Fprintf(&y, "  - { from: \"n-%d\", to: \"n-%d\" }\n", i-1, i)
	}
	return []byte(y.String())
}
