// Package lazyregexp is a regular expression compiled on first use.
//
// Every hook call is a new process, and every process runs the
// initialisation of every package it links: a package-level
// regexp.MustCompile is paid on each call, by the supervising parent and
// its child alike, whether the line ever reaches the pattern or not. A
// *Regexp made by New costs nothing until a method is called.
// (Go's own cmd/go has the same helper, internal/lazyregexp.)
package lazyregexp

import (
	"regexp"
	"sync"
)

// Regexp is a regexp.Regexp compiled the first time it is used.
type Regexp struct {
	expr string
	once sync.Once
	rx   *regexp.Regexp
}

// New returns the expression, compiled on first use. An expression that
// does not compile panics then, as regexp.MustCompile does; the package
// tests that use it find that.
func New(expr string) *Regexp { return &Regexp{expr: expr} }

// Regexp is the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp {
	r.once.Do(func() { r.rx = regexp.MustCompile(r.expr) })
	return r.rx
}

// String is the expression's source text.
func (r *Regexp) String() string { return r.expr }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.Regexp().MatchString(s) }

// FindString is regexp.Regexp.FindString.
func (r *Regexp) FindString(s string) string { return r.Regexp().FindString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.Regexp().FindStringIndex(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Regexp().FindStringSubmatch(s) }

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Regexp().FindStringSubmatchIndex(s)
}

// FindAllString is regexp.Regexp.FindAllString.
func (r *Regexp) FindAllString(s string, n int) []string { return r.Regexp().FindAllString(s, n) }

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex.
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.Regexp().FindAllStringIndex(s, n)
}

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Regexp().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Regexp().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllStringFunc is regexp.Regexp.ReplaceAllStringFunc.
func (r *Regexp) ReplaceAllStringFunc(s string, repl func(string) string) string {
	return r.Regexp().ReplaceAllStringFunc(s, repl)
}

// SubexpIndex is regexp.Regexp.SubexpIndex.
func (r *Regexp) SubexpIndex(name string) int { return r.Regexp().SubexpIndex(name) }
