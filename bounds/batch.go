package bounds

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxLine is the longest query line Batch reads, in bytes.
const MaxLine = 1 << 20

// A LineError is a line of a batch (stdin, to the user) that is not a
// query Eval can answer, or is too long.
type LineError struct {
	Line int // from 1
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("stdin line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// Batch answers one JSON query per non-blank line of r, an object with the
// keys of Query, with one line of Write each. It stops at the first bad line
// with a *LineError, after the answers to the lines before it; any other
// error is one of reading or writing.
func Batch(r io.Reader, w io.Writer) error {
	bw := bufio.NewWriter(w)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), MaxLine)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var q Query
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		err := dec.Decode(&q)
		if err == nil && dec.More() {
			err = errors.New("more than one JSON value")
		}
		var res Result
		if err == nil {
			res, err = Eval(q)
		}
		if err != nil {
			bw.Flush()
			return &LineError{line, err}
		}
		if err := Write(bw, res); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		bw.Flush()
		if errors.Is(err, bufio.ErrTooLong) {
			return &LineError{line + 1, fmt.Errorf("longer than %d bytes", MaxLine)}
		}
		return fmt.Errorf("stdin line %d: %w", line+1, err)
	}
	return bw.Flush()
}

// Write writes res as one line of JSON.
func Write(w io.Writer, res Result) error {
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
