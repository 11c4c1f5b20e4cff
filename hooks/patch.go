package hooks

import (
	"encoding/json"
	"fmt"
	"strings"
)

// An apply_patch tool takes one patch in the *** Begin Patch … *** End
// Patch envelope (Codex's grammar, which Copilot CLI's and VS Code's
// apply_patch share), as an "input" argument or, for a freeform tool, as
// the whole of its arguments. Its call is one file-tool part per file the
// patch changes (patchFiles).

// patchCall is call with one part per file that patch changes, each a
// call of host's file tool.
func patchCall(host string, call Call, patch string) (Call, error) {
	ops, err := patchFiles(patch)
	if err != nil {
		return Call{}, err
	}
	for _, op := range ops {
		args, err := json.Marshal(op.args)
		if err != nil {
			return Call{}, err
		}
		part, err := mcpCall(host, op.tool, args)
		if err != nil {
			return Call{}, err
		}
		call.Parts = append(call.Parts, part)
	}
	return call, nil
}

// patchInput reads an apply_patch's patch from the "input" member of its
// arguments, exactly.
func patchInput(args json.RawMessage, field string) (string, error) {
	patch, err := shellLine(args, field, "input")
	if err != nil {
		return "", fmt.Errorf("the apply_patch call has no patch: %w", err)
	}
	return patch, nil
}

// rawPatch returns the patch of an apply_patch call whose arguments are
// the patch text itself rather than a JSON object holding it.
func rawPatch(obj map[string]json.RawMessage, k keys) (string, bool) {
	var name, text string
	if stringMember(obj, k.tool, &name) != nil || name != "apply_patch" || stringMember(obj, k.args, &text) != nil {
		return "", false
	}
	return text, strings.HasPrefix(strings.TrimSpace(text), "*** Begin Patch")
}

// flatCall reads the tool's name and working directory of a flat hook
// input, leaving its arguments to the caller.
func flatCall(data []byte, k keys, example string) (Call, error) {
	obj, err := object(data, "", example, append([]string{k.tool, k.args, k.cwd}, k.more...)...)
	if err != nil {
		return Call{}, err
	}
	var call Call
	if call.Tool, err = required(obj, k.tool, example); err != nil {
		return Call{}, err
	}
	if call.Cwd, err = text(obj, k.cwd, example); err != nil {
		return Call{}, err
	}
	return call, nil
}
