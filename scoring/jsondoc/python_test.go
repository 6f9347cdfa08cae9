package jsondoc

import (
	"math"
	"strings"
	"testing"
)

// TestParsePython checks what Options.Python accepts beyond RFC 8259, as
// Python's json.loads(s, strict=False) does, and that the default parse
// still refuses each of them.
func TestParsePython(t *testing.T) {
	py := &Options{Python: true}
	d, err := Parse("p.json", []byte("[NaN, Infinity, -Infinity, 1e400, -1e400, 1e-400, "+
		strings.Repeat("9", 400)+`, "a\tb`+"\n"+`c", "\ud800x\udc00\ud83d\ude00", {"\udfff": 1}]`), py)
	if err != nil {
		t.Fatal(err)
	}
	var got []ID
	for c := d.Child(0); c != None; c = d.Next(c) {
		got = append(got, c)
	}
	if len(got) != 10 {
		t.Fatalf("%d elements", len(got))
	}
	if f := d.Float(got[0]); !math.IsNaN(f) || d.Kind(got[0]) != Number || string(d.Raw(got[0])) != "NaN" {
		t.Errorf("NaN: %v %v %q", f, d.Kind(got[0]), d.Raw(got[0]))
	}
	for k, want := range []float64{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1), 0} {
		if f := d.Float(got[k+1]); f != want {
			t.Errorf("element %d (%s): %v, want %v", k+1, d.Raw(got[k+1]), f, want)
		}
	}
	if raw := string(d.Raw(got[6])); raw != strings.Repeat("9", 400) {
		t.Errorf("big integer: %q", raw)
	}
	if s := d.Str(got[7]); s != "a\tb\nc" {
		t.Errorf("control characters: %q", s)
	}
	if s := d.Str(got[8]); s != "\xed\xa0\x80x\xed\xb0\x80\U0001F600" {
		t.Errorf("lone surrogates: %q", s)
	}
	if k := d.Key(d.Child(got[9])); k != "\xed\xbf\xbf" {
		t.Errorf("lone surrogate in a key: %q", k)
	}

	for _, bad := range []string{"NaN", "[Infinity]", "-Infinity", "1e400", "\"a\tb\"", "\ufeff1"} {
		if _, err := Parse("s.json", []byte(bad), nil); err == nil && bad != "\ufeff1" {
			t.Errorf("strict parse accepts %q", bad)
		}
	}
	if _, err := Parse("p.json", []byte("\ufeff1"), py); err == nil {
		t.Error("Python parse skips a byte order mark")
	}
	// Words that only start like a constant are still errors.
	for _, bad := range []string{"Na", "[Infinit]", "-Inf", "nan", "+1"} {
		if _, err := Parse("p.json", []byte(bad), py); err == nil {
			t.Errorf("Python parse accepts %q", bad)
		}
	}
	// Without Python, a lone surrogate is U+FFFD.
	if d, err := Parse("s.json", []byte(`"\ud800"`), nil); err != nil || d.Str(0) != "\uFFFD" {
		t.Errorf("strict lone surrogate: %q, %v", d.Str(0), err)
	}
}

func TestParseRange(t *testing.T) {
	src := []byte("Here:\n```json\n{\"a\": [1,\n  2]}\n```\n")
	lo := strings.Index(string(src), "{")
	hi := strings.LastIndex(string(src), "}") + 1
	d, err := ParseRange("out.md", src, lo, hi, nil)
	if err != nil {
		t.Fatal(err)
	}
	two := d.Next(d.Child(d.Child(0)))
	if line, col := d.Position(two); line != 4 || col != 3 || string(d.Source()) != string(src) {
		t.Errorf("position %d:%d", line, col)
	}
	_, err = ParseRange("out.md", src, lo, hi-1, nil)
	if err == nil || err.Error() != "out.md:4:5: unexpected end of JSON input" {
		t.Errorf("error %v", err)
	}
	if _, err := ParseRange("out.md", src, 5, 2, nil); err == nil {
		t.Error("a reversed range is accepted")
	}
}
