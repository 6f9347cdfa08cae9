package cli

import "testing"

// TestPairSwapHint checks that a pair whose REF fails the strict parse
// while OUT passes it says they look swapped; a REF that fails alongside
// a broken OUT gets no hint.
func TestPairSwapHint(t *testing.T) {
	dir := t.TempDir()
	ref := writeFile(t, dir, "ref.json", `{"a": 1}`)
	out := writeFile(t, dir, "out.json", "Sure! ```json\n{\"a\": 1}\n```")
	code, _, stderr := runCLI(t, "", "score", out, ref, "--no-history")
	want := "jsontui: " + out + ":1:1: invalid character 'S' looking for beginning of value; REF and OUT look swapped (the order is REF, then OUT): " + ref + " is strict JSON\n"
	if code != 2 || stderr != want {
		t.Errorf("exit %d, stderr %q\nwant 2, %q", code, stderr, want)
	}
	code, _, stderr = runCLI(t, "", "score", out, out, "--no-history")
	want = "jsontui: " + out + ":1:1: invalid character 'S' looking for beginning of value\n"
	if code != 2 || stderr != want {
		t.Errorf("both broken: exit %d, stderr %q\nwant 2, %q", code, stderr, want)
	}
}
