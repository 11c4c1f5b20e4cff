package mcp

import (
	"strings"
	"testing"

	"github.com/recourse-dev/recourse/internal/rulestest"
	"github.com/recourse-dev/recourse/model"
)

// spec is how to hit a group of rows (one row per tool name) and how to
// miss it: both are call documents with {tool} standing for the row's tool.
type spec struct{ hit, miss string }

var specs = map[string]spec{
	"mcp.terminal.typed":          {`{"server":"terminal","tool":"{tool}","arguments":{"keys":"ls -la\n"}}`, `{"server":"terminal","tool":"{tool}","arguments":{"keys":""}}`},
	"mcp.terminal.keys":           {`{"server":"terminal","tool":"{tool}","arguments":{"keys":""}}`, `{"server":"terminal","tool":"{tool}","arguments":{"keys":"ls\n"}}`},
	"mcp.http.delete":             {`{"server":"http","tool":"{tool}","arguments":{"method":"DELETE","url":"https://api/x/1"}}`, `{"server":"http","tool":"{tool}","arguments":{"method":"GET","url":"https://api/x/1"}}`},
	"mcp.http.graphql-delete":     {`{"server":"http","tool":"{tool}","arguments":{"method":"POST","url":"https://api.github.com/graphql","body":"{\"query\":\"mutation { deleteRepository(input: {repositoryId: \\\"x\\\"}) { clientMutationId } }\"}"}}`, `{"server":"http","tool":"{tool}","arguments":{"method":"POST","url":"https://api.github.com/graphql","body":{"query":"mutation { createIssue(input: {}) { issue { id } } }"}}}`},
	"mcp.http.delete-url":         {`{"server":"http","tool":"{tool}","arguments":{"method":"POST","url":"https://es:9200/logs/_delete_by_query"}}`, `{"server":"http","tool":"{tool}","arguments":{"method":"POST","url":"https://api/x"}}`},
	"mcp.http.write":              {`{"server":"http","tool":"{tool}","arguments":{"method":"post","url":"https://api/x"}}`, `{"server":"http","tool":"{tool}","arguments":{"method":"GET","url":"https://api/x"}}`},
	"mcp.graphql.delete":          {`{"server":"api","tool":"{tool}","arguments":{"query":"mutation { deleteProject(id: 1) { id } }"}}`, `{"server":"api","tool":"{tool}","arguments":{"query":"mutation { createProject(name: \"x\") { id } }"}}`},
	"mcp.graphql.mutation":        {`{"server":"api","tool":"{tool}","arguments":{"query":"mutation { createProject(name: \"x\") { id } }"}}`, `{"server":"api","tool":"{tool}","arguments":{"query":"{ projects { id } }"}}`},
	"mcp.iac.destroy":             {`{"server":"terraform","tool":"{tool}","arguments":{"workspace":"prod"}}`, `{"server":"terraform","tool":"terraform_plan","arguments":{"workspace":"prod"}}`},
	"mcp.iac.apply":               {`{"server":"terraform","tool":"{tool}","arguments":{"auto_approve":true}}`, `{"server":"terraform","tool":"terraform_validate"}`},
	"mcp.iac.server-destroy":      {`{"server":"terraform","tool":"{tool}","arguments":{"workspace":"prod"}}`, `{"server":"docs","tool":"{tool}","arguments":{"id":"x"}}`},
	"mcp.iac.apply-destroy":       {`{"server":"terraform","tool":"{tool}","arguments":{"destroy":true}}`, `{"server":"terraform","tool":"{tool}","arguments":{"destroy":false}}`},
	"mcp.iac.server-apply":        {`{"server":"pulumi","tool":"{tool}","arguments":{"stack":"prod"}}`, `{"server":"k8s","tool":"{tool}","arguments":{"manifest":"x"}}`},
	"mcp.git.delete-repository":   {`{"server":"github","tool":"{tool}","arguments":{"owner":"a","repo":"b"}}`, `{"server":"github","tool":"get_repository","arguments":{"owner":"a","repo":"b"}}`},
	"mcp.git.delete-project":      {`{"server":"gitlab","tool":"{tool}","arguments":{"project_id":"1"}}`, `{"server":"vercel","tool":"{tool}","arguments":{"projectId":"p"}}`},
	"mcp.git.delete-release":      {`{"server":"github","tool":"{tool}","arguments":{"id":1}}`, `{"server":"github","tool":"list_releases"}`},
	"mcp.git.delete-issue":        {`{"server":"github","tool":"{tool}","arguments":{"issue_number":1}}`, `{"server":"github","tool":"close_issue","arguments":{"issue_number":1}}`},
	"mcp.git.delete-branch":       {`{"server":"github","tool":"{tool}","arguments":{"branch":"x"}}`, `{"server":"github","tool":"create_branch","arguments":{"branch":"x"}}`},
	"mcp.git.delete-file":         {`{"server":"github","tool":"{tool}","arguments":{"path":"a.txt"}}`, `{"server":"filesystem","tool":"{tool}","arguments":{"path":"/tmp/a.txt"}}`},
	"mcp.git.force-push":          {`{"server":"github","tool":"{tool}","arguments":{"branch":"main","force":true}}`, `{"server":"github","tool":"{tool}","arguments":{"branch":"main"}}`},
	"mcp.git.commit-secret":       {`{"server":"github","tool":"{tool}","arguments":{"path":"config/.env.production","content":"x","files":[{"path":".env","content":"x"}]}}`, `{"server":"github","tool":"{tool}","arguments":{"path":".env.example","content":"x","files":[{"path":"README.md","content":"x"}]}}`},
	"mcp.git.commit":              {`{"server":"github","tool":"{tool}","arguments":{"branch":"main"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt"}}`},
	"mcp.git.create":              {`{"server":"github","tool":"{tool}","arguments":{"title":"x"}}`, `{"server":"github","tool":"delete_issue","arguments":{"issue_number":1}}`},
	"mcp.fs.agent-config":         {`{"server":"fs","tool":"{tool}","arguments":{"path":"/home/u/proj/.claude/settings.json","content":"{}"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/home/u/proj/claude/settings.json","content":"{}"}}`},
	"mcp.fs.delete.critical":      {`{"server":"fs","tool":"{tool}","arguments":{"path":"/etc"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/tmp/x"}}`},
	"mcp.fs.delete.temp":          {`{"server":"fs","tool":"{tool}","arguments":{"path":"/tmp/x"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/data/app/x"}}`},
	"mcp.fs.delete":               {`{"server":"fs","tool":"{tool}","arguments":{"path":"/data/app/x"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/tmp/x"}}`},
	"mcp.db.branch":               {`{"server":"supabase","tool":"{tool}","arguments":{"branch_id":"b"}}`, `{"server":"github","tool":"{tool}","arguments":{"branch":"b"}}`},
	"mcp.fs.write.home-dotfile":   {`{"server":"fs","tool":"{tool}","arguments":{"path":"~/.ssh/authorized_keys","content":"x"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/home/alice/proj/notes.txt","content":"x"}}`},
	"mcp.fs.write.critical":       {`{"server":"fs","tool":"{tool}","arguments":{"path":"/etc/passwd","content":"x"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt","content":"x"}}`},
	"mcp.fs.write":                {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt","content":"x"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/etc/hosts","content":"x"}}`},
	"mcp.fs.edit.home-dotfile":    {`{"server":"fs","tool":"{tool}","arguments":{"path":"~/.bashrc","edits":[]}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/home/alice/proj/notes.txt"}}`},
	"mcp.fs.edit":                 {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/usr/bin/x"}}`},
	"mcp.fs.read":                 {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt"}}`, `{"server":"fs","tool":"write_file","arguments":{"path":"notes.txt"}}`},
	"mcp.fs.chmod.critical":       {`{"server":"fs","tool":"{tool}","arguments":{"path":"/etc/shadow","mode":"777"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"bin/run.sh","mode":"755"}}`},
	"mcp.fs.copy.critical":        {`{"server":"fs","tool":"{tool}","arguments":{"source":"/tmp/x","destination":"/etc/hosts"}}`, `{"server":"fs","tool":"{tool}","arguments":{"source":"/etc/hosts","destination":"/tmp/hosts"}}`},
	"mcp.fs.write.env-file":       {`{"server":"fs","tool":"{tool}","arguments":{"path":"/w/app/.env","content":"X=1"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/w/app/.env.example","content":"X="}}`},
	"mcp.fs.copy.home-dotfile":    {`{"server":"fs","tool":"{tool}","arguments":{"src":"x","dest":"~/.bashrc"}}`, `{"server":"fs","tool":"{tool}","arguments":{"src":"~/.bashrc","dest":"~/.bashrc.bak"}}`},
	"mcp.fs.copy":                 {`{"server":"fs","tool":"{tool}","arguments":{"source":"/etc/hosts","destination":"hosts.txt"}}`, `{"server":"fs","tool":"{tool}","arguments":{"source":"x","destination":"/etc/hosts"}}`},
	"mcp.fs.chmod":                {`{"server":"fs","tool":"{tool}","arguments":{"path":"bin/run.sh","mode":"755"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/etc/shadow","mode":"777"}}`},
	"mcp.sql.statement":           {`{"server":"postgres","tool":"{tool}","arguments":{"sql":"SELECT 1"}}`, `{"server":"postgres","tool":"{tool}","arguments":{}}`},
	"mcp.sql.no-statement":        {`{"server":"postgres","tool":"{tool}","arguments":{}}`, `{"server":"postgres","tool":"{tool}","arguments":{"sql":"SELECT 1"}}`},
	"mcp.db.drop":                 {`{"server":"db","tool":"{tool}","arguments":{"name":"x"}}`, `{"server":"db","tool":"list_tables"}`},
	"mcp.db.pause":                {`{"server":"supabase","tool":"{tool}","arguments":{"project_id":"p"}}`, `{"server":"github","tool":"{tool}","arguments":{"project_id":"p"}}`},
	"mcp.db.unpause":              {`{"server":"supabase","tool":"{tool}","arguments":{"project_id":"p"}}`, `{"server":"backups","tool":"{tool}","arguments":{"project_id":"p"}}`},
	"mcp.db.update-all":           {`{"server":"mongodb","tool":"{tool}","arguments":{"collection":"c","filter":{},"update":{"$unset":{"email":1}}}}`, `{"server":"mongodb","tool":"{tool}","arguments":{"collection":"c","filter":{"_id":1},"update":{"$set":{"a":1}}}}`},
	"mcp.db.write":                {`{"server":"db","tool":"{tool}","arguments":{"name":"x"}}`, `{"server":"db","tool":"drop_table","arguments":{"name":"x"}}`},
	"mcp.execute.derived":         {`{"server":"terminal","tool":"{tool}","arguments":{"command":"ls"}}`, `{"server":"terminal","tool":"{tool}","arguments":{}}`},
	"mcp.execute.nothing":         {`{"server":"postgres","tool":"{tool}","arguments":{}}`, `{"server":"postgres","tool":"{tool}","arguments":{"sql":"SELECT 1"}}`},
	"mcp.git.branch-force-delete": {`{"server":"git","tool":"{tool}","arguments":{"branch_name":"x","delete":true,"force":true}}`, `{"server":"git","tool":"{tool}","arguments":{"branch_name":"x","delete":true}}`},
	"mcp.git.unprotect-branch":    {`{"server":"gitlab","tool":"{tool}","arguments":{"project_id":"a/r","branch":"main"}}`, `{"server":"gitlab","tool":"list_protected_branches","arguments":{}}`},
	"mcp.git.branch-protection-weakened": {`{"server":"github","tool":"{tool}","arguments":{"owner":"a","repo":"r","branch":"main","enforce_admins":false}}`,
		`{"server":"github","tool":"{tool}","arguments":{"owner":"a","repo":"r","branch":"main","enforce_admins":true,"required_pull_request_reviews":{"required_approving_review_count":2}}}`},
	"mcp.git.branch-protection": {`{"server":"github","tool":"{tool}","arguments":{"owner":"a","repo":"r","branch":"main","enforce_admins":true}}`,
		`{"server":"github","tool":"{tool}","arguments":{"owner":"a","repo":"r","branch":"main","allow_force_pushes":true}}`},
	"mcp.k8s.patch":              {`{"server":"kubernetes","tool":"{tool}","arguments":{"resourceType":"deployment","name":"web","patchData":{"spec":{"replicas":2}}}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{}}`},
	"mcp.k8s.patch.incomplete":   {`{"server":"kubernetes","tool":"{tool}","arguments":{"patchData":{}}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"resourceType":"pv","name":"pv1","patchData":{}}}`},
	"mcp.k8s.node":               {`{"server":"kubernetes","tool":"{tool}","arguments":{"operation":"cordon","nodeName":"n1"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"operation":"drain"}}`},
	"mcp.k8s.node.incomplete":    {`{"server":"kubernetes","tool":"{tool}","arguments":{"operation":"drain"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"operation":"uncordon","nodeName":"n1"}}`},
	"mcp.k8s.spelled":            {`{"server":"kubernetes","tool":"{tool}","arguments":{"kind":"Deployment","name":"web","namespace":"prod"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{}}`},
	"mcp.k8s.spelled.incomplete": {`{"server":"kubernetes","tool":"{tool}","arguments":{}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"kind":"Pod","name":"web"}}`},
	"mcp.config.guard": {`{"server":"desktop-commander","tool":"{tool}","arguments":{"key":"blockedCommands","value":[]}}`,
		`{"server":"desktop-commander","tool":"{tool}","arguments":{"key":"fileReadLineLimit","value":2000}}`},
	"mcp.shell.command":          {`{"server":"terminal","tool":"{tool}","arguments":{"command":"ls"}}`, `{"server":"terminal","tool":"{tool}","arguments":{}}`},
	"mcp.shell.no-command":       {`{"server":"terminal","tool":"{tool}","arguments":{}}`, `{"server":"terminal","tool":"{tool}","arguments":{"command":"ls"}}`},
	"mcp.cloud.cli":              {`{"server":"aws-api","tool":"{tool}","arguments":{"cli_command":"aws s3 ls"}}`, `{"server":"aws-api","tool":"{tool}","arguments":{}}`},
	"mcp.cloud.cli.no-command":   {`{"server":"aws-api","tool":"{tool}","arguments":{}}`, `{"server":"aws-api","tool":"{tool}","arguments":{"cli_command":"aws s3 ls"}}`},
	"mcp.k8s.generic":            {`{"server":"kubernetes","tool":"{tool}","arguments":{"command":"get","resourceType":"pods"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{}}`},
	"mcp.k8s.generic.no-command": {`{"server":"kubernetes","tool":"{tool}","arguments":{}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"command":"get"}}`},
	"mcp.git.reset-hard":         {`{"server":"git","tool":"{tool}","arguments":{"repo_path":".","mode":"hard"}}`, `{"server":"git","tool":"{tool}","arguments":{"repo_path":"."}}`},
	"mcp.git.reset":              {`{"server":"git-tools","tool":"{tool}","arguments":{"repo_path":"."}}`, `{"server":"git","tool":"{tool}","arguments":{"mode":"HARD"}}`},
	"mcp.git.clean":              {`{"server":"git","tool":"{tool}","arguments":{"force":true}}`, `{"server":"git","tool":"git_status"}`},
	"mcp.git.checkout-paths":     {`{"server":"git-tools","tool":"{tool}","arguments":{"repo_path":".","branch_name":"."}}`, `{"server":"git","tool":"{tool}","arguments":{"repo_path":".","branch_name":"feature/x"}}`},
	"mcp.git.repo-settings":      {`{"server":"github","tool":"{tool}","arguments":{"owner":"o","repo":"r","description":"x"}}`, `{"server":"github","tool":"{tool}","arguments":{"owner":"o","repo":"r","visibility":"public"}}`},
	"mcp.git.checkout-force":     {`{"server":"git","tool":"{tool}","arguments":{"branch_name":"main","force":true}}`, `{"server":"git","tool":"{tool}","arguments":{"branch_name":"main"}}`},
	"mcp.git.checkout":           {`{"server":"git","tool":"{tool}","arguments":{"branch_name":"main"}}`, `{"server":"git","tool":"git_reset","arguments":{"mode":"hard"}}`},
	"mcp.git.push":               {`{"server":"git","tool":"{tool}","arguments":{"remote":"origin"}}`, `{"server":"git","tool":"{tool}","arguments":{"force":true}}`},
	"mcp.git.stash-drop":         {`{"server":"git","tool":"{tool}","arguments":{"repo_path":".","action":"drop"}}`, `{"server":"git","tool":"{tool}","arguments":{"repo_path":".","action":"push"}}`},
	"mcp.git.stash-drop-tool":    {`{"server":"git","tool":"{tool}","arguments":{"repo_path":"."}}`, `{"server":"git","tool":"git_stash","arguments":{"repo_path":"."}}`},
	"mcp.git.transfer":           {`{"server":"github","tool":"{tool}","arguments":{"owner":"o","repo":"r","new_owner":"x"}}`, `{"server":"github","tool":"get_repository","arguments":{"owner":"o","repo":"r"}}`},
	"mcp.browser.script-request": {`{"server":"playwright","tool":"{tool}","arguments":{"function":"() => fetch('/api/projects/7', {method: 'DELETE'})"}}`, `{"server":"playwright","tool":"{tool}","arguments":{"function":"() => document.querySelector('#banner').remove()"}}`},
	"mcp.browser.destructive":    {`{"server":"playwright","tool":"{tool}","arguments":{"element":"Delete account button","ref":"e12"}}`, `{"server":"playwright","tool":"{tool}","arguments":{"element":"Save changes button","ref":"e3"}}`},
	"mcp.k8s.delete-namespace":   {`{"server":"kubernetes","tool":"{tool}","arguments":{"name":"prod"}}`, `{"server":"kubernetes","tool":"list_namespaces"}`},
	"mcp.k8s.delete-storage":     {`{"server":"kubernetes","tool":"{tool}","arguments":{"name":"data"}}`, `{"server":"kubernetes","tool":"list_pvcs"}`},
	"mcp.k8s.uninstall":          {`{"server":"kubernetes","tool":"{tool}","arguments":{"name":"web"}}`, `{"server":"kubernetes","tool":"helm_install","arguments":{"name":"web"}}`},
	"mcp.k8s.delete-by-kind":     {`{"server":"kubernetes","tool":"{tool}","arguments":{"kind":"namespace","name":"prod"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"kind":"pod","name":"web"}}`},
	"mcp.k8s.delete":             {`{"server":"kubernetes","tool":"{tool}","arguments":{"kind":"pod","name":"web"}}`, `{"server":"kubernetes","tool":"list_pods"}`},
	"mcp.k8s.delete-on-cluster":  {`{"server":"mcp-server-kubernetes","tool":"{tool}","arguments":{"name":"web"}}`, `{"server":"pagerduty","tool":"{tool}","arguments":{"id":"P1"}}`},
	"mcp.k8s.patch-finalizers":   {`{"server":"kubernetes","tool":"{tool}","arguments":{"resourceType":"pvc","name":"data","patchData":{"metadata":{"finalizers":null}}}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"resourceType":"deployment","name":"web","patchData":{"spec":{"replicas":2}}}}`},
	"mcp.k8s.apply-prune":        {`{"server":"kubernetes","tool":"{tool}","arguments":{"manifest":"kind: Namespace","prune":true}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"manifest":"kind: Namespace"}}`},
	"mcp.k8s.apply":              {`{"server":"kubernetes","tool":"{tool}","arguments":{"manifest":"kind: Namespace"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"manifest":"kind: Namespace","prune":true}}`},
	"mcp.k8s.scale-zero":         {`{"server":"kubernetes","tool":"{tool}","arguments":{"name":"web","replicas":0}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"name":"web","replicas":3}}`},
	"mcp.cloud.rds.skip-snapshot": {`{"server":"aws","tool":"{tool}","arguments":{"DBInstanceIdentifier":"db","SkipFinalSnapshot":true}}`,
		`{"server":"aws","tool":"{tool}","arguments":{"DBInstanceIdentifier":"db","SkipFinalSnapshot":true,"FinalDBSnapshotIdentifier":"f"}}`},
	"mcp.cloud.rds.snapshot": {`{"server":"aws","tool":"{tool}","arguments":{"DBInstanceIdentifier":"db","FinalDBSnapshotIdentifier":"f"}}`,
		`{"server":"aws","tool":"{tool}","arguments":{"DBInstanceIdentifier":"db","SkipFinalSnapshot":true}}`},
	"mcp.cloud.rds.unknown":             {`{"server":"aws","tool":"{tool}","arguments":{"DBInstanceIdentifier":"db"}}`, `{"server":"aws","tool":"{tool}","arguments":{"FinalDBSnapshotIdentifier":"f"}}`},
	"mcp.cloud.secret.force":            {`{"server":"aws","tool":"{tool}","arguments":{"SecretId":"s","ForceDeleteWithoutRecovery":true}}`, `{"server":"aws","tool":"{tool}","arguments":{"SecretId":"s"}}`},
	"mcp.cloud.secret":                  {`{"server":"aws","tool":"{tool}","arguments":{"SecretId":"s"}}`, `{"server":"aws","tool":"{tool}","arguments":{"SecretId":"s","ForceDeleteWithoutRecovery":true}}`},
	"mcp.git.delete-secret":             {`{"server":"github","tool":"{tool}","arguments":{"owner":"o","repo":"r","secret_name":"AWS_KEY"}}`, `{"server":"aws","tool":"{tool}","arguments":{"SecretId":"s"}}`},
	"mcp.cloud.bucket":                  {`{"server":"aws","tool":"{tool}","arguments":{"bucket":"b","force":true}}`, `{"server":"aws","tool":"{tool}","arguments":{"bucket":"b"}}`},
	"mcp.cloud.bucket.empty":            {`{"server":"aws","tool":"{tool}","arguments":{"bucket":"b"}}`, `{"server":"aws","tool":"{tool}","arguments":{"bucket":"b","force":true}}`},
	"mcp.cloud.objects":                 {`{"server":"aws","tool":"{tool}","arguments":{"bucket":"b","key":"k"}}`, `{"server":"aws","tool":"list_objects","arguments":{"bucket":"b"}}`},
	"mcp.cloud.terminate":               {`{"server":"aws","tool":"{tool}","arguments":{"InstanceIds":["i-1"]}}`, `{"server":"aws","tool":"describe_instances"}`},
	"mcp.cloud.data":                    {`{"server":"aws","tool":"{tool}","arguments":{"id":"x"}}`, `{"server":"aws","tool":"describe_volumes"}`},
	"mcp.msg.send":                      {`{"server":"slack","tool":"{tool}","arguments":{"channel":"c","text":"hi"}}`, `{"server":"slack","tool":"list_channels"}`},
	"mcp.msg.delete-channel":            {`{"server":"slack","tool":"{tool}","arguments":{"channel":"c"}}`, `{"server":"slack","tool":"get_channel_history","arguments":{"channel":"c"}}`},
	"mcp.msg.delete":                    {`{"server":"slack","tool":"{tool}","arguments":{"id":"m"}}`, `{"server":"slack","tool":"list_messages"}`},
	"mcp.msg.purge":                     {`{"server":"gmail","tool":"{tool}","arguments":{"ids":["m"]}}`, `{"server":"gmail","tool":"search_emails","arguments":{"q":"x"}}`},
	"mcp.pay.refund":                    {`{"server":"stripe","tool":"{tool}","arguments":{"payment_intent":"pi_1"}}`, `{"server":"stripe","tool":"list_payment_intents"}`},
	"mcp.pay.delete":                    {`{"server":"stripe","tool":"{tool}","arguments":{"id":"x"}}`, `{"server":"stripe","tool":"list_customers"}`},
	"mcp.pay.create":                    {`{"server":"stripe","tool":"{tool}","arguments":{"name":"x"}}`, `{"server":"stripe","tool":"delete_customer","arguments":{"id":"x"}}`},
	"mcp.browser.read":                  {`{"server":"playwright","tool":"{tool}","arguments":{"url":"https://x"}}`, `{"server":"playwright","tool":"browser_click","arguments":{"ref":"e1"}}`},
	"mcp.browser.act":                   {`{"server":"playwright","tool":"{tool}","arguments":{"ref":"e1"}}`, `{"server":"playwright","tool":"browser_snapshot"}`},
	"mcp.db.aggregate-out":              {`{"server":"mongodb","tool":"{tool}","arguments":{"collection":"users","pipeline":[{"$match":{}},{"$out":"orders"}]}}`, `{"server":"mongodb","tool":"{tool}","arguments":{"collection":"users","pipeline":[{"$match":{}},{"$limit":5}]}}`},
	"mcp.db.aggregate-merge":            {`{"server":"mongodb","tool":"{tool}","arguments":{"collection":"users","pipeline":[{"$merge":{"into":"stats"}}]}}`, `{"server":"mongodb","tool":"{tool}","arguments":{"collection":"users","pipeline":[{"$group":{"_id":"$a"}}]}}`},
	"mcp.db.aggregate-read":             {`{"server":"mongodb","tool":"{tool}","arguments":{"collection":"users","pipeline":[{"$match":{"a":1}}]}}`, `{"server":"mongodb","tool":"{tool}","arguments":{"collection":"users","pipeline":[{"$out":"x"}]}}`},
	"mcp.db.run-command-drop":           {`{"server":"mongodb","tool":"{tool}","arguments":{"database":"prod","command":{"dropDatabase":1}}}`, `{"server":"mongodb","tool":"{tool}","arguments":{"database":"prod","command":{"ping":1}}}`},
	"mcp.db.rename-drop-target":         {`{"server":"mongodb","tool":"{tool}","arguments":{"collection":"a","newName":"b","dropTarget":true}}`, `{"server":"mongodb","tool":"{tool}","arguments":{"collection":"a","newName":"b","dropTarget":false}}`},
	"mcp.redis.commands":                {`{"server":"upstash","tool":"{tool}","arguments":{"commands":[["SET","a","1"],["FLUSHALL"]],"command":"UNLINK k"}}`, `{"server":"upstash","tool":"{tool}","arguments":{"commands":[["GET","a"]],"command":"GET k"}}`},
	"mcp.redis.commands-other":          {`{"server":"redis","tool":"{tool}","arguments":{"command":"HGETALL user:1"}}`, `{"server":"redis","tool":"{tool}","arguments":{"command":"FLUSHDB"}}`},
	"mcp.redis.eval":                    {`{"server":"redis","tool":"{tool}","arguments":{"script":"return redis.call('FLUSHALL')"}}`, `{"server":"redis","tool":"{tool}","arguments":{"script":"return redis.call('GET', KEYS[1])","keys":["del"]}}`},
	"mcp.fs.move.dev-null":              {`{"server":"fs","tool":"{tool}","arguments":{"source":"/p/a.txt","destination":"/dev/null"}}`, `{"server":"fs","tool":"{tool}","arguments":{"source":"/p/a.txt","destination":"/p/b.txt"}}`},
	"mcp.fs.write.database-file":        {`{"server":"fs","tool":"{tool}","arguments":{"path":"/srv/app/data/app.db","source":"/tmp/new.db","destination":"/srv/app/data/app.db","content":""}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/srv/app/data/app.md","source":"/tmp/new.md","destination":"/srv/app/data/app.md","content":""}}`},
	"mcp.k8s.delete-manifest-namespace": {`{"server":"kubernetes","tool":"{tool}","arguments":{"manifest":"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"manifest":"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web"}}`},
	"mcp.k8s.delete-by-selector":        {`{"server":"kubernetes","tool":"{tool}","arguments":{"resourceType":"pods","labelSelector":"app=web"}}`, `{"server":"kubernetes","tool":"{tool}","arguments":{"resourceType":"pods","name":"web-1"}}`},
	"mcp.fs.write.tfstate":              {`{"server":"fs","tool":"{tool}","arguments":{"path":"/p/terraform.tfstate","source":"/p/new.json","destination":"/p/terraform.tfstate","content":"{}"}}`, `{"server":"fs","tool":"{tool}","arguments":{"path":"/p/terraform.tfvars","source":"/p/new.json","destination":"/p/terraform.tfvars","content":"{}"}}`},
	"mcp.msg.broadcast":                 {`{"server":"mailchimp","tool":"{tool}","arguments":{"campaign_id":"c"}}`, `{"server":"mailchimp","tool":"get_campaign","arguments":{"campaign_id":"c"}}`},
	"mcp.pay.transfer":                  {`{"server":"stripe","tool":"{tool}","arguments":{"amount":1000,"currency":"usd"}}`, `{"server":"stripe","tool":"list_transfers"}`},
	"mcp.any.public":                    {`{"server":"aws","tool":"put_bucket_acl","arguments":{"Bucket":"b","ACL":"public-read"}}`, `{"server":"aws","tool":"put_bucket_acl","arguments":{"Bucket":"b","ACL":"private"}}`},
	"mcp.any.open-ingress":              {`{"server":"aws","tool":"authorize_security_group_ingress","arguments":{"GroupId":"sg-1","CidrIp":"0.0.0.0/0"}}`, `{"server":"aws","tool":"authorize_security_group_ingress","arguments":{"GroupId":"sg-1","CidrIp":"10.0.0.0/8"}}`},
	"mcp.any.protection-off":            {`{"server":"aws","tool":"modify_db_instance","arguments":{"DBInstanceIdentifier":"prod","DeletionProtection":false}}`, `{"server":"aws","tool":"create_db_instance","arguments":{"DBInstanceIdentifier":"dev","DeletionProtection":false}}`},
	"mcp.any.retention":                 {`{"server":"aws","tool":"set_queue_attributes","arguments":{"QueueUrl":"u","Attributes":{"MessageRetentionPeriod":"60"}}}`, `{"server":"aws","tool":"set_queue_attributes","arguments":{"QueueUrl":"u","Attributes":{"VisibilityTimeout":"60"}}}`},
	"mcp.any.http-delete":               {`{"server":"postman","tool":"send_it","arguments":{"method":"delete","url":"https://api/x/1"}}`, `{"server":"postman","tool":"send_it","arguments":{"method":"get","url":"https://api/x/1"}}`},
	"mcp.agent.read":                    {`{"server":"gemini-cli","tool":"{tool}","arguments":{"pattern":"x"}}`, `{"server":"acme","tool":"{tool}","arguments":{"pattern":"x"}}`},
	"mcp.agent.stop-shell":              {`{"server":"claude-code","tool":"{tool}","arguments":{"shell_id":"1"}}`, `{"server":"acme","tool":"{tool}","arguments":{"shell_id":"1"}}`},
	"mcp.any.cypher-delete":             {`{"server":"graph","tool":"inspect_graph","arguments":{"query":"CALL apoc.periodic.iterate('MATCH (n:Log) RETURN n', 'DETACH DELETE n', {batchSize: 1000})"}}`, `{"server":"graph","tool":"inspect_graph","arguments":{"query":"MATCH (n:Log) RETURN count(n)"}}`},
	"mcp.any.cypher-write":              {`{"server":"graph","tool":"inspect_graph","arguments":{"query":"MERGE (u:User {id: 1}) SET u.name = 'a'"}}`, `{"server":"graph","tool":"inspect_graph","arguments":{"query":"MATCH (u:User) RETURN u.name"}}`},
	"mcp.any.redis-commands":            {`{"server":"cache","tool":"pipeline_get","arguments":{"commands":[["GET","a"],["FLUSHALL"]]}}`, `{"server":"cache","tool":"pipeline_get","arguments":{"commands":[["GET","a"]]}}`},
	"mcp.any.mongo-drop":                {`{"server":"docs","tool":"get_report","arguments":{"pipeline":[{"$match":{}},{"$out":"users"}]}}`, `{"server":"docs","tool":"get_report","arguments":{"pipeline":[{"$match":{}}]}}`},
	"mcp.any.mongo-merge":               {`{"server":"docs","tool":"get_report","arguments":{"stages":[{"$merge":{"into":"totals"}}]}}`, `{"server":"docs","tool":"get_report","arguments":{"stages":[{"$group":{"_id":"$a"}}]}}`},
	"mcp.any.graphql-mutation":          {`{"server":"api","tool":"get_data","arguments":{"document":"mutation AddUser { createUser(name: \"a\") { id } }"}}`, `{"server":"api","tool":"get_data","arguments":{"document":"query { users { id } }"}}`},
	"mcp.any.write-method":              {`{"server":"api","tool":"get","arguments":{"method":"POST","path":"/items"}}`, `{"server":"api","tool":"get","arguments":{"method":"GET","path":"/items"}}`},
	"mcp.any.destructive-operation":     {`{"server":"grafana","tool":"alerting_manage_rules","arguments":{"operation":"delete","uid":"r1"}}`, `{"server":"grafana","tool":"alerting_manage_rules","arguments":{"operation":"list"}}`},
	"mcp.any.destructive-flag":          {`{"server":"mail","tool":"get_messages","arguments":{"delete":true}}`, `{"server":"mail","tool":"get_messages","arguments":{"delete":false,"include_deleted":true}}`},
	"mcp.catalog.irreversible":          {`{"server":"mcp-atlassian","tool":"jira_delete_issue","arguments":{"issue_key":"OPS-1"}}`, `{"server":"mcp-atlassian","tool":"jira_get_issue","arguments":{"issue_key":"OPS-1"}}`},
	"mcp.catalog.exec":                  {`{"server":"neo4j","tool":"write_neo4j_cypher","arguments":{"query":"MATCH (n:User) RETURN n LIMIT 1"}}`, `{"server":"neo4j","tool":"write_neo4j_cypher","arguments":{}}`},
	"mcp.catalog.exec.unread":           {`{"server":"neo4j","tool":"write_neo4j_cypher","arguments":{}}`, `{"server":"neo4j","tool":"write_neo4j_cypher","arguments":{"query":"MATCH (n:User) RETURN n LIMIT 1"}}`},
	"mcp.catalog.keyed-delete":          {`{"server":"mcp-atlassian","tool":"confluence_delete_page","arguments":{"page_id":"123"}}`, `{"server":"mcp-atlassian","tool":"confluence_get_page","arguments":{"page_id":"123"}}`},
	"mcp.catalog.config-change":         {`{"server":"grafana","tool":"install_plugin","arguments":{"id":"x"}}`, `{"server":"grafana","tool":"list_datasources","arguments":{}}`},
	"mcp.catalog.write":                 {`{"server":"mcp-atlassian","tool":"jira_create_issue","arguments":{"project_key":"OPS","summary":"x"}}`, `{"server":"mcp-atlassian","tool":"jira_delete_issue","arguments":{"issue_key":"OPS-1"}}`},
	"mcp.catalog.read":                  {`{"server":"mcp-atlassian","tool":"jira_search","arguments":{"jql":"project = OPS"}}`, `{"server":"mcp-atlassian","tool":"jira_delete_issue","arguments":{"issue_key":"OPS-1"}}`},
	"mcp.known-server.read":             {`{"server":"github","tool":"get_wiki_page","arguments":{"path":"README.md"}}`, `{"server":"acme","tool":"get_wiki_page","arguments":{"path":"README.md"}}`},
}

// observedSpec is how to hit a group of observed rows: the same call
// with the facts that decide it (hit) and with facts that do not (miss).
type observedSpec struct {
	doc       string
	hit, miss *model.Observed
}

// Facts as observation records them (internal/observe) of a file in a
// repository: untracked, tracked and unmodified, absent; and an empty
// directory.
var (
	obsUntracked = &model.Observed{Targets: []model.ObservedTarget{{Path: "notes.txt", Exists: true, Kind: "file", Repo: "/w/app", Git: model.GitUntracked,
		Files: 1, Bytes: 5, Lost: []model.ObservedFile{{Path: "notes.txt", State: model.GitUntracked, Bytes: 5}}, LostFiles: 1, LostBytes: 5}}}
	obsClean  = &model.Observed{Targets: []model.ObservedTarget{{Path: "notes.txt", Exists: true, Kind: "file", Repo: "/w/app", Git: model.GitClean, Files: 1, Bytes: 5}}}
	obsAbsent = &model.Observed{Targets: []model.ObservedTarget{{Path: "notes.txt", Repo: "/w/app"}}}
	obsEmpty  = &model.Observed{Targets: []model.ObservedTarget{{Path: "notes.txt", Exists: true, Kind: "dir", Repo: "/w/app", Git: model.GitClean, EmptyDir: true}}}
)

var observedSpecs = map[string]observedSpec{
	"mcp.fs.delete.observed.loss":      {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt"}}`, obsUntracked, obsClean},
	"mcp.fs.delete.observed.empty-dir": {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt"}}`, obsEmpty, obsUntracked},
	"mcp.fs.delete.observed.from-git":  {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt"}}`, obsClean, obsUntracked},
	"mcp.fs.write.observed.new":        {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt","source":"a.txt","destination":"notes.txt","content":"x"}}`, obsAbsent, obsClean},
	"mcp.fs.write.observed.loss":       {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt","source":"a.txt","destination":"notes.txt","content":"x"}}`, obsUntracked, obsAbsent},
	"mcp.fs.write.observed.from-git":   {`{"server":"fs","tool":"{tool}","arguments":{"path":"notes.txt","source":"a.txt","destination":"notes.txt","content":"x"}}`, obsClean, obsUntracked},
}

// runsSpecs are calls of the reference git server's tools that the
// catalog spells as git commands (mcp.git.runs), by tool.
var runsSpecs = map[string]string{
	"git_add":           `{"server":"git","tool":"git_add","arguments":{"repo_path":"/w/app","files":["a.txt"]}}`,
	"git_checkout":      `{"server":"git","tool":"git_checkout","arguments":{"repo_path":"/w/app","branch_name":"main"}}`,
	"git_commit":        `{"server":"git","tool":"git_commit","arguments":{"repo_path":"/w/app","message":"wip"}}`,
	"git_create_branch": `{"server":"git","tool":"git_create_branch","arguments":{"repo_path":"/w/app","branch_name":"feat"}}`,
	"git_reset":         `{"server":"git","tool":"git_reset","arguments":{"repo_path":"/w/app"}}`,
}

func TestRows(t *testing.T) {
	var cases []rulestest.CallCase
	for _, r := range append(AnyRules(), Rules()...) {
		base := strings.TrimSuffix(r.ID, "."+r.Type)
		if o, ok := observedSpecs[base]; ok {
			cases = append(cases, rulestest.CallCase{Row: r.ID, Hit: strings.ReplaceAll(o.doc, "{tool}", r.Type), Miss: strings.ReplaceAll(o.doc, "{tool}", r.Type),
				Observed: o.hit, MissObserved: o.miss})
			continue
		}
		if doc, ok := runsSpecs[r.Type]; ok && base == "mcp.git.runs" {
			// The reference git server's tools, spelled as the git
			// command they run (catalog runs); a call with an argument
			// the command does not read is another server's.
			cases = append(cases, rulestest.CallCase{Row: r.ID, Hit: doc,
				Miss: strings.Replace(doc, `"repo_path"`, `"force":true,"repo_path"`, 1)})
			continue
		}
		s, ok := specs[base]
		if !ok {
			t.Errorf("no spec for %s (base %s)", r.ID, base)
			continue
		}
		cases = append(cases, rulestest.CallCase{Row: r.ID, Hit: strings.ReplaceAll(s.hit, "{tool}", r.Type), Miss: strings.ReplaceAll(s.miss, "{tool}", r.Type)})
	}
	// A relative path is read from the agent's working directory when the
	// caller knows it: "../.bashrc" from /home/dev/app is a home dotfile,
	// "." the working directory itself.
	cases = append(cases,
		rulestest.CallCase{Row: "mcp.fs.write.home-dotfile.write_file", Cwd: "/home/dev/app",
			Hit:  `{"server":"fs","tool":"write_file","arguments":{"path":"../.bashrc","content":"x"}}`,
			Miss: `{"server":"fs","tool":"write_file","arguments":{"path":"docs/.bashrc","content":"x"}}`},
		rulestest.CallCase{Row: "mcp.fs.delete.critical.delete_directory", Cwd: "/home/dev/app",
			Hit:  `{"server":"fs","tool":"delete_directory","arguments":{"path":"."}}`,
			Miss: `{"server":"fs","tool":"delete_directory","arguments":{"path":"docs/old"}}`},
		rulestest.CallCase{Row: "mcp.fs.delete.critical.delete_directory", Cwd: "/home/dev/app",
			Hit:  `{"server":"fs","tool":"delete_directory","arguments":{"path":"../../../etc"}}`,
			Miss: `{"server":"fs","tool":"delete_directory","arguments":{"path":"/tmp/x"}}`},
	)
	rulestest.RunCalls(t, append(AnyRules(), Rules()...), cases)
}
