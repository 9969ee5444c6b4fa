package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func TestLayoutWritesPositionsKeepingTheFile(t *testing.T) {
	src := `# Orders: drawn by hand, then grown.
groups:
  - { id: "eu", boundary: "region", props: { region: "eu-west-1" } }
nodes:
  # The entry, placed by hand.
  - id: "api"
    component: "aws-api-gateway" # the front door
    in: "eu"
    position: { x: 100, y: 100 }
  - { id: "fn", component: "aws-lambda", in: "eu" }
  - id: "queue"
    component: "aws-sqs"   # keep this comment
    in: "eu"
edges:
  - { from: "api", to: "fn" }
  - { from: "fn", to: "queue" }
`
	file := writeDesign(t, src)
	code, stdout, stderr := designer(t, "layout", file)
	if code != 0 || !strings.Contains(stdout, "placed 2 of 3 nodes") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	got, _ := os.ReadFile(file)
	added := regexp.MustCompile(`(, |\n\s*)position: \{x: -?\d+, y: -?\d+\}`)
	if added.ReplaceAllString(string(got), "") != src {
		t.Errorf("the file changed beyond the positions added:\n%s", got)
	}
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	d, errs := cat.ReadDesign(file, got)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if p := d.Nodes[0].Position; *p != (catalogue.Point{X: 100, Y: 100}) {
		t.Errorf("the placed node moved to %v", *p)
	}
	for _, n := range d.Nodes[1:] {
		if n.Position == nil || n.Position.X <= 100 {
			t.Errorf("%s at %v: not after the entry", n.ID, n.Position)
		}
	}
	// A second run has nothing to place; --all moves the entry too, in
	// its own flow mapping.
	if code, stdout, _ := designer(t, "layout", file); code != 0 || !strings.Contains(stdout, "every node is in place") {
		t.Errorf("second run: exit %d %q", code, stdout)
	}
	if again, _ := os.ReadFile(file); string(again) != string(got) {
		t.Error("a second run changed the file")
	}
	if code, _, stderr := designer(t, "layout", "--all", "--direction", "tb", file); code != 0 {
		t.Fatalf("--all: exit %d %s", code, stderr)
	}
	all, _ := os.ReadFile(file)
	if !strings.Contains(string(all), "# keep this comment") || !regexp.MustCompile(`position: \{ x: \d+, y: \d+ \}`).Match(all) {
		t.Errorf("--all lost the file's form:\n%s", all)
	}
}

func TestLayoutRefusals(t *testing.T) {
	good := writeDesign(t, "nodes:\n  - { id: \"a\", component: \"kafka\" }\n")
	for _, args := range [][]string{
		{"layout", "--direction", "rl", good},
		{"layout", writeDesign(t, "nodes: [{ id: \"a\", component: \"kafak\" }]\n")},
		{"layout"},
	} {
		var before []byte
		if len(args) > 1 {
			before, _ = os.ReadFile(args[len(args)-1])
		}
		if code, _, stderr := designer(t, args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d %q", args, code, stderr)
		}
		if len(args) > 1 {
			if after, _ := os.ReadFile(args[len(args)-1]); string(after) != string(before) {
				t.Errorf("%v changed the file", args)
			}
		}
	}
}
