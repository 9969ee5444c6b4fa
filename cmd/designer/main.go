// Command designer checks, resolves and lists architecture designs against the
// catalogue, from the command line and in CI.
//
// Usage:
//
//	designer [--catalogue DIR] check [-o text|json|sarif|junit|github|markdown] [--fail-on error|warning|info] FILE...
//	designer [--catalogue DIR] resolve [-o yaml|json] FILE
//	designer [--catalogue DIR] fix [--rule ID] FILE
//	designer [--catalogue DIR] layout [--direction lr|tb] [--all] FILE
//	designer [--catalogue DIR] export -f mermaid|d2|structurizr|drawio FILE
//	designer [--catalogue DIR] diff [-o text|markdown|json] OLD NEW | --git REV FILE
//	designer [--catalogue DIR] catalogue lint [DIR]
//	designer [--catalogue DIR] catalogue list
//	designer [--catalogue DIR] catalogue page [--kind|--rule|--boundary] ID [--base-url URL]
//	designer [--catalogue DIR] catalogue pages --out DIR [--base-url URL]
//	designer serve [--addr host:port] [--web DIR] [--base-url URL] [--embed-origin ORIGIN]...
//	               [--data DIR | --nats URL[,URL…]] [--auth-header NAME --trusted-proxy CIDR[,…]] [--jwt-key FILE] [--workspace=false]
//	designer static --out DIR [--web DIR] [--base-url URL]
//
// Exit status: 0 when every design is valid and breaks no error-severity rule
// (or none at check's --fail-on), 1 when one does, 2 for unusable input, bad
// usage or a report that could not be written in full.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/archdesigner/designer/internal/server"
)

// Exit codes.
const (
	exitOK       = 0
	exitViolated = 1
	exitUnusable = 2
)

const usage = `designer: check architecture designs against the catalogue

Usage:
  designer [--catalogue DIR] check [-o text|json|sarif|junit|github|markdown]
                                   [--fail-on error|warning|info] FILE...
  designer [--catalogue DIR] resolve [-o yaml|json] FILE
  designer [--catalogue DIR] analyze [-o text|json] FILE
  designer [--catalogue DIR] fix [--rule ID] FILE
  designer [--catalogue DIR] layout [--direction lr|tb] [--all] FILE
  designer [--catalogue DIR] render [-o svg] [--dark] [--badges] [--no-title] [--no-legend] FILE
  designer [--catalogue DIR] export -f mermaid|d2|structurizr|drawio FILE
  designer [--catalogue DIR] diff [-o text|markdown|json] OLD NEW | --git REV FILE
  designer [--catalogue DIR] import [compose|k8s|terraform-plan|cloudformation] FILE... [-o DESIGN]
  designer [--catalogue DIR] catalogue lint [DIR]
  designer [--catalogue DIR] catalogue list
  designer [--catalogue DIR] catalogue page [--kind|--rule|--boundary] ID [--base-url URL]
  designer [--catalogue DIR] catalogue pages --out DIR [--base-url URL]
  designer serve [--addr host:port] [--web DIR] [--base-url URL] [--embed-origin ORIGIN]...
                 [--data DIR | --nats URL[,URL…]] [--auth-header NAME --trusted-proxy CIDR[,…]]
                 [--jwt-key FILE] [--workspace=false]
  designer static --out DIR [--web DIR] [--base-url URL]

check's sarif is for code scanning, junit for test reports, github for
pull-request annotations, markdown for a pull-request comment; --fail-on sets
the least severity that makes the exit status 1 (error by default).
analyze says what the design guarantees: availability per entry point with
its derivation, single points of failure, zone and region loss, delivery per
event sink, durability per stateful node, and the design's objectives.
render draws the design as the editor's Export picture does, as SVG with the
design inside it (the editor's Import design reads it back): its name as the
title above it and the legend of the flows its connections carry under it,
unless --no-title or --no-legend; --dark in the dark theme's colours, --badges
with each node's worst problem.
export writes the design for another diagram tool, as the editor's Export
menu does: a Mermaid flowchart, a D2 diagram, a Structurizr DSL workspace or
an uncompressed draw.io file.
diff says what a change means: nodes, edges and groups added, removed,
renamed or changed, resolved properties old → new with their sources,
violations introduced and fixed, and what the analysis says differently;
exit 0 for no semantic change, 1 for changes, 2 for unusable input or a
report that could not be written in full.
import makes a design of a docker-compose file, Kubernetes manifests, a
Terraform plan (terraform show -json plan.out) or a CloudFormation or SAM
template (the format is detected when not given), and says on stderr what it
left out; with -o it updates DESIGN as an earlier import left it, keeping
positions, names, groups, notes and nodes of your own. check, analyze and
resolve take these files too, and - for standard input:
terraform show -json plan.out | designer check -
fix applies the first fix of each violation (of rule ID) to FILE in place,
keeping its comments and key order, and prints what it changed.
layout writes positions into FILE in place, keeping its comments: for the
nodes without one, beside what they connect to (the others stay), or, with
--all, for every node, in layers left to right (lr) or top to bottom (tb).
serve runs the editor on http://127.0.0.1:8000 from the web/ folder, which
needs app.wasm (make run builds it), with the team workspace at /api/workspace/
kept by an embedded NATS server in --data (.workspace by default), or by an
external NATS cluster (--nats); without --auth-header or --jwt-key it has one
local user and serves only loopback.
--catalogue DIR overlays an organisation's kinds, components and rules on the
embedded catalogue. Exit status: 0 valid, 1 an error-severity rule is broken,
2 unusable input, bad usage or a report not written in full (a full disk).
`

// memoryLimit is the heap the collector aims to stay under (a soft limit):
// the document tree yaml.v3 builds for a design at the limits is about
// 235 MB, and with Go's default pacing the process peaked near 470 MB; held
// here, a check or resolve at the limits stays under 300 MB for a few
// tenths of a second more. GOMEMLIMIT, when set, is the user's choice.
const memoryLimit = 280 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	// go-app's route table is the process's: register the pages once, here.
	sites := &server.Sites{}
	sites.Routes()
	os.Exit(run(sites, os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status. The servers it
// starts prerender their pages through the routes of sites.
func run(sites *server.Sites, args []string, stdout, stderr io.Writer) int {
	return runWithInput(sites, args, os.Stdin, stdout, stderr)
}

// runWithInput is run with stdin as what "-" reads.
func runWithInput(sites *server.Sites, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := &env{stdin: stdin, stdout: stdout, stderr: stderr, sites: sites}
	args, err := env.globalFlags(args)
	if err != nil {
		fmt.Fprintf(stderr, "designer: %v\n\n%s", err, usage)
		return exitUnusable
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUnusable
	}
	switch args[0] {
	case "check":
		return env.check(args[1:])
	case "import":
		return env.importCmd(args[1:])
	case "fix":
		return env.fix(args[1:])
	case "analyze":
		return env.analyze(args[1:])
	case "resolve":
		return env.resolve(args[1:])
	case "layout":
		return env.layoutCmd(args[1:])
	case "render":
		return env.render(args[1:])
	case "export":
		return env.export(args[1:])
	case "diff":
		return env.diffCmd(args[1:])
	case "catalogue":
		return env.catalogueCmd(args[1:])
	case "serve":
		return env.serve(args[1:])
	case "static":
		return env.static(args[1:])
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "designer: unknown command %q\n\n%s", args[0], usage)
	return exitUnusable
}
