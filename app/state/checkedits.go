package state

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// checkEdits edit what the design answers to its checks: a violation's
// fix applied, a rule's violations suppressed (with a reason) or no longer,
// and the availability objective the analysis holds entry points to. Each
// is one undoable step, made only through the Store's update.
type checkEdits struct{ s *Store }

// ApplyFix makes the change a violation's fix offers, as one undoable step.
func (ed checkEdits) ApplyFix(f catalogue.Fix) error {
	return ed.s.editNode(f.Node, func(n *catalogue.Node) (string, error) {
		d := &catalogue.Design{Nodes: []catalogue.Node{*n}}
		f.Apply(d)
		*n = d.Nodes[0]
		return "Fixed: " + strings.TrimPrefix(f.Label(), "Fix: ") + ".", nil
	})
}

// Suppress acknowledges the violations of rule on node (every node when
// node is ""), for reason, as one undoable step. The reason is required.
func (ed checkEdits) Suppress(rule, node, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return errors.New("say why the design accepts this violation; a suppression needs a reason")
	}
	if _, problem := catalogue.TextProblem(reason); problem != "" {
		return errors.New("the reason: " + problem)
	}
	for _, sup := range ed.s.design.Suppress {
		if sup.Rule == rule && sup.Node == node {
			return fmt.Errorf("rule %s is already suppressed here", rule)
		}
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Suppress = append(d.Suppress, catalogue.Suppression{Rule: rule, Node: node, Reason: reason})
		return "Suppressed " + rule + suppressedWhere(node) + ".", nil
	}, nil)
}

// Unsuppress removes the suppression of rule on node, as one undoable step.
func (ed checkEdits) Unsuppress(rule, node string) error {
	i := slices.IndexFunc(ed.s.design.Suppress, func(sup catalogue.Suppression) bool { return sup.Rule == rule && sup.Node == node })
	if i < 0 {
		return fmt.Errorf("rule %s is not suppressed%s", rule, suppressedWhere(node))
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Suppress = slices.Delete(d.Suppress, i, i+1)
		return "Unsuppressed " + rule + suppressedWhere(node) + ".", nil
	}, nil)
}

// suppressedWhere names where a suppression applies, for messages.
func suppressedWhere(node string) string {
	if node == "" {
		return " on every node"
	}
	return " on " + node
}

// SetDesignObjective sets the availability every entry point must have,
// from what the user typed (empty clears it).
func (ed checkEdits) SetDesignObjective(text string) error {
	var pct float64
	if text = strings.TrimSpace(text); text != "" {
		p, problem := catalogue.ParsePercent(text)
		if problem != "" {
			return errors.New(problem)
		}
		pct = p
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Objectives.Availability = pct
		return "", nil
	}, nil)
}
