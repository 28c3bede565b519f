package summary

import (
	"encoding/json"
	"io"
)

// writeObject writes row as one JSON object, its keys in order.
func writeObject(w io.Writer, row []Value) error {
	b := []byte{'{'}
	for i, kv := range row {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(kv.Key)
		v, err := json.Marshal(kv.Value)
		if err != nil {
			return err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	_, err := w.Write(append(b, "}\n"...))
	return err
}
