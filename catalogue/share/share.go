// Package share carries a design in a link: deflated and base64url-encoded
// in the URL's fragment (`/#d=…`), which browsers never send to the server.
// Opening the link shows the design read-only; nothing about it is stored.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// Prefix starts the fragment of a share link.
const Prefix = "d="

// MaxFragment is the longest fragment a share link carries: links much
// longer than 32 KB are cut or refused by chat tools, mail and some
// browsers' address bars.
const MaxFragment = 32 << 10

// MaxDesign is the most design text a link may inflate to: a design a link
// of MaxFragment can carry is far smaller, and reading one this size is
// already a second or two of work for the editor; larger designs travel as
// files.
const MaxDesign = 2 << 20

// Name is what errors in a shared design are placed in.
const Name = "the shared link"

// Is reports whether a URL fragment is a share link's.
func Is(fragment string) bool { return strings.HasPrefix(fragment, Prefix) }

// Encode is the fragment (without its #) of a link that carries design,
// a design file's text; an error, with the size and what to do instead,
// when it would be longer than MaxFragment.
func Encode(design []byte) (string, error) {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return "", err
	}
	w.Write(design)
	if err := w.Close(); err != nil {
		return "", err
	}
	fragment := Prefix + base64.RawURLEncoding.EncodeToString(b.Bytes())
	if len(fragment) > MaxFragment {
		return "", &catalogue.Error{Pos: catalogue.Pos{File: Name}, Code: diag.CodeTooLarge,
			Msg: fmt.Sprintf("the link would be %s, over the %s a link carries safely; export the design as a file and share that instead", kb(len(fragment)), kb(MaxFragment))}
	}
	return fragment, nil
}

// Decode is the design file's text a link's fragment (without its #)
// carries, or an error saying why it cannot be read back: not a share
// link, too long, damaged (not base64url, not deflate, cut short), or
// holding more than a design may.
func Decode(fragment string) ([]byte, error) {
	fail := func(code diag.Code, format string, args ...any) error {
		return &catalogue.Error{Pos: catalogue.Pos{File: Name}, Code: code, Msg: fmt.Sprintf(format, args...)}
	}
	if !Is(fragment) {
		return nil, fail(diag.CodeShareLink, "the link's fragment does not start with %q, so it carries no design", Prefix)
	}
	if len(fragment) > MaxFragment {
		return nil, fail(diag.CodeTooLarge, "the link's fragment is %s, over the %s a share link may be", kb(len(fragment)), kb(MaxFragment))
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(fragment, Prefix))
	if err != nil {
		var at base64.CorruptInputError
		body := strings.TrimPrefix(fragment, Prefix)
		if errors.As(err, &at) && int(at) < len(body) && strings.IndexByte(base64URL, body[at]) >= 0 {
			// Go says where a well-formed text ends too soon.
			return nil, fail(diag.CodeShareLink, "the link is cut short: copy it again, whole, from where it was shared")
		}
		if errors.As(err, &at) {
			return nil, fail(diag.CodeShareLink, "the link is damaged: character %d after %q is not one a share link is made of (letters, digits, - and _): copy it again, whole, from where it was shared", int64(at)+1, Prefix)
		}
		return nil, fail(diag.CodeShareLink, "the link is damaged (%v): copy it again, whole, from where it was shared", err)
	}
	br := bytes.NewReader(raw) // a ByteReader: flate reads no further than its stream
	r := flate.NewReader(br)
	defer r.Close()
	// A few bytes can inflate to gigabytes: read one byte past the limit,
	// no more.
	data, err := io.ReadAll(io.LimitReader(r, MaxDesign+1))
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fail(diag.CodeShareLink, "the link is cut short: copy it again, whole, from where it was shared")
		}
		return nil, fail(diag.CodeShareLink, "the link is damaged (%v): copy it again, whole, from where it was shared", err)
	}
	if len(data) > MaxDesign {
		return nil, fail(diag.CodeTooLarge, "the link holds more than a shared design may (%d bytes, 2 MiB): share a design that large as a file", MaxDesign)
	}
	if br.Len() > 0 {
		return nil, fail(diag.CodeShareLink, "the link has %d bytes after its design: it is damaged, or two links ran together", br.Len())
	}
	return data, nil
}

// base64URL is the alphabet a link's design is written in.
const base64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// kb is a size for people: "12 KB".
func kb(n int) string { return fmt.Sprintf("%d KB", (n+1023)/1024) }
