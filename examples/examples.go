// Package examples holds the example designs, for the editor to offer on an
// empty canvas ("Open example") and for the tests that check each one.
package examples

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.yaml
var files embed.FS

// Example is one example design: its file name, the name it gives itself
// (its top-level name:), and its YAML.
type Example struct {
	File, Name string
	Data       []byte
}

// All returns the example designs, by name.
func All() []Example {
	entries, _ := fs.ReadDir(files, ".")
	out := make([]Example, 0, len(entries))
	for _, e := range entries {
		data, err := files.ReadFile(e.Name())
		if err != nil {
			continue
		}
		out = append(out, Example{File: e.Name(), Name: designName(data, e.Name()), Data: data})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// designName is the value of a design's top-level name: line, or its file
// name without .yaml when it has none. The examples write it as one quoted
// or plain scalar; anything else reads as the file name.
func designName(data []byte, file string) string {
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "name:"); ok {
			v = strings.TrimSpace(v)
			if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
				v = v[1 : len(v)-1]
			}
			if v != "" && !strings.ContainsAny(v, `"\#`) {
				return v
			}
		}
	}
	return strings.TrimSuffix(file, ".yaml")
}
