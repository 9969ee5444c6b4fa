package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 38's design: an application load balancer over an app service in
// each of two zones, on one Multi-AZ database.
const twoCopies = `groups:
  - {id: eu, boundary: region}
  - {id: az-a, boundary: zone, in: eu}
  - {id: az-b, boundary: zone, in: eu}
nodes:
  - {id: alb, component: aws-alb, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
  - {id: db, component: aws-rds-postgresql, in: eu, props: {highAvailability: true}}
edges:
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: app-a, to: db}
  - {from: app-b, to: db}
`

// analyze says each entry's cut sets: in text, one line an entry; in JSON,
// cutSets with each set's members.
func TestAnalyzeCutSets(t *testing.T) {
	file := writeDesign(t, twoCopies)
	_, stdout, stderr := designer(t, "analyze", file)
	if stderr != "" {
		t.Fatal(stderr)
	}
	if want := "cut sets (1 entry point)\n  alb is cut by: alb; db; region eu; app-a + app-b; app-a + zone az-b; app-b + zone az-a; zones az-a + az-b\n"; !strings.Contains(stdout, want) {
		t.Errorf("the text report lacks %q:\n%s", want, stdout)
	}
	_, stdout, _ = designer(t, "analyze", "-o", "json", file)
	var got struct {
		CutSets []struct {
			Entry string `json:"entry"`
			Sets  []struct {
				Nodes   []string `json:"nodes"`
				Groups  []string `json:"groups"`
				Because string   `json:"because"`
			} `json:"sets"`
			More *int `json:"more"`
		} `json:"cutSets"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(got.CutSets) != 1 || got.CutSets[0].Entry != "alb" || got.CutSets[0].More == nil || *got.CutSets[0].More != 0 {
		t.Fatalf("cutSets %+v", got.CutSets)
	}
	var sets []string
	for _, s := range got.CutSets[0].Sets {
		sets = append(sets, strings.Join(append(s.Nodes, s.Groups...), "+"))
	}
	if strings.Join(sets, " ") != "alb db eu app-a+app-b app-a+az-b app-b+az-a az-a+az-b" {
		t.Errorf("sets %v", sets)
	}
	if b := got.CutSets[0].Sets[3].Because; !strings.Contains(b, "a pool behind alb") {
		t.Errorf("the pair's reason %q does not name the pool", b)
	}
	// A design that cannot be analysed still has the list, empty.
	_, stdout, _ = designer(t, "analyze", "-o", "json", writeDesign(t, "nodes: [{id: x, component: nope}]\n"))
	if !strings.Contains(stdout, `"cutSets": []`) {
		t.Errorf("cutSets must be [] rather than absent or null:\n%s", stdout)
	}
}
