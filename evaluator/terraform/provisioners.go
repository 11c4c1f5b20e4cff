package terraform

import (
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"mvdan.cc/sh/v3/syntax"

	"github.com/recourse-dev/recourse/evaluator/shell"
	"github.com/recourse-dev/recourse/model"
)

// Provisioners run commands when Terraform applies the plan: local-exec on
// the machine that runs Terraform, remote-exec's inline lines on the new
// resource. A creation-time provisioner runs when its resource is created
// or replaced, a destroy-time one (when = destroy) when it is destroyed;
// the plan's JSON does not say which a provisioner is, so every
// provisioner of a resource the plan creates, replaces or destroys is
// read. A command the configuration writes as a literal is analysed as a
// shell command line, with its working directory unknown; one built from
// references is needs-review, and so are script files and provisioner
// types whose commands are not in the plan.

// provisionerMutations returns the mutations of the commands the
// provisioners of cfg's resources run for the changes in ms.
// Without a configuration (terraform show -json always writes one; a
// plan cut down by hand may not), the provisioners cannot be checked:
// every change they would run with says so as missing evidence.
func provisionerMutations(ms []model.Mutation, cfg *tfjson.Config) []model.Mutation {
	if cfg == nil {
		for i := range ms {
			if provisioned(ms[i].Action) {
				ms[i].Unseen = append(ms[i].Unseen, model.ProvisionersUnseen)
			}
		}
		return nil
	}
	provisioners := map[string][]*tfjson.ConfigProvisioner{} // configuration address -> its provisioners
	collectProvisioners(provisioners, "", cfg.RootModule)
	if len(provisioners) == 0 {
		return nil // most plans: nothing to look up
	}
	var out []model.Mutation
	for i := range ms {
		if provisioned(ms[i].Action) {
			for _, p := range provisioners[configAddress(ms[i].Address)] {
				out = append(out, provisioner(ms[i].Address, p)...)
			}
		}
	}
	return out
}

// provisioned reports whether a change of action runs its resource's
// provisioners: creation-time ones on a create, destroy-time ones on a
// delete, both on a replace.
func provisioned(a model.Action) bool {
	switch a {
	case model.ActionCreate, model.ActionReplace, model.ActionDelete, model.ActionUnknown:
		return true
	}
	return false
}

// collectProvisioners indexes the provisioners of mod's resources, and of
// its child modules', by configuration address.
func collectProvisioners(into map[string][]*tfjson.ConfigProvisioner, prefix string, mod *tfjson.ConfigModule) {
	if mod == nil {
		return
	}
	for _, r := range mod.Resources {
		if r == nil {
			continue
		}
		for _, p := range r.Provisioners {
			if p != nil {
				addr := prefix + r.Type + "." + r.Name
				into[addr] = append(into[addr], p)
			}
		}
	}
	for _, name := range sortedKeys(mod.ModuleCalls) {
		if c := mod.ModuleCalls[name]; c != nil {
			collectProvisioners(into, prefix+"module."+name+".", c.Module)
		}
	}
}

// provisioner returns the mutations of the commands one provisioner of the
// change at addr runs.
func provisioner(addr string, p *tfjson.ConfigProvisioner) []model.Mutation {
	id := addr + " provisioner " + p.Type
	switch p.Type {
	case "local-exec":
		command, refs, ok := constantString(p.Expressions["command"])
		if !ok {
			return unanalysed(id, "a local-exec provisioner runs a command built at apply time from "+orUnknown(refs)+": it is not in the plan")
		}
		if argv, _, ok := constantStrings(p.Expressions["interpreter"]); ok && len(argv) > 0 {
			line, ok := quoteLine(append(argv, command))
			if !ok {
				return unanalysed(id, "the local-exec interpreter and command cannot be written as a command line")
			}
			command = line
		}
		return commands(id, command)
	case "remote-exec":
		if lines, refs, ok := constantStrings(p.Expressions["inline"]); ok {
			return commands(id, strings.Join(lines, "\n"))
		} else if p.Expressions["inline"] != nil {
			return unanalysed(id, "a remote-exec provisioner runs inline commands built at apply time from "+orUnknown(refs)+": they are not in the plan")
		}
		return unanalysed(id, "a remote-exec provisioner runs script files on the resource, which the plan does not show")
	case "file":
		return nil // copies files to the new resource; it runs nothing
	}
	return unanalysed(id, "a "+p.Type+" provisioner runs on apply, and what it does is not in the plan")
}

// commands analyses a provisioner's command line, or reports it unread.
func commands(id, line string) []model.Mutation {
	if strings.TrimSpace(line) == "" {
		return nil
	}
	ms, err := shell.Parse(line, shell.Options{})
	if err != nil {
		return unanalysed(id, "the provisioner's command cannot be read: "+err.Error())
	}
	for i := range ms {
		ms[i].Address = id + ": " + ms[i].Address
		ms[i].Target.ID = id + ": " + ms[i].Target.ID
	}
	return ms
}

func unanalysed(id, why string) []model.Mutation {
	m := shell.Unanalysed(id, why)
	m.Address = id
	return []model.Mutation{m}
}

// constantString returns an expression's literal string value, or the
// references it is built from.
func constantString(e *tfjson.Expression) (string, []string, bool) {
	if e == nil || e.ExpressionData == nil {
		return "", nil, false
	}
	s, ok := e.ConstantValue.(string)
	return s, e.References, ok && len(e.References) == 0
}

// constantStrings returns an expression's literal list of strings.
func constantStrings(e *tfjson.Expression) ([]string, []string, bool) {
	if e == nil || e.ExpressionData == nil || len(e.References) > 0 {
		if e != nil && e.ExpressionData != nil {
			return nil, e.References, false
		}
		return nil, nil, false
	}
	list, ok := e.ConstantValue.([]any)
	if !ok {
		return nil, nil, false
	}
	out := make([]string, 0, len(list))
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			return nil, nil, false
		}
		out = append(out, s)
	}
	return out, nil, true
}

// quoteLine is argv as a shell command line, or false when a word cannot
// be quoted (a NUL byte).
func quoteLine(argv []string) (string, bool) {
	words := make([]string, len(argv))
	for i, a := range argv {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return "", false
		}
		words[i] = q
	}
	return strings.Join(words, " "), true
}

func orUnknown(refs []string) string {
	if len(refs) == 0 {
		return "values only known then"
	}
	return strings.Join(refs, ", ")
}
