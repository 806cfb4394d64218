package content_test

import (
	"slices"
	"testing"

	"noorvale.example/site/api/content"
)

func TestPageProblemsNameTheAddressesThatAreNoPage(t *testing.T) {
	service := `{"related":["/services/cybersecurity-services/asv","/no-such-page"]}`
	got := content.PageProblems(content.PagesCollection, "/services/cybersecurity-services/penetration-testing", service)
	if len(got) != 1 || got[0].Path != "related[1]" || got[0].Code != content.ProblemPage {
		t.Fatalf("service page: %+v", got)
	}
	landing := `{"cards":{"/compliance/soc-reports/soc-1":"A","/compliance/soc-reports/soc-9":"B"}}`
	got = content.PageProblems(content.PagesCollection, "/compliance/soc-reports", landing)
	if len(got) != 1 || got[0].Path != "cards[/compliance/soc-reports/soc-9]" {
		t.Fatalf("landing page: %+v", got)
	}
	story := `{"shownOn":["/about-us","/services/nothing-here"]}`
	got = content.PageProblems("case-studies", "a-story", story)
	if len(got) != 1 || got[0].Path != "shownOn[1]" {
		t.Fatalf("client story: %+v", got)
	}
	if got := content.PageProblems("news", "a-story", `{"title":"x"}`); len(got) != 0 {
		t.Fatalf("a story without page links: %+v", got)
	}
}

func TestPageKeysNameThePageAndItsTrail(t *testing.T) {
	key, trail := content.PageKeys("/services/cybersecurity-services/penetration-testing")
	if key != "penetrationTesting" || !slices.Equal(trail, []string{"services", "cybersecurityServices"}) {
		t.Fatalf("got %q %q", key, trail)
	}
	if key, trail := content.PageKeys("/no-such-page"); key != "" || len(trail) != 0 {
		t.Fatalf("unknown page: %q %q", key, trail)
	}
}
