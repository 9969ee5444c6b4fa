//go:build browser

package e2e

import (
	"path/filepath"
	"testing"
)

// The canvas issue's defects, each with the test that failed before its fix.

// A connection's problems are on the connection: the canvas colours it,
// activating the problem selects it, and its inspector lists the problem,
// its fix and the rules that check it.
func TestEditorConnectionProblems(t *testing.T) {
	p := openEditor(t)
	abs, _ := filepath.Abs("../../examples/architecture-pitfalls.yaml")
	p.setFiles("Import design", abs)
	edge := p.find("button", "Connection from report to db, 1 problem")
	if got := p.eval(edge, `function() { return this.dataset.severity }`); got != `"warning"` {
		t.Errorf("the edge's severity is %s", got)
	}
	p.clickIn("Problems", "button", "warning on report → db: report opens a connection per concurrent instance to db, which has no pool in front of it; add a proxy or pooler (connectionPooling) before scale exhausts its connections.")
	p.waitText("region", "Inspector", "Connection from report to db")
	p.waitText("region", "Inspector", "report opens a connection per concurrent instance to db")
	p.waitText("region", "Inspector", "Rules that apply")
	p.clickIn("Inspector", "button", "Fix: set connectionPooling to true on db")
	p.absent("button", "Connection from report to db, 1 problem")
	p.find("button", "Connection from report to db")
	p.waitText("region", "Inspector", "This connection breaks no rule.")
	p.checkClean()
}

// Search finds a product by its kind's name and by what people call it: a
// Redis-compatible cache whose name does not say Redis, Kubernetes as k8s.
func TestEditorSearchByAlias(t *testing.T) {
	p := openEditor(t)
	p.fill("searchbox", "Search components", "redis")
	p.find("button", "Amazon ElastiCache for Valkey")
	p.find("button", "Amazon MemoryDB")
	p.find("button", "Azure Managed Redis")
	p.fill("searchbox", "Search components", "k8s")
	p.find("button", "Amazon Elastic Kubernetes Service")
	p.fill("searchbox", "Search components", "object storage")
	p.find("button", "Amazon S3")
	p.find("button", "MinIO")
	p.checkClean()
}
