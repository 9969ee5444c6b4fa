//go:build browser

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// axeVersion is the axe-core that .ci/ensure-axe fetches.
const axeVersion = "4.14.1"

// axeSource is axe-core's script: from $AXE_CORE, or where .ci/ensure-axe
// puts it. Without it the test fails and says how to get it.
func axeSource(t *testing.T) string {
	t.Helper()
	path := os.Getenv("AXE_CORE")
	if path == "" {
		path = filepath.Join("..", "..", ".cache", "axe-core-"+axeVersion, "node_modules", "axe-core", "axe.min.js")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the accessibility check needs axe-core: run .ci/ensure-axe (make test does), or set AXE_CORE=/path/to/axe.min.js (%v)", err)
	}
	return string(src)
}

// axeViolation is one rule axe-core found broken, with where.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// checkAccessible runs axe-core on the page as it is (WCAG 2.x A and AA and
// best practices) and fails on every serious or critical violation, and on
// a limited zoom or a scrolling region out of the keyboard's reach.
func (p *tab) checkAccessible(what string) {
	p.t.Helper()
	if p.evalPage(`typeof axe`) != `"object"` {
		p.evalPage(axeSource(p.t) + "\n;1")
	}
	got := p.evalPage(`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`)
	var raw string
	if err := json.Unmarshal([]byte(got), &raw); err != nil {
		p.t.Fatalf("axe-core on %s: %v: %.300s", what, err, got)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		p.t.Fatalf("axe-core on %s: %v", what, err)
	}
	// Two moderate rules the canvas issue named fail too: zoom must not be
	// limited, and a region that scrolls must take the focus.
	named := map[string]bool{"meta-viewport": true, "scrollable-region-focusable": true}
	for _, v := range vs {
		if v.Impact != "serious" && v.Impact != "critical" && !named[v.ID] {
			continue
		}
		var where []string
		for i, n := range v.Nodes {
			if i == 5 {
				where = append(where, "…")
				break
			}
			target, _ := json.Marshal(n.Target)
			where = append(where, string(target)+": "+strings.ReplaceAll(n.Summary, "\n", " "))
		}
		p.t.Errorf("%s: %s (%s, %d elements): %s\n\t%s", what, v.ID, v.Impact, len(v.Nodes), v.Help, strings.Join(where, "\n\t"))
	}
}

// collapseEurope collapses the resilient-orders example's region, by keyboard.
func collapseEurope(p *tab) {
	p.t.Helper()
	p.focus("button", "Region · Europe (Ireland) · eu-west-1 (eu)")
	p.keys(kb.Enter)
	p.click("button", "Collapse group")
	p.find("button", "Region · Europe (Ireland), …")
}

// The editor with a design, a node selected and the analysis open, and a
// catalogue page, have no serious or critical accessibility violation.
func TestAccessibility(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.find("button", "a, Amazon API Gateway…")
	p.checkAccessible("the editor")
	p.click("button", "c, AWS Lambda…")
	p.waitText("region", "Inspector", "Properties")
	p.checkAccessible("the editor, a node inspected")
	p.click("button", "Connection from a to c: invokes")
	p.checkAccessible("the editor, a connection inspected")
	// Groups, open and collapsed, and problems on the canvas.
	for _, example := range []string{"architecture-pitfalls.yaml", "resilient-orders.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "examples", example))
		if err != nil {
			t.Fatal(err)
		}
		p.openDesign(string(data))
		p.find("button", "Fit")
		p.checkAccessible("the editor on " + example)
	}
	p.click("button", "Note 1: Self-run…")
	p.find("textbox", "Note text")
	p.checkAccessible("the editor, a note inspected")
	collapseEurope(p)
	p.checkAccessible("the editor, a group collapsed")
	p.navigate(p.origin + "/catalogue/components/aws-lambda")
	p.find("heading", "AWS Lambda")
	p.checkAccessible("the AWS Lambda page")

	// The same in the dark theme.
	p.navigate(p.origin + "/")
	p.waitReady()
	p.choose("Theme", "Dark")
	collapseEurope(p)
	p.checkAccessible("the editor, dark, a group collapsed")
	p.click("button", "Expand group")
	p.click("button", "orders-fn, AWS Lambda…")
	p.checkAccessible("the editor, dark, a node inspected")
	p.click("button", "Note 1: Self-run…")
	p.find("textbox", "Note text")
	p.checkAccessible("the editor, dark, a note inspected")
	p.navigate(p.origin + "/catalogue/components/aws-lambda")
	p.find("heading", "AWS Lambda")
	p.checkAccessible("the AWS Lambda page, dark")
	p.checkClean()
}
