package app

import (
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/app/state/statetest"
)

// The stores the UI's tests render, from statetest's catalogue and design.

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

var mustEmbedded = statetest.Catalogue

const threeNodes = statetest.ThreeNodes

func threeStore(t *testing.T) *state.Store {
	t.Helper()
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(threeNodes)); err != nil {
		t.Fatal(err)
	}
	return s
}
