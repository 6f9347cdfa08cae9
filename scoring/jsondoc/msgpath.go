package jsondoc

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxKeyShown is how many characters of a key a message shows: a longer
// key is cut in the middle, its first two thirds and last third kept
// around "…", and its length given, as the validator's messages cut a
// long value.
const MaxKeyShown = 60

// MessageKey returns key quoted as in a path (AppendQuoted), for a
// message: past MaxKeyShown characters cut in the middle, with its
// length after it: "kkk…kkk" (50,000 characters).
func MessageKey(key string) string {
	shown, length := Shorten(key)
	return string(AppendQuoted(nil, shown)) + length
}

// Shorten returns s as a message shows it: whole, and length empty, when
// it has at most MaxKeyShown characters; else its first two thirds and
// last third of MaxKeyShown characters around "…", and length its length
// to print after it, quoted or not: " (50,000 characters)".
func Shorten(s string) (shown, length string) {
	n := utf8.RuneCountInString(s)
	if n <= MaxKeyShown {
		return s, ""
	}
	i := 0
	for range MaxKeyShown * 2 / 3 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	j := len(s)
	for range MaxKeyShown / 3 {
		_, size := utf8.DecodeLastRuneInString(s[:j])
		j -= size
	}
	return s[:i] + "…" + s[j:], " (" + thousands(n) + " characters)"
}

// appendShortKey appends key quoted and shortened, in brackets.
func appendShortKey(dst []byte, key string) []byte {
	shown, length := Shorten(key)
	dst = AppendQuoted(append(dst, '['), shown)
	return append(append(dst, length...), ']')
}

// MessagePath returns path, a path as AppendKey and AppendIndex write it
// (or a schema path, with "[]" steps), for a message: each key of more
// than MaxKeyShown characters cut as MessageKey cuts it, in brackets:
// .a["kkk…kkk" (50,000 characters)].b. The path itself stays whole where
// it is data (a report's JSON); only messages show it cut. A string that
// does not read as such a path, and is longer than a cut key, is cut in
// the middle as a whole.
func MessagePath(path string) string {
	if len(path) <= MaxKeyShown+2 { // no key in it can be longer
		return path
	}
	var out []byte
	for i := 0; i < len(path); {
		switch {
		case path[i] == '.' && i+1 < len(path) && path[i+1] != '[':
			j := i + 1
			for j < len(path) && (path[j] == '_' || path[j] >= 'a' && path[j] <= 'z' || path[j] >= 'A' && path[j] <= 'Z' || path[j] >= '0' && path[j] <= '9') {
				j++
			}
			if j == i+1 {
				return CutMiddle(path)
			}
			if key := path[i+1 : j]; len(key) > MaxKeyShown {
				if len(out) == 0 {
					out = append(out, '.') // as AppendKey writes a first key in brackets
				}
				out = appendShortKey(out, key)
			} else {
				out = append(out, path[i:j]...)
			}
			i = j
		case path[i] == '.':
			out = append(out, '.')
			i++
		case strings.HasPrefix(path[i:], `["`):
			j := i + 2
			for j < len(path) && path[j] != '"' {
				if path[j] == '\\' {
					j++
				}
				j++
			}
			if j+1 >= len(path) || path[j+1] != ']' {
				return CutMiddle(path)
			}
			lit := path[i+1 : j+1]
			var key string
			if json.Unmarshal([]byte(lit), &key) != nil {
				return CutMiddle(path)
			}
			if utf8.RuneCountInString(key) > MaxKeyShown {
				out = appendShortKey(out, key)
			} else {
				out = append(out, path[i:j+2]...)
			}
			i = j + 2
		case path[i] == '[':
			j := strings.IndexByte(path[i:], ']')
			if j < 0 {
				return CutMiddle(path)
			}
			for _, c := range []byte(path[i+1 : i+j]) {
				if c < '0' || c > '9' {
					return CutMiddle(path)
				}
			}
			out = append(out, path[i:i+j+1]...)
			i += j + 1
		default:
			return CutMiddle(path)
		}
	}
	return string(out)
}

// MessageLocation returns a schema location ("schema.json#/properties/a"),
// for a message: each step of its JSON pointer (after the "#") of more
// than MaxKeyShown characters cut as CutMiddle cuts it.
func MessageLocation(loc string) string {
	hash := strings.IndexByte(loc, '#')
	if hash < 0 || len(loc)-hash <= MaxKeyShown+1 {
		return loc
	}
	steps := strings.Split(loc[hash+1:], "/")
	for i, s := range steps {
		steps[i] = CutMiddle(s)
	}
	return loc[:hash+1] + strings.Join(steps, "/")
}

// CutMiddle returns s, when longer than MaxKeyShown characters, cut in
// the middle as a key is, but not quoted.
func CutMiddle(s string) string {
	shown, length := Shorten(s)
	return shown + length
}

// thousands writes n with commas every three digits: 50,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
