package schema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// A change patch.Diff makes validates against change.schema.json, and
// changes the schema refuses, patch.DecodeChange refuses too.
func TestChangeMatchesTheSchema(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "change.schema.json")
	a := &catalogue.Design{SchemaVersion: catalogue.SchemaVersion,
		Groups: []catalogue.Group{{ID: "eu", Boundary: "region"}},
		Nodes:  []catalogue.Node{{ID: "api", Component: "aws-lambda"}, {ID: "db", Component: "postgresql"}},
		Edges:  []catalogue.Edge{{From: "api", To: "db"}},
		Notes:  []catalogue.Note{{Text: "hello"}}}
	b := &catalogue.Design{SchemaVersion: catalogue.SchemaVersion, Name: "Orders",
		Suppress: []catalogue.Suppression{{Rule: "single-zone", Node: "orders-api", Reason: "a sketch"}},
		Groups:   []catalogue.Group{{ID: "europe", Boundary: "region"}, {ID: "az", Boundary: "zone", In: "europe"}},
		Nodes:    []catalogue.Node{{ID: "db", Component: "postgresql", In: "az", Props: map[string]catalogue.Value{"multiZone": catalogue.BoolValue(true)}}, {ID: "orders-api", Component: "aws-lambda", Entry: true}},
		Edges:    []catalogue.Edge{{From: "orders-api", To: "db", Label: "SQL"}, {From: "orders-api", To: "db"}},
		Notes:    []catalogue.Note{{Text: "on the db", On: "db"}, {Text: "hello, again"}}}
	ops := patch.Diff(a, b)
	ops = append(ops, patch.Diff(b, a)...)
	kinds := map[patch.Kind]bool{}
	for _, op := range ops {
		kinds[op.Op] = true
	}
	if len(kinds) < 10 {
		t.Fatalf("the diffs use only %d kinds of op: %v", len(kinds), kinds)
	}
	msg, err := json.Marshal(patch.Change{ID: "123e4567-e89b-12d3-a456-426614174000", Base: 7, Ops: ops})
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(instance(t, msg)); err != nil {
		t.Errorf("%s\n%v", msg, err)
	}
	good := `{"id":"c1","base":3,"ops":[{"op":"setNode","key":{"id":"api"},"field":"props.acks","value":"all"},{"op":"addEdge","key":{"from":"api","to":"db","n":1},"value":{"label":"again"},"after":{"from":"api","to":"db"}}]}`
	if _, err := patch.DecodeChange([]byte(good), patch.DefaultLimits()); err != nil || schema.Validate(instance(t, []byte(good))) != nil {
		t.Fatalf("a good change: %v", err)
	}
	for _, bad := range []string{
		strings.Replace(good, `"id":"c1"`, `"id":"C1"`, 1),
		strings.Replace(good, `"base":3`, `"base":-1`, 1),
		strings.Replace(good, `"base":3,`, ``, 1),
		strings.Replace(good, `"op":"setNode"`, `"op":"setThing"`, 1),
		strings.Replace(good, `"key":{"id":"api"}`, `"key":{"id":"api","from":"x"}`, 1),
		strings.Replace(good, `"key":{"id":"api"}`, `"key":{"id":"API"}`, 1),
		strings.Replace(good, `"field":"props.acks",`, ``, 1),
		strings.Replace(good, `"value":"all"}`, `"value":"all","after":{"id":"db"}}`, 1),
		strings.Replace(good, `"n":1}`, `"n":-1}`, 1),
		strings.Replace(good, `"to":"db","n":1}`, `"to":"db","on":"x"}`, 1),
		strings.Replace(good, `"base":3`, `"base":3,"extra":true`, 1),
		`{"id":"c1","base":0,"ops":[{"op":"removeNode","key":{"id":"a"},"value":1}]}`,
		`{"id":"c1","base":0,"ops":[{"op":"renameNode","key":{"id":"a"},"value":"B"}]}`,
		`{"id":"c1","base":0,"ops":[{"op":"setDesign","key":{"id":"a"},"field":"name","value":"x"}]}`,
	} {
		if schema.Validate(instance(t, []byte(bad))) == nil {
			t.Errorf("the schema takes %s", bad)
		}
		if _, err := patch.DecodeChange([]byte(bad), patch.DefaultLimits()); err == nil {
			t.Errorf("DecodeChange takes %s", bad)
		}
	}
}
