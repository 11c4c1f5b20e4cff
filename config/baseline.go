package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/model"
)

// BaselineVersion is the version of the baseline file format.
const BaselineVersion = 1

// maxBaselineBytes bounds a baseline file.
const maxBaselineBytes = 16 << 20

// Baseline is the findings a team has accepted as they are: recourse eval
// --baseline FILE treats each like an exception (at most warn, listed in
// every report as baselined), so that only new findings fail a run.
// Findings are keyed by rule and address, never by line: moving a block
// keeps it baselined, changing what it does does not.
type Baseline struct {
	Version  int               `json:"version"`
	Written  string            `json:"written"`
	Findings []BaselineFinding `json:"findings"`
}

// BaselineFinding is one accepted finding.
type BaselineFinding struct {
	Rule    string `json:"rule"`
	Address string `json:"address"`
	// Tier is the finding's tier when it was accepted; a finding whose
	// tier has since grown is new.
	Tier model.Tier `json:"tier"`
}

// ReadBaseline reads a baseline file strictly: unknown keys, a second
// value, an unknown version or an empty rule or address are errors.
func ReadBaseline(path string) (Baseline, error) {
	f, err := os.Open(path)
	if err != nil {
		return Baseline{}, &model.Error{Kind: model.KindInvalidField, File: path, Field: "--baseline", Message: "the baseline cannot be read: " + err.Error(), Expected: "a readable file written by recourse eval --write-baseline"}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBaselineBytes+1))
	if err != nil {
		return Baseline{}, &model.Error{Kind: model.KindInvalidField, File: path, Field: "--baseline", Message: "the baseline cannot be read: " + err.Error(), Expected: "a readable file written by recourse eval --write-baseline"}
	}
	example := `{"version": 1, "written": "2026-11-29", "findings": [{"rule": "aws.rds.instance.delete.no-recovery-point", "address": "aws_db_instance.main", "tier": 4}]}`
	bad := func(field, msg string) error {
		return &model.Error{Kind: model.KindInvalidField, File: path, Field: field, Message: msg,
			Expected: "a baseline written by recourse eval --write-baseline", Example: example}
	}
	if len(data) > maxBaselineBytes {
		return Baseline{}, bad("", fmt.Sprintf("larger than %d MiB", maxBaselineBytes>>20))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return Baseline{}, bad("", "not a baseline: "+err.Error())
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Baseline{}, bad("", "more than one JSON value")
	}
	if b.Version != BaselineVersion {
		return Baseline{}, bad("version", fmt.Sprintf("version %d is not %d", b.Version, BaselineVersion))
	}
	for i, f := range b.Findings {
		if strings.TrimSpace(f.Rule) == "" || strings.TrimSpace(f.Address) == "" || !f.Tier.Valid() {
			return Baseline{}, bad(fmt.Sprintf("findings[%d]", i), "needs a rule, an address and a tier (1–5)")
		}
	}
	return b, nil
}

// Exceptions are the baseline's findings as exceptions: each matches its
// rule and address exactly, and only up to the tier it was accepted at.
func (b Baseline) Exceptions(path string) []model.Exception {
	out := make([]model.Exception, 0, len(b.Findings))
	for _, f := range b.Findings {
		out = append(out, model.Exception{Rule: f.Rule, Match: f.Address, Exact: true, MaxTier: f.Tier,
			Reason: "accepted in the baseline written " + b.Written, Source: path})
	}
	return out
}

// NewBaseline is the baseline that accepts findings, sorted and without
// repeats, written as of now.
func NewBaseline(findings []BaselineFinding, now time.Time) Baseline {
	fs := slices.Clone(findings)
	slices.SortFunc(fs, func(a, b BaselineFinding) int {
		return strings.Compare(a.Rule+"\x00"+a.Address, b.Rule+"\x00"+b.Address)
	})
	fs = slices.CompactFunc(fs, func(a, b BaselineFinding) bool { return a.Rule == b.Rule && a.Address == b.Address })
	if fs == nil {
		fs = []BaselineFinding{}
	}
	return Baseline{Version: BaselineVersion, Written: now.UTC().Format(time.DateOnly), Findings: fs}
}
