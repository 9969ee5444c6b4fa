package drawing

import (
	"html"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// A picture draws each node's lines as the canvas does, cut at the same
// places (the three names on two lines), and holds the whole text
// in each node's tooltip; a frame's label too narrow for it ends in an
// ellipsis, whole in its tooltip.
func TestPictureDrawsNamesWhole(t *testing.T) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	d := &catalogue.Design{
		Nodes: []catalogue.Node{
			{ID: "alb", Component: "aws-alb", Position: &catalogue.Point{X: 40, Y: 40}},
			{ID: "ecs", Component: "aws-ecs", Position: &catalogue.Point{X: 300, Y: 40}},
			{ID: "db", Component: "aws-rds-postgresql", Name: "Orders database", Position: &catalogue.Point{X: 560, Y: 40}, In: "eu"},
		},
		Groups: []catalogue.Group{{ID: "eu", Name: "Production workloads of the payments team", Boundary: "region"}},
	}
	svg := Picture(cat, d, PictureOptions{})
	for _, want := range []string{
		">Application Load</text>", ">Balancer</text>",
		">Amazon Elastic Container</text>", ">Service</text>",
		">Orders database</text>", ">Amazon RDS for</text>", ">PostgreSQL</text>",
		"<title>Orders database\nAmazon RDS for PostgreSQL\ndb · Relational database · aws</title>",
		"<title>Region · Production workloads of the payments team</title>",
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %q in\n%s", want, svg)
		}
	}
	for i := range d.Nodes {
		text := WordsOf(cat, &d.Nodes[i]).Layout(false)
		for _, line := range append([]string{text.Title}, text.Name...) {
			if !strings.Contains(svg, ">"+html.EscapeString(line)+"</text>") {
				t.Errorf("%s: the line %q is not drawn", d.Nodes[i].ID, line)
			}
		}
	}
	f := GroupFrames(d, NodePositions(d))["eu"].Box
	label := FitFrameLabel("Region · Production workloads of the payments team", f.X1-f.X0, FrameLabelX, FrameLabelPx)
	if !strings.HasSuffix(label, Ellipsis) || !strings.Contains(svg, ">"+label+"</text>") {
		t.Errorf("the frame's label is not shortened to %q:\n%s", label, svg)
	}
}
