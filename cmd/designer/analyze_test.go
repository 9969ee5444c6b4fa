package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const objectiveMissed = `objectives: {availability: 99.95}
nodes:
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
  - {id: db, component: aws-dynamodb}
  - {id: q, component: aws-sqs}
edges:
  - {from: api, to: fn}
  - {from: fn, to: db}
  - {from: fn, to: q, flow: event}
`

// analyze -o json has the documented shape, with the worked
// example: 99.95 × 99.95 × 99.99 × 99.9 = 99.79 %.
func TestAnalyzeJSON(t *testing.T) {
	code, stdout, stderr := designer(t, "analyze", "-o", "json", writeDesign(t, objectiveMissed))
	if code != 1 || stderr != "" {
		t.Errorf("exit %d (want 1: the objective is missed), stderr %s", code, stderr)
	}
	var got struct {
		File    string `json:"file"`
		Entries []struct {
			Node         string  `json:"node"`
			Availability float64 `json:"availability"`
			Downtime     float64 `json:"downtimeMinutesPerMonth"`
			Bound        *bool   `json:"bound"`
			Factors      []struct {
				Node   string  `json:"node"`
				Value  float64 `json:"value"`
				Source string  `json:"source"`
				Docs   string  `json:"docs"`
			} `json:"factors"`
		} `json:"entries"`
		SPOFs      []map[string]any `json:"spofs"`
		Sinks      []map[string]any `json:"sinks"`
		Durability []map[string]any `json:"durability"`
		Objectives []struct {
			Target    string  `json:"target"`
			Objective float64 `json:"objective"`
			Actual    float64 `json:"actual"`
			Met       bool    `json:"met"`
		} `json:"objectives"`
		Errors []any `json:"errors"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(got.Entries) != 1 || got.Entries[0].Node != "api" || got.Entries[0].Availability != 99.790145 || got.Entries[0].Bound == nil || *got.Entries[0].Bound {
		t.Fatalf("entries %+v", got.Entries)
	}
	if f := got.Entries[0].Factors; len(f) != 4 || f[3].Node != "q" || f[3].Value != 99.9 || f[3].Source != "sla" || f[3].Docs != "https://aws.amazon.com/messaging/sla/" {
		t.Errorf("factors %+v", f)
	}
	if len(got.Objectives) != 1 || got.Objectives[0].Met || got.Objectives[0].Actual != 99.790145 {
		t.Errorf("objectives %+v", got.Objectives)
	}
	if got.SPOFs == nil || got.Sinks == nil || got.Durability == nil || got.Errors == nil {
		t.Errorf("lists must be [] rather than null: %s", stdout)
	}
	// check counts the objective too, and its JSON lists it.
	code, stdout, _ = designer(t, "check", "-o", "json", writeDesign(t, objectiveMissed))
	if code != 1 || !strings.Contains(stdout, `"rule": "availability-objective"`) {
		t.Errorf("check: exit %d\n%s", code, stdout)
	}
}

func TestAnalyzeUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"analyze"}, "name one design FILE"},
		{[]string{"analyze", "-o", "xml", "x.yaml"}, "-o xml: use text or json"},
		{[]string{"analyze", "no/such.yaml"}, "no/such.yaml: stat"},
	} {
		code, _, stderr := designer(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.err) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, stderr)
		}
	}
}

// The text report of every example is kept in testdata/analyze, so that a
// change to the catalogue's figures or the analysis shows in review.
func TestAnalyzeExamples(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.yaml")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			_, stdout, stderr := designer(t, "analyze", file)
			if stderr != "" {
				t.Fatal(stderr)
			}
			stdout = strings.ReplaceAll(stdout, "../../examples/", "examples/")
			golden := filepath.Join("testdata", "analyze", strings.TrimSuffix(filepath.Base(file), ".yaml")+".txt")
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if stdout != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", stdout, want)
			}
		})
	}
}

// Under each zone and region loss, the text says how the nodes it takes
// recover, with the page of each figure, and "unknown" where no document
// says; the JSON carries the figures, null where unknown.
func TestAnalyzeRecovery(t *testing.T) {
	design := writeDesign(t, `groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: rds-main, component: aws-rds-postgresql, in: eu, props: {highAvailability: true, multiZone: true}}
  - {id: pg, component: postgresql, in: eu}
edges:
  - {from: api, to: rds-main}
  - {from: api, to: pg}
`)
	_, stdout, stderr := designer(t, "analyze", design)
	for _, want := range []string{
		"  zone a: takes nothing; cuts nothing; data at risk: nothing\n    recovery: ≤ 120 s to serve again, no acknowledged writes lost\n      rds-main serves again in ≤ 120 s, no acknowledged writes lost (https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Concepts.MultiAZ.Failover.html)\n",
		"    recovery: time unknown (rds-main), data loss unknown (rds-main)\n      rds-main: unknown: no document in the catalogue states how aws-rds-postgresql recovers from the loss of its region in this configuration\n      pg: unknown: no document in the catalogue states how postgresql recovers from the loss of its region in this configuration\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks\n%s\n%s%s", want, stdout, stderr)
		}
	}
	_, stdout, _ = designer(t, "analyze", "-o", "json", design)
	var got struct {
		Losses []struct {
			Group    string `json:"group"`
			Recovery []struct {
				Node       string `json:"node"`
				RTOSeconds *int64 `json:"rtoSeconds"`
				RPOSeconds *int64 `json:"rpoSeconds"`
				Docs       string `json:"docs"`
			} `json:"recovery"`
			RTOSeconds *int64 `json:"rtoSeconds"`
			UnknownRTO string `json:"unknownRTO"`
		} `json:"losses"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(got.Losses) != 2 {
		t.Fatalf("losses %+v", got.Losses)
	}
	for _, l := range got.Losses {
		switch l.Group {
		case "a":
			if r := l.Recovery; len(r) != 1 || r[0].RTOSeconds == nil || *r[0].RTOSeconds != 120 || r[0].RPOSeconds == nil || *r[0].RPOSeconds != 0 || r[0].Docs == "" || l.RTOSeconds == nil || *l.RTOSeconds != 120 {
				t.Errorf("zone a: %+v", l)
			}
		case "eu":
			if len(l.Recovery) != 2 || l.RTOSeconds != nil || l.UnknownRTO != "rds-main" {
				t.Errorf("region eu: %+v", l)
			}
		}
	}
}
