// Command sizebudget fails when app.wasm, compressed as the server sends it
// (brotli at level 11), is larger than the budget kept in wasm/size-budget.
// Every visit downloads that file before the editor starts (issue 40), so a
// feature that makes it larger pays for itself elsewhere or raises the
// budget in the same commit, saying why.
//
//	go run ./internal/sizebudget [-budget wasm/size-budget] web/app.wasm
//
// The budget file holds one number of bytes on its first line that is not
// blank or a # comment. It is a ratchet: when app.wasm shrinks well below it,
// the command says so, so that the budget can follow.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// slack is how far under the budget app.wasm may fall before the command
// suggests lowering it.
const slack = 64 << 10

func main() {
	budgetFile := flag.String("budget", "wasm/size-budget", "the `file` holding the budget in bytes")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: sizebudget [-budget FILE] app.wasm")
		os.Exit(2)
	}
	msg, err := check(flag.Arg(0), *budgetFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sizebudget:", err)
		os.Exit(1)
	}
	fmt.Println(msg)
}

// check compresses the wasm and compares it with the budget, returning what
// to print, or an error saying by how much it is over and what to do.
func check(wasmFile, budgetFile string) (string, error) {
	budget, err := readBudget(budgetFile)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(wasmFile)
	if err != nil {
		return "", err
	}
	size, err := brotliSize(data)
	if err != nil {
		return "", err
	}
	return verdict(wasmFile, budgetFile, size, budget)
}

// verdict words the comparison of size with budget.
func verdict(wasmFile, budgetFile string, size, budget int64) (string, error) {
	switch {
	case size > budget:
		return "", fmt.Errorf("%s is %s compressed (brotli 11), %s over the budget of %s in %s: "+
			"make start-up pay for it (load the feature later, or remove as much), "+
			"or raise the budget in the same commit and say why",
			wasmFile, mb(size), kb(size-budget), mb(budget), budgetFile)
	case budget-size > slack:
		return fmt.Sprintf("%s is %s compressed, %s under the budget of %s: lower the budget in %s to %d to keep the gain",
			wasmFile, mb(size), kb(budget-size), mb(budget), budgetFile, size), nil
	default:
		return fmt.Sprintf("%s is %s compressed, within the budget of %s (%s to spare)",
			wasmFile, mb(size), mb(budget), kb(budget-size)), nil
	}
}

// readBudget reads the first number in the budget file.
func readBudget(file string) (int64, error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil || n <= 0 {
			return 0, fmt.Errorf("%s:%d: %q is not a size: want a whole number of bytes, such as 3600000", file, line, text)
		}
		return n, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, errors.New(file + ": no budget: want a line with a whole number of bytes")
}

// brotliSize is the length of data compressed at brotli's best level, as
// internal/precompress writes app.wasm.br.
func brotliSize(data []byte) (int64, error) {
	var n countWriter
	w := brotli.NewWriterLevel(&n, brotli.BestCompression)
	if _, err := io.Copy(w, bytes.NewReader(data)); err != nil {
		return 0, err
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	return int64(n), nil
}

// countWriter counts the bytes written to it.
type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}

func mb(n int64) string { return fmt.Sprintf("%.2f MB (%d bytes)", float64(n)/1e6, n) }
func kb(n int64) string { return fmt.Sprintf("%.1f KB", float64(n)/1e3) }
