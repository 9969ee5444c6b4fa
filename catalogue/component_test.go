package catalogue

import (
	"strings"
	"testing"
)

func TestComponentMatches(t *testing.T) {
	comp := &Component{ID: "aws-kinesis", Name: "Amazon Kinesis Data Streams", Kind: "stream", Provider: "aws",
		kind: &Kind{ID: "stream", Name: "Stream", Category: "messaging"}}
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"", true},
		{"   ", true},
		{"KINESIS", true},
		{"data streams", true},
		{"aws stream", true}, // words may match different fields
		{"kinesis gcp", false},
		{"kafka", false},
		{"messaging", true}, // the kind's category
		{"security", false},
	} {
		if got := comp.Matches(tc.query); got != tc.want {
			t.Errorf("Matches(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
}

// Search matches a product's name, id, kind (its id or its name), provider
// and aliases, every word somewhere.
func TestComponentMatchesKindNamesAndAliases(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct {
		id, query string
		want      bool
	}{
		{"aws-elasticache-valkey", "redis", true},
		{"aws-memorydb", "Redis", true},
		{"aws-s3", "object storage", true},
		{"kong", "api gateway", true},
		{"aws-eks", "k8s aws", true},
		{"aws-eks", "k8s azure", false},
		{"aws-lambda", "redis", false},
		// Issue 38: a new user searched for these and found nothing.
		{"aws-ecs", "fargate", true},
		{"aws-elasticache-valkey", "ElastiCache for Redis", true},
		{"aws-elasticache-valkey", "elasticache redis oss", true},
		{"aws-elasticache-valkey", "memcached", false},
	} {
		if got := cat.Components[tc.id].Matches(tc.query); got != tc.want {
			t.Errorf("%s matches %q: %v, want %v", tc.id, tc.query, got, tc.want)
		}
	}
}

func TestAliasesAreLowerCase(t *testing.T) {
	products := "schemaVersion: \"1\"\ntype: products\nproducts:\n  cache:\n    name: X\n    summary: An X.\n    aliases: [\"Redis\"]\n"
	_, err := Load(Layer{Name: "catalogue", FS: Embedded()}, Layer{Name: "overlay", FS: Files{"products/x.yaml": products}})
	if err == nil || !strings.Contains(err.Error(), `cache.aliases: "Redis": an alias is a lower-case word`) {
		t.Errorf("%v", err)
	}
}
