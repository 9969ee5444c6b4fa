package app

import (
	"strings"
	"testing"
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
	svg := DesignSVG(s)
	for _, want := range []string{">Checkout &lt;fn&gt;</text>", ">aws-lambda</text></svg>", `text-anchor="middle" fill="#1f4e79">aws</text>`, ">Apache Kafka</text>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %s in\n%s", want, svg)
		}
	}
	if strings.Contains(svg, ">default</text>") {
		t.Errorf("an open-source product has a chip:\n%s", svg)
	}
}
