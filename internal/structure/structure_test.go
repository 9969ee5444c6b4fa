// Package structure checks the arrows between the project's packages: the
// core and the drawing code stay pure, so does the editor's state, and the
// CLI imports no UI.
package structure

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/archdesigner/designer"

// root is the module's folder.
func root(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// imports returns the non-test imports of the package in dir as the
// context ctx builds it, nil when it has no Go files there.
func imports(t *testing.T, ctx build.Context, dir string) []string {
	p, err := ctx.ImportDir(dir, 0)
	if err != nil {
		if _, ok := err.(*build.NoGoError); ok {
			return nil
		}
		t.Fatalf("%s: %v", dir, err)
	}
	return p.Imports
}

// deps returns every package the module's package path imports, directly or
// through others, with the module's packages among them.
func deps(t *testing.T, ctx build.Context, path string) map[string]string {
	seen := map[string]string{} // package → the module package that imports it
	var walk func(string)
	walk = func(p string) {
		dir := filepath.Join(root(t), strings.TrimPrefix(strings.TrimPrefix(p, module), "/"))
		for _, imp := range imports(t, ctx, dir) {
			if _, ok := seen[imp]; ok {
				continue
			}
			seen[imp] = p
			if strings.HasPrefix(imp, module+"/") {
				walk(imp)
			}
		}
	}
	walk(path)
	return seen
}

// The core under catalogue/ (the drawing code among it) imports nothing
// browser-only, no UI and no package of the module outside catalogue/, on
// the browser's build as on the native one.
func TestCoreIsPure(t *testing.T) {
	var core []string
	filepath.WalkDir(filepath.Join(root(t), "catalogue"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() != "testdata" {
			rel, _ := filepath.Rel(root(t), path)
			core = append(core, module+"/"+filepath.ToSlash(rel))
		}
		return nil
	})
	if !slices.Contains(core, module+"/catalogue/drawing") {
		t.Fatalf("no catalogue/drawing among %v", core)
	}
	for _, ctx := range builds() {
		for _, pkg := range core {
			for dep, by := range deps(t, ctx, pkg) {
				if browserOnly(dep) || outsideCore(dep) {
					t.Errorf("%s (GOOS=%s) imports %s, through %s", pkg, ctx.GOOS, dep, by)
				}
			}
		}
	}
}

// The editor's state (app/state: the document and the session) imports
// no go-app and nothing browser-only, and of the module only the core, on
// the browser's build as on the native one: what an edit does is tested
// and read apart from how the UI draws it.
func TestStateIsPure(t *testing.T) {
	pkg := module + "/app/state"
	for _, ctx := range builds() {
		all := deps(t, ctx, pkg)
		if len(all) == 0 {
			t.Fatalf("%s (GOOS=%s) has no imports: is it still there?", pkg, ctx.GOOS)
		}
		for dep, by := range all {
			if browserOnly(dep) || outsideCore(dep) {
				t.Errorf("%s (GOOS=%s) imports %s, through %s", pkg, ctx.GOOS, dep, by)
			}
		}
	}
}

// builds are the two builds the pure packages must stay pure on: the
// native one (the CLI, the tests) and the browser's.
func builds() []build.Context {
	native, browser := build.Default, build.Default
	native.GOOS = "linux"
	browser.GOOS, browser.GOARCH = "js", "wasm"
	return []build.Context{native, browser}
}

// browserOnly reports whether package dep is the browser's or the UI's:
// syscall/js, go-app or safejs.
func browserOnly(dep string) bool {
	return dep == "syscall/js" || strings.Contains(dep, "go-app") || strings.Contains(dep, "hack-pad/safejs")
}

// outsideCore reports whether dep is a package of the module outside
// catalogue/.
func outsideCore(dep string) bool {
	return strings.HasPrefix(dep, module+"/") && !strings.HasPrefix(dep, module+"/catalogue")
}

// No file of the CLI imports the editor's UI: render, export and layout
// draw with the core's drawing package. Only the server imports it, to
// serve and prerender the editor.
func TestCLIImportsNoUI(t *testing.T) {
	for _, imp := range imports(t, build.Default, filepath.Join(root(t), "cmd", "designer")) {
		if imp == module+"/app" {
			t.Errorf("cmd/designer imports %s", imp)
		}
	}
}
