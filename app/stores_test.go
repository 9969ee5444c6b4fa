package app

import (
	"sync"
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
)

// The stores the UI's tests render. Package state's tests have the same
// helpers of their own: test files are not shared between packages.

// embedded is the embedded catalogue, loaded once for the tests that only
// read it.
var embedded = sync.OnceValues(func() (*catalogue.Catalogue, error) { return catalogue.LoadEmbedded() })

func newStore(t *testing.T) *state.Store {
	t.Helper()
	return state.NewStore(mustEmbedded(t))
}

func mustAdd(t *testing.T, s *state.Store, comp string) string {
	t.Helper()
	id, err := s.AddNode(comp)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func mustEmbedded(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	cat, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// threeNodes is a design of four nodes (a and b in group eu, c and d
// outside), three edges in a chain and a note on a.
const threeNodes = `groups:
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

func threeStore(t *testing.T) *state.Store {
	t.Helper()
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(threeNodes)); err != nil {
		t.Fatal(err)
	}
	return s
}
