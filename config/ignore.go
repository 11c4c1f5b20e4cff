package config

import (
	"fmt"
	"strings"
	"time"

	"github.com/recourse-dev/recourse/model"
)

// IgnoreMarker starts an inline suppression in a comment on a Terraform
// block: # recourse:ignore RULE reason="…" expires=YYYY-MM-DD.
const IgnoreMarker = "recourse:ignore"

// ParseIgnore reads the inline suppression in comment (the text after
// the comment's # or //), written at file:line, for the resource address.
// ok is false when the comment holds no marker. It is an exception with the
// limits of a configured one: a rule, a reason and an end date at most
// MaxExceptionDays ahead, else an error naming what is missing; one that
// has ended is returned with expired set, to be reported and not applied.
func ParseIgnore(comment, file string, line int, address string, now time.Time) (x model.Exception, ok, expired bool, err error) {
	text := strings.TrimSpace(comment)
	rest, found := strings.CutPrefix(text, IgnoreMarker)
	if !found || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return model.Exception{}, false, false, nil
	}
	src := fmt.Sprintf("%s:%d", file, line)
	today := now.UTC().Truncate(24 * time.Hour)
	example := fmt.Sprintf(`# %s aws.rds.instance.delete.no-recovery-point reason="replica rebuilt from prod nightly" expires=%s`,
		IgnoreMarker, today.AddDate(0, 0, 30).Format(time.DateOnly))
	bad := func(field, msg, expected string) error {
		return &model.Error{Kind: model.KindInvalidField, File: file, Line: line, Field: field, Message: msg, Expected: expected, Example: example}
	}
	words, err := ignoreWords(rest)
	if err != nil {
		return model.Exception{}, true, false, bad("recourse:ignore", err.Error(), `RULE reason="…" expires=YYYY-MM-DD`)
	}
	if len(words) == 0 || strings.Contains(words[0], "=") {
		return model.Exception{}, true, false, bad("recourse:ignore", "names no rule", "a rule id or a glob (aws.rds.*) right after recourse:ignore")
	}
	x = model.Exception{Rule: words[0], Match: address, Exact: true, Source: src}
	for _, w := range words[1:] {
		key, value, _ := strings.Cut(w, "=")
		switch key {
		case "reason":
			x.Reason = value
		case "expires":
			x.Expires = value
		default:
			return model.Exception{}, true, false, bad("recourse:ignore", fmt.Sprintf("%q is not reason= or expires=", w), `RULE reason="…" expires=YYYY-MM-DD`)
		}
	}
	if strings.TrimSpace(x.Reason) == "" {
		return model.Exception{}, true, false, bad("reason", "missing", "why this change is acceptable, for whoever reads the report")
	}
	end, perr := time.Parse(time.DateOnly, x.Expires)
	if perr != nil {
		return model.Exception{}, true, false, bad("expires", fmt.Sprintf("%q is not a date", x.Expires), "the last day it applies, YYYY-MM-DD")
	}
	if latest := today.AddDate(0, 0, MaxExceptionDays); end.After(latest) {
		return model.Exception{}, true, false, bad("expires", fmt.Sprintf("%s is more than %d days ahead", x.Expires, MaxExceptionDays),
			"a date no later than "+latest.Format(time.DateOnly)+": an exception is a decision to revisit")
	}
	return x, true, end.Before(today), nil
}

// ignoreWords splits an ignore's words at blanks, reading key="a b" values
// with backslash escapes as one word without the quotes.
func ignoreWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
		case c == '"':
			quoted, inWord = !quoted, true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("a quoted value is not closed")
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}
