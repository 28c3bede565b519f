package experiments

import "fmt"

// SpecError is an error at a place in a spec file.
type SpecError struct {
	File string
	Line int    // 1-based; 0 if unknown
	Key  string // dotted path of the key, such as grid.n; may be empty
	Msg  string
}

// Error returns "file:line: key: msg", leaving out what is unknown.
func (e *SpecError) Error() string {
	s := e.File
	if e.Line > 0 {
		s += fmt.Sprintf(":%d", e.Line)
	}
	if e.Key != "" {
		s += ": " + e.Key
	}
	return s + ": " + e.Msg
}
