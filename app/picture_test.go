package app

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/picture"
)

// The SVG export draws what the canvas does: a cloud product's provider as a
// chip, none for an open-source one, and the display name over the id.
func TestDesignSVG(t *testing.T) {
	s := newStore(t)
	fn := mustAdd(t, s, "aws-lambda")
	mustAdd(t, s, "kafka")
	if err := s.SetNodeName(fn, "Checkout <fn>"); err != nil {
		t.Fatal(err)
	}
	svg := pictureOf(s, nil, drawing.PictureOptions{})
	for _, want := range []string{">Checkout &lt;fn&gt;</text>", ">aws-lambda…</text>", "<title>Checkout &lt;fn&gt;\nAWS Lambda\naws-lambda · Function · aws</title>", `text-anchor="middle" fill="#1f4e79">aws</text>`, ">Apache Kafka</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %s in\n%s", want, svg)
		}
	}
	if strings.Contains(svg, ">default</text>") {
		t.Errorf("an open-source product has a chip:\n%s", svg)
	}
}

// A picture of the design, or of the selection, in either theme, with or
// without badges; and the design it carries reads back exactly.
func TestPictureCarriesTheDesign(t *testing.T) {
	s := threeStore(t)
	whole := pictureOf(s, nil, drawing.PictureOptions{})
	part := pictureOf(s, []string{"a", "b"}, drawing.PictureOptions{Dark: true, Badges: true})
	if !strings.Contains(whole, ">c</text>") || strings.Contains(part, ">c</text>") || !strings.Contains(part, `fill="#11151a"`) {
		t.Errorf("the selection's picture:\n%s", part)
	}
	// Flows dashed as on the canvas (c → d leaves a queue: an event), and
	// groups labelled as there.
	if !strings.Contains(whole, `stroke-dasharray="8 5" marker-end`) || !strings.Contains(whole, ">Region · eu</text>") {
		t.Errorf("flows or group labels not as the canvas draws them:\n%s", whole)
	}
	if strings.Contains(whole, `<circle r="10"`) || !strings.Contains(pictureOf(s, nil, drawing.PictureOptions{Badges: true}), `<circle r="10"`) {
		t.Error("badges drawn without being asked, or not when asked")
	}
	before := string(s.Export())
	svg, err := picture.EmbedSVG(whole, s.Export())
	if err != nil {
		t.Fatal(err)
	}
	var blank bytes.Buffer
	png.Encode(&blank, image.NewRGBA(image.Rect(0, 0, 4, 4)))
	withDesign, err := picture.EmbedPNG(blank.Bytes(), s.Export())
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"design.svg": []byte(svg), "design.png": withDesign} {
		if err := s.NewDesign(); err != nil {
			t.Fatal(err)
		}
		if err := s.Import(name, data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := string(s.Export()); got != before {
			t.Errorf("%s gave\n%s\nwant\n%s", name, got, before)
		}
	}
	err = s.Import("photo.png", blank.Bytes())
	list, ok := err.(catalogue.ErrorList)
	if !ok || len(list) != 1 || list[0].Code != diag.CodePicture || !strings.Contains(list[0].Error(), "photo.png:1:1") {
		t.Errorf("a picture without a design: %v", err)
	}
}

// A node that runs in several zones is drawn as a stack of instances, in
// the picture as on the canvas; one in one zone is a single box.
func TestPictureStacksANodeInSeveralZones(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte("groups:\n  - {id: eu, boundary: region}\n  - {id: a, boundary: zone, in: eu}\n  - {id: b, boundary: zone, in: eu}\nnodes:\n  - {id: asg, component: aws-ec2-auto-scaling, in: eu, zones: [a, b]}\n")); err != nil {
		t.Fatal(err)
	}
	stack := `<rect x="8" y="8" width="`
	if svg := pictureOf(s, nil, drawing.PictureOptions{}); !strings.Contains(svg, stack) {
		t.Errorf("no stack in\n%s", svg)
	}
	if err := s.SetZones("asg", nil); err != nil {
		t.Fatal(err)
	}
	if svg := pictureOf(s, nil, drawing.PictureOptions{}); strings.Contains(svg, stack) {
		t.Errorf("a stack for a node in one zone:\n%s", svg)
	}
}

// A picture of the selection is titled with the design's name, as a
// picture of the whole design is.
func TestPictureOfTheSelectionHasTheTitle(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte("id: shop\nname: Shop <&> front\nnodes:\n  - {id: a, component: nginx}\n  - {id: b, component: postgresql}\nedges:\n  - {from: a, to: b}\n")); err != nil {
		t.Fatal(err)
	}
	for _, nodes := range [][]string{nil, {"a"}} {
		if svg := pictureOf(s, nodes, drawing.PictureOptions{Title: true}); !strings.Contains(svg, ">Shop &lt;&amp;&gt; front</text>") {
			t.Errorf("%v: no title in\n%s", nodes, svg)
		}
	}
}
