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
- Not sure whether something gets deep analysis: **recourse_supported_resources** with "name" (a Terraform type,
  program or tool) answers "covered" true or false, and for a name with no rows what the classifier makes of it.

## How to act on data.riskAssessment

- **allow**: go ahead.
- **warn**: go ahead only after telling the user what recovery would need (data.assessmentReason).
- **escalate**: stop and ask a human; the evidence is insufficient for safe automation. An MCP tool Recourse has no
  rule for is escalate: check what it does (its server's documentation) and, if it only reads, send read_only: true
  with recourse_evaluate_with_evidence (that moves it to warn, never to allow).
- **block**: do not run it. Change the plan or command, or ask for a policy change.

## Reading the envelope

Branch on fields, never on English: status (success, empty, partial, degraded, error, refused),
degradation_reason, data.riskAssessment, error.kind, error.recoverable and error.recovery.
Results are concise by default: data is the gist (riskAssessment, assessmentReason, the worst recoverability,
ruleIds, saferAlternative, missingEvidence by address); pass response_format: "detailed" for the whole report,
every change with the evidence each rule read.

## After an error

error.recovery.suggested_args, when present, are your own arguments with only the faults listed in
error.recovery.fixes repaired (a misspelt key renamed, a JSON string parsed): retry error.recovery.suggested_tool
with them as they are. When suggested_args is absent there is no exact repair: fix the input yourself
(error.recovery.schema_hint says what the tool needs; error.field and error.message say what is wrong) and never
substitute another input to get a verdict. An error is never a decision: do not run the action until a call returns
data.riskAssessment.
`
