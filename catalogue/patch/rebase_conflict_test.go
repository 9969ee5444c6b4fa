package patch

import (
	"encoding/json"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func opsOf(t *testing.T, s string) []Op {
	t.Helper()
	var ops []Op
	if err := json.Unmarshal([]byte(s), &ops); err != nil {
		t.Fatal(err)
	}
	return ops
}

// Concurrent edits that the random tests rarely make: the rebased pending
// change must apply after the remote one, and keep what the rules say.
func TestRebaseConflicts(t *testing.T) {
	for _, c := range []struct {
		name, remote, pending string
		check                 func(d *catalogue.Design) string
	}{{
		name:    "both rename a node to the same id",
		remote:  `[{"op":"renameNode","key":{"id":"api"},"value":"web"}]`,
		pending: `[{"op":"renameNode","key":{"id":"api"},"value":"web"},{"op":"setNode","key":{"id":"web"},"field":"name","value":"W"}]`,
		check: func(d *catalogue.Design) string {
			if n := node(d, "web"); n == nil || n.Name != "W" {
				return "web is not named W"
			}
			return ""
		},
	}, {
		name:    "both rename a group to the same id",
		remote:  `[{"op":"renameGroup","key":{"id":"eu"},"value":"west"}]`,
		pending: `[{"op":"renameGroup","key":{"id":"eu"},"value":"west"}]`,
	}} {
		t.Run(c.name, func(t *testing.T) {
			remote, pending := opsOf(t, c.remote), opsOf(t, c.pending)
			if _, err := Apply(base(), pending); err != nil {
				t.Fatalf("the pending change does not apply on the base: %v", err)
			}
			d, _ := converge(t, base(), remote, pending)
			if c.check != nil {
				if msg := c.check(d); msg != "" {
					t.Fatalf("%s\n%s", msg, catalogue.EncodeDesignYAML(d))
				}
			}
		})
	}
}
