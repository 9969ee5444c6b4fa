// Command snapshot loads and checks the embedded catalogue and writes it as a
// snapshot that the editor embeds, so that it starts without parsing YAML in
// WebAssembly (see catalogue.Snapshot).
//
//	go run ./internal/snapshot wasm/snapshot/catalogue.snapshot
package main

import (
	"fmt"
	"os"

	"github.com/archdesigner/designer/catalogue"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: snapshot FILE")
		os.Exit(2)
	}
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		if list, ok := err.(catalogue.ErrorList); ok {
			list.Print(os.Stderr)
		}
		fmt.Fprintf(os.Stderr, "snapshot: the catalogue is invalid: %v\n", err)
		os.Exit(1)
	}
	data, err := cat.Snapshot(catalogue.Embedded())
	if err == nil {
		err = os.WriteFile(os.Args[1], data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "snapshot: %v\n", err)
		os.Exit(1)
	}
}
