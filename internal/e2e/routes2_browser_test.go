//go:build browser

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// labelsDesign is eight services on the editor's grid with a labelled edge
// out of each, where the middles of the longest runs put "writes" on
// "OrderPlaced" (n5 and n6 joined both ways).
const labelsDesign = `name: labels
nodes:
  - {id: n0, component: service, position: {x: 560, y: 320}}
  - {id: n1, component: service, position: {x: 40, y: 180}}
  - {id: n2, component: service, position: {x: 820, y: 320}}
  - {id: n3, component: service, position: {x: 820, y: 180}}
  - {id: n4, component: service, position: {x: 1080, y: 460}}
  - {id: n5, component: service, position: {x: 300, y: 460}}
  - {id: n6, component: service, position: {x: 820, y: 40}}
  - {id: n7, component: service, position: {x: 300, y: 600}}
edges:
  - {from: n0, to: n5, label: PaymentTaken}
  - {from: n1, to: n5, label: reads}
  - {from: n2, to: n6, label: reads}
  - {from: n3, to: n6, label: PaymentTaken}
  - {from: n4, to: n3, label: GET /items}
  - {from: n5, to: n6, label: OrderPlaced}
  - {from: n6, to: n5, label: writes}
  - {from: n7, to: n0, label: events}
`

// labelOverlapsJS lists, on screen, each edge's label drawn over another
// label, a node, a frame's label or a note, and counts the labels drawn.
const labelOverlapsJS = `(() => {
	const labels = [...document.querySelectorAll("#canvas-svg [data-part=label]")].map(l => [l.textContent, l.getBoundingClientRect()]);
	const others = [];
	for (const g of document.querySelectorAll("g[data-node]")) others.push(["node " + g.dataset.node, g.querySelector("[data-part=box]").getBoundingClientRect()]);
	for (const n of document.querySelectorAll("[data-part=note]")) others.push(["a note", n.getBoundingClientRect()]);
	for (const l of document.querySelectorAll("[data-part=group-text]")) others.push(["the label " + l.textContent.trim(), l.getBoundingClientRect()]);
	const meet = (a, b) => a.right > b.left + 1 && a.left < b.right - 1 && a.bottom > b.top + 1 && a.top < b.bottom - 1;
	const problems = [];
	labels.forEach(([text, box], i) => {
		for (const [other, o] of labels.slice(0, i)) if (meet(box, o)) problems.push(text + " over " + other);
		for (const [name, o] of others) if (meet(box, o)) problems.push(text + " over " + name);
	});
	return JSON.stringify({count: labels.length, problems});
})()`

// labelOverlaps is what labelOverlapsJS finds on the page.
func (p *tab) labelOverlaps() (int, []string) {
	p.t.Helper()
	var s string
	var got struct {
		Count    int
		Problems []string
	}
	raw := p.evalPage(labelOverlapsJS)
	if err := json.Unmarshal([]byte(raw), &s); err != nil || json.Unmarshal([]byte(s), &got) != nil {
		p.t.Fatalf("labels: %s", raw)
	}
	return got.Count, got.Problems
}

// No edge's label is drawn over another, nor over a node, a frame's label
// or a note: on eight labelled edges whose longest runs' middles meet, and
// on the Azure partner portal, whose HTTPS API and lookup labels met
// (issue 39, defect 6).
func TestRoutes2LabelsKeepApart(t *testing.T) {
	azure, err := os.ReadFile(filepath.Join("..", "..", "examples", "azure-partner-portal.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, design, last string
		labels             int
	}{
		{"eight labelled edges", labelsDesign, "Connection from n7 to n0: events", 8},
		{"Azure partner portal", string(azure), "", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := loadDesign(t, tc.design)
			if tc.last != "" {
				p.find("button", tc.last)
			}
			var count int
			var problems []string
			p.eventually("the labels drawn", func() (bool, string) {
				count, problems = p.labelOverlaps()
				return count == tc.labels, ""
			})
			for _, pr := range problems {
				t.Error(pr)
			}
			p.checkClean()
		})
	}
}
