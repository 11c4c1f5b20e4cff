package programs

import (
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/rules"
)

// gateRows are Recourse's own command's rows. Approving a denied action
// (recourse allow-once) and trusting a project's configuration (recourse
// trust) are a person's to do: run by an agent they would let it approve
// its own denial, so they need review, which the hook answers by asking
// the user or stopping. Its other subcommands read and judge, executing
// nothing. Wiring the hook into an agent's configuration, or taking it
// out (recourse install, uninstall), changes what guards the agent: a
// person's decision too.
func gateRows() []rules.Rule {
	return []rules.Rule{
		row("program.recourse.approve", "recourse", rules.Any(rules.Sub("allow-once"), rules.Sub("trust")), model.TierNeedsReview,
			"approves an action Recourse stopped, or trusts a project's Recourse configuration: a person's decision, which an agent must not make for itself"),
		row("program.recourse.wiring", "recourse", rules.Any(rules.Sub("uninstall"), rules.Sub("install")), model.TierNeedsReview,
			"adds or removes Recourse's hook in a coding agent's configuration: removing it switches off the gate that judges the agent's next command, a person's decision"),
		row("program.recourse", "recourse", nil, model.TierReversible,
			"runs Recourse, which reads and judges its input and executes nothing (doctor runs its own hook on harmless inputs)"),
	}
}
