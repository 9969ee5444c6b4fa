package importer

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// readCloudFormation reads a CloudFormation or SAM template, YAML or JSON
// (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/template-anatomy.html):
// each resource by its type, with its Properties; Ref, Fn::GetAtt and
// Fn::Sub (and their short forms, !Ref, !GetAtt, !Sub) between resources
// are references, under the property they are in. Resources the mapping's
// edge rules name (an event source mapping, a subscription) are the edges
// they make. A template says no region: no groups.
func (s *system) readCloudFormation(file string, docs []*yaml.Node) catalogue.ErrorList {
	root := docs[0]
	resources := get(root, "Resources")
	if resources == nil || resources.Kind != yaml.MappingNode {
		return catalogue.ErrorList{{Pos: pos(file, root), Code: diag.CodeRequired, Msg: "Resources: a template's resources are a mapping of logical ids to resources"}}
	}
	var errs catalogue.ErrorList
	ids := map[string]bool{}
	for _, k := range keys(resources) {
		ids[k.Value] = true
	}
	for _, rp := range pairs(resources) {
		k, r := rp.k, rp.v
		typ := str(get(r, "Type"))
		if typ == "" {
			errs = append(errs, &catalogue.Error{Pos: pos(file, k), Code: diag.CodeRequired, Msg: "Resources." + k.Value + ": `Type` is required (AWS::…)"})
			continue
		}
		props := get(r, "Properties")
		var refs []ref
		for _, pp := range pairs(props) {
			value := pp.v
			if pp.k.Value == "Events" && strings.HasPrefix(typ, "AWS::Serverless::") {
				value = samEventSources(value)
			}
			for _, target := range cfnReferences(value, ids) {
				if target != k.Value {
					refs = append(refs, ref{path: pp.k.Value, address: target})
				}
			}
		}
		if rules := s.edgeRules(typ); len(rules) > 0 {
			s.connect(file, k, k.Value, typ, rules, refs)
			continue
		}
		if strings.HasPrefix(typ, "Custom::") || typ == "AWS::CloudFormation::CustomResource" {
			s.skip(file, k, k.Value, typ, "a custom resource: what it makes is the code's")
			continue
		}
		s.add(&resource{file: file, node: k, address: k.Value, typ: typ, name: k.Value, attrs: props, refs: refs})
	}
	return errs
}

// cfnReferences are the logical ids among ids that an intrinsic function
// below n names, each once, in order: Ref, Fn::GetAtt, Fn::Sub's ${Id} and
// ${Id.Attr}, long or short form. What it keeps is bounded by ids, however
// often a value names them (a Sub of a million ${Q}).
func cfnReferences(n *yaml.Node, ids map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	add := func(id string) {
		if ids[id] && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		n = resolve(n)
		if n == nil || depth > 100 {
			return
		}
		switch n.Tag {
		case "!Ref":
			add(n.Value)
		case "!GetAtt":
			if n.Kind == yaml.ScalarNode {
				add(strings.SplitN(n.Value, ".", 2)[0])
			} else if len(n.Content) > 0 {
				add(str(n.Content[0]))
			}
		case "!Sub":
			if n.Kind == yaml.ScalarNode {
				subReferences(n.Value, add)
			} else if len(n.Content) > 0 {
				subReferences(str(n.Content[0]), add)
			}
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				v := resolve(n.Content[i+1])
				switch n.Content[i].Value {
				case "Ref":
					add(str(v))
				case "Fn::GetAtt":
					if v != nil && v.Kind == yaml.SequenceNode && len(v.Content) > 0 {
						add(str(v.Content[0]))
					} else {
						id, _, _ := strings.Cut(str(v), ".")
						add(id)
					}
				case "Fn::Sub":
					if v != nil && v.Kind == yaml.SequenceNode && len(v.Content) > 0 {
						subReferences(str(v.Content[0]), add)
					} else {
						subReferences(str(v), add)
					}
				}
			}
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return out
}

// subReferences calls add with the logical id of each variable of Fn::Sub
// string s (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/intrinsic-function-reference-sub.html):
// ${Id} or ${Id.Attr}, an id of letters and digits, its attribute of
// letters, digits and dots (${!Literal} is none). It reads s once, and
// keeps none of it.
func subReferences(s string, add func(id string)) {
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			return
		}
		s = s[i+2:]
		id := s[:alphanumerics(s)]
		rest := s[len(id):]
		if len(id) == 0 {
			continue
		}
		if strings.HasPrefix(rest, ".") {
			attr := rest[1:]
			n := 0
			for n < len(attr) && (attr[n] == '.' || alphanumerics(attr[n:n+1]) == 1) {
				n++
			}
			if n == 0 {
				continue
			}
			rest = attr[n:]
		}
		if strings.HasPrefix(rest, "}") {
			add(id)
			s = rest[1:]
		}
	}
}

// alphanumerics is how many ASCII letters and digits s starts with.
func alphanumerics(s string) int {
	n := 0
	for n < len(s) && (s[n] >= 'A' && s[n] <= 'Z' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return n
}

// samEventSources are the event sources a SAM function's Events name (a
// queue, a stream, a topic, a bucket, an API, a table's stream): what
// invokes it, unlike the rest of an event (a failure destination).
// https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/sam-property-function-eventsource.html
func samEventSources(events *yaml.Node) *yaml.Node {
	out := &yaml.Node{Kind: yaml.SequenceNode}
	for _, e := range pairs(events) {
		for _, key := range []string{"Queue", "Stream", "Topic", "Bucket", "ApiId", "RestApiId", "EventBusName"} {
			if v := get(get(e.v, "Properties"), key); v != nil {
				out.Content = append(out.Content, v)
			}
		}
	}
	return out
}
