package setting

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"testing"
)

func flag(name string) string { return "--" + name }

func TestError(t *testing.T) {
	cases := []struct {
		err        *Error
		text, flag string
	}{
		{New("strings", `"50%"`, "use levenshtein"), `strings "50%": use levenshtein`, `--strings "50%": use levenshtein`},
		{New("normalize", "", "unknown normalization"), "normalize: unknown normalization", "--normalize: unknown normalization"},
		{Errorf("%[1]s exact does not take %[2]s (it takes %[3]s, %[4]s)", "metric", "lists", "abs-tol", "rel-tol"),
			"metric exact does not take lists (it takes abs-tol, rel-tol)",
			"--metric exact does not take --lists (it takes --abs-tol, --rel-tol)"},
		{Errorf("use %[1]s "+Esc("100%")+" or %[1]s none", "pass"), "use pass 100% or pass none", "use --pass 100% or --pass none"},
	}
	for _, c := range cases {
		if got := c.err.Error(); got != c.text {
			t.Errorf("Error() = %q, want %q", got, c.text)
		}
		if got := c.err.Text(flag); got != c.flag {
			t.Errorf("Text(flag) = %q, want %q", got, c.flag)
		}
	}
	var b bytes.Buffer
	var back struct{ E *Error }
	if err := gob.NewEncoder(&b).Encode(struct{ E *Error }{cases[2].err}); err != nil {
		t.Fatal(err)
	}
	if err := gob.NewDecoder(&b).Decode(&back); err != nil || back.E.Text(flag) != cases[2].flag {
		t.Errorf("through gob: %v, %v", back.E, err)
	}
	inFile := fmt.Errorf("in.json: %w", New("lists", `"x"`, "use index"))
	if got := Text(inFile, flag); got != `in.json: --lists "x": use index` {
		t.Errorf("Text of a wrapped error = %q", got)
	}
	if got := Text(errors.New("lists x"), flag); got != "lists x" {
		t.Errorf("Text of another error = %q", got)
	}
	wrapped := fmt.Errorf("in.json:3:4: %w", New("pass", "2", "outside [0, 1]"))
	var se *Error
	if !errors.As(wrapped, &se) || fmt.Sprint(se.Names()) != "[pass]" {
		t.Errorf("errors.As found %v", se)
	}
}
