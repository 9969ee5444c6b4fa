package drawing

import (
	"strings"
	"testing"
)

// The table is the one measured: a sentence's width is the sum of its
// characters' (Chromium measured "Amazon Elastic Container Service" at
// 1000 px as 16,841 regular and 18,895 bold: kerning takes off a pixel or
// two in a thousand).
func TestTextWidthMatchesTheBrowser(t *testing.T) {
	for _, c := range []struct {
		bold bool
		want float64
	}{{false, 16.841}, {true, 18.895}} {
		got := TextWidth("Amazon Elastic Container Service", 1, c.bold)
		if got < c.want || got > c.want*1.002 {
			t.Errorf("bold %v: width %g em, the browser measured %g", c.bold, got, c.want)
		}
	}
	if TextWidth("日本", 12, false) != 24 || TextWidth("é", 10, false) != 10 {
		t.Errorf("characters outside the table are an em wide")
	}
	if TextWidth("a · b", 1000, true) != 675+348+380+348+716 {
		t.Errorf("the middle dot of the frames' labels is measured")
	}
}

func TestFit(t *testing.T) {
	for _, c := range []struct {
		s    string
		room float64
		want string
	}{
		{"api", 100, "api"},
		{"Amazon Elastic Container Service", 1000, "Amazon Elastic Container Service"},
		{"Amazon Elastic Container Service", 100, "Amazon…"},
		{"Amazon Elastic Container Service", 5, "…"},
		{"", 10, ""},
	} {
		got := Fit(c.s, 12, false, c.room)
		if got != c.want {
			t.Errorf("Fit(%q, %g) = %q, want %q", c.s, c.room, got, c.want)
		}
		if c.room >= TextWidth(Ellipsis, 12, false) && TextWidth(got, 12, false) > c.room {
			t.Errorf("Fit(%q, %g) = %q, %g px wide", c.s, c.room, got, TextWidth(got, 12, false))
		}
	}
}

func TestLines(t *testing.T) {
	for _, c := range []struct {
		s     string
		rooms []float64
		want  []string
	}{
		{"api", []float64{100, 100}, []string{"api"}},
		{"", []float64{100, 100}, nil},
		{"Amazon  Elastic Container Service", []float64{150, 150}, []string{"Amazon Elastic", "Container Service"}},
		{"Amazon Elastic Container Service", []float64{150}, []string{"Amazon Elastic…"}},
		{"Amazon Elastic Container Service Anywhere Edition", []float64{150, 60}, []string{"Amazon Elastic", "Contain…"}},
		// A long id breaks after a hyphen; a word longer than a line
		// inside it.
		{"orders-database-primary-in-eu-west-1", []float64{150, 150}, []string{"orders-database-", "primary-in-eu-west-1"}},
		{"Supercalifragilisticexpialidocious-service", []float64{150, 150}, []string{"Supercalifragilisticexpial", "idocious-service"}},
	} {
		got := Lines(c.s, 12, false, c.rooms...)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Lines(%q, %v) = %q, want %q", c.s, c.rooms, got, c.want)
		}
		for i, line := range got {
			if w := TextWidth(line, 12, false); w > c.rooms[i] {
				t.Errorf("Lines(%q): line %q is %g px, room %g", c.s, line, w, c.rooms[i])
			}
		}
	}
}

// The three names, on a cloud product's node with its icon: short
// names take one line and keep the kind line; the long ones take two, each
// within its room, and the kind gives way; the full text stays whole.
func TestNodeWordsLayout(t *testing.T) {
	for _, c := range []struct {
		title, name, kind string
		want              []string
		kindShown         string
	}{
		{"web", "nginx", "Web server", []string{"nginx"}, "Web server"},
		{"alb", "Application Load Balancer", "Load balancer", []string{"Application Load", "Balancer"}, ""},
		{"ecs", "Amazon Elastic Container Service", "Container platform", []string{"Amazon Elastic Container", "Service"}, ""},
		{"db", "Amazon RDS for PostgreSQL", "Relational database", []string{"Amazon RDS for", "PostgreSQL"}, ""},
		{"orders-database-primary-in-eu-west-1", "Amazon RDS for PostgreSQL", "Relational database", []string{"Amazon RDS for", "PostgreSQL"}, ""},
	} {
		got := NodeWords{c.title, c.name, c.kind, "aws"}.Layout(true)
		if strings.Join(got.Name, "|") != strings.Join(c.want, "|") || got.Kind != c.kindShown {
			t.Errorf("%s: name %q, kind %q; want %q, %q", c.name, got.Name, got.Kind, c.want, c.kindShown)
		}
		if TextWidth(got.Title, TitlePx, true) > TitleEnd-TextX {
			t.Errorf("%s: title %q runs past the badge", c.name, got.Title)
		}
		for i, line := range got.Name {
			room := float64(nameEnd - TextX)
			if i == 1 {
				room = got.ChipX - lineGap - TextX
			}
			if TextWidth(line, NamePx, false) > room {
				t.Errorf("%s: line %q runs past its room %g", c.name, line, room)
			}
		}
		if got.ChipX+got.ChipW > iconStart-lineGap {
			t.Errorf("%s: the chip ends at %g, over the icon", c.name, got.ChipX+got.ChipW)
		}
		if want := c.title + "\n" + c.name + "\n" + c.kind + " · aws"; got.Full != want {
			t.Errorf("%s: full text %q, want %q", c.name, got.Full, want)
		}
	}
	long := NodeWords{Title: "orders-database-primary-in-eu-west-1", Name: "x"}.Layout(false)
	if !strings.HasSuffix(long.Title, Ellipsis) || TextWidth(long.Title, TitlePx, true) > TitleEnd-TextX {
		t.Errorf("a long title is shortened with an ellipsis to its room: %q", long.Title)
	}
}

// A frame's label ends in an ellipsis where the frame is too narrow for it.
func TestFitFrameLabel(t *testing.T) {
	label := "Region · Europe (Ireland) · eu-west-1"
	if got := FitFrameLabel(label, 600, FrameLabelX, FrameLabelPx); got != label {
		t.Errorf("a wide frame shortens its label: %q", got)
	}
	got := FitFrameLabel(label, 200, FrameLabelX, FrameLabelPx)
	if !strings.HasSuffix(got, Ellipsis) || TextWidth(got, FrameLabelPx, true) > 200-FrameLabelX-FrameLabelPad {
		t.Errorf("a narrow frame's label is %q", got)
	}
}
