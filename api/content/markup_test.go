package content

import "testing"

func TestSanitizeMarkup(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Plain text & more", "Plain text &amp; more"},
		{"Keep <strong>this</strong> and <em>that</em>.", "Keep <strong>this</strong> and <em>that</em>."},
		{`<strong class="x" onclick="alert(1)">bold</strong>`, "<strong>bold</strong>"},
		{`<a href="javascript:alert(1)">link</a> text`, "link text"},
		{`<img src=x onerror=alert(1)>caption`, "caption"},
		{`before<script>alert(1)</script>after`, "beforeafter"},
		{`<style>body{display:none}</style>visible`, "visible"},
		{"line<br/>break<br>again", "line<br>break<br>again"},
		{"<strong>unclosed", "<strong>unclosed</strong>"},
		{"<em><strong>crossed</em> tags</strong>", "<em><strong>crossed</strong></em> tags"},
		{"stray</strong> end", "stray end"},
		{`<p>"quoted" &lt;tag&gt;</p>`, "&#34;quoted&#34; &lt;tag&gt;"},
	}
	for _, tt := range tests {
		if got := SanitizeMarkup(tt.in); got != tt.want {
			t.Errorf("SanitizeMarkup(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestMarkupProblems(t *testing.T) {
	if p := markupProblems("Fine <strong>text</strong><br>"); len(p) != 0 {
		t.Fatalf("allowed markup refused: %v", p)
	}
	if p := markupProblems(`<a href="/x">x</a> <strong id="y">y</strong>`); len(p) != 3 {
		t.Fatalf("problems = %v, want the a element twice and the attribute", p)
	}
}
