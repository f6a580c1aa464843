package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"
	"testing"
)

// TestExportedIdentifiersHaveDocComments parses every non-test Go file of
// the module (bench/ is a separate module; testdata and node_modules are not
// sources) and lists each exported identifier that has no doc comment:
// types, functions, methods on exported types, and exported constants and
// variables. A constant or variable declared in a parenthesised group counts
// as documented when either it or its group has a comment. The doc comment
// of a function, a method or a type must start with its name (a type's may
// start with "A" or "An" and its name). See shared code-style convention 3.
func TestExportedIdentifiersHaveDocComments(t *testing.T) {
	t.Parallel()
	var missing []string
	walkSources(t, func(path, rel string) error {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, name := range undocumented(f) {
			missing = append(missing, rel+": "+name+" has no doc comment")
		}
		for _, name := range misnamed(f) {
			missing = append(missing, rel+": the doc comment of "+name+" does not start with its name")
		}
		return nil
	})
	sort.Strings(missing)
	for _, m := range missing {
		t.Error(m)
	}
}

// undocumented returns the exported identifiers declared at the top level of
// f that have no doc comment, as "Name" or "Recv.Method".
func undocumented(f *ast.File) []string {
	var out []string
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() || d.Doc != nil {
				continue
			}
			if d.Recv == nil {
				out = append(out, d.Name.Name)
				continue
			}
			recv := receiverName(d.Recv)
			if ast.IsExported(recv) {
				out = append(out, recv+"."+d.Name.Name)
			}
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() && s.Doc == nil && (d.Doc == nil || d.Lparen.IsValid()) {
						out = append(out, s.Name.Name)
					}
				case *ast.ValueSpec:
					if d.Doc != nil || s.Doc != nil || s.Comment != nil && d.Lparen.IsValid() {
						continue
					}
					for _, n := range s.Names {
						if n.IsExported() {
							out = append(out, n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// receiverName returns the base type name of a method receiver: T for T,
// *T, T[P] and *T[P].
func receiverName(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	e := fl.List[0].Type
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// misnamed returns the exported functions, methods and types of f whose doc
// comment does not start with their name ("A T ..." and "An T ..." are
// accepted for a type T), as "Name" or "Recv.Method".
func misnamed(f *ast.File) []string {
	var out []string
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() || d.Doc == nil || startsWithName(d.Doc.Text(), d.Name.Name) {
				continue
			}
			if d.Recv == nil {
				out = append(out, d.Name.Name)
			} else if recv := receiverName(d.Recv); ast.IsExported(recv) {
				out = append(out, recv+"."+d.Name.Name)
			}
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, spec := range d.Specs {
				s := spec.(*ast.TypeSpec)
				doc := s.Doc
				if doc == nil && !d.Lparen.IsValid() {
					doc = d.Doc
				}
				if !s.Name.IsExported() || doc == nil {
					continue
				}
				text := doc.Text()
				if !startsWithName(text, s.Name.Name) && !startsWithName(strings.TrimPrefix(text, "A "), s.Name.Name) && !startsWithName(strings.TrimPrefix(text, "An "), s.Name.Name) {
					out = append(out, s.Name.Name)
				}
			}
		}
	}
	return out
}

// startsWithName reports whether text starts with the word name, or is a
// deprecation notice.
func startsWithName(text, name string) bool {
	if strings.HasPrefix(text, "Deprecated:") {
		return true
	}
	rest, ok := strings.CutPrefix(text, name)
	if !ok {
		return false
	}
	return rest == "" || !isIdentByte(rest[0])
}

func isIdentByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
