// Package statetest is what the tests of the editor's state and of its
// components share: the embedded catalogue, loaded once, and a small design
// that has a little of everything. It imports nothing of the editor, so
// that package state's own tests use it too.
package statetest

import (
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
