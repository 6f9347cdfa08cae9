package cli

import (
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/setting"
)

// flagText returns err's message with the settings the engine names in it
// spelled as the flags that set them: the engine says what is wrong, the
// command line which flag changes it ("lists \"x\": use …" becomes
// "--lists \"x\": use …").
func flagText(err error) string { return setting.Text(err, flagName) }

// flagName is the command line's flag for an engine setting: the flags
// are named as the settings are.
func flagName(setting string) string { return "--" + setting }

// errText returns err's message as it is printed on standard error: in
// flagText's words, each of its lines escaped for the terminal
// (escape.Text), so that a path, id or argument the message echoes, from
// a flag or from cobra itself, cannot act on the terminal however the
// message was built.
func errText(err error) string {
	lines := strings.Split(flagText(err), "\n")
	for i, l := range lines {
		lines[i] = escape.Text(l)
	}
	return strings.Join(lines, "\n")
}
