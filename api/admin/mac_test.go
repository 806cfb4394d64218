package admin_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"noorvale.example/site/api/internal/testenv"
)

// macMakers are the functions whose results are keyed hashes that a
// request's secret is checked against.
var macMakers = map[string]bool{
	"cvToken": true, "recoveryHash": true, "codeHash": true, "linkMAC": true, "Of": true, "Client": true, "Recipient": true,
}

// No keyed hash is compared with == or !=, whose time tells a guesser how
// much of it was right: hmac.Equal or subtle.ConstantTimeCompare, or the
// database's lookup by the hash, do it.
func TestMACsAreComparedInConstantTime(t *testing.T) {
	root := filepath.Join(testenv.RepoRoot(t), "api")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			cmp, ok := n.(*ast.BinaryExpr)
			if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
				return true
			}
			for _, side := range []ast.Expr{cmp.X, cmp.Y} {
				if name := calledName(side); macMakers[name] {
					t.Errorf("%s: a keyed hash from %s is compared with %s", fset.Position(cmp.Pos()), name, cmp.Op)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// calledName is the name of the function or method e calls, "" when e is
// no call.
func calledName(e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		return fn.Name
	case *ast.SelectorExpr:
		return fn.Sel.Name
	}
	return ""
}
