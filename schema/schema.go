// Package schema holds the JSON Schemas of every file type: kinds,
// components, rules, designs, and the providers, categories, protocols and
// products files. Editors with yaml-language-server validate catalogue files and
// designs against them, and the server publishes them at /schema/.
package schema

import "embed"

// Files are the schemas, named <type>.schema.json.
//
//go:embed *.schema.json
var Files embed.FS
