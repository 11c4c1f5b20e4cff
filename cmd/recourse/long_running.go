package main

import (
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/recourse-dev/recourse/model"
	"github.com/recourse-dev/recourse/report"
)

// stderrLogger is the log of a long-running command (mcp serve, mcp
// gateway, serve): text on stderr, at --log-level.
func stderrLogger(cmd *cobra.Command, level string) (*slog.Logger, error) {
	l, ok := map[string]slog.Level{"debug": slog.LevelDebug, "info": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError}[level]
	if !ok {
		return nil, usageErr("--log-level %q: expected debug, info, warn or error", level)
	}
	return slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: l})), nil
}

// errorDocument prints err's error document on stderr and returns exit
// status 1.
func errorDocument(cmd *cobra.Command, err error) error {
	_ = report.RenderError(cmd.ErrOrStderr(), model.AsError(err), report.FormatHuman)
	return &exitStatus{code: exitError}
}

// parseFailOn reads a --fail-on value: a decision that can stop a call.
func parseFailOn(s string) (model.Decision, error) {
	d, ok := model.ParseFailOn(s)
	if !ok {
		return "", usageErr("--fail-on %q: expected warn, escalate or block", s)
	}
	return d, nil
}
