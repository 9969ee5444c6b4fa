package export

import (
	"fmt"
	"strconv"
	"strings"
)

// structurizr writes a Structurizr DSL workspace: the design as one
// software system whose containers are its nodes (a client is a person),
// the edges as relationships with their protocol as technology and their
// flow as a tag, and a deployment environment whose deployment nodes are
// the groups, nested as in the design, holding an instance of each
// container. It has a container view and a deployment view, and styles
// that draw stores as cylinders, queues as pipes and events dashed.
func structurizr(m *model) []byte {
	// Structurizr wants its elements' names unique (people and systems in
	// the model, containers in their system, deployment nodes among their
	// siblings), where a design's display names need not be: a name given
	// twice takes its id.
	nodeName := uniqueNames(len(m.nodes), func(i int) (string, string) { return m.nodes[i].label, m.nodes[i].id }, m.name)
	groupName := uniqueNames(len(m.groups), func(i int) (string, string) { return m.groups[i].label, m.groups[i].id }, "Outside any boundary")
	var b strings.Builder
	fmt.Fprintf(&b, "workspace %s %s {\n", dslString(m.name), dslString(m.description))
	b.WriteString("    model {\n")
	for i, nd := range m.nodes {
		if nd.kind == "client" {
			fmt.Fprintf(&b, "        %s = person %s %s %s\n", nd.key, dslString(nodeName[i]), dslString(nd.product), dslString(dslTags(nd)))
		}
	}
	b.WriteString("        system = softwareSystem " + dslString(m.name) + " {\n")
	for i, nd := range m.nodes {
		if nd.kind != "client" {
			fmt.Fprintf(&b, "            %s = container %s %s %s %s\n", nd.key, dslString(nodeName[i]), dslString(nd.id), dslString(nd.product), dslString(dslTags(nd)))
		}
	}
	b.WriteString("        }\n")
	// Structurizr refuses a second relationship with the same description
	// between the same two elements: an edge repeated as it is is drawn
	// once, and one that differs (in its protocol or flow, or in a label
	// that is another's once escaped) takes a number.
	type drawn struct {
		from, to              int
		label, protocol, flow string
	}
	repeated := map[drawn]bool{}
	described := map[string]bool{}
	for _, e := range m.edges {
		k := drawn{e.from, e.to, e.label, e.protocol, string(e.flow)}
		if repeated[k] {
			continue
		}
		repeated[k] = true
		ends := m.nodes[e.from].key + " -> " + m.nodes[e.to].key + " "
		description := e.label
		for k := 2; described[ends+dslString(description)]; k++ {
			description = e.label + " (" + strconv.Itoa(k) + ")"
		}
		described[ends+dslString(description)] = true
		fmt.Fprintf(&b, "        %s%s %s %s\n", ends, dslString(description), dslString(e.protocol), dslString(string(e.flow)))
	}
	b.WriteString("        deploymentEnvironment \"Design\" {\n")
	instance := func(n, depth int) {
		if nd := m.nodes[n]; nd.kind != "client" {
			fmt.Fprintf(&b, "%scontainerInstance %s\n", dslIndent(depth+3), nd.key)
		}
	}
	m.eachGroup(func(g, depth int) {
		gr := m.groups[g]
		fmt.Fprintf(&b, "%s%s = deploymentNode %s \"\" %s {\n", dslIndent(depth+3), gr.key, dslString(groupName[g]), dslString(gr.boundary))
	}, instance, func(g, depth int) {
		fmt.Fprintf(&b, "%s}\n", dslIndent(depth+3))
	})
	outside := false
	for _, n := range m.ungrouped {
		outside = outside || m.nodes[n].kind != "client"
	}
	if outside {
		b.WriteString("            deploymentNode \"Outside any boundary\" {\n")
		for _, n := range m.ungrouped {
			instance(n, 1)
		}
		b.WriteString("            }\n")
	}
	b.WriteString("        }\n")
	b.WriteString("    }\n")
	b.WriteString(`    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
`)
	return []byte(b.String())
}

// dslTags are a node's tags: its kind, its provider, and Datastore or
// Pipe for the styles' shapes.
func dslTags(nd mnode) string {
	var tags []string
	for _, t := range []string{nd.kind, nd.provider} {
		if t != "" && t != "default" { // default: no provider of its own
			tags = append(tags, t)
		}
	}
	switch d2Shape(nd.kind) {
	case "cylinder":
		tags = append(tags, "Datastore")
	case "queue":
		tags = append(tags, "Pipe")
	}
	return strings.Join(tags, ",")
}

func dslIndent(depth int) string { return strings.Repeat("    ", depth) }

// dslString is text as a Structurizr DSL string: double-quoted, on one
// line (the DSL reads a line at a time), its quotes escaped with a
// backslash, and ${ (which would start a substitution) broken up. The
// DSL's tokenizer has no escape for a backslash itself, and one before
// the closing quote would escape it, so a backslash is written as a slash.
func dslString(s string) string {
	return `"` + dslEscaper.Replace(oneLine(s)) + `"`
}

// dslEscaper is made once: a replacer builds its tables when it is made,
// and dslString is called several times a node.
var dslEscaper = strings.NewReplacer(`\`, `/`, `"`, `\"`, "${", "$ {")

// uniqueNames are n names as Structurizr shows them: each as given, or,
// where two share one (or one is taken), with its id: "Worker (worker-b)".
// Names are compared as the DSL reads them, escaped (x\y and x/y are one
// name there), and a name told apart by its id that is still not unique
// (another node is named "Worker (worker-b)") takes a number too.
func uniqueNames(n int, of func(i int) (name, id string), taken string) []string {
	// Each name as the DSL reads it, escaped once.
	read := make([]string, n)
	count := map[string]int{dslString(taken): 1}
	for i := range n {
		name, _ := of(i)
		read[i] = dslString(name)
		count[read[i]]++
	}
	used := map[string]bool{dslString(taken): true}
	out := make([]string, n)
	var apart []int // the names told apart by their ids, given after the others
	for i := range n {
		name, id := of(i)
		if count[read[i]] > 1 && (name != id || name == taken) {
			apart = append(apart, i)
			continue
		}
		out[i] = name
		if used[read[i]] { // a name its id would not tell apart
			apart = append(apart, i)
			continue
		}
		used[read[i]] = true
	}
	for _, i := range apart {
		name, id := of(i)
		if name != id || name == taken {
			name += " (" + id + ")"
		}
		out[i] = name
		escaped := dslString(out[i])
		for k := 2; used[escaped]; k++ {
			out[i] = name + " (" + strconv.Itoa(k) + ")"
			escaped = dslString(out[i])
		}
		used[escaped] = true
	}
	return out
}
