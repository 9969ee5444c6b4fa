package importer

import (
	"regexp"
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
			for _, target := range cfnReferences(value) {
				if ids[target] && target != k.Value {
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

// cfnReferences are the logical ids an intrinsic function below n names:
// Ref, Fn::GetAtt, Fn::Sub's ${Id} and ${Id.Attr}, long or short form.
func cfnReferences(n *yaml.Node) []string {
	var out []string
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		n = resolve(n)
		if n == nil || depth > 100 {
			return
		}
		switch n.Tag {
		case "!Ref":
			out = append(out, n.Value)
		case "!GetAtt":
			if n.Kind == yaml.ScalarNode {
				out = append(out, strings.SplitN(n.Value, ".", 2)[0])
			} else if len(n.Content) > 0 {
				out = append(out, str(n.Content[0]))
			}
		case "!Sub":
			if n.Kind == yaml.ScalarNode {
				out = append(out, subReferences(n.Value)...)
			} else if len(n.Content) > 0 {
				out = append(out, subReferences(str(n.Content[0]))...)
			}
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				v := resolve(n.Content[i+1])
				switch n.Content[i].Value {
				case "Ref":
					out = append(out, str(v))
				case "Fn::GetAtt":
					if v != nil && v.Kind == yaml.SequenceNode && len(v.Content) > 0 {
						out = append(out, str(v.Content[0]))
					} else {
						out = append(out, strings.SplitN(str(v), ".", 2)[0])
					}
				case "Fn::Sub":
					if v != nil && v.Kind == yaml.SequenceNode && len(v.Content) > 0 {
						out = append(out, subReferences(str(v.Content[0]))...)
					} else {
						out = append(out, subReferences(str(v))...)
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

var subVariable = regexp.MustCompile(`\$\{([A-Za-z0-9]+)(?:\.[A-Za-z0-9.]+)?\}`)

func subReferences(s string) []string {
	var out []string
	for _, m := range subVariable.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
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
