package diag

import (
	"encoding/json"
	"strings"
	"testing"
)

// An ErrorList is one line as an error, every line from Lines and Print, and
// each problem's JSON has its code, position and path.
func TestErrorListForms(t *testing.T) {
	var l ErrorList
	l.Add(Pos{File: "d.yaml", Line: 2, Column: 5}, CodeUnknownComponent, "nodes[0].component: unknown component `kafak`")
	if l.Error() != "d.yaml:2:5: nodes[0].component: unknown component `kafak`" {
		t.Errorf("one: %q", l.Error())
	}
	l.Add(Pos{File: "d.yaml", Line: 3, Column: 1}, CodeRequired, "`nodes` is required")
	l.Add(Pos{File: "d.yaml"}, CodeTooLarge, "too large")
	if got := l.Error(); got != "d.yaml:2:5: nodes[0].component: unknown component `kafak` (and 2 more problems)" || strings.Contains(got, "\n") {
		t.Errorf("three: %q", got)
	}
	var b strings.Builder
	l.Print(&b)
	if b.String() != strings.Join(l.Lines(), "\n")+"\n" || len(l.Lines()) != 3 {
		t.Errorf("print %q, lines %q", b.String(), l.Lines())
	}
	data, _ := json.Marshal(l[:2])
	want := `[{"code":"unknown-component","file":"d.yaml","line":2,"column":5,"path":"nodes[0].component","message":"nodes[0].component: unknown component ` + "`kafak`" + `"},{"code":"required","file":"d.yaml","line":3,"column":1,"message":"` + "`nodes`" + ` is required"}]`
	if string(data) != want {
		t.Errorf("json %s\nwant %s", data, want)
	}
}
