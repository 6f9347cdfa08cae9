package history

import (
	"encoding/json"
	"strings"
)

// impliedLabel reports whether label is what pathLabel reads off path,
// checking the common forms without parsing: ".key" and "[i]" endings.
func impliedLabel(path, label string) bool {
	if !strings.HasSuffix(path, label) || label == "" {
		return false
	}
	before := len(path) - len(label) - 1
	switch {
	case label[0] == '[' && len(label) >= 3 && label[len(label)-1] == ']':
		return isDigits(label[1 : len(label)-1])
	case before >= 0 && path[before] == '.':
		return isIdentKey(label)
	}
	l, ok := pathLabel(path)
	return ok && l == label
}

// isIdentKey reports whether a key is written .key in a path.
func isIdentKey(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// kindCode and statusCode return 1 + the index of s in kinds and
// statuses, 0 when it is not there (the name is then stored as a string).
func kindCode(s string) byte {
	switch s {
	case "object":
		return 1
	case "array":
		return 2
	case "string":
		return 3
	case "number":
		return 4
	case "bool", "boolean": // "boolean": runs recorded before kinds were named as docs/datasets.md names them
		return 5
	case "null":
		return 6
	}
	return 0
}

func statusCode(s string) byte {
	switch s {
	case "match":
		return 1
	case "partial":
		return 2
	case "mismatch":
		return 3
	case "missing":
		return 4
	case "extra":
		return 5
	case "type":
		return 6
	case "ignored":
		return 7
	}
	return 0
}

// pathLabel returns the label the tree shows for the last step of a
// jq-style path: "." for the root, the key, or "[i]"; ok is false when the
// path does not end in a step it can read.
func pathLabel(path string) (label string, ok bool) {
	if path == "." {
		return ".", true
	}
	if !strings.HasSuffix(path, "]") {
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return "", false
		}
		return path[i+1:], true
	}
	if i := strings.LastIndexByte(path, '['); i >= 0 && isDigits(path[i+1:len(path)-1]) {
		return path[i:], true
	}
	for i := strings.LastIndex(path, `["`); i >= 0; i = strings.LastIndex(path[:i], `["`) {
		var s string
		if json.Unmarshal([]byte(path[i+1:len(path)-1]), &s) == nil {
			return s, true
		}
	}
	return "", false
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
