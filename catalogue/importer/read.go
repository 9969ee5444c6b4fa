package importer

import (
	"errors"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/picture"
)

// Read turns a file's bytes into a design, as the editor's Import and the
// CLI's render, export and layout take them: another tool's file (a
// docker-compose file, Kubernetes manifests, a Terraform plan, a
// CloudFormation template, told apart by Detect) is imported by the mappings
// m; a picture the editor's Export picture drew gives the design it carries;
// anything else is read as a design file. It returns the design and, for an
// import, what the import left out, a line each. The design's nodes keep the
// positions the file gave them (none for an import).
func Read(cat *catalogue.Catalogue, m *Mappings, name string, data []byte) (*catalogue.Design, []string, error) {
	if format := Detect(data); format != "" {
		res, err := Import(cat, m, format, []File{{Name: name, Data: data}})
		if err != nil {
			return nil, nil, err
		}
		return res.Design, res.Report(), nil
	}
	text, err := DesignText(name, data)
	if err != nil {
		return nil, nil, catalogue.ErrorList{err.(*catalogue.Error)}
	}
	d, errs := cat.ReadDesign(name, text)
	if len(errs) > 0 {
		return nil, nil, errs
	}
	return d, nil, nil
}

// DesignText is a design file's YAML: data itself, or the design a picture
// (an SVG or PNG the editor's Export picture drew) carries, refused with
// its position (a *catalogue.Error) when the picture carries none, or one
// past a limit (too-large).
func DesignText(name string, data []byte) ([]byte, error) {
	if !picture.Is(data) {
		return data, nil
	}
	yaml, err := picture.Design(data)
	if err != nil {
		code := diag.CodePicture
		if tl := (*picture.TooLargeError)(nil); errors.As(err, &tl) {
			code = diag.CodeTooLarge
		}
		return nil, &catalogue.Error{Pos: catalogue.Pos{File: name, Line: 1, Column: 1}, Code: code, Msg: err.Error()}
	}
	return yaml, nil
}
