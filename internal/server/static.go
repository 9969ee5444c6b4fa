package server

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/archdesigner/designer/catalogue/pages"
	"github.com/archdesigner/designer/schema"
)

// WriteStatic writes the editor as a folder that any static host serves as
// it is: the prerendered pages (a catalogue page at path/index.html, so that
// path/ and its path.md sit side by side), go-app's scripts, the manifest and
// the service worker, the web folder (app.wasm and its precompressed copies
// included), the markdown pages and the JSON Schemas. Links in the markdown
// start with opts.BaseURL (empty: site-relative).
func WriteStatic(webDir, out string, opts Options) (int, error) {
	h, err := New(webDir, opts)
	if err != nil {
		return 0, err
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	files := map[string]string{ // URL path -> file in out
		"/":                     "index.html",
		"/app.js":               "app.js",
		"/app.css":              "app.css",
		"/wasm_exec.js":         "wasm_exec.js",
		"/app-worker.js":        "app-worker.js",
		"/manifest.webmanifest": "manifest.webmanifest",
	}
	if opts.Overlaid {
		files["/catalogue.snapshot"] = "catalogue.snapshot"
	}
	for _, path := range pages.Paths(opts.Catalogue) {
		files[path] = strings.TrimPrefix(path, "/") + "/index.html"
		files[path+".md"] = strings.TrimPrefix(path, "/") + ".md"
	}
	for path, file := range files {
		if err := fetch(srv.URL, path, opts.BaseURL, filepath.Join(out, filepath.FromSlash(file))); err != nil {
			return 0, err
		}
	}
	n := len(files)
	copied, err := copyTree(os.DirFS(webDir), filepath.Join(out, "web"))
	if err != nil {
		return 0, err
	}
	n += copied
	copied, err = copyTree(schema.Files, filepath.Join(out, "schema"))
	return n + copied, err
}

// fetch writes what the server at origin answers for path to file, with the
// temporary origin replaced by base (empty: site-relative).
func fetch(origin, path, base, file string) error {
	resp, err := http.Get(origin + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", path, resp.Status)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	return writeFile(file, bytes.NewReader(bytes.ReplaceAll(body, []byte(origin), []byte(strings.TrimSuffix(base, "/")))))
}

func writeFile(file string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// copyTree copies the regular files of src under dir, as the server serves
// them (plainFiles): no dotfiles, no links, pipes or devices.
func copyTree(src fs.FS, dir string) (int, error) {
	n := 0
	err := fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := src.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		n++
		return writeFile(filepath.Join(dir, filepath.FromSlash(path)), f)
	})
	return n, err
}
