// Package hostile builds the inputs an attacker or a careless caller
// hands a gate to make it drop work, run out of memory or miss its
// deadline: the regression inputs of the limits tests and of
// scripts/bench-limits. They are data for Recourse to read; nothing here
// is ever run.
package hostile

import (
	"fmt"
	"strings"

	"github.com/recourse-dev/recourse/internal/plangen"
)

// Destructive is the command the shell cases end in.
const Destructive = "rm -rf /"

// NoOpPrefix is n no-op commands (`:`) and then Destructive: a parser
// that stops at a command cap never sees the delete.
// At n = 100,000 it is the longest line of commands under the size limit.
func NoOpPrefix(n int) string { return strings.Repeat(":;", n) + Destructive }

// SQLStatements is one psql -c of n SELECTs and then a DROP TABLE.
func SQLStatements(n int) string {
	return "psql -c '" + strings.Repeat("SELECT 1;", n) + "DROP TABLE users;'"
}

// ExpansionBomb doubles a variable n times in a branch that never runs,
// then deletes the home directory: about 10·n bytes whose values, if
// expanded, grow as 2^n.
func ExpansionBomb(n int) string {
	var b strings.Builder
	b.WriteString("if false; then a=x;")
	for range n {
		b.WriteString(` a="$a$a";`)
	}
	b.WriteString(" fi; rm -rf ~")
	return b.String()
}

// WideExpansion assigns a value just under a word's cap to each of vars
// variables and refers to them all refs times: the line's total expansion
// work, not any one value, is what grows.
func WideExpansion(vars, refs int) string {
	var b strings.Builder
	for i := range vars {
		fmt.Fprintf(&b, "v%d=%s; ", i, strings.Repeat("x", 8<<10))
	}
	for range refs {
		b.WriteString("echo")
		for i := range vars {
			fmt.Fprintf(&b, " $v%d", i)
		}
		b.WriteString("; ")
	}
	b.WriteString(Destructive)
	return b.String()
}

// AwkRedirections is one awk program that prints into n files: n
// mutations from one command, each of which used to carry the whole line.
func AwkRedirections(n int) string {
	var b strings.Builder
	b.WriteString("awk '{")
	for i := range n {
		fmt.Fprintf(&b, `print > "/tmp/out%d"; `, i)
	}
	b.WriteString("}' input.txt")
	return b.String()
}

// Nested runs Destructive through sh -c n levels deep.
func Nested(n int) string {
	line := Destructive
	for range n {
		line = "sh -c '" + strings.ReplaceAll(line, "'", `'\''`) + "'"
	}
	return line
}

// DensePlan deletes n security groups that each reference refs others.
func DensePlan(n, refs int) []byte { return plangen.DenseSecurityGroups(n, refs) }
