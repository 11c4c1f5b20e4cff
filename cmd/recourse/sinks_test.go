package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/recourse-dev/recourse/internal/decisionlog/decisionlogtest"
	"github.com/recourse-dev/recourse/report"
)

// secretLines are command lines, one credential shape each; the secret
// of each is the word after "|" in its name.
var secretLines = []struct{ shape, line, secret string }{
	{"sshpass -p", `sshpass -p Sshpass-S3cret1 ssh root@db 'rm -rf /srv/data'`, "Sshpass-S3cret1"},
	{"redis-cli -a", `redis-cli -h cache.internal -a Redis-S3cret2 FLUSHALL`, "Redis-S3cret2"},
	{"docker login -p", `docker login -u bot -p Docker-S3cret3 registry.example.com && docker rmi -f registry.example.com/app:1`, "Docker-S3cret3"},
	{"az login -p", `az login --service-principal -u app -p Az-S3cret4 --tenant t && az group delete -n prod-rg --yes`, "Az-S3cret4"},
	{"curl --oauth2-bearer", `curl --oauth2-bearer Bearer-S3cret5 -X DELETE https://api.example.com/v1/users/3`, "Bearer-S3cret5"},
	{"openssl -pass pass:", `openssl enc -aes-256-cbc -in db.sql -out db.enc -pass pass:Openssl-S3cret6 && rm -f db.sql`, "Openssl-S3cret6"},
	{"htpasswd -b", `htpasswd -b -c /etc/nginx/.htpasswd admin Htpasswd-S3cret7`, "Htpasswd-S3cret7"},
	{"aws configure set aws_secret_access_key", `aws configure set aws_secret_access_key Aws-S3cret8 && aws s3 rb s3://prod-bucket --force`, "Aws-S3cret8"},
	{"*_PASS=", `DB_PASS=Pass-S3cret9 ./migrate.sh --drop-all`, "Pass-S3cret9"},
	{"*_TOKEN=", `API_TOKEN=Token-S3cret10 ./deploy.sh --force`, "Token-S3cret10"},
	{"*_KEY=", `STRIPE_KEY=Key-S3cret11 node scripts/wipe-customers.js`, "Key-S3cret11"},
	{"*_PASSWORD=", `ADMIN_PASSWORD=Password-S3cret12 psql -h db -c 'DROP TABLE users'`, "Password-S3cret12"},
	{"<<< here-string", `docker login -u bot --password-stdin registry.example.com <<< HereString-S3cret13 && docker system prune -af`, "HereString-S3cret13"},
	{"JSON body", `curl -X POST https://api.example.com/v1/reset -d '{"user":"a","password":"Json-S3cret14"}'`, "Json-S3cret14"},
	{"form body", `curl -X POST https://api.example.com/v1/delete -d 'user=a&password=Form-S3cret15'`, "Form-S3cret15"},
	{"URL X-Amz-Signature=", `curl -X DELETE 'https://b.s3.amazonaws.com/o?X-Amz-Date=1&X-Amz-Signature=AmzSig-S3cret16'`, "AmzSig-S3cret16"},
	{"URL ?token=", `curl -X DELETE 'https://api.example.com/v1/repos/3?token=Query-S3cret17'`, "Query-S3cret17"},
	{"URL sig=", `curl -X DELETE 'https://acct.blob.core.windows.net/c/b?sv=2020&sig=Sig-S3cret18'`, "Sig-S3cret18"},
	{"URL access_token=", `curl -X DELETE 'https://graph.example.com/v1/me?access_token=Access-S3cret19'`, "Access-S3cret19"},
	{"echo | --password-stdin", `echo Echo-S3cret20 | docker login -u bot --password-stdin r.example.com && docker volume rm data`, "Echo-S3cret20"},
}

// secretCall is an MCP call whose arguments are named as secrets.
const secretCall = `{"server": "db", "tool": "drop_table", "arguments": {"table": "users", "password": "Mcp-S3cret21", "api_key": "Mcp-S3cret22"}}`

// secretPlan deletes a database whose sensitive attributes (marked so in
// before_sensitive, under names that say nothing) and sensitive variable
// and output carry secrets.
const secretPlan = `{
  "format_version": "1.2", "terraform_version": "1.10.2",
  "variables": {"db_password": {"value": "Tf-S3cret23"}, "region": {"value": "eu-west-1"}},
  "resource_changes": [{
    "address": "aws_db_instance.main", "mode": "managed", "type": "aws_db_instance", "name": "main",
    "provider_name": "registry.terraform.io/hashicorp/aws",
    "change": {"actions": ["delete"],
      "before": {"identifier": "main", "skip_final_snapshot": true, "backup_retention_period": 0, "deletion_protection": false,
                 "password": "Tf-S3cret24", "opaque_blob": "Tf-S3cret25"},
      "after": null, "after_unknown": {},
      "before_sensitive": {"password": true, "opaque_blob": true}, "after_sensitive": false}
  }, {
    "address": "aws_ssm_parameter.conn", "mode": "managed", "type": "aws_ssm_parameter", "name": "conn",
    "provider_name": "registry.terraform.io/hashicorp/aws",
    "change": {"actions": ["delete", "create"],
      "before": {"name": "/app/conn", "type": "SecureString", "value": "Tf-S3cret26"},
      "after": {"name": "/app/conn", "type": "SecureString", "value": "Tf-S3cret27"},
      "after_unknown": {}, "before_sensitive": {"value": true}, "after_sensitive": {"value": true}}
  }],
  "output_changes": {"conn": {"actions": ["update"], "before": "Tf-S3cret28", "after": "Tf-S3cret29", "after_unknown": false, "before_sensitive": true, "after_sensitive": true}},
  "configuration": {"root_module": {"variables": {"db_password": {"sensitive": true}, "region": {}}}},
  "errored": false
}`

// sinkSecrets are every secret the inputs above carry, by shape.
func sinkSecrets() map[string]string {
	out := map[string]string{}
	for _, l := range secretLines {
		out[l.secret] = l.shape
	}
	for _, s := range []string{"Mcp-S3cret21", "Mcp-S3cret22"} {
		out[s] = "MCP argument password/api_key"
	}
	for i := 23; i <= 29; i++ {
		out[fmt.Sprintf("Tf-S3cret%d", i)] = "Terraform sensitive value"
	}
	out["Err-S3cret30"] = "sshpass -p in an unparsable line"
	out["Err-S3cret31"] = "MCP argument password in a refused input"
	return out
}

// TestNoSecretInAnySink runs every sink — every report format, error
// output, the audit log, the OPA decision log, the hook's answer, serve's
// answers and its logs, the gateway's answers and records — on inputs
// carrying each credential shape (shell lines, MCP arguments, a Terraform
// plan with sensitive values), and checks that no secret reaches any of
// them.
func TestNoSecretInAnySink(t *testing.T) {
	dir := t.TempDir()
	collector := &decisionlogtest.Sink{}
	hs := httptest.NewServer(collector)
	defer hs.Close()
	auditLog := filepath.Join(dir, "audit.jsonl")
	sinks := map[string]*strings.Builder{}
	add := func(sink, text string) {
		if sinks[sink] == nil {
			sinks[sink] = &strings.Builder{}
		}
		sinks[sink].WriteString(text + "\n")
	}
	record := []string{"--audit-log", auditLog, "--decision-log", hs.URL}
	eval := func(kind, input string, stdin string) {
		for _, f := range report.Formats {
			args := append([]string{"eval", kind, "--format", string(f)}, record...)
			res := runBinary(t, stdin, append(args, "--", input)...)
			if res.exit == 1 || res.exit == 64 {
				t.Errorf("eval %s %s: %+v", kind, input, res)
			}
			add("report "+string(f), res.stdout)
			add("error output", res.stderr)
		}
	}

	// recourse eval: every format, the audit log and the decision log.
	for _, l := range secretLines {
		eval("shell", l.line, "")
	}
	call, plan := filepath.Join(dir, "call.json"), filepath.Join(dir, "plan.json")
	writeFile(t, call, secretCall)
	writeFile(t, plan, secretPlan)
	eval("mcp", call, "")
	eval("terraform", plan, "")

	// Errors: input that cannot be judged, quoted back.
	for _, f := range []string{"human", "json"} {
		res := runBinary(t, "", "eval", "shell", "--format", f, "--audit-log", auditLog, "--decision-log", hs.URL, "--", `sshpass -p Err-S3cret30 ssh h "rm -rf /srv`)
		add("error output", res.stdout+res.stderr)
		bad := filepath.Join(dir, "bad.json")
		writeFile(t, bad, `{"server": "db", "tool": "drop_table", "arguments": {"password": "Err-S3cret31", "password": "x"}}`)
		res = runBinary(t, "", "eval", "mcp", "--format", f, "--audit-log", auditLog, "--decision-log", hs.URL, bad)
		if res.exit != 1 {
			t.Errorf("a duplicate argument was judged: %+v", res)
		}
		add("error output", res.stdout+res.stderr)
	}

	// recourse hook: its answer, the audit log and the decision log.
	for _, l := range secretLines {
		in, _ := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": l.line}, "cwd": dir, "hook_event_name": "PreToolUse"})
		res := runBinary(t, string(in), append([]string{"hook", "claude-code"}, record...)...)
		add("hook answer", res.stdout+res.stderr)
	}
	hookCall := `{"tool_name": "mcp__db__drop_table", "tool_input": {"table": "users", "password": "Mcp-S3cret21", "api_key": "Mcp-S3cret22"}, "cwd": "/tmp", "hook_event_name": "PreToolUse"}`
	res := runBinary(t, hookCall, append([]string{"hook", "claude-code"}, record...)...)
	add("hook answer", res.stdout+res.stderr)

	// recourse serve: its answers, its audit log and its decision log.
	serveAudit := filepath.Join(dir, "serve-audit.jsonl")
	serveSink := &decisionlogtest.Sink{}
	shs := httptest.NewServer(serveSink)
	defer shs.Close()
	answers, logs := runServe(t, []string{"--audit-log", serveAudit, "--decision-log", shs.URL}, func(post func(path, body string) string) {
		for _, l := range secretLines {
			body, _ := json.Marshal(map[string]string{"command": l.line})
			add("serve answer", post("/v1/evaluate/shell", string(body)))
			hook, _ := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": l.line}, "cwd": "/tmp", "hook_event_name": "PreToolUse"})
			add("serve answer", post("/v1/hooks/claude-code", string(hook)))
		}
		add("serve answer", post("/v1/evaluate/mcp", secretCall))
		add("serve answer", post("/v1/evaluate/terraform", `{"plan": `+secretPlan+`}`))
		add("serve answer", post("/v1/hooks/claude-code", hookCall))
		add("serve answer", post("/v1/evaluate/mcp", `{"server": "db", "tool": "drop_table", "arguments": {"password": "Err-S3cret31", "password": "x"}}`))
	})
	add("serve log", logs)
	_ = answers
	add("audit log", fileText(t, serveAudit))
	_, raw := serveSink.Events()
	add("decision log (OPA)", raw)

	// recourse mcp gateway: its answers and its decision records.
	gwAnswers, gwRecords := runGateway(t, dir, []map[string]any{
		{"name": "execute_sql", "arguments": map[string]any{"sql": "DROP TABLE users", "password": "Mcp-S3cret21", "api_key": "Mcp-S3cret22"}},
		{"name": "delete_file", "arguments": map[string]any{"path": "/srv/data/x", "token": "Mcp-S3cret22"}},
		{"name": "execute_sql", "arguments": map[string]any{"sql": "DELETE FROM users", "auth": map[string]any{"password": "Mcp-S3cret21"}}},
	})
	add("gateway answer", gwAnswers)
	add("gateway record", gwRecords)

	add("audit log", fileText(t, auditLog))
	_, raw = collector.Events()
	add("decision log (OPA)", raw)

	secrets := sinkSecrets()
	names := make([]string, 0, len(sinks))
	for name := range sinks {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		text := sinks[name].String()
		if strings.TrimSpace(text) == "" && name != "serve log" && name != "error output" {
			t.Errorf("%s: nothing was written, so nothing was checked", name)
		}
		var leaked []string
		for secret, shape := range secrets {
			if strings.Contains(text, secret) {
				leaked = append(leaked, shape)
			}
		}
		slices.Sort(leaked)
		leaked = slices.Compact(leaked)
		if len(leaked) > 0 {
			t.Errorf("%s leaks: %s", name, strings.Join(leaked, "; "))
		}
	}
}

// runServe runs recourse serve with args on a free loopback port, calls
// with a poster, then stops it (so that its decision log is shipped), and
// returns its stderr.
func runServe(t *testing.T, args []string, with func(post func(path, body string) string)) (string, string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(binary, append([]string{"serve", "--addr", addr}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if cmd.Process != nil && cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	}()
	base := "http://" + addr
	for deadline := time.Now().Add(20 * time.Second); ; {
		resp, err := http.Get(base + "/health")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not start: %s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	var answers strings.Builder
	with(func(path, body string) string {
		resp, err := http.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		answers.Write(b)
		return string(b)
	})
	_ = cmd.Process.Signal(syscall.SIGTERM)
	_ = cmd.Wait()
	return answers.String(), stderr.String()
}

// runGateway runs recourse mcp gateway over stdio in front of the
// gateway tests' upstream, makes calls, and returns the answers and the
// decision records.
func runGateway(t *testing.T, dir string, calls []map[string]any) (string, string) {
	t.Helper()
	upstream := filepath.Join(dir, "upstream")
	if out, err := exec.Command("go", "build", "-o", upstream, "../../gateway/testdata/upstream").CombinedOutput(); err != nil {
		t.Fatalf("building the test upstream: %v\n%s", err, out)
	}
	records := filepath.Join(dir, "gateway-decisions.jsonl")
	cfg := filepath.Join(dir, "gateway.yaml")
	writeFile(t, cfg, fmt.Sprintf("mcpServers:\n  db:\n    command: %q\n    env: {RECORD_FILE: %q}\ndecision_log: %q\n", upstream, filepath.Join(dir, "upstream.jsonl"), records))
	c, err := client.NewStdioMCPClient(binary, append(os.Environ(), "XDG_STATE_HOME="+stateDir), "mcp", "gateway", "--config", cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "sinks-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	var answers strings.Builder
	for _, call := range calls {
		req := mcp.CallToolRequest{}
		req.Params.Name = call["name"].(string)
		req.Params.Arguments = call["arguments"]
		res, err := c.CallTool(ctx, req)
		if err != nil {
			answers.WriteString(err.Error() + "\n")
			continue
		}
		b, _ := json.Marshal(res)
		answers.Write(append(b, '\n'))
	}
	c.Close()
	return answers.String(), fileText(t, records)
}
