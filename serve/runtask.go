package serve

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/evaluator"
	"github.com/recourse-dev/recourse/internal/redact"
	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// An HCP Terraform / Terraform Enterprise run task (Run Tasks Integration
// API, https://developer.hashicorp.com/terraform/cloud-docs/api-docs/run-tasks/run-tasks-integration):
// HCP Terraform POSTs the request below, signed with HMAC-SHA512 of the
// body in X-Tfc-Task-Signature; the integration answers 200 at once, then
// fetches the plan JSON with the run's access token and PATCHes the
// task result to the callback URL within the 10-minute window.

// taskRequest is the run task request's payload (payload_version 1).
type taskRequest struct {
	PayloadVersion   int    `json:"payload_version"`
	AccessToken      string `json:"access_token"`
	Stage            string `json:"stage"`
	IsSpeculative    bool   `json:"is_speculative"`
	TaskResultID     string `json:"task_result_id"`
	CallbackURL      string `json:"task_result_callback_url"`
	RunAppURL        string `json:"run_app_url"`
	RunID            string `json:"run_id"`
	PlanJSONAPIURL   string `json:"plan_json_api_url"`
	OrganizationName string `json:"organization_name"`
	WorkspaceName    string `json:"workspace_name"`
}

// verificationToken is the access token of the request HCP Terraform
// sends when a run task is created or edited, to check the URL answers.
const verificationToken = "test-token"

// taskWindow is how long HCP Terraform waits for the callback.
const taskWindow = 10 * time.Minute

func (s *Server) runTask(w http.ResponseWriter, r *http.Request) {
	const endpoint = "/v1/run-tasks/terraform-cloud"
	refuse := func(code int, reason, message string) {
		s.metrics.request(endpoint, code, 0)
		if reason != "" {
			s.metrics.failure(endpoint, reason)
		}
		http.Error(w, message, code)
	}
	// Nothing is read before the signature could be right, and no more
	// than a run task's payload before it is checked; the body is parsed
	// only once it is.
	sig, err := hex.DecodeString(strings.TrimSpace(r.Header.Get("X-Tfc-Task-Signature")))
	if err != nil || len(sig) != sha512.Size {
		refuse(http.StatusUnauthorized, "signature", "X-Tfc-Task-Signature is missing or is not a hex HMAC-SHA512")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, runTaskMaxBytes))
	if err != nil {
		refuse(http.StatusRequestEntityTooLarge, "", fmt.Sprintf("the request body is over the %d-byte limit of a run task request", runTaskMaxBytes))
		return
	}
	if !s.validSignature(body, sig) {
		refuse(http.StatusUnauthorized, "signature", "X-Tfc-Task-Signature does not match the body under the configured HMAC key")
		return
	}
	var req taskRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&req); err != nil {
		refuse(http.StatusBadRequest, "", "the run task request is not JSON: "+err.Error())
		return
	}
	if req.AccessToken == verificationToken {
		s.metrics.request(endpoint, http.StatusOK, 0)
		w.WriteHeader(http.StatusOK) // the registration check, which starts nothing
		return
	}
	if req.PayloadVersion != 1 || req.CallbackURL == "" || req.AccessToken == "" {
		refuse(http.StatusBadRequest, "", "expected payload_version 1 with access_token and task_result_callback_url")
		return
	}
	if !s.replays.first(hex.EncodeToString(sig)) {
		refuse(http.StatusConflict, "replay", "this signed run task request was received already: each is accepted once")
		return
	}
	w.WriteHeader(http.StatusOK)
	s.metrics.request(endpoint, http.StatusOK, 0)
	s.tasks.Add(1)
	go func() {
		defer s.tasks.Done()
		ctx, cancel := context.WithTimeout(context.Background(), taskWindow-30*time.Second)
		defer cancel()
		s.completeTask(ctx, req, body)
	}()
}

// validSignature checks the body's HMAC-SHA512 in constant time.
func (s *Server) validSignature(body, sig []byte) bool {
	mac := hmac.New(sha512.New, s.tfcKey)
	mac.Write(body)
	return hmac.Equal(sig, mac.Sum(nil))
}

// completeTask judges the run's plan and calls HCP Terraform back. Any
// failure on the way is a failed task result, never a passed one.
func (s *Server) completeTask(ctx context.Context, req taskRequest, body []byte) {
	const endpoint = "/v1/run-tasks/terraform-cloud"
	result := taskResult{Status: "failed", URL: req.RunAppURL}
	// The plan it fetches may be as large as a body the service reads:
	// judging waits for that much memory budget, within the task's window.
	var rep *report.ConsequenceReport
	release, err := s.admit.acquire(ctx, s.admit.weightOf(s.opts.MaxBodyBytes), 0)
	if err == nil {
		rep, err = s.judgeRun(ctx, req)
		release()
	}
	e := s.recorder.Entry(endpoint, body, rep, err)
	switch {
	case err != nil:
		result.Message = "Recourse could not evaluate this run, so the task fails: " + redact.String(err.Error())
		s.metrics.failure(endpoint, "evaluation")
	default:
		failOn := model.Decision(s.opts.RunTaskFailOn)
		if failOn == "" {
			failOn = model.Escalate
		}
		if rep.RiskAssessment.Rank() < failOn.Rank() {
			result.Status = "passed"
		}
		result.Message = fmt.Sprintf("Recourse: %s — %s", strings.ToUpper(string(rep.RiskAssessment)), rep.AssessmentReason)
		result.Outcomes = outcomes(rep)
	}
	s.metrics.decision(endpoint, e.Decision)
	s.record(e, map[string]any{"run_id": req.RunID, "organization": req.OrganizationName, "workspace": req.WorkspaceName, "stage": req.Stage})
	if err := s.callBack(ctx, req, result); err != nil {
		s.opts.Logger.Error("run task callback failed", "run", req.RunID, "error", err)
		s.metrics.failure(endpoint, "callback")
	}
}

// judgeRun fetches the plan JSON and evaluates it.
func (s *Server) judgeRun(ctx context.Context, req taskRequest) (*report.ConsequenceReport, error) {
	if req.PlanJSONAPIURL == "" {
		return nil, fmt.Errorf("the %s stage has no plan to judge: run Recourse's task at post_plan or pre_apply", req.Stage)
	}
	if s.opts.Terraform == nil {
		return nil, errors.New("the service has no evaluator")
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, req.PlanJSONAPIURL, nil)
	if err != nil {
		return nil, err
	}
	hr.Header.Set("Authorization", "Bearer "+req.AccessToken)
	resp, err := s.opts.HTTPClient.Do(hr)
	if err != nil {
		return nil, fmt.Errorf("fetching the plan JSON: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetching the plan JSON: %s", resp.Status)
	}
	plan, err := io.ReadAll(io.LimitReader(resp.Body, int64(evaluator.MaxInputBytes)+1))
	if err != nil {
		return nil, fmt.Errorf("reading the plan JSON: %w", err)
	}
	if len(plan) > evaluator.MaxInputBytes {
		return nil, fmt.Errorf("the plan JSON is over the %d-byte limit", evaluator.MaxInputBytes)
	}
	return s.opts.Terraform.Evaluate(ctx, evaluator.KindTerraform, plan, nil,
		evaluator.Options{Actor: "hcp-terraform/" + req.OrganizationName + "/" + req.WorkspaceName, File: req.RunID, Timeout: s.opts.Timeout,
			Schemas: s.opts.ProviderSchemas})
}

// taskResult is the callback's attributes and outcomes.
type taskResult struct {
	Status   string
	Message  string
	URL      string
	Outcomes []map[string]any
}

// maxOutcomes bounds the outcomes sent; the message says when more exist.
const maxOutcomes = 50

// outcomes are the changes that are not reversible, worst first, as
// task-result-outcomes.
func outcomes(rep *report.ConsequenceReport) []map[string]any {
	var out []map[string]any
	for _, m := range rep.Mutations {
		r := m.Recoverability
		if r.Tier == model.TierReversible {
			continue
		}
		if len(out) == maxOutcomes {
			break
		}
		level := map[model.Tier]string{model.TierRecoverableWithEffort: "info", model.TierRecoverableFromBackup: "warning",
			model.TierUnrecoverable: "error", model.TierNeedsReview: "warning"}[r.Tier]
		out = append(out, map[string]any{
			"type": "task-result-outcomes",
			"attributes": map[string]any{
				"outcome-id":  fmt.Sprintf("recourse-%d", len(out)+1),
				"description": truncate(m.Intent.Target.ID+": "+r.Reasoning, 200),
				"body":        fmt.Sprintf("**%s** (tier %d, %s)\n\n%s\n\nRule: `%s`", m.Intent.Target.ID, r.Tier, r.Label, r.Reasoning, r.RuleID),
				"tags": map[string]any{
					"Tier": []map[string]string{{"label": fmt.Sprintf("%d %s", r.Tier, r.Label), "level": level}},
				},
			},
		})
	}
	return out
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// callBack PATCHes the task result, retrying a failed attempt with backoff
// within the window.
func (s *Server) callBack(ctx context.Context, req taskRequest, res taskResult) error {
	doc := map[string]any{"data": map[string]any{
		"type":          "task-results",
		"attributes":    map[string]any{"status": res.Status, "message": truncate(res.Message, 1000), "url": res.URL},
		"relationships": map[string]any{"outcomes": map[string]any{"data": res.Outcomes}},
	}}
	body, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	wait := time.Second
	for attempt := 1; ; attempt++ {
		hr, err := http.NewRequestWithContext(ctx, http.MethodPatch, req.CallbackURL, bytes.NewReader(body))
		if err != nil {
			return err
		}
		hr.Header.Set("Authorization", "Bearer "+req.AccessToken)
		hr.Header.Set("Content-Type", "application/vnd.api+json")
		resp, err := s.opts.HTTPClient.Do(hr)
		if err == nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
			resp.Body.Close()
			if resp.StatusCode < 300 {
				return nil
			}
			err = fmt.Errorf("callback answered %s", resp.Status)
			if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
				return err // a retry would get the same answer
			}
		}
		if attempt == 5 {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait *= 2
	}
}
