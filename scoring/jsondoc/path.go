package jsondoc

import (
	"strconv"
	"unicode/utf8"
)

// AppendKey appends the jq-style path step for an object key to dst:
// ".name" for a key matching [A-Za-z_][A-Za-z0-9_]*, else `["a key"]`
// with JSON string escaping.
func AppendKey(dst []byte, key string) []byte {
	if isIdent(key) {
		dst = append(dst, '.')
		return append(dst, key...)
	}
	if len(dst) == 0 {
		dst = append(dst, '.')
	}
	dst = append(dst, '[')
	dst = AppendQuoted(dst, key)
	return append(dst, ']')
}

// AppendIndex appends the path step "[i]" for an array element to dst.
func AppendIndex(dst []byte, i int) []byte {
	if len(dst) == 0 {
		dst = append(dst, '.')
	}
	dst = append(dst, '[')
	dst = strconv.AppendInt(dst, int64(i), 10)
	return append(dst, ']')
}

// RootPath is the path of the root value.
const RootPath = "."

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

const hexDigits = "0123456789abcdef"

// AppendQuoted appends s as a JSON string literal, escaping as
// encoding/json does (but leaving <, > and & alone), and DEL and the C1
// controls (U+0080–U+009F) too: a terminal showing the literal acts on
// none of its characters.
func AppendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' || r >= 0x80 && r <= 0x9f {
			dst = append(dst, s[start:i]...)
			switch {
			case r == utf8.RuneError:
				dst = append(dst, `\ufffd`...)
			case r <= 0x9f: // a C1 control: a terminal may act on it (U+009B is a CSI)
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xf])
			default:
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
