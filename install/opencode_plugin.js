// Written by recourse install opencode; recourse uninstall opencode removes it.
// Recourse judges every tool call before OpenCode runs it: this plugin's
// tool.execute.before hook (packages/plugin/src/index.ts, Hooks) sends the
// call to `recourse hook opencode` and throws, so that the tool does not
// run, unless the hook exits 0. It fails closed: a hook that cannot be
// started, is killed, runs past its time or answers anything but 0 stops
// the call. docs/hooks/opencode.md says what each answer means.
import { spawnSync } from "node:child_process"

// COMMAND is the hook's command line, run by the shell as the other hosts run it.
const COMMAND = "__RECOURSE_COMMAND__"

// TIMEOUT_MS bounds one judgement; past it the call is stopped.
const TIMEOUT_MS = 30000

export const RecoursePlugin = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const call = JSON.stringify({
      tool: input.tool,
      sessionID: input.sessionID,
      callID: input.callID,
      args: output.args,
      directory,
    })
    const run = spawnSync(COMMAND, {
      shell: true,
      cwd: directory,
      input: call,
      encoding: "utf8",
      timeout: TIMEOUT_MS,
      maxBuffer: 1 << 20,
    })
    if (run.error || run.status !== 0) {
      const reason = (run.stderr || "").trim()
      throw new Error(
        reason ||
          `Recourse could not judge this call, so it is stopped (${run.error ? run.error.message : "exit " + run.status + (run.signal ? ", " + run.signal : "")}).`,
      )
    }
  },
})
