package patch

import (
	"maps"
	"reflect"
	"slices"

	"github.com/archdesigner/designer/catalogue"
)

// sameNode reports whether two nodes agree in every field, written out:
// Diff asks it of every node of a design on every edit, and it answers a
// node the edit left alone (its props map, zones and position shared with
// the design before) without a call per field.
func sameNode(x, y *catalogue.Node) bool {
	return x.ID == y.ID && x.Name == y.Name && x.Component == y.Component && x.In == y.In &&
		x.Entry == y.Entry && x.NotEntry == y.NotEntry && x.ReplicaOf == y.ReplicaOf && x.NotReplica == y.NotReplica &&
		x.ZoneCount == y.ZoneCount && x.Assume == y.Assume && x.Objectives == y.Objectives && x.Origin == y.Origin &&
		samePoint(x.Position, y.Position) && slices.Equal(x.Zones, y.Zones) && sameProps(x.Props, y.Props)
}

func samePoint(p, q *catalogue.Point) bool { return p == q || p != nil && q != nil && *p == *q }

// sameProps compares two property maps, at once when they are one map.
func sameProps(p, q map[string]catalogue.Value) bool {
	if len(p) != len(q) {
		return false
	}
	if len(p) == 0 || reflect.ValueOf(p).UnsafePointer() == reflect.ValueOf(q).UnsafePointer() {
		return true
	}
	return maps.Equal(p, q)
}
