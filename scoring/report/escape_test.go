package report

import "testing"

func TestEscapeName(t *testing.T) {
	for name, want := range map[string]string{
		"/data/ref.json":       "/data/ref.json",
		"":                     "",
		"données été.json":     "données été.json",
		"a b.json":             "a b.json",
		"ref\nx.json":          `"ref\nx.json"`,
		"out\x1b[31m.json":     `"out\x1b[31m.json"`,
		"tab\there":            `"tab\there"`,
		"del\x7f":              `"del\x7f"`,
		"c1\u0085":             `"c1\u0085"`,
		"bidi\u202egnp.json":   `"bidi\u202egnp.json"`,
		"isolate\u2066x\u2069": `"isolate\u2066x\u2069"`,
		"line\u2028sep":        `"line\u2028sep"`,
		"bad\xffutf8":          `"bad\xffutf8"`,
		`"quoted".json`:        `"\"quoted\".json"`,
		`back\slash`:           `back\slash`,
		"emoji 👩\u200d💻.json":  "emoji 👩\u200d💻.json",
	} {
		if got := EscapeName(name); got != want {
			t.Errorf("EscapeName(%q) = %s, want %s", name, got, want)
		}
	}
}
