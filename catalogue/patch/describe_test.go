package patch

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestDescribe(t *testing.T) {
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	node := func(id string) Key { return Key{ID: id} }
	edge := Key{From: "api", To: "jobs"}
	pos := raw(`{"x":10,"y":20}`)
	tests := []struct {
		name string
		ops  []Op
		max  int
		want []string
	}{
		{"no ops", nil, 3, []string{"no change"}},
		{"a property set", []Op{{Op: SetNode, Key: node("api"), Field: "props.replicas", Value: raw(`3`)}}, 3,
			[]string{"set api's replicas to 3"}},
		{"a text field in quotes", []Op{{Op: SetNode, Key: node("api"), Field: "name", Value: raw(`"Orders API"`)}}, 3,
			[]string{"set api's name to “Orders API”"}},
		{"a property removed", []Op{{Op: SetNode, Key: node("api"), Field: "props.replicas", Value: raw(`null`)}}, 3,
			[]string{"cleared api's replicas"}},
		{"a list is not said", []Op{{Op: SetNode, Key: node("api"), Field: "zones", Value: raw(`["a","b"]`)}}, 3,
			[]string{"changed api's zones"}},
		{"a node added with its component", []Op{{Op: AddNode, Key: node("jobs"), Value: raw(`{"id":"jobs","component":"aws-sqs"}`)}}, 3,
			[]string{"added node jobs (aws-sqs)"}},
		{"an edge deleted", []Op{{Op: RemoveEdge, Key: edge}}, 3, []string{"deleted the edge api → jobs"}},
		{"an edge's field", []Op{{Op: SetEdge, Key: edge, Field: "protocol", Value: raw(`"https"`)}}, 3,
			[]string{"set protocol of the edge api → jobs to “https”"}},
		{"a second edge", []Op{{Op: AddEdge, Key: Key{From: "api", To: "jobs", N: 1}}}, 3, []string{"added the edge #2 api → jobs"}},
		{"a rename", []Op{{Op: RenameNode, Key: node("api"), Value: raw(`"gateway"`)}}, 3, []string{"renamed node api to gateway"}},
		{"a note's text", []Op{{Op: SetNote, Key: Key{On: "api"}, Field: "text", Value: raw(`"hi"`)}}, 3,
			[]string{"edited the text of a note on api"}},
		{"a canvas note deleted", []Op{{Op: RemoveNote, Key: Key{}}}, 3, []string{"deleted a note on the canvas"}},
		{"the design's name", []Op{{Op: SetDesign, Field: "name", Value: raw(`"Shop"`)}}, 3, []string{"set the design's name to “Shop”"}},
		{"one node moved", []Op{{Op: SetNode, Key: node("api"), Field: "position", Value: pos}}, 3, []string{"moved node api"}},
		{"three nodes moved are one line", []Op{
			{Op: SetNode, Key: node("a"), Field: "position", Value: pos},
			{Op: SetNode, Key: node("b"), Field: "position", Value: pos},
			{Op: SetNode, Key: node("c"), Field: "position", Value: pos},
		}, 3, []string{"moved 3 nodes"}},
		{"a node moved twice counts once", []Op{
			{Op: SetNode, Key: node("a"), Field: "position", Value: pos},
			{Op: SetNode, Key: node("a"), Field: "position", Value: pos},
		}, 3, []string{"moved node a"}},
		{"moves of groups apart from nodes, in the order of the first", []Op{
			{Op: SetGroup, Key: node("g"), Field: "position", Value: pos},
			{Op: SetNode, Key: node("a"), Field: "position", Value: pos},
			{Op: SetNode, Key: node("b"), Field: "position", Value: pos},
		}, 3, []string{"moved group g", "moved 2 nodes"}},
		{"reorders are one line", []Op{{Op: MoveNode, Key: node("a")}, {Op: MoveNode, Key: node("b")}}, 3, []string{"reordered 2 nodes"}},
		{"many ops: three lines and the rest counted", []Op{
			{Op: AddNode, Key: node("a"), Value: raw(`{"id":"a","component":"x"}`)},
			{Op: AddNode, Key: node("b"), Value: raw(`{"id":"b","component":"x"}`)},
			{Op: AddNode, Key: node("c"), Value: raw(`{"id":"c","component":"x"}`)},
			{Op: AddEdge, Key: Key{From: "a", To: "b"}},
			{Op: AddEdge, Key: Key{From: "b", To: "c"}},
		}, 3, []string{"added node a (x)", "added node b (x)", "added node c (x)", "and 2 more"}},
		{"no limit says all", []Op{{Op: RemoveNode, Key: node("a")}, {Op: RemoveNode, Key: node("b")}}, 0,
			[]string{"deleted node a", "deleted node b"}},
		{"a long text is not said", []Op{{Op: SetNode, Key: node("api"), Field: "name", Value: raw(`"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"`)}}, 3,
			[]string{"changed api's name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Describe(tt.ops, tt.max); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Describe = %q, want %q", got, tt.want)
			}
		})
	}
}
