package langchain

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// naivePartial is parse_partial_json as LangChain writes it, line by
// line: json.loads on every shortening of the repaired text, from the
// longest, which takes quadratic time. parsePartial must agree with it.
func naivePartial(s []byte) partial {
	if err := loads(s, false); err == nil || err.kind != "JSONDecodeError" {
		return partial{text: s, err: err}
	}
	type char struct{ b []byte } // an element of new_chars
	var chars []char
	var stack []byte
	inString, escaped := false, false
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRune(s[i:])
		c := s[i : i+size]
		i += size
		ch := c
		switch {
		case inString:
			switch {
			case c[0] == '"' && !escaped:
				inString = false
			case c[0] == '\n' && !escaped:
				ch = []byte(`\n`)
			case c[0] == '\\':
				escaped = !escaped
			default:
				escaped = false
			}
		case c[0] == '"':
			inString, escaped = true, false
		case c[0] == '{':
			stack = append(stack, '}')
		case c[0] == '[':
			stack = append(stack, ']')
		case c[0] == '}' || c[0] == ']':
			if len(stack) == 0 || stack[len(stack)-1] != c[0] {
				return partial{none: true}
			}
			stack = stack[:len(stack)-1]
		}
		chars = append(chars, char{ch})
	}
	if inString {
		if escaped {
			chars = chars[:len(chars)-1]
		}
		chars = append(chars, char{[]byte(`"`)})
	}
	var closers []byte
	for k := len(stack) - 1; k >= 0; k-- {
		closers = append(closers, stack[k])
	}
	for len(chars) > 0 {
		var text []byte
		for _, c := range chars {
			text = append(text, c.b...)
		}
		text = append(text, closers...)
		err := loads(text, false)
		if err == nil {
			return partial{text: text}
		}
		if err.kind != "JSONDecodeError" {
			return partial{err: err}
		}
		chars = chars[:len(chars)-1]
	}
	return partial{err: loads(s, false)}
}

// FuzzRead checks the reading of any prediction: no panic; a Reading
// with a document or an *Error placed in the prediction; parsePartial
// equal to LangChain's quadratic loop (naivePartial); and a document for
// every text json.loads reads. The seed corpus (testdata/fuzz/FuzzRead)
// holds the cases of issue 10 and the shapes that found bugs.
func FuzzRead(f *testing.F) {
	for _, c := range readCases {
		if len(c.pred) < 200 {
			f.Add([]byte(c.pred))
		}
	}
	f.Fuzz(func(t *testing.T, pred []byte) {
		for _, read := range []func(string, []byte) (*Reading, error){Read, ReadValid} {
			rd, err := read("fuzz.txt", pred)
			if err != nil {
				e, ok := err.(*Error)
				if !ok {
					t.Fatalf("%q: error %v is %T", pred, err, err)
				}
				if e.Line < 1 || e.Col < 1 || e.Offset < 0 || e.Offset > len(pred) || e.Reason == "" {
					t.Fatalf("%q: bad error %+v", pred, e)
				}
				continue
			}
			if rd.Doc == nil {
				t.Fatalf("%q: no document", pred)
			}
		}
		if len(pred) > 300 || !utf8.Valid(pred) {
			return // the naive loop is quadratic; Python's text is UTF-8
		}
		got, want := parsePartial(pred), naivePartial(pred)
		switch {
		case got.none != want.none:
			t.Fatalf("%q: None %v, LangChain's loop %v", pred, got.none, want.none)
		case (got.err == nil) != (want.err == nil):
			t.Fatalf("%q: error %+v, LangChain's loop %+v", pred, got.err, want.err)
		case got.err != nil && (got.err.kind != want.err.kind || got.err.msg != want.err.msg || got.err.pos != want.err.pos):
			t.Fatalf("%q: error %+v, LangChain's loop %+v", pred, *got.err, *want.err)
		case !bytes.Equal(got.text, want.text):
			t.Fatalf("%q: reads %q, LangChain's loop %q", pred, got.text, want.text)
		}
		if got.text != nil {
			if _, err := jsondoc.Parse("fuzz.json", got.text, &jsondoc.Options{Python: true}); err != nil {
				t.Fatalf("%q: json.loads reads %q, jsondoc does not: %v", pred, got.text, err)
			}
		}
	})
}
