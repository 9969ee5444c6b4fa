package importer

import (
	"fmt"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// The longest an image reference's parts can be, by the grammar of
// distribution/reference, which Docker and the OCI registries read
// references with (https://github.com/distribution/reference/blob/main/reference.go):
// reference := name [":" tag] ["@" digest].
const (
	// maxImageName is its NameTotalLengthMax: a name, its registry
	// included, is at most 255 characters.
	maxImageName = 255
	// maxImageTag is its tag := [\w][\w.-]{0,127}.
	maxImageTag = 128
	// maxImageDigest is the longest digest the OCI image specification
	// registers, sha512 in 128 hex digits
	// (https://github.com/opencontainers/image-spec/blob/main/descriptor.md#registered-algorithms).
	maxImageDigest = len("sha512:") + 128
)

// imageReferenceProblem says why image cannot be an image reference, by
// its parts' lengths, or "". It reads image once.
func imageReferenceProblem(image string) string {
	name, digest, hasDigest := strings.Cut(image, "@")
	tag := ""
	if i := strings.LastIndexByte(name, ':'); i > strings.LastIndexByte(name, '/') {
		name, tag = name[:i], name[i+1:]
	}
	switch {
	case len(name) > maxImageName:
		return fmt.Sprintf("its name is %d characters; an image's name, its registry's included, is at most %d", len(name), maxImageName)
	case len(tag) > maxImageTag:
		return fmt.Sprintf("its tag is %d characters; a tag is at most %d", len(tag), maxImageTag)
	case hasDigest && len(digest) > maxImageDigest:
		return fmt.Sprintf("its digest is %d characters; a digest is at most %d (sha512: and 128 hex digits)", len(digest), maxImageDigest)
	}
	return ""
}

// leaveOutImage leaves out r's image, at at, when it cannot be an image
// reference, and says why: r is then matched as one of no image, and an
// image thousands of characters long is not read by each rule.
func (s *system) leaveOutImage(r *resource, at catalogue.Pos) {
	if problem := imageReferenceProblem(r.image); problem != "" {
		s.leaveOut(LeftOut{Pos: at, Address: diag.Clip(r.address), Type: r.typ, What: fmt.Sprintf("image of %d characters", len(r.image)), Why: problem})
		r.image = ""
	}
}
