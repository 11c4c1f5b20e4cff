package terraform

import (
	"slices"
	"sort"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"

	"github.com/recourse-dev/recourse/model"
)

// identityAttrs are the attributes whose values name a resource to others:
// another resource that holds one of these values refers to it.
var identityAttrs = []string{"arn", "id", "self_link"}

// minIdentityLen keeps short values ("1", "true", "main") from linking
// resources that merely share them.
const minIdentityLen = 6

// graph records which resource depends on which. Edges point from a
// dependency to its dependents, so that walking from a destroyed resource
// finds what it takes along.
type graph struct {
	types      map[string]string // address -> type
	dependents map[string][]link // dependency address -> its dependents
	seen       map[[2]string]bool
}

type link struct {
	address string
	reason  string
}

func newGraph() *graph {
	return &graph{types: map[string]string{}, dependents: map[string][]link{}, seen: map[[2]string]bool{}}
}

// add records that dependent depends on dependency, once per pair (the
// first reason found is kept).
func (g *graph) add(dependency, dependent, reason string) {
	if dependency == dependent {
		return
	}
	k := [2]string{dependency, dependent}
	if g.seen[k] {
		return
	}
	g.seen[k] = true
	g.dependents[dependency] = append(g.dependents[dependency], link{dependent, reason})
}

// buildGraph links the resources of a plan and its states from three
// sources, each indexed once so that the whole build is linear in the size
// of the input: the dependencies Terraform recorded in state, the
// references of the configuration, and attribute values that equal another
// resource's id, ARN or self link.
func buildGraph(all []known, cfg *tfjson.Config) *graph {
	// A resource without an address (a malformed state) cannot be named in
	// a report; the inventory keeps it, the graph does not.
	all = slices.DeleteFunc(slices.Clone(all), func(k known) bool { return k.Address == "" })
	g := newGraph()
	byConfig := map[string][]string{} // configuration address -> instance addresses
	for _, r := range all {
		if _, dup := g.types[r.Address]; dup {
			continue
		}
		g.types[r.Address] = r.Type
		c := configAddress(r.Address)
		byConfig[c] = append(byConfig[c], r.Address)
	}
	for _, r := range all {
		for _, d := range r.DependsOn {
			for _, dep := range byConfig[configAddress(d)] {
				g.add(dep, r.Address, "depends on "+dep+" (recorded in the state)")
			}
		}
	}
	if cfg != nil {
		addConfigModule(g, byConfig, "", cfg.RootModule)
	}
	addValueLinks(g, all)
	return g
}

// addValueLinks links a resource to every other resource whose identity
// value it holds in any attribute, at any depth.
func addValueLinks(g *graph, all []known) {
	owners := map[string][]string{} // identity value -> addresses
	attrOf := map[string]string{}   // identity value -> attribute it is
	for _, r := range all {
		for _, a := range identityAttrs {
			if v, ok := r.Values[a].(string); ok && len(v) >= minIdentityLen && !contains(owners[v], r.Address) {
				owners[v] = append(owners[v], r.Address)
				attrOf[v] = a
			}
		}
	}
	for _, r := range all {
		own := map[string]bool{}
		for _, a := range identityAttrs {
			if v, ok := r.Values[a].(string); ok {
				own[v] = true
			}
		}
		for attr, v := range r.Values {
			if isIdentity(attr) {
				continue
			}
			walkStrings(v, func(s string) {
				for _, o := range owners[s] {
					// Resources that share an identity (a bucket and its
					// versioning configuration both have the bucket name
					// as id) are linked from the child type to its parent
					// type only.
					if own[s] && !strings.HasPrefix(r.Type, g.types[o]+"_") {
						continue
					}
					g.add(o, r.Address, "its "+attr+" is the "+attrOf[s]+" of "+o)
				}
			})
		}
	}
}

func isIdentity(attr string) bool {
	for _, a := range identityAttrs {
		if a == attr {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// walkStrings calls fn for every string in v, however deeply nested.
func walkStrings(v any, fn func(string)) {
	switch x := v.(type) {
	case string:
		if len(x) >= minIdentityLen {
			fn(x)
		}
	case map[string]any:
		for _, e := range x {
			walkStrings(e, fn)
		}
	case []any:
		for _, e := range x {
			walkStrings(e, fn)
		}
	}
}

// addConfigModule links each resource of a configuration module to the
// resources its expressions and depends_on refer to.
func addConfigModule(g *graph, byConfig map[string][]string, prefix string, mod *tfjson.ConfigModule) {
	if mod == nil {
		return
	}
	for _, r := range mod.Resources {
		if r == nil || r.Mode == tfjson.DataResourceMode {
			continue
		}
		self := byConfig[prefix+r.Type+"."+r.Name]
		if len(self) == 0 {
			continue
		}
		refs := map[string]string{} // referenced configuration address -> attribute
		for attr, e := range r.Expressions {
			collectRefs(attr, e, refs)
		}
		for _, d := range r.DependsOn {
			if a, ok := resourceRef(d); ok {
				refs[a] = "depends_on"
			}
		}
		for _, target := range sortedKeys(refs) {
			for _, dep := range byConfig[prefix+target] {
				for _, s := range self {
					g.add(dep, s, "its configuration refers to "+dep+" in "+refs[target])
				}
			}
		}
	}
	for _, name := range sortedKeys(mod.ModuleCalls) {
		if c := mod.ModuleCalls[name]; c != nil {
			addConfigModule(g, byConfig, prefix+"module."+name+".", c.Module)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// collectRefs records the resources an expression refers to, keyed by
// their configuration address, with the attribute that refers to them.
func collectRefs(attr string, e *tfjson.Expression, refs map[string]string) {
	if e == nil || e.ExpressionData == nil {
		return
	}
	for _, ref := range e.References {
		if a, ok := resourceRef(ref); ok {
			if _, dup := refs[a]; !dup {
				refs[a] = attr
			}
		}
	}
	for _, block := range e.NestedBlocks {
		for k, inner := range block {
			collectRefs(attr+"."+k, inner, refs)
		}
	}
}

// notResources are the first words of references that do not name a
// managed resource.
var notResources = map[string]bool{"var": true, "local": true, "each": true, "count": true, "path": true,
	"self": true, "terraform": true, "module": true, "data": true}

// resourceRef returns the configuration address ("aws_kms_key.main") a
// reference such as "aws_kms_key.main.arn" or "aws_kms_key.main[0]" names.
func resourceRef(ref string) (string, bool) {
	parts := strings.SplitN(ref, ".", 3)
	if len(parts) < 2 || notResources[parts[0]] {
		return "", false
	}
	name := parts[1]
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	if name == "" {
		return "", false
	}
	return parts[0] + "." + name, true
}

// configAddress drops the instance keys of an address:
// module.a[0].aws_x.b["k"] -> module.a.aws_x.b.
func configAddress(addr string) string {
	if strings.IndexByte(addr, '[') < 0 {
		return addr
	}
	var b strings.Builder
	depth, quoted := 0, false
	for i := 0; i < len(addr); i++ {
		c := addr[i]
		switch {
		case quoted:
			if c == '\\' {
				i++
			} else if c == '"' {
				quoted = false
			}
		case c == '"' && depth > 0:
			quoted = true
		case c == '[':
			depth++
		case c == ']':
			depth--
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// maxImpactDepth bounds the walk; a chain longer than this is reported up
// to this depth, with the last entry saying that the chain goes on.
const maxImpactDepth = 16

// Listing caps. Every direct dependent is listed (rules read them, and
// there is at most one entry per edge of the graph, so the list grows with
// the input); of the dependents further away, at most maxImpactListed per
// destroyed resource and maxImpactTotal over the whole plan are listed. A
// dense graph (3,000 security groups that each let in 50 others) reaches
// every resource from every other: 9 million entries, gigabytes of report.
// What is not listed is still counted (Mutation.DependencyImpactCount).
const (
	maxImpactListed = 50
	maxImpactTotal  = 20000
)

// impactWalk is the state of the dependency walks of one plan: the
// graph's addresses as numbers, and a visit stamp per address, so that
// one walk costs the edges it follows and allocates only what it lists.
type impactWalk struct {
	g      *graph
	ids    map[string]int32
	names  []string
	edges  [][]edge // edges[i] are the dependents of names[i], as g.dependents lists them
	stamp  []int32
	depth  []int32
	walks  int32
	listed int // deeper entries listed so far, against maxImpactTotal
}

// edge is a link of the graph with its dependent as a number.
type edge struct {
	to     int32
	reason string
}

func (g *graph) walker() *impactWalk {
	w := &impactWalk{g: g, ids: make(map[string]int32, len(g.types))}
	for dep, links := range g.dependents {
		w.id(dep)
		for _, l := range links {
			w.id(l.address)
		}
	}
	w.edges = make([][]edge, len(w.names))
	for i, a := range w.names {
		links := g.dependents[a]
		w.edges[i] = make([]edge, len(links))
		for k, l := range links {
			w.edges[i][k] = edge{to: w.ids[l.address], reason: l.reason}
		}
	}
	w.stamp = make([]int32, len(w.names))
	w.depth = make([]int32, len(w.names))
	return w
}

// id numbers an address, at its first sight.
func (w *impactWalk) id(a string) {
	if _, ok := w.ids[a]; !ok {
		w.ids[a] = int32(len(w.names))
		w.names = append(w.names, a)
	}
}

// impact walks the dependents of a destroyed resource breadth-first and
// returns each once, at the depth it is first reached, as far as the
// listing caps allow, and how many it reached in all.
func (w *impactWalk) impact(root string, destroyed map[string]bool) ([]model.Dependent, int) {
	r, ok := w.ids[root]
	if !ok {
		return nil, 0
	}
	w.walks++
	w.stamp[r], w.depth[r] = w.walks, 0
	var out []model.Dependent
	total, deeper := 0, 0
	queue := []int32{r}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, e := range w.edges[cur] {
			next := e.to
			if w.stamp[next] == w.walks {
				continue
			}
			d := w.depth[cur] + 1
			w.stamp[next], w.depth[next] = w.walks, d
			total++
			if d < maxImpactDepth {
				queue = append(queue, next)
			}
			if d > 1 && (deeper >= maxImpactListed || w.listed >= maxImpactTotal) {
				continue
			}
			if d > 1 {
				deeper++
				w.listed++
			}
			addr := w.names[next]
			reason := e.reason
			if cur != r {
				reason += ", which depends on " + root
			}
			if d == maxImpactDepth && len(w.edges[next]) > 0 {
				reason += "; the chain continues beyond this depth"
			}
			out = append(out, model.Dependent{Address: addr, Type: w.g.types[addr], Depth: int(d),
				Reason: reason, AlsoDestroyed: destroyed[addr]})
		}
	}
	return out, total
}
