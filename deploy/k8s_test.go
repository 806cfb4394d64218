package deploy_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/yaml"

	"noorvale.example/site/api/config"
	"noorvale.example/site/api/render"
	"noorvale.example/site/api/server"
)

// kinds maps each apiVersion and kind the manifests may use to its API type.
var kinds = map[string]func() any{
	"apps/v1 Deployment":                     func() any { return &appsv1.Deployment{} },
	"v1 Service":                             func() any { return &corev1.Service{} },
	"v1 ConfigMap":                           func() any { return &corev1.ConfigMap{} },
	"v1 Secret":                              func() any { return &corev1.Secret{} },
	"networking.k8s.io/v1 Ingress":           func() any { return &networkingv1.Ingress{} },
	"networking.k8s.io/v1 NetworkPolicy":     func() any { return &networkingv1.NetworkPolicy{} },
	"autoscaling/v2 HorizontalPodAutoscaler": func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"policy/v1 PodDisruptionBudget":          func() any { return &policyv1.PodDisruptionBudget{} },
	"batch/v1 Job":                           func() any { return &batchv1.Job{} },
}

// manifests is every object under k8s/, decoded strictly.
type manifests struct {
	deployment *appsv1.Deployment
	service    *corev1.Service
	configMap  *corev1.ConfigMap
	secret     *corev1.Secret
	ingress    *networkingv1.Ingress
	policy     *networkingv1.NetworkPolicy
	hpa        *autoscalingv2.HorizontalPodAutoscaler
	pdb        *policyv1.PodDisruptionBudget
	job        *batchv1.Job
}

var docSeparator = regexp.MustCompile(`(?m)^---\s*$`)

// decodeManifests decodes every document of every file in dir into its API
// type, refusing unknown fields, duplicate keys and unknown kinds.
func decodeManifests(t *testing.T, dir string) manifests {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in %s: %v", dir, err)
	}
	var m manifests
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range docSeparator.Split(string(data), -1) {
			if strings.TrimSpace(stripComments(doc)) == "" {
				continue
			}
			obj, err := decodeStrict([]byte(doc))
			if err != nil {
				t.Errorf("%s, document %d: %v", filepath.Base(file), i+1, err)
				continue
			}
			set := func(taken bool, what string) {
				if taken {
					t.Errorf("%s: a second %s", filepath.Base(file), what)
				}
			}
			switch o := obj.(type) {
			case *appsv1.Deployment:
				set(m.deployment != nil, "Deployment")
				m.deployment = o
			case *corev1.Service:
				set(m.service != nil, "Service")
				m.service = o
			case *corev1.ConfigMap:
				set(m.configMap != nil, "ConfigMap")
				m.configMap = o
			case *corev1.Secret:
				set(m.secret != nil, "Secret")
				m.secret = o
			case *networkingv1.Ingress:
				set(m.ingress != nil, "Ingress")
				m.ingress = o
			case *networkingv1.NetworkPolicy:
				set(m.policy != nil, "NetworkPolicy")
				m.policy = o
			case *autoscalingv2.HorizontalPodAutoscaler:
				set(m.hpa != nil, "HorizontalPodAutoscaler")
				m.hpa = o
			case *policyv1.PodDisruptionBudget:
				set(m.pdb != nil, "PodDisruptionBudget")
				m.pdb = o
			case *batchv1.Job:
				set(m.job != nil, "Job")
				m.job = o
			}
		}
	}
	return m
}

func stripComments(doc string) string {
	var b strings.Builder
	for _, l := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// decodeStrict decodes one YAML document into the type its apiVersion and
// kind name; any field the type lacks is an error.
func decodeStrict(doc []byte) (any, error) {
	var tm metav1.TypeMeta
	if err := yaml.Unmarshal(doc, &tm); err != nil {
		return nil, err
	}
	newObj, ok := kinds[tm.APIVersion+" "+tm.Kind]
	if !ok {
		return nil, fmt.Errorf("unknown kind %q %q", tm.APIVersion, tm.Kind)
	}
	obj := newObj()
	if err := yaml.UnmarshalStrict(doc, obj); err != nil {
		return nil, fmt.Errorf("%s: %w", tm.Kind, err)
	}
	return obj, nil
}

func TestManifestsDecodeStrictly(t *testing.T) {
	m := decodeManifests(t, "k8s")
	if m.configMap != nil {
		readme := string(repoFile(t, "README.md"))
		for k := range m.configMap.Data {
			if !strings.Contains(readme, "| `"+k+"` |") {
				t.Errorf("the ConfigMap sets %s, which README.md's configuration table does not describe", k)
			}
		}
	}
	for what, missing := range map[string]bool{
		"Deployment": m.deployment == nil, "Service": m.service == nil, "ConfigMap": m.configMap == nil,
		"Secret (example)": m.secret == nil, "Ingress": m.ingress == nil, "HorizontalPodAutoscaler": m.hpa == nil,
		"PodDisruptionBudget": m.pdb == nil, "migration Job": m.job == nil, "NetworkPolicy": m.policy == nil,
	} {
		if missing {
			t.Errorf("deploy/k8s has no %s", what)
		}
	}
}

// TestStrictDecodingCatchesTypos makes sure the decoding above would fail
// on the mistakes it is there for.
func TestStrictDecodingCatchesTypos(t *testing.T) {
	for name, doc := range map[string]string{
		"unknown field":   "apiVersion: v1\nkind: Service\nmetadata: {name: x}\nspec:\n  selectr: {a: b}\n",
		"misplaced field": "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec:\n  template:\n    spec:\n      containers:\n        - name: a\n          readynessProbe: {}\n",
		"unknown kind":    "apiVersion: v1\nkind: Servce\nmetadata: {name: x}\n",
		"old version":     "apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: x}\n",
		"duplicate key":   "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n  A: b\n  A: c\n",
	} {
		if _, err := decodeStrict([]byte(doc)); err == nil {
			t.Errorf("%s: decoded without error", name)
		}
	}
}

// env returns the container's environment as the server would see it:
// the ConfigMap, then the Secret (example values), then explicit values.
func containerEnv(t *testing.T, m manifests, c corev1.Container) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, from := range c.EnvFrom {
		switch {
		case from.ConfigMapRef != nil:
			if from.ConfigMapRef.Name != m.configMap.Name {
				t.Errorf("%s reads ConfigMap %q, which is not in deploy/k8s", c.Name, from.ConfigMapRef.Name)
			}
			for k, v := range m.configMap.Data {
				out[k] = v
			}
		default:
			t.Errorf("%s: unexpected envFrom %+v", c.Name, from)
		}
	}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			out[e.Name] = e.Value
		case e.ValueFrom.SecretKeyRef != nil:
			ref := e.ValueFrom.SecretKeyRef
			v, ok := m.secret.StringData[ref.Key]
			if ref.Name != m.secret.Name || !ok {
				t.Errorf("%s: %s comes from secret %s key %s, which the example Secret lacks", c.Name, e.Name, ref.Name, ref.Key)
			}
			out[e.Name] = v
		default:
			t.Errorf("%s: unexpected source for %s", c.Name, e.Name)
		}
	}
	return out
}

func parseConfig(t *testing.T, vars map[string]string) *config.Config {
	t.Helper()
	cfg, err := config.Parse(func(k string) (string, bool) { v, ok := vars[k]; return v, ok })
	if err != nil {
		t.Fatalf("the manifests' environment does not configure the server: %v", err)
	}
	return cfg
}

// pagesStub is a page cache that holds nothing but reports itself filled,
// for asking the server's probes.
type pagesStub struct{ server.Pages }

func (pagesStub) Page(string) *render.Entry { return nil }
func (pagesStub) Filled() bool              { return true }
func (pagesStub) Len() int                  { return 0 }
func (pagesStub) LastRender() time.Duration { return 0 }

type okDB struct{}

func (okDB) Ping(context.Context) error { return nil }

// TestOnlyTheIngressIsTrusted checks that the shipped settings believe
// X-Forwarded-For from the ingress controller's address pool alone, never
// from a range as wide as a pod network, where any pod could name its own
// address. A controller's pool is a few hundred addresses at most; a pod
// network is a /16 or wider.
func TestOnlyTheIngressIsTrusted(t *testing.T) {
	m := decodeManifests(t, "k8s")
	cfg := parseConfig(t, containerEnv(t, m, m.deployment.Spec.Template.Spec.Containers[0]))
	if len(cfg.TrustedProxies) == 0 {
		t.Fatal("TRUSTED_PROXIES is empty: behind the ingress every visitor would share its address")
	}
	for _, proxy := range cfg.TrustedProxies {
		if proxy.Addr().Is4() && proxy.Bits() < 22 || proxy.Addr().Is6() && proxy.Bits() < 118 {
			t.Errorf("TRUSTED_PROXIES %s is wider than an ingress controller's address pool", proxy)
		}
	}
}

func TestDeployment(t *testing.T) {
	m := decodeManifests(t, "k8s")
	d := m.deployment
	if d == nil || m.configMap == nil || m.secret == nil {
		t.Fatal("Deployment, ConfigMap or Secret missing")
	}
	pod := d.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers, want 1 (the server supervises the renderer itself)", len(pod.Containers))
	}
	c := pod.Containers[0]
	vars := containerEnv(t, m, c)
	cfg := parseConfig(t, vars)

	if vars["AUTO_MIGRATE"] != "false" || cfg.AutoMigrate {
		t.Error("the Deployment must run with AUTO_MIGRATE=false: the migration Job migrates")
	}
	if cfg.DatabaseDriver != config.DriverPostgres {
		t.Error("replicas need PostgreSQL")
	}
	if *d.Spec.Replicas < 2 {
		t.Errorf("%d replicas, want at least 2", *d.Spec.Replicas)
	}
	if ru := d.Spec.Strategy.RollingUpdate; ru == nil || ru.MaxUnavailable == nil || ru.MaxUnavailable.IntValue() != 0 {
		t.Error("a rolling update must not take a serving pod away before its replacement is ready (maxUnavailable: 0)")
	}

	// Probes: the server's paths on the server's port.
	var port int32
	for _, p := range c.Ports {
		if p.Name == "http" {
			port = p.ContainerPort
		}
	}
	if int(port) != cfg.Port {
		t.Errorf("container port %d, but the server listens on PORT=%d", port, cfg.Port)
	}
	probePort := func(p *corev1.Probe) int32 {
		switch p.HTTPGet.Port.Type {
		case intstr.String:
			for _, cp := range c.Ports {
				if cp.Name == p.HTTPGet.Port.StrVal {
					return cp.ContainerPort
				}
			}
			return -1
		default:
			return p.HTTPGet.Port.IntVal
		}
	}
	probes := map[string]*corev1.Probe{"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe, "startup": c.StartupProbe}
	wantPath := map[string]string{"readiness": "/readyz", "liveness": "/healthz", "startup": "/healthz"}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := server.New(server.Config{BaseURL: cfg.BaseURL, DistDir: t.TempDir(), Logger: quiet}, pagesStub{}, okDB{})
	for name, p := range probes {
		if p == nil || p.HTTPGet == nil {
			t.Errorf("no HTTP %s probe", name)
			continue
		}
		if p.HTTPGet.Path != wantPath[name] {
			t.Errorf("%s probe asks %s, want %s", name, p.HTTPGet.Path, wantPath[name])
		}
		if probePort(p) != int32(cfg.Port) {
			t.Errorf("%s probe on port %v, want the server's %d", name, p.HTTPGet.Port.String(), cfg.Port)
		}
		// The server answers the path with 200 when healthy.
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p.HTTPGet.Path, nil))
		if rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"status"`)) {
			t.Errorf("%s probe: the server answers %s with %d %q", name, p.HTTPGet.Path, rec.Code, rec.Body.String())
		}
	}
	if sp := c.StartupProbe; sp != nil && sp.PeriodSeconds*sp.FailureThreshold < 30 {
		t.Errorf("the startup probe allows %d s; the first render alone takes about 10 s", sp.PeriodSeconds*sp.FailureThreshold)
	}

	// Draining: a preStop pause, then SIGTERM, SHUTDOWN_DELAY still accepting
	// and SHUTDOWN_TIMEOUT to finish, all within the grace period.
	pre := c.Lifecycle
	if pre == nil || pre.PreStop == nil {
		t.Fatal("no preStop pause for connection draining")
	}
	var pause time.Duration
	switch {
	case pre.PreStop.Sleep != nil:
		pause = time.Duration(pre.PreStop.Sleep.Seconds) * time.Second
	case pre.PreStop.Exec != nil && len(pre.PreStop.Exec.Command) == 2 && pre.PreStop.Exec.Command[0] == "sleep":
		pause, _ = time.ParseDuration(pre.PreStop.Exec.Command[1] + "s")
	}
	if pause < 5*time.Second {
		t.Errorf("preStop %+v: want a pause of at least 5 s", pre.PreStop)
	}
	grace := time.Duration(*pod.TerminationGracePeriodSeconds) * time.Second
	if grace <= pause+cfg.ShutdownDelay+cfg.ShutdownTimeout {
		t.Errorf("terminationGracePeriodSeconds %s must exceed preStop %s + SHUTDOWN_DELAY %s + SHUTDOWN_TIMEOUT %s",
			grace, pause, cfg.ShutdownDelay, cfg.ShutdownTimeout)
	}

	// Resources: Go and Node together peak at about 167 MB (the bench);
	// the request is that plus 25 %, the limit adds eight argon2id hashes
	// and a cover encoder's child at its own limit.
	req, lim := c.Resources.Requests, c.Resources.Limits
	if req.Memory().Cmp(resource.MustParse("210Mi")) != 0 || lim.Memory().Cmp(resource.MustParse("576Mi")) != 0 {
		t.Errorf("memory request %s limit %s, want 210Mi and 576Mi", req.Memory(), lim.Memory())
	}
	if req.Cpu().IsZero() {
		t.Error("no CPU request: the HorizontalPodAutoscaler scales on CPU utilisation")
	}

	checkSecurity(t, pod, c)
	checkMetrics(t, m, d, c, cfg)
	if m.service != nil {
		checkService(t, m, d, c)
	}
}

// checkMetrics wants /metrics on METRICS_ADDR, a container port the scrape
// annotations name and the Service leaves out: behind the ingress every
// request would come from an allowed peer.
func checkMetrics(t *testing.T, m manifests, d *appsv1.Deployment, c corev1.Container, cfg *config.Config) {
	t.Helper()
	_, portText, err := net.SplitHostPort(cfg.MetricsAddr)
	if err != nil {
		t.Fatalf("METRICS_ADDR %q: the Deployment serves no metrics", cfg.MetricsAddr)
	}
	port, _ := strconv.Atoi(portText)
	var named string
	for _, p := range c.Ports {
		if int(p.ContainerPort) == port {
			named = p.Name
		}
	}
	if named == "" {
		t.Errorf("no container port for METRICS_ADDR %s", cfg.MetricsAddr)
	}
	if a := d.Spec.Template.Annotations; a["prometheus.io/scrape"] != "true" || a["prometheus.io/port"] != portText || a["prometheus.io/path"] != "/metrics" {
		t.Errorf("scrape annotations %v, want port %s", a, portText)
	}
	if m.service == nil {
		return
	}
	for _, p := range m.service.Spec.Ports {
		if p.TargetPort.IntValue() == port || p.TargetPort.String() == named || p.Port == int32(port) {
			t.Errorf("the public Service exposes the metrics port (%s)", p.Name)
		}
	}
}

// checkSecurity wants a non-root user, no privilege escalation and a
// read-only root file system with writable /tmp (the renderer's socket).
func checkSecurity(t *testing.T, pod corev1.PodSpec, c corev1.Container) {
	t.Helper()
	psc, sc := pod.SecurityContext, c.SecurityContext
	if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser == 0 {
		t.Errorf("%s: the pod must run as a non-root user", c.Name)
	}
	if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
		t.Errorf("%s: the root file system must be read-only", c.Name)
	}
	if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		t.Errorf("%s: privilege escalation must be off", c.Name)
	}
	if sc == nil || sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
		t.Errorf("%s: capabilities must be dropped", c.Name)
	}
	emptyDirs := map[string]bool{}
	for _, v := range pod.Volumes {
		emptyDirs[v.Name] = v.EmptyDir != nil
	}
	mounted := false
	for _, vm := range c.VolumeMounts {
		if vm.MountPath == "/tmp" && emptyDirs[vm.Name] {
			mounted = true
		}
	}
	if !mounted {
		t.Errorf("%s: /tmp must be an emptyDir on a read-only root", c.Name)
	}
}

// checkService follows the traffic: Ingress to Service to the pods' port.
func checkService(t *testing.T, m manifests, d *appsv1.Deployment, c corev1.Container) {
	t.Helper()
	podLabels := d.Spec.Template.Labels
	matches := func(sel map[string]string) bool {
		if len(sel) == 0 {
			return false
		}
		for k, v := range sel {
			if podLabels[k] != v {
				return false
			}
		}
		return true
	}
	if !matches(d.Spec.Selector.MatchLabels) {
		t.Error("the Deployment's selector does not match its pods")
	}
	if !matches(m.service.Spec.Selector) {
		t.Error("the Service does not select the Deployment's pods")
	}
	var svcPort *corev1.ServicePort
	for i, p := range m.service.Spec.Ports {
		if p.TargetPort.String() == "http" || p.TargetPort.IntValue() == int(c.Ports[0].ContainerPort) {
			svcPort = &m.service.Spec.Ports[i]
		}
	}
	if svcPort == nil {
		t.Fatal("no Service port targets the container's http port")
	}
	if m.ingress != nil {
		for _, rule := range m.ingress.Spec.Rules {
			for _, p := range rule.HTTP.Paths {
				b := p.Backend.Service
				if b == nil || b.Name != m.service.Name || (b.Port.Name != svcPort.Name && b.Port.Number != svcPort.Port) {
					t.Errorf("Ingress path %s does not lead to the Service's port", p.Path)
				}
			}
		}
	}
	if m.hpa != nil {
		ref := m.hpa.Spec.ScaleTargetRef
		if ref.Kind != "Deployment" || ref.Name != d.Name || ref.APIVersion != "apps/v1" {
			t.Errorf("the HorizontalPodAutoscaler scales %+v, not the Deployment", ref)
		}
		if m.hpa.Spec.MinReplicas == nil || *m.hpa.Spec.MinReplicas < 2 {
			t.Error("the HorizontalPodAutoscaler may scale below two replicas")
		}
	}
	if m.pdb != nil && (m.pdb.Spec.Selector == nil || !matches(m.pdb.Spec.Selector.MatchLabels)) {
		t.Error("the PodDisruptionBudget does not select the Deployment's pods")
	}
}

func TestMigrationJob(t *testing.T) {
	m := decodeManifests(t, "k8s")
	if m.job == nil || m.deployment == nil {
		t.Fatal("no migration Job or Deployment")
	}
	pod := m.job.Spec.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers in the Job", len(pod.Containers))
	}
	c := pod.Containers[0]
	if !slices.Equal(c.Args, []string{"migrate"}) || len(c.Command) != 0 {
		t.Errorf("the Job runs command %q args %q, want the image's entrypoint with args [migrate]", c.Command, c.Args)
	}
	if c.Image != m.deployment.Spec.Template.Spec.Containers[0].Image {
		t.Errorf("the Job's image %s differs from the Deployment's", c.Image)
	}
	if pod.RestartPolicy != corev1.RestartPolicyNever && pod.RestartPolicy != corev1.RestartPolicyOnFailure {
		t.Errorf("restartPolicy %q", pod.RestartPolicy)
	}
	if cfg := parseConfig(t, containerEnv(t, m, c)); cfg.DatabaseDriver != config.DriverPostgres {
		t.Error("the Job does not reach PostgreSQL")
	}
	// The Job's pod must not look like a site pod to the Service or the budget.
	for k, v := range m.service.Spec.Selector {
		if m.job.Spec.Template.Labels[k] == v {
			t.Errorf("the Job's pods carry the Service's selector %s=%s", k, v)
		}
	}
	checkSecurity(t, pod, c)
}

// peer is a pod that may try to reach the site's pods.
type peer struct {
	namespace string            // its namespace's name; "" for the site's own
	labels    map[string]string // its own labels
}

// siteNamespace stands for the namespace the manifests are applied in,
// which they do not name.
const siteNamespace = "noorvale"

// admits reports whether a NetworkPolicy rule's peers let p in: a peer
// with no namespace selector is in the policy's own namespace, and an
// address range cannot tell one pod from another, so it lets any in.
func admits(t *testing.T, from []networkingv1.NetworkPolicyPeer, p peer) bool {
	t.Helper()
	if len(from) == 0 {
		return true
	}
	ns := p.namespace
	if ns == "" {
		ns = siteNamespace
	}
	matches := func(sel *metav1.LabelSelector, set map[string]string) bool {
		s, err := metav1.LabelSelectorAsSelector(sel)
		if err != nil {
			t.Fatalf("selector %v: %v", sel, err)
		}
		return s.Matches(labels.Set(set))
	}
	for _, f := range from {
		if f.IPBlock != nil {
			return true
		}
		nsOK := ns == siteNamespace
		if f.NamespaceSelector != nil {
			// The API server sets this label on every namespace; nobody can change it.
			nsOK = matches(f.NamespaceSelector, map[string]string{"kubernetes.io/metadata.name": ns})
		}
		if nsOK && (f.PodSelector == nil || matches(f.PodSelector, p.labels)) {
			return true
		}
	}
	return false
}

// opens reports whether a rule's ports include the container port named
// name: no ports means every port.
func opens(ports []networkingv1.NetworkPolicyPort, c corev1.Container, name string) bool {
	if len(ports) == 0 {
		return true
	}
	var number int32
	for _, cp := range c.Ports {
		if cp.Name == name {
			number = cp.ContainerPort
		}
	}
	for _, p := range ports {
		switch {
		case p.Port == nil:
			return true
		case p.Port.Type == intstr.String:
			if p.Port.StrVal == name {
				return true
			}
		case p.EndPort != nil:
			if p.Port.IntVal <= number && number <= *p.EndPort {
				return true
			}
		case p.Port.IntVal == number:
			return true
		}
	}
	return false
}

// TestNetworkPolicy follows who may reach which port of the site's pods:
// the ingress controller the site port, the monitoring pods labelled for it
// the metrics port, and no other pod either, the site's own included.
func TestNetworkPolicy(t *testing.T) {
	m := decodeManifests(t, "k8s")
	np, d := m.policy, m.deployment
	if np == nil || d == nil {
		t.Fatal("no NetworkPolicy or Deployment")
	}
	sel, err := metav1.LabelSelectorAsSelector(&np.Spec.PodSelector)
	if err != nil || len(np.Spec.PodSelector.MatchLabels)+len(np.Spec.PodSelector.MatchExpressions) == 0 ||
		!sel.Matches(labels.Set(d.Spec.Template.Labels)) {
		t.Fatalf("the NetworkPolicy does not select the site's pods: %v", np.Spec.PodSelector)
	}
	if !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) {
		t.Fatalf("policyTypes %v: the policy does not restrict what comes in", np.Spec.PolicyTypes)
	}
	c := d.Spec.Template.Spec.Containers[0]
	may := func(p peer, port string) bool {
		for _, rule := range np.Spec.Ingress {
			if opens(rule.Ports, c, port) && admits(t, rule.From, p) {
				return true
			}
		}
		return false
	}
	controller := map[string]string{"app.kubernetes.io/name": "ingress-nginx"}
	scraper := map[string]string{"noorvale.example/metrics-scraper": "true", "app.kubernetes.io/name": "prometheus"}
	for _, tc := range []struct {
		name          string
		from          peer
		http, metrics bool
	}{
		{"the ingress controller", peer{"ingress-nginx", controller}, true, false},
		{"Prometheus, labelled, in monitoring", peer{"monitoring", scraper}, false, true},
		{"another site pod", peer{"", d.Spec.Template.Labels}, false, false},
		{"a pod of the site's namespace labelled as a scraper", peer{"", scraper}, false, false},
		{"a pod of the site's namespace labelled as the controller", peer{"", controller}, false, false},
		{"an unlabelled pod in monitoring", peer{"monitoring", map[string]string{"app.kubernetes.io/name": "grafana"}}, false, false},
		{"a labelled pod in another namespace", peer{"default", scraper}, false, false},
		{"any pod elsewhere", peer{"default", map[string]string{"app": "shell"}}, false, false},
	} {
		if got := may(tc.from, "http"); got != tc.http {
			t.Errorf("%s reaches the site port: %v, want %v", tc.name, got, tc.http)
		}
		if got := may(tc.from, "metrics"); got != tc.metrics {
			t.Errorf("%s reaches the metrics port: %v, want %v", tc.name, got, tc.metrics)
		}
	}

	// The README tells the operator which label the scraper needs.
	readme := string(repoFile(t, "README.md"))
	for _, rule := range np.Spec.Ingress {
		if !opens(rule.Ports, c, "metrics") {
			continue
		}
		for _, f := range rule.From {
			if f.PodSelector == nil {
				continue
			}
			for k, v := range f.PodSelector.MatchLabels {
				if !strings.Contains(readme, k+": \""+v+"\"") && !strings.Contains(readme, k+"="+v) {
					t.Errorf("README.md does not name the label %s=%s the metrics scraper needs", k, v)
				}
			}
		}
	}
}
