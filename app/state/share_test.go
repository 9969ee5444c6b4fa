package state

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/share"
)

// sharedRefs is a share link carrying a CloudFormation template whose event
// source mapping names its queue and its function n times each (the
// issue's 436-byte link at n = 5,000), and a role no rule maps.
func sharedRefs(t testing.TB, n int) string {
	t.Helper()
	template := "AWSTemplateFormatVersion: \"2010-09-09\"\nResources:\n  Q: {Type: AWS::SQS::Queue}\n  F: {Type: AWS::Lambda::Function}\n  R: {Type: AWS::IAM::Role}\n" +
		"  M:\n    Type: AWS::Lambda::EventSourceMapping\n    Properties:\n      EventSourceArn: [" + strings.Repeat("!Ref Q, ", n) + "]\n      FunctionName: [" + strings.Repeat("!Ref F, ", n) + "]\n"
	fragment, err := share.Encode([]byte(template))
	if err != nil {
		t.Fatal(err)
	}
	return fragment
}

// openShared is the editor's path for a share link, natively: decode the
// fragment, import what it carries.
func openShared(s *Store, fragment string) ([]string, error) {
	data, err := share.Decode(fragment)
	if err != nil {
		return nil, err
	}
	return s.ImportReported(share.Name, data)
}

// A share link carrying another tool's file imports it in proportion to
// its size (1,000 references a side made a million links, the issue's
// 5,000 took 52 s and 9.1 GB), and says what it left out.
func TestSharedImportIsBoundedAndReported(t *testing.T) {
	s := newStore(t)
	fragment := sharedRefs(t, 1000)
	var report []string
	var err error
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	report, err = openShared(s, fragment)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 32<<20 {
		t.Errorf("a %d-byte link allocated %d MB", len(fragment), got>>20)
	}
	if len(s.Design().Edges) != 1 {
		t.Errorf("edges %+v", s.Design().Edges)
	}
	if len(report) != 1 || !strings.Contains(report[0], "R (AWS::IAM::Role) was not imported") {
		t.Errorf("report %q", report)
	}
}

// BenchmarkSharedLinkImport is the editor's share-link path natively:
// decode the fragment, import the template it carries into the store.
func BenchmarkSharedLinkImport(b *testing.B) {
	for _, n := range []int{1000, 5000, 20000} {
		fragment := sharedRefs(b, n)
		b.Run(fmt.Sprintf("refs-%d", n), func(b *testing.B) {
			s := NewStore(mustEmbedded(b))
			b.ReportAllocs()
			b.SetBytes(int64(len(fragment)))
			for b.Loop() {
				if _, err := openShared(s, fragment); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
