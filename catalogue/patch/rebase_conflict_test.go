package patch

import (
	"encoding/json"
	"slices"
	"strings"
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
	}, {
		name:    "remote puts a node in a zone the user deletes",
		remote:  `[{"op":"setNode","key":{"id":"api"},"field":"zones","value":["eu"]}]`,
		pending: `[{"op":"removeGroup","key":{"id":"eu"}}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Groups) != 0 || len(node(d, "api").Zones) != 0 {
				return "eu is still there, or api's zones name it"
			}
			return ""
		},
	}, {
		name:    "remote adds a node in a zone the user deletes",
		remote:  `[{"op":"addGroup","key":{"id":"az"},"value":{"boundary":"zone"},"after":{"id":"eu"}},{"op":"addNode","key":{"id":"x"},"value":{"component":"redis","zones":["eu","az"]},"after":{"id":"db"}}]`,
		pending: `[{"op":"removeGroup","key":{"id":"eu"}}]`,
		check: func(d *catalogue.Design) string {
			if z := node(d, "x").Zones; !slices.Equal(z, []string{"az"}) {
				return "x's zones are " + strings.Join(z, ",")
			}
			return ""
		},
	}, {
		name:    "remote adds a copy of a node the user deletes",
		remote:  `[{"op":"addNode","key":{"id":"x"},"value":{"component":"postgresql","replicaOf":"db"},"after":{"id":"db"}}]`,
		pending: `[{"op":"removeEdge","key":{"from":"queue","to":"db"}},{"op":"removeNode","key":{"id":"db"}}]`,
		check: func(d *catalogue.Design) string {
			if n := node(d, "x"); n == nil || n.ReplicaOf != "" || node(d, "db") != nil {
				return "x is gone or still a copy of db"
			}
			return ""
		},
	}, {
		name:    "remote moves a node out of a zone the user deletes: its later group stands",
		remote:  `[{"op":"addGroup","key":{"id":"az"},"value":{"boundary":"zone"},"after":{"id":"eu"}},{"op":"setNode","key":{"id":"api"},"field":"in","value":"eu"},{"op":"setNode","key":{"id":"api"},"field":"in","value":"az"}]`,
		pending: `[{"op":"removeGroup","key":{"id":"eu"}}]`,
		check: func(d *catalogue.Design) string {
			if in := node(d, "api").In; in != "az" {
				return "api is in " + in + ", not az"
			}
			return ""
		},
	}, {
		name:    "remote adds a node in a zone and removes it, the user deletes the zone",
		remote:  `[{"op":"addNode","key":{"id":"x"},"value":{"component":"redis","in":"eu"},"after":{"id":"db"}},{"op":"removeNode","key":{"id":"x"}}]`,
		pending: `[{"op":"removeGroup","key":{"id":"eu"}}]`,
	}, {
		name:    "remote puts a node in a zone, the user renames the node and deletes the zone",
		remote:  `[{"op":"setNode","key":{"id":"api"},"field":"in","value":"eu"}]`,
		pending: `[{"op":"renameNode","key":{"id":"api"},"value":"web"},{"op":"removeGroup","key":{"id":"eu"}}]`,
		check: func(d *catalogue.Design) string {
			if n := node(d, "web"); n == nil || n.In != "" {
				return "web is missing or still in eu"
			}
			return ""
		},
	}, {
		name:    "remote puts a node in a zone, the user deletes both",
		remote:  `[{"op":"setNode","key":{"id":"api"},"field":"in","value":"eu"}]`,
		pending: `[{"op":"removeEdge","key":{"from":"api","to":"queue"}},{"op":"removeNode","key":{"id":"api"}},{"op":"removeGroup","key":{"id":"eu"}}]`,
	}, {
		name:    "both connect api to db: the user's edits apply to the remote's edge",
		remote:  `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"r"},"after":{"from":"queue","to":"db"}}]`,
		pending: `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"p"},"after":{"from":"queue","to":"db"}},{"op":"setEdge","key":{"from":"api","to":"db"},"field":"protocol","value":"http"}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Edges) != 3 || d.Edges[2].Protocol != "http" || d.Edges[2].Label != "r" {
				return "want the remote's edge, with the user's protocol"
			}
			return ""
		},
	}, {
		name:    "both connect api to db, the user twice: the user's second edge is kept",
		remote:  `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"r"},"after":{"from":"queue","to":"db"}}]`,
		pending: `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"p"},"after":{"from":"queue","to":"db"}},{"op":"addEdge","key":{"from":"api","to":"db","n":1},"value":{"label":"p2"},"after":{"from":"api","to":"db"}}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Edges) != 4 || d.Edges[2].Label != "r" || d.Edges[3].Label != "p2" {
				return "want the remote's edge then the user's second"
			}
			return ""
		},
	}, {
		name:    "both connect api to db, the user then adds one before theirs and edits the first",
		remote:  `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"r"},"after":{"from":"queue","to":"db"}}]`,
		pending: `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"p"},"after":{"from":"queue","to":"db"}},{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"p0"},"after":{"from":"queue","to":"db"}},{"op":"setEdge","key":{"from":"api","to":"db","n":1},"field":"protocol","value":"http"}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Edges) != 4 || d.Edges[2].Label != "p0" || d.Edges[3].Label != "r" || d.Edges[3].Protocol != "http" {
				return "want the user's p0, then the remote's edge with the user's protocol"
			}
			return ""
		},
	}, {
		name:    "both connect api to db, the user then deletes it",
		remote:  `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"r"},"after":{"from":"queue","to":"db"}}]`,
		pending: `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{"label":"p"},"after":{"from":"queue","to":"db"}},{"op":"removeEdge","key":{"from":"api","to":"db"}}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Edges) != 2 {
				return "the edge is still there"
			}
			return ""
		},
	}, {
		name:    "both add node x: the user's edges and notes on their x are not put on the remote's",
		remote:  `[{"op":"addNode","key":{"id":"x"},"value":{"component":"redis"},"after":{"id":"db"}}]`,
		pending: `[{"op":"addNode","key":{"id":"x"},"value":{"component":"kafka"},"after":{"id":"db"}},{"op":"addEdge","key":{"from":"x","to":"db"},"value":{},"after":{"from":"queue","to":"db"}},{"op":"addNote","key":{"on":"x"},"value":{"text":"mine"}}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Edges) != 2 || len(d.Notes) != 1 {
				return "the user's edge or note landed on the remote's x"
			}
			return ""
		},
	}, {
		name:    "remote adds a second edge from a node the user deletes with its first",
		remote:  `[{"op":"addEdge","key":{"from":"api","to":"queue","n":1},"value":{"label":"r"},"after":{"from":"api","to":"queue"}}]`,
		pending: `[{"op":"removeEdge","key":{"from":"api","to":"queue"}},{"op":"removeNode","key":{"id":"api"}}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Edges) != 1 || node(d, "api") != nil {
				return "api or an edge of it is still there"
			}
			return ""
		},
	}, {
		name:    "remote adds a second note on a node the user deletes with its first",
		remote:  `[{"op":"addNote","key":{"on":"api"},"value":{"text":"one"},"after":{}},{"op":"addNote","key":{"on":"api","n":1},"value":{"text":"two"},"after":{"on":"api"}}]`,
		pending: `[{"op":"removeNote","key":{}},{"op":"addNote","key":{"on":"api"},"value":{"text":"mine"}},{"op":"removeNote","key":{"on":"api"}},{"op":"removeEdge","key":{"from":"api","to":"queue"}},{"op":"removeNode","key":{"id":"api"}}]`,
	}, {
		name:    "remote connects two nodes, the user renames one and deletes the other",
		remote:  `[{"op":"addEdge","key":{"from":"api","to":"db"},"value":{},"after":{"from":"queue","to":"db"}}]`,
		pending: `[{"op":"renameNode","key":{"id":"api"},"value":"web"},{"op":"removeEdge","key":{"from":"queue","to":"db"}},{"op":"removeNode","key":{"id":"db"}}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Edges) != 1 || node(d, "db") != nil {
				return "db or an edge to it is still there"
			}
			return ""
		},
	}, {
		name:    "remote puts a note on a group, the user renames then deletes it",
		remote:  `[{"op":"addNote","key":{"on":"eu"},"value":{"text":"r"}}]`,
		pending: `[{"op":"renameGroup","key":{"id":"eu"},"value":"west"},{"op":"removeGroup","key":{"id":"west"}}]`,
	}, {
		name:    "remote adds a group in one the user renames then deletes",
		remote:  `[{"op":"addGroup","key":{"id":"az"},"value":{"boundary":"zone","in":"eu"},"after":{"id":"eu"}}]`,
		pending: `[{"op":"renameGroup","key":{"id":"eu"},"value":"west"},{"op":"removeGroup","key":{"id":"west"}}]`,
	}, {
		name:    "remote makes a node a copy of one the user renames then deletes",
		remote:  `[{"op":"setNode","key":{"id":"api"},"field":"replicaOf","value":"db"}]`,
		pending: `[{"op":"renameNode","key":{"id":"db"},"value":"d2"},{"op":"removeEdge","key":{"from":"queue","to":"d2"}},{"op":"removeNode","key":{"id":"d2"}}]`,
	}, {
		name:    "remote acknowledges rules on two nodes, the user renames one and deletes the other",
		remote:  `[{"op":"setDesign","key":{},"field":"suppress","value":[{"rule":"r","node":"api","reason":"ok"},{"rule":"r","node":"db","reason":"ok"}]}]`,
		pending: `[{"op":"renameNode","key":{"id":"api"},"value":"web"},{"op":"removeEdge","key":{"from":"queue","to":"db"}},{"op":"removeNode","key":{"id":"db"}}]`,
		check: func(d *catalogue.Design) string {
			if len(d.Suppress) != 1 || d.Suppress[0].Node != "web" {
				return "want the suppression of web alone"
			}
			return ""
		},
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
