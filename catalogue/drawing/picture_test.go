package drawing

import (
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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

// example is one of the examples, laid out as the CLI lays it out.
func example(t *testing.T, name string) *catalogue.Design {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	d, errs := catalogue.ParseDesign(name+".yaml", data)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	PlaceUnplaced(d)
	return d
}

// viewBox reads a picture's viewBox, and checks the picture is well-formed
// XML (what a design's text could break).
func viewBox(t *testing.T, svg string) Rect {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
	}
	m := regexp.MustCompile(`viewBox="([-0-9.e]+) ([-0-9.e]+) ([-0-9.e]+) ([-0-9.e]+)"`).FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no viewBox in\n%.300s", svg)
	}
	var v [4]float64
	for i := range v {
		v[i], _ = strconv.ParseFloat(m[i+1], 64)
	}
	return Rect{v[0], v[1], v[0] + v[2], v[1] + v[3]}
}

// A node in a picture is laid out as on the canvas: its kind's icon at the
// bottom right, the provider's chip ending before it, the kind line ending
// before the chip.
func TestPictureDrawsKindIcons(t *testing.T) {
	cat := mustCatalogue(t)
	d := example(t, "two-zone-web")
	svg := Picture(cat, d, PictureOptions{})
	for i := range d.Nodes {
		n := &d.Nodes[i]
		comp := cat.Components[n.Component]
		icon := IconSVG(KindIcon(comp.Kind), NodeWidth-28, NodeHeight-27, 20, lightColours.muted)
		if icon == "" || !strings.Contains(svg, icon) {
			t.Errorf("%s: no icon of kind %s", n.ID, comp.Kind)
		}
		text := WordsOf(cat, n).Layout(true)
		if text.Chip == "" {
			continue
		}
		if text.ChipX+text.ChipW > NodeWidth-28 {
			t.Errorf("%s: the chip ends at %g, over the icon at %d", n.ID, text.ChipX+text.ChipW, NodeWidth-28)
		}
		chip := fmt.Sprintf(`<rect x="%g" y="49" width="%g"`, text.ChipX, text.ChipW)
		if !strings.Contains(svg, chip) {
			t.Errorf("%s: the chip is not where the canvas draws it (%s)", n.ID, chip)
		}
	}
	// A frame's label after its boundary's icon, as on the canvas.
	if !strings.Contains(svg, IconSVG(BoundaryIcon("region"), 0, 0, 16, lightColours.ink)[len(`<g transform="translate(0 0)`):]) {
		t.Error("no region icon in the region's label")
	}
}

// mustCatalogue is the embedded catalogue.
func mustCatalogue(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// The design's name is the title, above the drawing, escaped, cut with an
// ellipsis to the picture's width when too long; none when not asked.
func TestPictureTitle(t *testing.T) {
	cat := mustCatalogue(t)
	d := example(t, "resilient-orders")
	box, _ := ContentBounds(d)
	svg := Picture(cat, d, PictureOptions{Title: true})
	vb := viewBox(t, svg)
	title := regexp.MustCompile(`<text x="([-0-9.]+)" y="([-0-9.]+)" font-size="20" font-weight="700"[^>]*>([^<]*)</text>`).FindStringSubmatch(svg)
	if title == nil || title[3] != "Resilient orders" {
		t.Fatalf("no title in\n%s", svg)
	}
	if y, _ := strconv.ParseFloat(title[2], 64); y-TitlePicturePx < vb.Y0 || y+6 > box.Y0 {
		t.Errorf("the title's baseline at %g: outside the picture (from %g) or on the drawing (from %g)", y, vb.Y0, box.Y0)
	}
	if strings.Contains(Picture(cat, d, PictureOptions{}), ">Resilient orders</text>") {
		t.Error("a title drawn without being asked")
	}
	d.Name = `<script>alert("&")</script> ` + strings.Repeat("a very long name of a design ", 40)
	svg = Picture(cat, d, PictureOptions{Title: true})
	vb = viewBox(t, svg)
	if strings.Contains(svg, "<script>") || !strings.Contains(svg, "&lt;script&gt;alert(&#34;&amp;&#34;)&lt;/script&gt;") {
		t.Errorf("the name is not escaped:\n%.600s", svg)
	}
	cut := Fit(d.Name, TitlePicturePx, true, vb.X1-vb.X0-2*pictureMargin)
	if !strings.HasSuffix(cut, Ellipsis) || !strings.Contains(svg, ">"+html.EscapeString(cut)+"</text>") {
		t.Errorf("the long name is not cut to %q", cut)
	}
	if vb.X1-vb.X0 > titleMax+2*pictureMargin+1 && vb.X1-vb.X0 > box.X1-box.X0+2*pictureMargin+1 {
		t.Errorf("a long title widened the picture to %g", vb.X1-vb.X0)
	}
	// The whole name in the picture's own title, for a reader of the SVG.
	if !strings.Contains(svg, "<title>"+html.EscapeString(d.Name)+"</title>") {
		t.Error("no whole name in the picture's title element")
	}
}

// The legend shows the flows the design's edges carry, and only those, each
// with its line as the edges are drawn, under the drawing and inside the
// picture; none without edges or when not asked.
func TestPictureLegend(t *testing.T) {
	cat := mustCatalogue(t)
	d := example(t, "resilient-orders") // requests, events and data; no replication
	box, _ := ContentBounds(d)
	svg := Picture(cat, d, PictureOptions{Legend: true})
	vb := viewBox(t, svg)
	i := strings.Index(svg, `<g aria-label="Flows">`)
	if i < 0 {
		t.Fatalf("no legend in\n%s", svg)
	}
	legend := svg[i:]
	for flow, want := range map[string]bool{"request": true, "event": true, "data": true, "replication": false} {
		if got := strings.Contains(legend, ">"+flow+"</text>"); got != want {
			t.Errorf("the legend shows %s: %v, want %v", flow, got, want)
		}
	}
	if !strings.Contains(legend, `stroke-dasharray="8 5" marker-end`) {
		t.Error("the event's sample is not dashed as its edges")
	}
	for _, m := range regexp.MustCompile(`<path d="M ([-0-9.]+) ([-0-9.]+) H ([-0-9.]+)"`).FindAllStringSubmatch(legend, -1) {
		x0, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		x1, _ := strconv.ParseFloat(m[3], 64)
		if y < box.Y1+10 || y > vb.Y1-8 || x0 < vb.X0 || x1 > vb.X1 {
			t.Errorf("a sample from (%g, %g) to %g: on the drawing (to %g) or outside %v", x0, y, x1, box.Y1, vb)
		}
	}
	if strings.Contains(Picture(cat, d, PictureOptions{}), `aria-label="Flows"`) {
		t.Error("a legend drawn without being asked")
	}
	d.Edges = nil
	if strings.Contains(Picture(cat, d, PictureOptions{Legend: true}), `aria-label="Flows"`) {
		t.Error("a legend for a design without edges")
	}
	// A picture narrower than the legend wraps it.
	if entries := legendOf([]catalogue.Flow{catalogue.FlowRequest, catalogue.FlowEvent, catalogue.FlowData, catalogue.FlowReplication}, 200); entries[len(entries)-1].y == 0 {
		t.Error("four flows in 200 px on one line")
	}
}

// A picture draws the canvas's routes, none through a node, a frame's
// label or a note, and everything it draws, routes round the side
// included, is inside it.
func TestPictureRoutesAsTheCanvas(t *testing.T) {
	cat := mustCatalogue(t)
	for _, name := range []string{"two-zone-web", "resilient-orders", "path-routed-services", "aws-saas-platform", "multi-region-web"} {
		d := example(t, name)
		svg := Picture(cat, d, PictureOptions{Title: true, Legend: true})
		vb := viewBox(t, svg)
		geo := GeometryOf(nil, d, func(string) bool { return false })
		geo.BoundaryName = BoundaryNames(cat)
		geo.Prepare(allOf(len(geo.Shown)))
		obstacles := Obstacles(d, geo.Pos, geo.Frames, nil, geo.BoundaryName)
		for k := range geo.Shown {
			pts := geo.Route(k)
			// No route through a node, a frame's label or a note but its
			// own two ends.
			for j := 1; j < len(pts); j++ {
				a, b := pts[j-1], pts[j]
				seg := Rect{min(a.X, b.X), min(a.Y, b.Y), max(a.X, b.X), max(a.Y, b.Y)}
				for _, o := range obstacles {
					if o == geo.Pairs[k][0] || o == geo.Pairs[k][1] {
						continue
					}
					if in := o.Inset(1); seg.X1 > in.X0 && seg.X0 < in.X1 && seg.Y1 > in.Y0 && seg.Y0 < in.Y1 {
						t.Errorf("%s: edge %d passes through %v from %v to %v", name, geo.Shown[k], o, a, b)
					}
				}
			}
			if !strings.Contains(svg, `<path d="`+PathData(pts)+`"`) {
				t.Errorf("%s: edge %d is not drawn on the canvas's route %s", name, geo.Shown[k], PathData(pts))
			}
			for _, p := range pts {
				if p.X < vb.X0 || p.X > vb.X1 || p.Y < vb.Y0 || p.Y > vb.Y1 {
					t.Errorf("%s: edge %d passes %v, outside the picture %v", name, geo.Shown[k], p, vb)
				}
			}
		}
		for _, n := range d.Nodes {
			p := geo.Pos[n.ID]
			if p[0] < vb.X0 || p[0]+NodeWidth > vb.X1 || p[1] < vb.Y0 || p[1]+NodeHeight > vb.Y1 {
				t.Errorf("%s: %s outside the picture", name, n.ID)
			}
		}
	}
}

// The dark picture's text and lines read on its paper and canvas (WCAG's
// 4.5:1 for text, 3:1 for lines and frames), as the light one's do.
func TestPictureContrast(t *testing.T) {
	for theme, c := range map[string]colours{"light": lightColours, "dark": darkColours} {
		for _, pair := range [][3]string{
			{"ink on paper", c.ink, c.paper}, {"muted on paper", c.muted, c.paper}, {"ink on canvas", c.ink, c.canvas},
			{"chip", c.chipInk, c.chipBg}, {"note", c.ink, c.noteFill},
		} {
			if r := contrast(pair[1], pair[2]); r < 4.5 {
				t.Errorf("%s: %s %.2f:1", theme, pair[0], r)
			}
		}
		if r := contrast(c.edge, c.canvas); r < 3 {
			t.Errorf("%s: edges on the canvas %.2f:1", theme, r)
		}
		for b, f := range c.frames {
			if r := contrast(f.stroke, c.canvas); r < 3 {
				t.Errorf("%s: the frame of %q on the canvas %.2f:1", theme, b, r)
			}
		}
	}
}

// contrast is WCAG's contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	lum := func(hex string) float64 {
		var rgb [3]float64
		for i := range rgb {
			v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
			c := float64(v) / 255
			if c <= 0.03928 {
				rgb[i] = c / 12.92
			} else {
				rgb[i] = math.Pow((c+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}
