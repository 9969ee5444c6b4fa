package catalogue

import (
	"testing"
	"testing/fstest"
)

// Files behaves as a file system by the standard library's own checks.
func TestFilesIsAFileSystem(t *testing.T) {
	files := Files{
		"components/acme-bus.yaml": "kind: stream\n",
		"products/acme.yaml":       "acme-bus: {name: Acme}\n",
		"providers.yaml":           "acme: {name: Acme}\n",
	}
	if err := fstest.TestFS(files, "components/acme-bus.yaml", "products/acme.yaml", "providers.yaml"); err != nil {
		t.Fatal(err)
	}
}
