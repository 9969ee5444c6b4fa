package catalogue

import "testing"

func TestComponentMatches(t *testing.T) {
	comp := &Component{ID: "aws-kinesis", Name: "Amazon Kinesis Data Streams", Kind: "stream", Provider: "aws"}
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
	} {
		if got := comp.Matches(tc.query); got != tc.want {
			t.Errorf("Matches(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
}
