package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
)

// decodeStrict decodes the JSON object b into v, a pointer to a struct,
// refusing what json.Unmarshal lets pass: a key that names no field, or
// names one in other case; a key twice; a null; and a field without
// omitempty missing, unless optional says that its path may be
// ("tables.*.rows": keys of maps and indexes of lists are "*").
func decodeStrict(b []byte, v any, optional func(path string) bool) error {
	if err := checkKeys(b, reflect.TypeOf(v).Elem(), "", optional); err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// checkKeys checks the keys of the JSON value raw against the type t, at
// path.
func checkKeys(raw []byte, t reflect.Type, path string, optional func(string) bool) error {
	at := func(key string) string { return strings.TrimPrefix(path+"."+key, ".") }
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return fmt.Errorf("%s is null", strings.TrimPrefix(path, "."))
	}
	switch {
	case t == reflect.TypeOf(time.Time{}):
		return nil
	case t.Kind() == reflect.Struct:
		keys, values, err := objectKeys(raw)
		if err != nil {
			return fmt.Errorf("%s: %v", orTop(path), err)
		}
		fields := make(map[string]reflect.Type)
		var want []string
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			fields[name] = f.Type
			if !strings.Contains(opts, "omitempty") && (optional == nil || !optional(at(name))) {
				want = append(want, name)
			}
		}
		for i, k := range keys {
			ft, ok := fields[k]
			switch {
			case slices.Contains(keys[:i], k):
				return fmt.Errorf("key %q twice", at(k))
			case !ok:
				for name := range fields {
					if strings.EqualFold(name, k) {
						return fmt.Errorf("key %q: keys are case-sensitive, want %q", at(k), at(name))
					}
				}
				return fmt.Errorf("unknown key %q", at(k))
			}
			if err := checkKeys(values[i], ft, at(k), optional); err != nil {
				return err
			}
		}
		for _, name := range want {
			if !slices.Contains(keys, name) {
				return fmt.Errorf("key %q missing", at(name))
			}
		}
	case t.Kind() == reflect.Map:
		keys, values, err := objectKeys(raw)
		if err != nil {
			return fmt.Errorf("%s: %v", orTop(path), err)
		}
		for i, k := range keys {
			if slices.Contains(keys[:i], k) {
				return fmt.Errorf("key %q twice", at(k))
			}
			if err := checkKeys(values[i], t.Elem(), at("*"), optional); err != nil {
				return err
			}
		}
	case t.Kind() == reflect.Slice:
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return fmt.Errorf("%s: %v", orTop(path), err)
		}
		for _, item := range items {
			if err := checkKeys(item, t.Elem(), at("*"), optional); err != nil {
				return err
			}
		}
	}
	return nil
}

func orTop(path string) string {
	if path == "" {
		return "the object"
	}
	return path
}

// objectKeys returns the keys of the JSON object raw, in order, and their
// values.
func objectKeys(raw []byte) (keys []string, values []json.RawMessage, err error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("not a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		keys, values = append(keys, tok.(string)), append(values, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, nil, err
	}
	return keys, values, nil
}
