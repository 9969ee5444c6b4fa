package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/importer"
	"github.com/archdesigner/designer/internal/server"
)

// env holds what every command shares: output streams and the catalogue.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	overlay        string
	sites          *server.Sites
	// loadedMappings are the import mappings, once loaded (see mappings).
	loadedMappings *importer.Mappings
}

// globalFlags consumes the flags before the command name.
func (e *env) globalFlags(args []string) ([]string, error) {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[0], "-"), "=")
		if name != "catalogue" {
			return nil, fmt.Errorf("unknown flag %s", args[0])
		}
		if !hasValue {
			if len(args) < 2 {
				return nil, errors.New("--catalogue needs a directory")
			}
			value, args = args[1], args[1:]
		}
		e.overlay = value
		args = args[1:]
	}
	return args, nil
}

// flags returns a flag set for a command that also accepts --catalogue.
func (e *env) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.StringVar(&e.overlay, "catalogue", e.overlay, "overlay an organisation's catalogue `DIR` on the embedded one")
	return fs
}

// parse parses flags wherever they stand among the arguments, so that
// "check a.yaml -o json" works like "check -o json a.yaml".
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// catalogue loads the embedded catalogue with the overlay, if any.
func (e *env) catalogue() (*catalogue.Catalogue, error) {
	if e.overlay == "" {
		return catalogue.LoadEmbedded()
	}
	return loadWith(e.overlay)
}

// loadWith loads the embedded catalogue with dir laid over it.
func loadWith(dir string) (*catalogue.Catalogue, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	// An os.Root: no symbolic link inside the overlay leads out of it. It
	// stays open while the catalogue lives (pages read files' text late).
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return catalogue.LoadEmbedded(catalogue.Layer{Name: dir, FS: root.FS()})
}

// servedCatalogue is the catalogue serve and static serve: the embedded
// one with the overlay, if any; it reports to stderr why it cannot be had.
func (e *env) servedCatalogue(cmd string) (server.Options, bool) {
	cat, err := e.catalogue()
	if err != nil {
		printErrors(e.stderr, err)
		which := "the embedded catalogue"
		if e.overlay != "" {
			which = "the catalogue in " + e.overlay
		}
		fmt.Fprintf(e.stderr, "designer %s: %s is invalid; nothing is served\n", cmd, which)
		return server.Options{}, false
	}
	return server.Options{Catalogue: cat, Overlaid: e.overlay != "", Sites: e.sites}, true
}

// printErrors writes every problem of err, one per line.
func printErrors(w io.Writer, err error) {
	var list catalogue.ErrorList
	if errors.As(err, &list) {
		list.Print(w)
		return
	}
	fmt.Fprintln(w, err)
}

// catalogueOrFail loads the catalogue or reports why it cannot.
func (e *env) catalogueOrFail() *catalogue.Catalogue {
	cat, err := e.catalogue()
	if err != nil {
		printErrors(e.stderr, err)
		fmt.Fprintln(e.stderr, "designer: the catalogue is invalid; run `designer catalogue lint` for details")
		return nil
	}
	return cat
}

// write writes what command made to standard output, and says on stderr
// when it could not be written in full (a full disk, a closed pipe): exit
// 2, rather than a success that wrote part of it.
func (e *env) write(command string, out []byte) int {
	if _, err := e.stdout.Write(out); err != nil {
		fmt.Fprintf(e.stderr, "designer %s: the output was not written in full: %v\n", command, err)
		return exitUnusable
	}
	return exitOK
}
