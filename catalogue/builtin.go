package catalogue

import (
	"maps"
	"slices"
)

// BuiltinRuleText is what a rule the core checks itself says of itself, as
// a catalogue rule's file does: its name and what it finds.
type BuiltinRuleText struct {
	Name, Description string
	// Suppressible is set for the rules a design may suppress like the
	// catalogue's (every one but the unused suppression itself).
	Suppressible bool
}

// builtinRules are the rules the core checks itself, which have no file in
// the catalogue: the one list the checker, the suppressions and the CLI's
// reports (SARIF, JUnit) read.
var builtinRules = map[string]BuiltinRuleText{
	RuleLimit:                 {"Within the product's limits", "A property is set beyond a limit the product's documentation states.", true},
	RuleRequired:              {"Required property set", "A property the kind requires has no value from the design, its component or the kind.", true},
	RulePlacementProvider:     {"Placed with its provider", "A node sits in a group (a cloud region or zone) of another provider than its component's.", true},
	RuleDataResidency:         {"Data stays where the design allows", "A node sits in a region the design's constraints do not allow.", true},
	RuleAvailabilityObjective: {"Availability objective met", "An entry point's availability, as the analysis derives it, is below the objective the design states.", true},
	RuleDurabilityObjective:   {"Durability objective met", "A stateful node survives fewer failures than the objective the design states.", true},
	RuleUnusedSuppression:     {"Suppression in use", "A suppression in the design matches no violation, so it hides nothing and can go.", false},
}

// BuiltinRule returns what a rule the core checks itself (rather than one
// of the catalogue's files) says of itself, and whether id is one.
func BuiltinRule(id string) (BuiltinRuleText, bool) {
	t, ok := builtinRules[id]
	return t, ok
}

// BuiltinRules returns the ids of the rules the core checks itself, sorted.
func BuiltinRules() []string { return slices.Sorted(maps.Keys(builtinRules)) }
