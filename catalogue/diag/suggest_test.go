package diag

import "testing"

func TestNearest(t *testing.T) {
	candidates := []string{"kafka", "kinesis", "redpanda", "replicationFactor", "warning", "name", "a", "b", "deadLetterQueue", "retentionHours"}
	cases := []struct{ word, want string }{
		{"kafak", "kafka"},                   // swapped letters
		{"kafka2", "kafka"},                  // one extra
		{"replication", "replicationFactor"}, // a prefix
		{"warn", "warning"},
		{"nmae", "name"},
		{"redpand", "redpanda"},
		{"replicas", "replicationFactor"},  // the same stem
		{"letterqueue", "deadLetterQueue"}, // inside it
		{"retention", "retentionHours"},
		{"c", ""},         // too short to guess
		{"zookeeper", ""}, // nothing close
	}
	for _, tc := range cases {
		if got := Nearest(tc.word, candidates); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
