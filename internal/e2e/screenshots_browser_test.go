//go:build browser

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The editor's look, as docs/ shows it: an example with groups, a node
// selected and the analysis open, at 1440×900 and 1280×720, light and dark;
// the Designs region, and the welcome of an empty editor.
// SCREENSHOTS=docs writes the pictures there (JPEG); otherwise they go to a
// temporary folder and the test checks that each view draws without errors.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if !filepath.IsAbs(dir) {
		dir = filepath.Join("..", "..", dir)
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "resilient-orders.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p := loadDesign(t, string(data))
	for _, theme := range []string{"Light", "Dark"} {
		p.choose("Theme", theme)
		for _, size := range [][2]int64{{1440, 900}, {1280, 720}} {
			p.do(chromedp.EmulateViewport(size[0], size[1]))
			time.Sleep(300 * time.Millisecond) // for the canvas to learn its new size
			p.click("button", "Fit")
			p.click("button", "orders-fn, AWS Lambda…")
			name := "editor-" + strconv.FormatInt(size[0], 10) + "-" + map[string]string{"Light": "light", "Dark": "dark"}[theme] + ".jpg"
			p.call(func(ctx context.Context) error {
				buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(85))
				if err != nil {
					return err
				}
				return os.WriteFile(filepath.Join(dir, name), buf, 0o644)
			})
			if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() < 10<<10 {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	// Designs, with a second design and one in the trash, at 1440×900.
	p.choose("Theme", "Light")
	p.do(chromedp.EmulateViewport(1440, 900))
	p.click("button", "Designs")
	p.opens(func() { p.clickIn("Designs", "button", "New design") })
	p.addProduct("kafka", "Apache Kafka", "kafka, Apache Kafka…")
	p.click("button", "Designs")
	p.rename("Untitled design", "Event pipeline")
	p.opens(func() { p.clickIn("Designs", "button", "Duplicate Event pipeline") })
	p.click("button", "Designs")
	p.opens(func() { p.clickIn("Designs", "button", "Delete Event pipeline copy") })
	p.click("button", "Designs")
	p.click("DisclosureTriangle", "Trash (1)")
	p.call(func(ctx context.Context) error {
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(85))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "editor-designs-1440-light.jpg"), buf, 0o644)
	})
	p.choose("Theme", "System")
	p.checkClean()

	// The welcome an empty editor shows, its pictures drawn, at 1440×900.
	w := openEditor(t)
	w.do(chromedp.EmulateViewport(1440, 900))
	w.eventually("the welcome's pictures", func() (bool, string) {
		got := w.evalPage(`[...document.querySelectorAll(".welcome-card img")].filter(i => i.complete && i.naturalWidth > 0).length >= 9`)
		return got == "true", got
	})
	w.call(func(ctx context.Context) error {
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(85))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "editor-welcome-1440-light.jpg"), buf, 0o644)
	})
	w.checkClean()
}
