//go:build browser

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// In a design of 5,000 nodes or more an edit (here a delete, leaving
// 5,000) is drawn before the system analysis, which follows: the Analysis
// region says it is updating meanwhile, and then shows the analysis of the
// design as edited, not busy any more.
func TestEditorAnalysisFollowsTheEdit(t *testing.T) {
	p := openEditor(t)
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := 0; i < 5001; i++ {
		fmt.Fprintf(&b, "  - { id: \"n-%d\", component: \"kafka\", position: { x: %d, y: %d } }\n", i, 40+(i%50)*220, 40+(i/50)*120)
	}
	file := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p.importFile(file)
	p.waitText("region", "Analysis", "Durability (5001 stateful)")
	settled := func(what string) {
		p.eventually(what, func() (bool, string) {
			got := p.evalPage(`[document.getElementById("analysis").getAttribute("aria-busy"), document.getElementById("analysis-status").textContent].join("|")`)
			return got == `"false|"`, got
		})
	}
	settled("the imported design's analysis done")
	// Whether the region said it was updating, seen as it changes.
	p.evalPage(`(() => {
		window.__updating = false;
		new MutationObserver(() => {
			if (document.getElementById("analysis-status").textContent.includes("Updating")) window.__updating = true;
		}).observe(document.getElementById("analysis"), {subtree: true, childList: true, characterData: true, attributes: true});
		return 1;
	})()`)
	p.choose("Go to node", "n-5000")
	p.click("button", "Delete node")
	p.waitText("region", "Analysis", "Durability (5000 stateful)")
	settled("the edited design's analysis done")
	if got := p.evalPage(`window.__updating`); got != "true" {
		t.Errorf("the Analysis region never said it was updating (%s)", got)
	}
	p.checkClean()
}
