package harness

import "testing"

func TestLogFieldsReadsTheListeningLine(t *testing.T) {
	tests := []struct {
		name, line, addr, base string
	}{
		{name: "json", line: `{"time":"2026-11-29T00:48:06Z","level":"INFO","msg":"listening","addr":"[::]:40127","base_url":"http://127.0.0.1:40127","env":"production"}`,
			addr: "[::]:40127", base: "http://127.0.0.1:40127"},
		{name: "text", line: `time=2026-11-29T00:14:17.176Z level=INFO msg=listening addr=127.0.0.1:8080 base_url=http://localhost:8080 env=development`,
			addr: "127.0.0.1:8080", base: "http://localhost:8080"},
		{name: "text with a quoted value", line: `level=INFO msg="serving /metrics" addr=127.0.0.1:9090`, addr: "127.0.0.1:9090"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := logFields(tt.line)
			if f["addr"] != tt.addr || f["base_url"] != tt.base {
				t.Fatalf("fields %v: want addr %q base_url %q", f, tt.addr, tt.base)
			}
		})
	}
	if f := logFields(`{"msg":"renderer level=info listening socket=/tmp/r.sock"}`); f["msg"] == "listening" {
		t.Fatal("the renderer's line, forwarded, reads as the server's")
	}
}
