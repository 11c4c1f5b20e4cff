package mcpserver

// InstructionsURI is the resource with the instructions; PromptName the
// prompt that carries the same text.
const (
	InstructionsURI = "recourse://instructions"
	PromptName      = "recourse_instructions"
)

// Instructions tell an agent when to call which tool and how to act on
// each decision.
const Instructions = `# Recourse: ask before you destroy

Call Recourse **before** an action that could change or delete something, and act on the decision it returns.
Every tool is read-only: Recourse executes nothing.

## Which tool

- A shell command line (rm, git, kubectl, aws, psql, terraform destroy ...): **recourse_evaluate_shell** with
  the exact line and the working directory (cwd).
- terraform / tofu apply: run ` + "`terraform plan -out=plan.out && terraform show -json plan.out`" + ` and pass the JSON to
  **recourse_evaluate_terraform**.
- A call to another MCP server's tool that may change data (delete_repository, a SQL query, run_command,
  delete_namespace ...): **recourse_evaluate_mcp_call** with the server, tool, arguments and the tool's annotations.
- A result escalated because facts are missing (data.mutations[].missingEvidence) and you verified them with
  read-only commands (data.mutations[].missingEvidenceDetails lists them, as argv arrays, with where each answer
  leads): **recourse_evaluate_with_evidence** with the same input and the facts.
- Not sure whether something gets deep analysis: **recourse_supported_resources** with "name" (a Terraform type, program or tool) answers "covered" true or false, and for a name with no rows what the classifier makes of it ("classifier").

## How to act on data.riskAssessment

- **allow**: go ahead.
- **warn**: go ahead only after telling the user what recovery would need (data.assessmentReason).
- **escalate**: stop and ask a human; the evidence is insufficient for safe automation.
- **block**: do not run it. Change the plan or command, or ask for a policy change.

## Reading the envelope

Branch on fields, never on English: status (success, empty, partial, degraded, error, refused),
data.riskAssessment, error.kind, error.recoverable and error.recovery (suggested_tool, suggested_args).
On an error with recoverable: true, retry with error.recovery.suggested_args. status "partial" means part of the
input could not be analysed; "degraded" means part of the verdict came from the classifier fallback.
`
