//go:build browser

package e2e

import (
	"os"
	"strings"
	"testing"
)

// The three designs, as an architect reads them in the editor: two
// copies behind a load balancer are a pool, neither a single point of
// failure, and the inspector says why they were taken as copies, with Not
// a copy to say otherwise; three EC2 instances over three zones get EC2's
// region-level SLA; two path-routed services are each a single point of
// failure. A node ticked to run in two zones is drawn as a stack and loses
// a share, not itself, to a zone's loss.
func TestEditorReadsCopiesAndZones(t *testing.T) {
	read := func(file string) string {
		data, err := os.ReadFile("../../examples/" + file)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	p := loadDesign(t, read("two-zone-web.yaml"))
	p.waitText("region", "Analysis", "Single points of failure (1)")
	if text := p.text("region", "Analysis"); strings.Contains(text, "app-a cuts") || strings.Contains(text, "app-b cuts") {
		t.Errorf("a copy behind the balancer is a single point of failure:\n%s", text)
	}
	p.click("button", "app-a, Amazon Elastic Container Service…")
	copies := p.text("region", "Copies")
	if !strings.Contains(copies, "In a pool behind alb with app-b: same component (aws-ecs) and the same callees, in zones az-a and az-b. Any one of them serves.") {
		t.Errorf("the inspector's copies: %q", copies)
	}
	// Said apart, app-a is one need of its own: a single point of failure,
	// its zone too; counted again, it is not.
	p.click("button", "Not a copy")
	p.waitText("region", "Analysis", "app-a cuts cdn: it runs only in zone az-a")
	p.waitText("region", "Copies", "The design says this node is no copy of the nodes it looks like (notReplica)")
	p.click("button", "Count it as a copy again")
	p.waitText("region", "Analysis", "Single points of failure (1)")

	// The balancer, in the region, ticked to run in both zones: a stack on
	// the canvas, named so, and a share of it in a zone's loss.
	p.click("button", "alb, Application Load Balancer…")
	p.click("checkbox", "az-a")
	p.click("checkbox", "az-b")
	p.find("button", "alb, Application Load Balancer, Load balancer, aws, runs in 2 zones…")
	p.click("button", "Fail zone az-a")
	p.waitText("region", "Analysis", "It takes a share of alb, which run in other zones too and serve on.")
	p.click("button", "Fail zone az-a")
	p.click("button", "Fail region Europe (Ireland) (eu)")
	p.waitText("region", "Analysis", "Recovery: time unknown (db), data loss unknown (db).")
	p.click("button", "Fail region Europe (Ireland) (eu)")

	p.openDesign(read("three-zone-ec2.yaml"))
	p.waitText("region", "Analysis", "alb: 99.97 % available")
	p.waitText("region", "Analysis", "Single points of failure (1)")

	p.openDesign(read("path-routed-services.yaml"))
	p.waitText("region", "Analysis", "orders cuts alb: it runs only in zone az-a")
	p.waitText("region", "Analysis", "users cuts alb: it runs only in zone az-b")
	p.checkClean()
}
