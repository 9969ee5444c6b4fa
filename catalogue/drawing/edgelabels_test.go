package drawing

import (
	"html"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// pictureLabel is an edge's label as a picture draws it: its box.
type pictureLabel struct {
	text string
	box  Rect
}

// pictureLabels reads the edges' labels of a picture (11 px text centred on
// its point, with a halo of 2.5 px round it).
func pictureLabels(t *testing.T, svg string) []pictureLabel {
	t.Helper()
	var out []pictureLabel
	for _, m := range regexp.MustCompile(`<text x="([-0-9.e]+)" y="([-0-9.e]+)" font-size="11" text-anchor="middle"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		text := html.UnescapeString(m[3])
		w, h := TextWidth(text, 11, false)+5, 11.0+5
		out = append(out, pictureLabel{text, Rect{x - w/2, y - h/2, x + w/2, y + h/2}})
	}
	return out
}

// meets reports whether a and b overlap by more than a hair.
func meets(a, b Rect) bool {
	return a.X1 > b.X0+0.5 && a.X0 < b.X1-0.5 && a.Y1 > b.Y0+0.5 && a.Y0 < b.Y1-0.5
}

// labelProblems says where design d's picture draws an edge's label over
// another, or over a node, a frame's label or a note.
func labelProblems(t *testing.T, cat *catalogue.Catalogue, d *catalogue.Design) []string {
	t.Helper()
	svg := Picture(cat, d, PictureOptions{})
	labels := pictureLabels(t, svg)
	want := 0
	for _, e := range d.Edges {
		if e.Label != "" {
			want++
		}
	}
	if len(labels) != want {
		t.Fatalf("%d labels read, %d drawn", len(labels), want)
	}
	pos := NodePositions(d)
	var frames map[string]GroupFrame
	if len(d.Groups) > 0 {
		frames = GroupFrames(d, pos)
	}
	obstacles := Obstacles(d, pos, frames, nil, BoundaryNames(cat))
	var out []string
	for i, l := range labels {
		for _, m := range labels[:i] {
			if meets(l.box, m.box) {
				out = append(out, strconv.Quote(l.text)+" over "+strconv.Quote(m.text))
			}
		}
		for _, o := range obstacles {
			if meets(l.box, o) {
				out = append(out, strconv.Quote(l.text)+" over a node, a frame's label or a note")
				break
			}
		}
	}
	return out
}

// No edge's label is drawn over another, nor over a node, a frame's label
// or a note: in the examples with labelled edges, and in random layouts of
// labelled edges (issue 39, defect 6).
func TestEdgeLabelsKeepApart(t *testing.T) {
	cat := mustCatalogue(t)
	for _, name := range []string{"alibaba-retail-site", "aws-saas-platform", "azure-partner-portal", "gcp-mobile-backend", "self-hosted-platform", "resilient-orders", "placed-orders", "path-routed-services"} {
		if got := labelProblems(t, cat, example(t, name)); len(got) > 0 {
			t.Errorf("%s: %v", name, got)
		}
	}
	rng := rand.New(rand.NewPCG(3, 9))
	words := []string{"POST /orders", "OrderPlaced", "reads", "writes", "GET /items", "events", "sync", "PaymentTaken"}
	bad := 0
	for n := 0; n < 60; n++ {
		d := &catalogue.Design{}
		for i := 0; i < 8; i++ {
			// On the editor's grid, a column and a row apart at most.
			x, y := 40+float64(rng.IntN(5))*260, 40+float64(rng.IntN(5))*140
			d.Nodes = append(d.Nodes, catalogue.Node{ID: "n" + strconv.Itoa(i), Component: "service", Position: &catalogue.Point{X: x, Y: y}})
		}
		if overlapping(DrawnBoxes(d, NodePositions(d), nil, nil)) {
			continue
		}
		for i := 0; i < 8; i++ {
			j := rng.IntN(8)
			if j != i {
				d.Edges = append(d.Edges, catalogue.Edge{From: "n" + strconv.Itoa(i), To: "n" + strconv.Itoa(j), Label: words[rng.IntN(len(words))]})
			}
		}
		if got := labelProblems(t, cat, d); len(got) > 0 {
			bad++
			if bad <= 5 {
				t.Errorf("layout %d: %v", n, got)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d random layouts draw a label over another or over a node", bad)
	}
}

// BenchmarkEdgeLabels1000 is what placing the labels of every edge of a
// 1,000-node design costs (a picture of it; the canvas places those in
// view), its routes made.
func BenchmarkEdgeLabels1000(b *testing.B) {
	d := routeDesign(1000, 220, 120)
	geo := GeometryOf(nil, d, func(string) bool { return false })
	geo.Prepare(allOf(len(geo.Shown)))
	routes := make([][]Point, len(geo.Shown))
	for k := range routes {
		routes[k] = geo.Route(k)
	}
	b.ReportAllocs()
	for b.Loop() {
		place := NewEdgeLabels(geo.Router, routes)
		for k := range routes {
			place.Place(k, "POST /orders", 11)
		}
	}
}
