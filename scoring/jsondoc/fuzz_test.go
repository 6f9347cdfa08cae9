package jsondoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse checks that Parse agrees with encoding/json on validity and
// values, apart from the two documented differences: invalid UTF-8 is an
// error here (encoding/json replaces it) and a leading byte order mark is
// ignored here (as RFC 8259 allows).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"a": [1, 2.5e3, "x", true, null, {}]}`, `[]`, `"\u00e9\ud83d\ude00"`, `-0.0e-0`,
		`{"a":1,"a":2}`, `1e400`, `[1,]`, "\ufeff[]", "[\"\xff\"]", `{"é":"\/"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := Parse("fuzz.json", in, nil)
		var want any
		jerr := json.Unmarshal(in, &want)
		if bytes.HasPrefix(in, []byte("\ufeff")) {
			if jerr = json.Unmarshal(in[3:], &want); jerr != nil && err == nil {
				t.Fatalf("accepted %q (after BOM) that encoding/json rejects: %v", in, jerr)
			}
			return
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is %T", err, err)
			}
			if se.Line < 1 || se.Col < 1 || se.Offset > len(in) {
				t.Fatalf("bad position %+v", se)
			}
			if strings.Contains(se.Msg, "UTF-8") && !utf8.Valid(in) {
				return
			}
			if jerr == nil {
				t.Fatalf("rejected %q that encoding/json accepts: %v", in, err)
			}
			return
		}
		if jerr != nil {
			t.Fatalf("accepted %q that encoding/json rejects: %v", in, jerr)
		}
		if !utf8.Valid(in) {
			t.Fatalf("accepted invalid UTF-8 %q", in)
		}
		if got := toAny(d, 0); !reflect.DeepEqual(got, want) {
			t.Fatalf("Parse(%q) = %#v, encoding/json says %#v", in, got, want)
		}
	})
}
