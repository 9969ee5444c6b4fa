//go:build !wasm

package main

import (
	"flag"
	"log"
	"net/http"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/internal/server"
)

// webDir serves /web/ from a folder, as the editor's server does.
type webDir struct{ http.Handler }

func (webDir) Package() string { return "" }
func (webDir) Static() string  { return "" }
func (webDir) AppWASM() string { return "/web/app.wasm" }

func main() {
	addr := flag.String("addr", "127.0.0.1:8001", "listen address")
	web := flag.String("web", "web", "folder with app.wasm and the icons")
	version := flag.String("version", "hello", "PWA version")
	flag.Parse()
	routes()
	h := &app.Handler{
		Name:                    "Hello",
		Version:                 *version,
		Icon:                    app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
		WasmContentLengthHeader: "X-Wasm-Content-Length",
		Resources:               webDir{http.StripPrefix("/web/", http.FileServer(http.Dir(*web)))},
	}
	mux := http.NewServeMux()
	mux.Handle("/web/app.wasm", server.CompressedFile(filepath.Join(*web, "app.wasm"), "application/wasm", *version))
	mux.Handle("/", h)
	log.Fatal(http.ListenAndServe(*addr, mux))
}
