package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// A node that runs in several zones, and copies inferred from what the
// design draws: the text says a zone's loss takes a share of the node and
// why the copies were taken as copies; the JSON carries both.
func TestAnalyzeZonesAndCopies(t *testing.T) {
	file := writeDesign(t, `groups:
  - {id: eu, boundary: region}
  - {id: az-a, boundary: zone, in: eu}
  - {id: az-b, boundary: zone, in: eu}
nodes:
  - {id: fn, component: aws-lambda, in: eu, entry: true}
  - {id: asg, component: aws-ec2-auto-scaling, in: eu, zones: [az-a, az-b], props: {instances: 2}}
  - {id: w-a, component: aws-ecs, in: az-a}
  - {id: w-b, component: aws-ecs, in: az-b}
edges:
  - {from: fn, to: asg}
  - {from: fn, to: w-a}
  - {from: fn, to: w-b}
`)
	_, stdout, stderr := designer(t, "analyze", file)
	if stderr != "" {
		t.Fatal(stderr)
	}
	for _, want := range []string{
		"  zone az-a: takes w-a, and a share of asg; cuts nothing; data at risk: nothing\n",
		"asg: 99.99 % (sla; in two or more zones;",
		"any one of w-a, w-b serves (taken as copies: same component (aws-ecs), same callers and callees, in zones az-a and az-b; notReplica on a node says otherwise)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the text report lacks %q:\n%s", want, stdout)
		}
	}
	_, stdout, _ = designer(t, "analyze", "-o", "json", file)
	var got struct {
		Entries []struct {
			Factors []struct {
				Nodes  []string `json:"nodes"`
				Copies string   `json:"copies"`
			} `json:"factors"`
		} `json:"entries"`
		Losses []struct {
			Group  string   `json:"group"`
			Shares []string `json:"shares"`
		} `json:"losses"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	copies := ""
	for _, f := range got.Entries[0].Factors {
		copies += f.Copies
	}
	if copies != "inferred" {
		t.Errorf("factors' copies %q, want one inferred choice", copies)
	}
	for _, l := range got.Losses {
		if want := l.Group != "eu"; (len(l.Shares) == 1 && l.Shares[0] == "asg") != want {
			t.Errorf("loss of %s: shares %v", l.Group, l.Shares)
		}
	}
}
