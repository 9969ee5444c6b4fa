package app

import "strings"

// slug lower-cases s and turns every run of characters other than ASCII
// letters and digits into one hyphen, trimmed at both ends.
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// ExportName is the file name for an export: the design's id, else its name
// made safe for a file system, else "design".
func (s *Store) ExportName() string {
	base := s.design.ID
	if base == "" {
		base = slug(s.design.Name)
	}
	if len(base) > 64 {
		base = strings.Trim(base[:64], "-")
	}
	if base == "" {
		base = "design"
	}
	return base + ".yaml"
}
