// Package jsonstrict reads JSON the one way an executor does, or refuses
// it. encoding/json keeps the last of two equal keys and matches struct
// fields case-insensitively, so {"actions":["delete"],"actions":["no-op"]}
// or {"command":"rm -rf /","Command":"ls"} reads as one thing to Recourse
// and another to whatever runs it (JavaScript keeps the last key, Python's
// json the last, Go's struct decoding the case-folded last). A gate must
// not pick one of two readings: Duplicates finds a key given twice in any
// object, and Object reads an object's members by their exact names.
package jsonstrict

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/recourse-dev/recourse/internal/jsonerr"
	"github.com/recourse-dev/recourse/model"
)

// Duplicates returns an error naming the first object member of data
// whose key appears twice in its object (after JSON unescaping: "a" and
// "\u0061" are one key). Data that is not well-formed JSON is left to the
// decoder that reads it next, which says where it breaks: Duplicates then
// returns nil.
func Duplicates(data []byte) error {
	s := scanner{data: data}
	s.skipSpace()
	s.value()
	return s.err()
}

// Keys returns the member names of the object data is, unescaped, in
// the order they appear, having checked as Duplicates does that no key
// appears twice in any object. Data that is not a well-formed JSON
// object has no keys here (nil, and the duplicate's error if a key was
// given twice before the text broke): the decoder that reads it next says
// where it breaks. One pass over data and a check that it is well-formed
// give what reading it into a map[string]json.RawMessage gives a reader
// that checks its keys, without the map.
func Keys(data []byte) ([]string, error) {
	s := scanner{data: data, keys: []string{}}
	s.skipSpace()
	ok := s.value()
	if err := s.err(); err != nil {
		return nil, err
	}
	if !ok || len(data) == 0 || data[firstByte(data)] != '{' || !json.Valid(data) {
		return nil, nil
	}
	return s.keys, nil
}

// err is the duplicate the scanner found, as an error.
func (s *scanner) err() error {
	if s.dup == nil {
		return nil
	}
	d := s.dup
	line, col := jsonerr.Position(s.data, int64(d.offset))
	return &model.Error{Kind: model.KindInvalidField, Field: d.path, Line: line, Column: col,
		Message:  fmt.Sprintf("the key %q appears twice in one object; a reader keeps one of the two and Recourse will not guess which", d.key),
		Expected: "each key once per object"}
}

// firstByte is the offset of data's first byte that is not white space.
func firstByte(data []byte) int {
	return len(data) - len(bytes.TrimLeft(data, " \t\r\n"))
}

// Object reads data as one JSON object with no duplicate key anywhere and
// returns its members by their exact names.
func Object(data []byte) (map[string]json.RawMessage, error) {
	if err := Duplicates(data); err != nil {
		return nil, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return nil, err
	}
	return obj, nil
}

// CaseVariants returns an error when obj has a key that differs from one
// of names only in letter case ("Command" beside "command"): one reader
// folds case and another does not, so the input means two things.
func CaseVariants(obj map[string]json.RawMessage, field string, names ...string) error {
	for key := range obj {
		for _, name := range names {
			if key != name && strings.EqualFold(key, name) {
				where := key
				if field != "" {
					where = field + "." + key
				}
				return &model.Error{Kind: model.KindInvalidField, Field: where,
					Message:  fmt.Sprintf("the key %q differs from %q only in letter case; readers disagree on which one counts, so Recourse will not guess", key, name),
					Expected: fmt.Sprintf("only the key %q", name)}
			}
		}
	}
	return nil
}

// duplicate is where Duplicates found a key given twice.
type duplicate struct {
	key    string
	path   string
	offset int
}

// scanner walks well-formed JSON, remembering the path to where it is.
type scanner struct {
	data []byte
	i    int
	// path is the member names and element indexes above the value being
	// read, as offsets into data (a key) or an index (-1 start).
	path []segment
	dup  *duplicate
	// keys, when not nil (Keys; Duplicates needs none), collects the
	// member names of the top-level object, unescaped.
	keys []string
}

type segment struct {
	start int // where the key's quoted text starts; < 0 for an array index
	index int
}

// maxNesting is encoding/json's own limit: deeper input is not
// well-formed to the decoders that read it after Duplicates.
const maxNesting = 10000

// value reads one value; false means data is not well-formed or a
// duplicate was found.
func (s *scanner) value() bool {
	if s.i >= len(s.data) {
		return false
	}
	if len(s.path) >= maxNesting {
		return false
	}
	switch c := s.data[s.i]; {
	case c == '{':
		return s.object()
	case c == '[':
		return s.array()
	case c == '"':
		_, ok := s.str()
		return ok
	default:
		start := s.i
		for s.i < len(s.data) && !strings.ContainsRune(",]} \t\r\n", rune(s.data[s.i])) {
			s.i++
		}
		return s.i > start
	}
}

// smallObject is how many keys an object may have before its keys are
// kept in a map rather than compared one by one.
const smallObject = 16

func (s *scanner) object() bool {
	s.i++ // {
	s.skipSpace()
	if s.i < len(s.data) && s.data[s.i] == '}' {
		s.i++
		return true
	}
	var few [smallObject][]byte
	keys := few[:0]
	var many map[string]bool
	for {
		if s.i >= len(s.data) || s.data[s.i] != '"' {
			return false
		}
		start := s.i
		key, ok := s.str()
		if !ok {
			return false
		}
		seen := false
		if many != nil {
			seen = many[string(key)] // a lookup by converted bytes does not allocate
			many[string(key)] = true
		} else {
			for _, k := range keys {
				seen = seen || bytes.Equal(k, key)
			}
			keys = append(keys, key)
			if len(keys) > smallObject {
				many = make(map[string]bool, 2*smallObject)
				for _, k := range keys {
					many[string(k)] = true
				}
			}
		}
		if seen {
			s.dup = &duplicate{key: string(key), path: s.pathText(string(key)), offset: start}
			return false
		}
		if s.keys != nil && len(s.path) == 0 {
			s.keys = append(s.keys, string(key))
		}
		s.skipSpace()
		if s.i >= len(s.data) || s.data[s.i] != ':' {
			return false
		}
		s.i++
		s.skipSpace()
		if more, ok := s.member(segment{start: start}, '}'); !more {
			return ok
		}
	}
}

// member reads the value at seg and what follows it: more is true after a
// comma, false after close (ok) or anything else (not ok).
func (s *scanner) member(seg segment, close byte) (more, ok bool) {
	s.path = append(s.path, seg)
	ok = s.value()
	s.path = s.path[:len(s.path)-1]
	if !ok {
		return false, false
	}
	s.skipSpace()
	if s.i >= len(s.data) {
		return false, false
	}
	switch s.data[s.i] {
	case ',':
		s.i++
		s.skipSpace()
		return true, true
	case close:
		s.i++
		return false, true
	}
	return false, false
}

func (s *scanner) array() bool {
	s.i++ // [
	s.skipSpace()
	if s.i < len(s.data) && s.data[s.i] == ']' {
		s.i++
		return true
	}
	for n := 0; ; n++ {
		if more, ok := s.member(segment{start: -1, index: n}, ']'); !more {
			return ok
		}
	}
}

// str reads a string and returns its value. Only a string with an escape
// or invalid UTF-8 is decoded; the others are their bytes in data, not a
// copy: the scanner
// reads every key of a plan, and a copy of each was a third of its
// allocations.
func (s *scanner) str() ([]byte, bool) {
	start := s.i
	s.i++
	escaped := false
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case '\\':
			escaped = true
			s.i += 2
			continue
		case '"':
			s.i++
			raw := s.data[start+1 : s.i-1]
			// Decoders read invalid UTF-8 as U+FFFD: "\xcc" and "\xe1" are
			// one key to them, as two escapes of one letter are.
			if !escaped && utf8.Valid(raw) {
				return raw, true
			}
			var v string
			if json.Unmarshal(s.data[start:s.i], &v) != nil {
				return nil, false
			}
			return []byte(v), true
		}
		s.i++
	}
	return nil, false
}

func (s *scanner) skipSpace() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// pathText renders the path to a member key of the object being read:
// resource_changes[3].change.actions.
func (s *scanner) pathText(key string) string {
	var b strings.Builder
	for _, seg := range s.path {
		if seg.start < 0 {
			b.WriteString("[" + strconv.Itoa(seg.index) + "]")
			continue
		}
		var k string
		_ = json.Unmarshal(s.data[seg.start:s.keyEnd(seg.start)], &k)
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(k)
	}
	if b.Len() > 0 {
		b.WriteByte('.')
	}
	b.WriteString(key)
	return b.String()
}

// keyEnd is the end of the quoted key that starts at start.
func (s *scanner) keyEnd(start int) int {
	i := start + 1
	for i < len(s.data) && s.data[i] != '"' {
		if s.data[i] == '\\' {
			i++
		}
		i++
	}
	return min(i+1, len(s.data))
}
