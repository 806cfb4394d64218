// Package deploy_test checks the deployment files against the code they
// deploy: the Dockerfile with Docker's own parser, the compose file with the
// Compose specification's library, and the Kubernetes manifests decoded
// strictly into the Kubernetes API types. No container engine is needed.
package deploy_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// readFile reads a file under deploy/ (the test's working directory).
func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// repoFile reads a file relative to the repository root.
func repoFile(t *testing.T, name string) []byte {
	t.Helper()
	return readFile(t, filepath.Join("..", name))
}

// taskCommand returns the single command of a Taskfile task, with
// {{.SERVER_BIN}} left for the caller to interpret.
func taskCommand(t *testing.T, task string) string {
	t.Helper()
	var tf struct {
		Tasks map[string]struct {
			Cmds []any `json:"cmds"`
		} `json:"tasks"`
	}
	if err := yaml.Unmarshal(repoFile(t, "Taskfile.yml"), &tf); err != nil {
		t.Fatalf("Taskfile.yml: %v", err)
	}
	tk, ok := tf.Tasks[task]
	if !ok {
		t.Fatalf("Taskfile.yml has no task %q", task)
	}
	var cmds []string
	for _, c := range tk.Cmds {
		if s, ok := c.(string); ok {
			cmds = append(cmds, strings.TrimSpace(s))
		}
	}
	if len(cmds) != 1 {
		t.Fatalf("task %s: want one command, found %q", task, cmds)
	}
	return cmds[0]
}
