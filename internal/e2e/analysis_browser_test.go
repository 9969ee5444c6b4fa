//go:build browser

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
)

// The Analysis region says what designer analyze says, for every example:
// each entry's availability, each single point of failure, each sink's
// delivery and each stateful node's durability.
func TestEditorAnalysisAgreesWithTheCLI(t *testing.T) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../examples/*.yaml")
	p := openEditor(t)
	for _, file := range files {
		abs, _ := filepath.Abs(file)
		data, _ := os.ReadFile(abs)
		d, errs := cat.ReadDesign(file, data)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		_, r := analysis.Resolve(cat, d)
		p.importFile(abs)
		for _, e := range r.Entries {
			want := e.Node + ": " + strings.TrimSpace(e.Qualifier()+" "+catalogue.FormatPercent(e.Availability)) + " % available"
			if e.NoFigure() {
				want = e.Node + ": unknown"
			}
			p.waitText("region", "Analysis", want)
		}
		text := p.text("region", "Analysis")
		for _, s := range r.SPOFs {
			if !strings.Contains(text, "cuts "+strings.Join(s.Cuts, ", ")+": "+s.Because) {
				t.Errorf("%s: SPOF %s%s is not shown:\n%s", file, s.Node, s.Group, text)
			}
		}
		for _, s := range r.Sinks {
			if !strings.Contains(text, s.Node+": "+s.Delivery+" — "+s.Because) {
				t.Errorf("%s: sink %s is not shown", file, s.Node)
			}
		}
		for _, du := range r.Durability {
			if !strings.Contains(text, du.Node+": tolerates ") || !strings.Contains(text, du.Because) {
				t.Errorf("%s: durability of %s is not shown", file, du.Node)
			}
		}
		if !strings.Contains(text, "Entry points ("+strconv.Itoa(len(r.Entries))+")") {
			t.Errorf("%s: entry count", file)
		}
	}
	p.checkClean()
}

// What an architect does with it: read a derivation, reveal a single point
// of failure, fail a zone and a region, state figures and objectives in the
// inspector, and see an objective missed among the problems.
func TestEditorAnalysis(t *testing.T) {
	p := openEditor(t)
	abs, _ := filepath.Abs("../../examples/resilient-orders.yaml")
	p.importFile(abs)
	p.waitText("region", "Analysis", "api: 99.7901 % available, 90.7 min down a month")
	p.waitText("region", "Analysis", "api: availability ≥ 99.7 %: met")
	p.waitText("region", "Analysis", "order-log: tolerates ≥ 1 failure: met")
	// The derivation is drawn once the entry is opened.
	p.absent("link", "SLA page of orders-db for api")
	p.click("DisclosureTriangle", "api: 99.7901 % available, 90.7 min down a month")
	p.waitText("region", "Analysis", "= api 99.95 × orders-fn 99.95 × orders-db 99.99 × order-log 99.9 assumed")
	p.find("link", "SLA page of orders-db for api")

	// The region is the one single point of failure: revealing it selects it.
	p.clickIn("Analysis", "button", "Reveal region Europe (Ireland) (eu)")
	p.waitText("region", "Inspector", "Region group eu")

	// A zone: it takes a worker whose replica serves, so nothing is cut.
	p.clickIn("Analysis", "button", "Fail zone eu-a")
	p.waitText("region", "Analysis", "It takes worker-a.")
	p.waitText("region", "Analysis", "It cuts no entry point off.")
	if got := p.eval(p.find("button", "worker-a, Generic service…"), `function() { return this.dataset.lost + " " + this.getAttribute("aria-description") }`); got != `"true lost while eu-a fails"` {
		t.Errorf("worker-a while eu-a fails: %s", got)
	}
	// The region: everything, and the entry is cut.
	p.clickIn("Analysis", "button", "Fail region Europe (Ireland) (eu)")
	p.waitText("region", "Analysis", "cut off while region Europe (Ireland) (eu) fails")
	p.waitText("region", "Analysis", "It loses the only copy of acknowledged data in orders-db, order-log, shipments.")
	if got := p.eval(p.find("button", "Fail region Europe (Ireland) (eu)"), `function() { return this.getAttribute("aria-pressed") }`); got != `"true"` {
		t.Errorf("pressed %s", got)
	}
	p.clickIn("Analysis", "button", "Fail region Europe (Ireland) (eu)")
	p.eventually("the consequences to go", func() (bool, string) {
		text := p.text("region", "Analysis")
		return !strings.Contains(text, "It takes "), text
	})
	if got := p.eval(p.find("button", "worker-a, Generic service…"), `function() { return this.dataset.lost }`); got != `"false"` {
		t.Errorf("worker-a after the failure is lifted: %s", got)
	}

	// The inspector states figures: a lower assumption for the log.
	p.click("button", "order-log, Apache Kafka…")
	p.click("DisclosureTriangle", "Analysis")
	p.fill("textbox", "Assumed availability (%)", "99.5")
	p.waitText("region", "Analysis", "= api 99.95 × orders-fn 99.95 × orders-db 99.99 × order-log 99.5 assumed")
	p.fill("textbox", "Assumed availability (%)", "lots")
	p.waitText("status", "", "is not a number")
	// A design objective the entry misses is an error among the problems.
	p.fill("textbox", "Availability objective of every entry point (%)", "99.9")
	p.waitText("region", "Problems", "api's availability is 99.3906 %")
	p.waitText("region", "Analysis", "api: availability ≥ 99.9 %: missed")
	// Undo takes the design's objective back to 99.7, which the entry
	// still misses with the lower assumption; undo that too.
	p.click("button", "Undo")
	p.waitText("region", "Analysis", "api: availability ≥ 99.7 %: missed (99.3906 %)")
	p.click("button", "Undo")
	p.waitText("region", "Analysis", "api: availability ≥ 99.7 %: met")
	p.checkClean()
}

// A long list of the Analysis region draws 50 items, and Show more the
// next 50.
func TestEditorAnalysisShowMore(t *testing.T) {
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := 0; i < 120; i++ {
		fmt.Fprintf(&b, "  - { id: \"n-%d\", component: \"kafka\", position: { x: %d, y: %d } }\n", i, 40+(i%40)*220, 40+(i/40)*120)
	}
	p := loadDesign(t, b.String())
	p.waitText("region", "Analysis", "50 of 120 shown.")
	if got := p.text("region", "Analysis"); strings.Contains(got, "n-50: tolerates") {
		t.Fatal("a 51st durability row is drawn before Show more")
	}
	p.click("button", "Show 50 more stateful nodes")
	p.waitText("region", "Analysis", "100 of 120 shown.")
	p.waitText("region", "Analysis", "n-99: tolerates")
	p.click("button", "Show 20 more stateful nodes")
	p.absent("button", "Show 20 more stateful nodes")
	p.waitText("region", "Analysis", "n-119: tolerates")
}

// Under each entry's availability, the sets of one or two losses that cut
// it: with two copies of the app in two zones behind a balancer, the pair
// of copies and the pair of zones, each named.
func TestEditorAnalysisCutSets(t *testing.T) {
	p := loadDesign(t, `nodes:
  - {id: alb, component: aws-alb, in: eu, position: {x: 40, y: 40}}
  - {id: app-a, component: aws-ecs, in: az-a, position: {x: 300, y: 40}}
  - {id: app-b, component: aws-ecs, in: az-b, position: {x: 300, y: 200}}
  - {id: db, component: aws-rds-postgresql, in: eu, props: {highAvailability: true}, position: {x: 560, y: 120}}
groups:
  - {id: eu, boundary: region}
  - {id: az-a, boundary: zone, in: eu}
  - {id: az-b, boundary: zone, in: eu}
edges:
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: app-a, to: db}
  - {from: app-b, to: db}
`)
	p.waitText("list", "Cut sets of alb", "app-a + app-b — any one of app-a, app-b serves (a pool behind alb)")
	text := p.text("list", "Cut sets of alb")
	for _, want := range []string{"db", "region eu", "app-a + zone az-b", "zone az-a + zone az-b"} {
		if !strings.Contains(text, want) {
			t.Errorf("the cut sets of alb do not name %q: %s", want, text)
		}
	}
	p.checkClean()
}
