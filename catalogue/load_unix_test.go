//go:build unix

package catalogue

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// An overlay's files are plain files inside its folder: a symbolic link (out
// of the folder, to a secret or to /dev/zero) or a named pipe is refused by
// name, without reading what it points at.
func TestOverlayRefusesLinksAndSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"components", "kinds"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(t.TempDir(), "secret.yaml")
	os.WriteFile(secret, []byte("password: hunter2\n"), 0o600)
	if err := os.Symlink(secret, filepath.Join(dir, "components", "leak.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "kinds", "zero.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "providers.yaml"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(dir, "rules")); err != nil {
		t.Fatal(err)
	}
	_, err := Load(Layer{Name: "embedded", FS: Embedded()}, Layer{Name: "overlay", FS: os.DirFS(dir)})
	list, _ := err.(ErrorList)
	want := map[string]string{
		"overlay/components/leak.yaml": "a symbolic link", "overlay/kinds/zero.yaml": "a symbolic link", "overlay/providers.yaml": "a named pipe",
		"overlay/rules": "a symbolic link",
	}
	for _, e := range list {
		if w, ok := want[e.Pos.File]; ok && e.Code == "unreadable" && strings.HasPrefix(e.Msg, w+", not a ") {
			delete(want, e.Pos.File)
		}
		if strings.Contains(e.Msg, "hunter2") || strings.Contains(e.Msg, "password") {
			t.Errorf("echoes the link's target: %s", e)
		}
	}
	if len(want) > 0 {
		t.Errorf("not refused: %v\n%s", want, strings.Join(list.Lines(), "\n"))
	}
}
