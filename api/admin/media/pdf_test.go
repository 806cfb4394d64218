package media

import (
	"bytes"
	"compress/zlib"
	"errors"
	"reflect"
	"testing"
)

func deflated(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zlib.NewWriter(&buf)
	_, _ = z.Write(b)
	_ = z.Close()
	return buf.Bytes()
}

func objectStream(t *testing.T, inner string) []byte {
	body := deflated(t, []byte(inner))
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n5 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\r\n")
	b.Write(body)
	b.WriteString("\r\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
	return b.Bytes()
}

// A PDF is refused for the names that make it act, however they are
// written and wherever they are, and a plain one passes.
func TestActivePDF(t *testing.T) {
	for _, tc := range []struct {
		name string
		pdf  []byte
		want []string
	}{
		{"plain", []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << >>\n%%EOF\n"), nil},
		{"a script in the open", []byte("%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n"), []string{"JavaScript", "JS", "OpenAction"}},
		{"an escaped name", []byte("%PDF-1.4\n1 0 obj << /S /J#61vaScript >> endobj\n"), []string{"JavaScript"}},
		{"a launch action", []byte("%PDF-1.4\n<</Type/Action/S/Launch/F(calc.exe)>>"), []string{"Launch"}},
		{"an attached file", []byte("%PDF-1.4\n<</Type/EmbeddedFile>>"), []string{"EmbeddedFile"}},
		{"names only alike", []byte("%PDF-1.4\n<</JavaScriptish 1 /JSON 2 /Launcher 3>>"), nil},
		{"a script inside an object stream", objectStream(t, "1 0 2 40 << /S /JavaScript /JS (x) >> << /Type /Page >>"), []string{"JavaScript", "JS"}},
		{"an object stream without one", objectStream(t, "1 0 << /Type /Page /Contents 3 0 R >>"), nil},
	} {
		got, err := activePDF(tc.pdf)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
}

// A stream that inflates past the budget is refused, not unpacked.
func TestActivePDFBomb(t *testing.T) {
	bomb := objectStream(t, string(make([]byte, maxInflated+1)))
	if len(bomb) > 1<<20 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	if _, err := activePDF(bomb); !errors.Is(err, errPDFComplex) {
		t.Fatalf("a bomb: %v", err)
	}
}

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"Annual Report 2026.PDF": "annual-report-2026.pdf",
		"تقرير.pdf":              "document.pdf",
		"../../etc/passwd.pdf":   "etc-passwd.pdf",
	} {
		if got := safeName(in, "document.pdf"); got != want {
			t.Errorf("safeName(%q) = %q, want %q", in, got, want)
		}
	}
}
