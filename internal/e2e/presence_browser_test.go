//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// presenceTabs opens the workspace design Orders live in two browsers (two
// profiles, one local user, two sessions) of the same size, and waits for
// each to name the other in its toolbar.
func presenceTabs(t *testing.T) (a, b *tab) {
	ts := serveTeam(t)
	createDesign(t, ts.URL, "Orders", liveDesign)
	open := func() *tab {
		p := newPage(t, ts.URL)
		p.server = ts
		p.do(chromedp.EmulateViewport(1440, 900))
		p.navigate(ts.URL + "/")
		p.openLive("Orders")
		return p
	}
	a, b = open(), open()
	// Both are the local user: each names the other tab as the user's own.
	for _, p := range []*tab{a, b} {
		p.find("status", "Here: Local user (your other tab)")
	}
	return a, b
}

// rectOf is the client rectangle of the first element matching selector,
// or ok false when there is none.
func (p *tab) rectOf(selector string) (r [4]float64, ok bool) {
	p.t.Helper()
	got := p.evalPage(`(() => { const e = document.querySelector(` + jsString(selector) + `);
		if (!e) return null; const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })()`)
	var v []float64
	if json.Unmarshal([]byte(got), &v) != nil || len(v) != 4 {
		return r, false
	}
	return [4]float64{v[0], v[1], v[2], v[3]}, true
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestPresenceTwoTabs: two tabs on one live design each name the other in
// the toolbar; one's pointer over the canvas shows on the other at the
// same design place, and what it selects is outlined there; when it closes,
// the other drops it within seconds.
func TestPresenceTwoTabs(t *testing.T) {
	a, b := presenceTabs(t)

	// Equal windows fitted to one design: equal views, so a design place is
	// at the same client place in both.
	view := `document.getElementById("viewport").getAttribute("transform")`
	a.eventually("equal views", func() (bool, string) {
		va, vb := a.evalPage(view), b.evalPage(view)
		return va == vb && va != `null`, va + " and " + vb
	})
	svgA, _ := a.rectOf("#canvas-svg")
	x, y := svgA[0]+500, svgA[1]+300
	a.hover(x-20, y-10)
	a.hover(x, y)
	pointerAt := func(what string, x, y float64) {
		t.Helper()
		b.eventually(what, func() (bool, string) {
			got := b.evalPage(`(() => { const g = document.querySelector('[data-part="presence-pointer"]');
				if (!g) return null; const m = g.getScreenCTM(); return [m.e, m.f]; })()`)
			var at []float64
			json.Unmarshal([]byte(got), &at)
			return len(at) == 2 && math.Abs(at[0]-x) <= 2 && math.Abs(at[1]-y) <= 2, got
		})
	}
	pointerAt("a's pointer on b's canvas, where a's is", x, y)
	// A pans its view under a still pointer (the wheel): the pointer is on
	// another place of the design, 100 px higher in b's view, which stayed.
	a.evalPage(`document.getElementById("canvas-svg").dispatchEvent(new WheelEvent("wheel",
		{deltaY: -100, clientX: ` + fmt.Sprint(x) + `, clientY: ` + fmt.Sprint(y) + `, bubbles: true, cancelable: true})); 1`)
	pointerAt("a's pointer 100 px higher on b's canvas after a's pan", x, y-100)
	if name := b.evalPage(`document.querySelector('[data-part="presence-pointer"] text').textContent`); name != `"Local user"` {
		t.Errorf("a's pointer is named %s", name)
	}

	// A selects api: b outlines api's box.
	a.click("button", "api, AWS Lambda…")
	b.eventually("an outline around api", func() (bool, string) {
		outline, ok := b.rectOf(`[data-part="presence-selection"][data-id="api"] [data-part="presence-outline"]`)
		node, _ := b.rectOf(`#node-api [data-part="box"]`)
		if !ok {
			return false, "no outline"
		}
		around := outline[0] <= node[0] && outline[1] <= node[1] && outline[2] >= node[2] && outline[3] >= node[3]
		close := node[0]-outline[0] <= 8 && node[1]-outline[1] <= 8 && outline[2]-node[2] <= 8 && outline[3]-node[3] <= 8
		return around && close, "outline " + fmtRect(outline) + ", node " + fmtRect(node)
	})
	b.checkAccessible("a live design with another tab's pointer and selection")
	// Presence is not the design: b's exports carry none of it.
	if y := b.exportYAML(); strings.Contains(y, "Local user") || strings.Contains(y, "presence") {
		t.Errorf("the export carries presence:\n%s", y)
	}

	// A closes its tab: b drops it within seconds.
	a.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.Close, cdp.Empty{})
		return err
	})
	start := time.Now()
	for {
		gone := b.evalPage(`!document.querySelector('[data-part="presence-pointer"], [data-part="presence-selection"]') &&
			!(document.getElementById("presence").getAttribute("aria-label") || "").startsWith("Here:")`)
		if gone == "true" {
			break
		}
		if time.Since(start) > 7*time.Second {
			t.Fatalf("a's presence still shown %v after it closed", time.Since(start))
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("a's presence went %v after its tab closed", time.Since(start).Round(10*time.Millisecond))
	b.checkClean()
}

func fmtRect(r [4]float64) string {
	b, _ := json.Marshal(r)
	return string(b)
}
