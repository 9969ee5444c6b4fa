//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/internal/server"
	"github.com/archdesigner/designer/internal/workspace"
)

// serveTeamBehindProxy serves the editor with a team workspace whose users
// a reverse proxy names in X-Forwarded-User, believed from loopback (the
// test's browsers stand in for the proxy; see asUser).
func serveTeamBehindProxy(t *testing.T) *httptest.Server {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	auth := workspace.Auth{Header: "X-Forwarded-User", TrustedProxies: []netip.Prefix{
		netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128"),
	}}
	ws, err := workspace.Open(workspace.Config{Dir: t.TempDir(), Catalogue: cat, Codec: workspace.PatchCodec{}, Auth: auth})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return serveEditor(t, server.Options{Catalogue: cat, Workspace: ws.Handler()})
}

// asUser opens the editor in a fresh browser whose every request, the
// WebSocket's too, names user as the proxy would.
func asUser(t *testing.T, ts *httptest.Server, user string) *tab {
	t.Helper()
	p := newPage(t, ts.URL)
	p.server = ts
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"X-Forwarded-User": user}})
		return err
	})
	p.do(chromedp.EmulateViewport(1440, 900))
	p.navigate(ts.URL + "/")
	return p
}

// workspaceList is the designs user may see, as the server lists them.
func workspaceList(t *testing.T, origin, user string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", origin+"/api/workspace/designs", nil)
	req.Header.Set("X-Forwarded-User", user)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Designs []struct{ Name, Role string }
	}
	json.NewDecoder(resp.Body).Decode(&body)
	var out []string
	for _, d := range body.Designs {
		out = append(out, d.Name+" ("+d.Role+")")
	}
	return strings.Join(out, ", ")
}

// TestTeamShareHistoryMove: ada moves her design to the workspace (her
// copy in the trash, the workspace's open live), shares it with bob as a
// viewer, then makes him an editor; the History names both and says what
// each changed; bob copies it to his browser; ada moves it back to hers,
// and it leaves the workspace.
func TestTeamShareHistoryMove(t *testing.T) {
	ts := serveTeamBehindProxy(t)
	file := filepath.Join(t.TempDir(), "Orders.yaml")
	if err := os.WriteFile(file, []byte(liveDesign), 0o644); err != nil {
		t.Fatal(err)
	}

	ada := asUser(t, ts, "ada")
	ada.importFile(file)
	ada.click("button", "Designs")
	ada.clickIn("Workspace", "button", "Move to workspace")
	ada.eventually("ada's design live", func() (bool, string) {
		got := ada.evalPage(`[(document.getElementById("live-status") || {}).textContent, document.getElementById("status").textContent].join(" | ")`)
		return strings.HasPrefix(got, `"Live |`), got
	})
	ada.waitText("status", "", "Opened “Orders” from the workspace, live.")
	ada.click("button", "Designs")
	ada.find("button", "Share Orders") // the Workspace read
	ada.click("DisclosureTriangle", "Trash (1)")
	ada.find("button", "Recover Orders, deleted …")
	ada.checkAccessible("Designs with a workspace design of one's own")

	// Share: Escape closes the dialog and gives the focus back.
	ada.clickIn("Workspace", "button", "Share Orders")
	ada.find("dialog", "Share Orders")
	ada.find("textbox", "Person")
	ada.checkAccessible("the Share dialog")
	ada.keys(kb.Escape)
	ada.absent("dialog", "Share Orders")
	ada.eventually("the focus back on Share Orders", func() (bool, string) {
		got := ada.evalPage(`document.activeElement.getAttribute("aria-label")`)
		return got == `"Share Orders"`, got
	})
	ada.clickIn("Workspace", "button", "Share Orders")
	ada.fill("textbox", "Person", "bob")
	ada.choose("Role", "viewer")
	ada.click("button", "Add the person")
	ada.find("combobox", "Role of bob")
	ada.click("button", "Save")
	ada.waitText("status", "", "Shared Orders with 1 person.")
	ada.absent("dialog", "Share Orders")

	bob := asUser(t, ts, "bob")
	bob.click("button", "Designs")
	bob.eventually("bob's Designs to list Orders as his to view", func() (bool, string) {
		got := bob.evalPage(`(document.querySelector(".workspace-list") || {}).textContent || ""`)
		return strings.Contains(got, "Orders") && strings.Contains(got, "you may view it") && strings.Contains(got, "owner ada"), got
	})
	bob.absent("button", "Share Orders") // the owner's alone
	bob.clickIn("Workspace", "button", "Open Orders live")
	bob.eventually("bob's design open read-only", func() (bool, string) {
		got := bob.evalPage(`[(document.getElementById("live-status") || {}).textContent, document.getElementById("status").textContent].join(" | ")`)
		return strings.HasPrefix(got, `"Read only: you are a viewer |`), got
	})

	// An editor now: bob's open connection is told at once, and the
	// design is his to edit without reopening it.
	ada.clickIn("Workspace", "button", "Share Orders")
	ada.find("combobox", "Role of bob")
	ada.choose("Role of bob", "editor")
	ada.click("button", "Save")
	ada.waitText("status", "", "Shared Orders with 1 person.")
	ada.click("button", "Close designs")
	bob.waitText("status", "Workspace: Live", "Live")
	bob.waitText("status", "", "You may now edit Orders")

	ada.click("button", "api, AWS Lambda…")
	ada.fill("spinbutton", "timeoutSeconds", "60")
	bob.click("button", "api, AWS Lambda…")
	bob.waitValue("timeoutSeconds", "60")
	bob.fill("spinbutton", "timeoutSeconds", "90")
	ada.waitValue("timeoutSeconds", "90")

	// History: who changed what, the newest first.
	ada.click("button", "Designs")
	ada.clickIn("Workspace", "button", "History of Orders")
	ada.find("dialog", "History of Orders")
	ada.eventually("the history to name bob's change, then ada's", func() (bool, string) {
		got := ada.evalPage(`(document.querySelector(".change-list") || {}).innerText || ""`)
		b, a := strings.Index(got, "bob"), strings.Index(got, "ada")
		return b >= 0 && a > b && strings.Contains(got, "set api's timeoutSeconds to 90") && strings.Contains(got, "set api's timeoutSeconds to 60"), got
	})
	ada.checkAccessible("the History dialog")
	ada.click("button", "Close")
	ada.absent("dialog", "History of Orders")

	// bob copies it to his browser: a design of his own, which opens.
	bob.click("button", "Designs")
	bob.absent("button", "Move Orders to this browser") // the owner's alone
	bob.clickIn("Workspace", "button", "Copy Orders to this browser")
	bob.eventually("bob's copy to open", func() (bool, string) {
		href := bob.href()
		return strings.Contains(href, "design="), href
	})
	bob.waitText("status", "", "Opened Orders")
	if got := bob.exportYAML(); !strings.Contains(got, "timeoutSeconds: 90") {
		t.Errorf("bob's copy:\n%s", got)
	}

	// ada moves it to her browser, after a confirm: it leaves the workspace.
	ada.clickIn("Workspace", "button", "Move Orders to this browser")
	ada.find("alertdialog", "Move Orders to this browser?")
	ada.checkAccessible("the confirm of a move")
	ada.click("button", "Move to this browser")
	ada.eventually("ada's copy to open", func() (bool, string) {
		href := ada.href()
		return strings.Contains(href, "design="), href
	})
	if got := workspaceList(t, ts.URL, "bob"); got != "" {
		t.Errorf("bob still sees %s", got)
	}
	if got := ada.exportYAML(); !strings.Contains(got, "timeoutSeconds: 90") {
		t.Errorf("ada's copy:\n%s", got)
	}
	bob.click("button", "Designs")
	bob.find("region", "Workspace")
	bob.eventually("bob's Designs to list no workspace design", func() (bool, string) {
		got := bob.evalPage(`(document.querySelector(".workspace-list") || {}).textContent || ""`)
		return strings.Contains(got, "No designs in the workspace yet"), got
	})
	for _, p := range []*tab{ada, bob} {
		p.checkClean()
	}
}
