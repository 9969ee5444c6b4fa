package main

import (
	"encoding/json"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// secrets are the environment values of the fixture left-out.compose.yaml:
// no output shows them.
var secrets = []string{"hunter2-db-password", "sk_live_51Hsecretvalue", "rabbit-secret-pw", "tok_worker_secret", "verbose-logging-level"}

// What an import leaves out is said on stderr by import, check, analyze
// and resolve, a note a thing, and carried by their JSON (and resolve's
// YAML) as "import": {"format", "notImported", "leftOut", "dropped"}; no
// output holds an environment variable's value.
func TestImportLeftOutIsSaid(t *testing.T) {
	file, _ := importFixture(t, "left-out.compose.yaml")
	build := "note: " + file + ":19:5: service api: build context ./api left out: the design has no place for how a service is built\n"
	for _, args := range [][]string{{"import", file}, {"check", file}, {"analyze", file}, {"resolve", file}} {
		_, stdout, stderr := designer(t, args...)
		if !strings.Contains(stderr, build) || strings.Count(stderr, " left out: ") != 22 {
			t.Errorf("%v: stderr\n%s", args, stderr)
		}
		for _, s := range secrets {
			if strings.Contains(stdout+stderr, s) {
				t.Errorf("%v shows %s", args, s)
			}
		}
	}
	type leftOut struct {
		Line, Column  int
		Address, Type string
		What, Why     string
	}
	type imported struct {
		Format      string
		NotImported []map[string]any `yaml:"notImported"`
		LeftOut     []leftOut        `yaml:"leftOut"`
		Dropped     []map[string]any
	}
	var checked struct {
		Files []struct{ Import *imported }
	}
	var analyzed, resolved, resolvedYAML struct{ Import *imported }
	for _, c := range []struct {
		args []string
		into any
		yaml bool
	}{
		{[]string{"check", "-o", "json", file}, &checked, false},
		{[]string{"analyze", "-o", "json", file}, &analyzed, false},
		{[]string{"resolve", "-o", "json", file}, &resolved, false},
		{[]string{"resolve", file}, &resolvedYAML, true},
	} {
		_, stdout, _ := designer(t, c.args...)
		var err error
		if c.yaml {
			err = yaml.Unmarshal([]byte(stdout), c.into)
		} else {
			err = json.Unmarshal([]byte(stdout), c.into)
		}
		if err != nil {
			t.Fatalf("%v: %v\n%s", c.args, err, stdout)
		}
		for _, s := range secrets {
			if strings.Contains(stdout, s) {
				t.Errorf("%v shows %s", c.args, s)
			}
		}
	}
	if len(checked.Files) != 1 {
		t.Fatalf("check: %+v", checked)
	}
	for name, got := range map[string]*imported{"check": checked.Files[0].Import, "analyze": analyzed.Import, "resolve": resolved.Import, "resolve (yaml)": resolvedYAML.Import} {
		if got == nil || got.Format != "compose" || len(got.LeftOut) != 22 || got.NotImported == nil || got.Dropped == nil {
			t.Errorf("%s: %+v", name, got)
			continue
		}
		if want := (leftOut{19, 5, "api", "service", "build context ./api", "the design has no place for how a service is built"}); got.LeftOut[4] != want {
			t.Errorf("%s: %+v, want %+v", name, got.LeftOut[4], want)
		}
		if first := got.LeftOut[0]; first.Address != "" || first.What != "include" {
			t.Errorf("%s: the file's own: %+v", name, first)
		}
	}
	// A design is no import: none of it is said.
	_, stdout, _ := designer(t, "check", "-o", "json", writeDesign(t, clean))
	if strings.Contains(stdout, "\"import\"") {
		t.Errorf("a design has an import:\n%s", stdout)
	}
}
