// Package examples holds the example designs and the templates, for the
// editor to offer on an empty canvas (the example cards, "Open example",
// "Start from a template") and for the tests that check each one.
package examples

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.yaml
var files embed.FS

//go:embed templates/*.yaml
var templateFiles embed.FS

// Example is one example design or template: its file name, the name it
// gives itself (its top-level name:), its description (its top-level
// description:, "" when it has none), and its YAML.
type Example struct {
	File, Name, Description string
	Data                    []byte
}

// featured are the examples an empty canvas shows as cards, in their
// order: the walk-through of the README first, then one of each cloud and
// of open source, a web shop and events.
var featured = [...]string{
	"resilient-orders.yaml",
	"ecommerce-checkout.yaml",
	"gcp-mobile-backend.yaml",
	"azure-partner-portal.yaml",
	"event-sourced-service.yaml",
	"iot-ingestion.yaml",
}

// templates are the templates' files, in the order they are offered.
var templates = [...]string{"three-tier-web.yaml", "event-pipeline.yaml", "data-platform.yaml"}

// All returns the example designs, by name.
func All() []Example {
	entries, _ := fs.ReadDir(files, ".")
	out := make([]Example, 0, len(entries))
	for _, e := range entries {
		if ex, ok := read(files, e.Name()); ok {
			out = append(out, ex)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Featured returns the examples an empty canvas shows as cards (the rest
// are offered in a list).
func Featured() []Example {
	out := make([]Example, 0, len(featured))
	for _, file := range featured {
		if ex, ok := read(files, file); ok {
			out = append(out, ex)
		}
	}
	return out
}

// Templates returns the designs a new design may start from: a three-tier
// web app, an event pipeline and a data platform, each of which checks
// clean.
func Templates() []Example {
	out := make([]Example, 0, len(templates))
	for _, file := range templates {
		if ex, ok := read(templateFiles, "templates/"+file); ok {
			ex.File = file
			out = append(out, ex)
		}
	}
	return out
}

// read reads the example at path of fsys.
func read(fsys fs.FS, path string) (Example, bool) {
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return Example{}, false
	}
	file := path[strings.LastIndex(path, "/")+1:]
	return Example{File: file, Name: designName(data, file), Description: topLevel(data, "description"), Data: data}, true
}

// designName is the value of a design's top-level name: line, or its file
// name without .yaml when it has none.
func designName(data []byte, file string) string {
	if v := topLevel(data, "name"); v != "" {
		return v
	}
	return strings.TrimSuffix(file, ".yaml")
}

// topLevel is the value of a design's top-level line key:, or "" when it
// has none. The examples write it as one quoted or plain scalar; anything
// else reads as none.
func topLevel(data []byte, key string) string {
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			v = strings.TrimSpace(v)
			if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
				v = v[1 : len(v)-1]
			}
			if v != "" && !strings.ContainsAny(v, `"\#`) {
				return v
			}
		}
	}
	return ""
}
