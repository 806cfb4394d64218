package deploy_test

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
)

// dockerfile is deploy/Dockerfile as BuildKit reads it.
type dockerfile struct {
	stages []instructions.Stage
	args   map[string]string // ARG defaults before the first FROM
}

func parseDockerfile(t *testing.T) dockerfile {
	t.Helper()
	res, err := parser.Parse(bytes.NewReader(readFile(t, "Dockerfile")))
	if err != nil {
		t.Fatalf("Dockerfile does not parse: %v", err)
	}
	for _, w := range res.Warnings {
		t.Errorf("Dockerfile warning: %s (line %d)", w.Short, w.Location.Start.Line)
	}
	stages, metaArgs, err := instructions.Parse(res.AST, nil)
	if err != nil {
		t.Fatalf("Dockerfile instructions: %v", err)
	}
	df := dockerfile{stages: stages, args: map[string]string{}}
	for _, a := range metaArgs {
		for _, kv := range a.Args {
			if kv.Value != nil {
				df.args[kv.Key] = *kv.Value
			}
		}
	}
	return df
}

func (d dockerfile) stage(t *testing.T, name string) instructions.Stage {
	t.Helper()
	for _, s := range d.stages {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("Dockerfile has no stage %q", name)
	return instructions.Stage{}
}

// base is a stage's image with the ARG defaults filled in.
func (d dockerfile) base(s instructions.Stage) string {
	return os.Expand(s.BaseName, func(k string) string { return d.args[k] })
}

// runs returns the shell lines of a stage's RUN instructions.
func runs(s instructions.Stage) []string {
	var out []string
	for _, c := range s.Commands {
		if r, ok := c.(*instructions.RunCommand); ok {
			out = append(out, strings.Join(r.CmdLine, " "))
		}
	}
	return out
}

func commands[T instructions.Command](s instructions.Stage) []T {
	var out []T
	for _, c := range s.Commands {
		if v, ok := c.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

func env(s instructions.Stage) map[string]string {
	out := map[string]string{}
	for _, e := range commands[*instructions.EnvCommand](s) {
		for _, kv := range e.Env {
			out[kv.Key] = kv.Value
		}
	}
	return out
}

// containsCommand reports whether one of the lines runs cmd word for word.
func containsCommand(lines []string, cmd string) bool {
	want := strings.Join(strings.Fields(cmd), " ")
	for _, l := range lines {
		if strings.Contains(strings.Join(strings.Fields(l), " "), want) {
			return true
		}
	}
	return false
}

// goBuildArgs returns the words of the first `go build` in the lines, with
// the -o value dropped: the output path is the only thing allowed to differ.
func goBuildArgs(lines []string) []string {
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[i] != "go" || f[i+1] != "build" {
				continue
			}
			var out []string
			for j := i + 2; j < len(f) && f[j] != "&&" && f[j] != ";"; j++ {
				if f[j] == "-o" {
					j++
					continue
				}
				out = append(out, f[j])
			}
			return out
		}
	}
	return nil
}

func TestDockerfileStages(t *testing.T) {
	df := parseDockerfile(t)
	var names []string
	for _, s := range df.stages {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"web", "server", "runtime"}) {
		t.Fatalf("stages %v, want web, server, runtime", names)
	}
	web, server, runtime := df.stage(t, "web"), df.stage(t, "server"), df.stage(t, "runtime")

	// The build and the runtime run the Node release the tasks pin, from
	// the official image at that exact version, and it satisfies the
	// project's engines.
	node := pinnedNode(t)
	for _, s := range []instructions.Stage{web, runtime} {
		if b := df.base(s); !regexp.MustCompile(`^node:` + regexp.QuoteMeta(node) + `-[a-z]+-slim$`).MatchString(b) {
			t.Errorf("stage %s is based on %q, want the slim official image of Node %s (tools/node/package.json)", s.Name, b, node)
		}
	}
	if major, _, _ := strings.Cut(node, "."); !satisfiesEngines(t, major) {
		t.Errorf("the pinned Node %s is older than package.json's engines allow", node)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(repoFile(t, "go.mod"))
	if b := df.base(server); goVersion == nil || !strings.HasPrefix(b, "golang:"+string(goVersion[1])) {
		t.Errorf("server stage is based on %q, want golang:%s (go.mod)", b, goVersion[1])
	}

	// The build steps are the Taskfile's.
	webRuns := runs(web)
	for _, task := range []string{"setup:packages", "build:web"} {
		if cmd := taskCommand(t, task); !containsCommand(webRuns, cmd) {
			t.Errorf("the web stage does not run the %s task's command %q; it runs %q", task, cmd, webRuns)
		}
	}
	taskBuild := goBuildArgs([]string{taskCommand(t, "build:server")})
	if dockerBuild := goBuildArgs(runs(server)); !slices.Equal(dockerBuild, taskBuild) {
		t.Errorf("the server stage runs go build %q, the build:server task go build %q", dockerBuild, taskBuild)
	}
	if env(server)["CGO_ENABLED"] != "0" {
		t.Error("the server stage must build a static binary: CGO_ENABLED=0")
	}
	// The lockfile and the npm settings (no install scripts) go in before npm install.
	var copied []string
	for _, c := range commands[*instructions.CopyCommand](web) {
		copied = append(copied, c.SourcePaths...)
	}
	for _, f := range []string{"package.json", "package-lock.json", ".npmrc", "web", "ssr", "vite.config.ts"} {
		if !slices.Contains(copied, f) {
			t.Errorf("the web stage does not copy %s", f)
		}
	}
	// And every build configuration the build script names (the back-office's among them).
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if err := json.Unmarshal(repoFile(t, "package.json"), &pkg); err != nil {
		t.Fatal(err)
	}
	for _, f := range regexp.MustCompile(`[\w.-]+\.config\.ts`).FindAllString(pkg.Scripts["build"], -1) {
		if !slices.Contains(copied, f) {
			t.Errorf("the web stage does not copy %s, which npm run build reads", f)
		}
	}
}

func TestDockerfileRuntime(t *testing.T) {
	df := parseDockerfile(t)
	rt := df.stage(t, "runtime")
	e := env(rt)

	// What the runtime takes from the build stages.
	from := map[string][]string{}
	for _, c := range commands[*instructions.CopyCommand](rt) {
		from[c.From] = append(from[c.From], c.SourcePaths...)
	}
	for _, src := range []string{"/src/dist", "/src/ssr", "/src/node_modules", "/src/package.json"} {
		if !slices.Contains(from["web"], src) {
			t.Errorf("the runtime does not copy %s from the web stage", src)
		}
	}
	if !slices.Contains(from["server"], "/out/server") {
		t.Error("the runtime does not copy the server binary")
	}

	users := commands[*instructions.UserCommand](rt)
	if len(users) == 0 {
		t.Fatal("the runtime stage sets no USER: it would run as root")
	}
	user := strings.Split(users[len(users)-1].User, ":")[0]
	if user == "" || user == "root" || user == "0" {
		t.Errorf("the runtime runs as %q, want a non-root user", users[len(users)-1].User)
	}
	if !regexp.MustCompile(`^[1-9]\d*$`).MatchString(user) {
		t.Errorf("USER %q: use a number, so Kubernetes' runAsNonRoot can verify it", user)
	}

	hcs := commands[*instructions.HealthCheckCommand](rt)
	if len(hcs) != 1 {
		t.Fatalf("the runtime has %d HEALTHCHECKs, want 1", len(hcs))
	}
	hc := hcs[0].Health
	test := strings.Join(hc.Test, " ")
	switch {
	case len(hc.Test) == 0 || hc.Test[0] == "NONE":
		t.Error("the health check is disabled")
	case strings.Contains(test, "curl") || strings.Contains(test, "wget"):
		t.Errorf("the health check uses a tool a slim image lacks: %s", test)
	case !strings.Contains(test, "/healthz"):
		t.Errorf("the health check does not ask /healthz: %s", test)
	case hc.Test[0] != "CMD" || (hc.Test[1] != "node" && hc.Test[1] != "/app/server"):
		t.Errorf("the health check should run node or the server binary directly (exec form): %q", hc.Test)
	}
	if hc.Interval == 0 || hc.Timeout == 0 || hc.StartPeriod == 0 {
		t.Errorf("health check timing not set: %+v", hc)
	}

	ports := commands[*instructions.ExposeCommand](rt)
	if len(ports) != 1 || !slices.Equal(ports[0].Ports, []string{e["PORT"]}) {
		t.Errorf("EXPOSE %v, want the PORT the image sets (%s)", ports, e["PORT"])
	}
	eps := commands[*instructions.EntrypointCommand](rt)
	if len(eps) != 1 || eps[0].PrependShell || !slices.Equal(eps[0].CmdLine, []string{"/app/server"}) {
		t.Errorf("ENTRYPOINT %+v, want the exec form [\"/app/server\"] so the server gets SIGTERM", eps)
	}
	cmds := commands[*instructions.CmdCommand](rt)
	if len(cmds) != 1 || !slices.Equal(cmds[0].CmdLine, []string{"serve"}) {
		t.Errorf("CMD %+v, want [\"serve\"]", cmds)
	}
	vols := commands[*instructions.VolumeCommand](rt)
	if len(vols) != 1 || !slices.Equal(vols[0].Volumes, []string{e["DATA_DIR"]}) {
		t.Errorf("VOLUME %+v, want DATA_DIR (%s)", vols, e["DATA_DIR"])
	}
	for k, want := range map[string]string{"APP_ENV": "production", "DIST_DIR": "/app/dist"} {
		if e[k] != want {
			t.Errorf("ENV %s=%q, want %q", k, e[k], want)
		}
	}
}

func TestDockerignore(t *testing.T) {
	ignored := map[string]bool{}
	for _, l := range strings.Split(string(readFile(t, "Dockerfile.dockerignore")), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			ignored[l] = true
		}
	}
	// Host builds must not leak into the image, and node_modules from
	// another platform must not replace the stage's own.
	for _, p := range []string{"node_modules", "dist", "bin", "data", ".git"} {
		if !ignored[p] {
			t.Errorf("Dockerfile.dockerignore does not exclude %s", p)
		}
	}
}
