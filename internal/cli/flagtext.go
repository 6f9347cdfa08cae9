package cli

import "github.com/jsontui/jsontui/scoring/setting"

// flagText returns err's message with the settings the engine names in it
// spelled as the flags that set them: the engine says what is wrong, the
// command line which flag changes it ("lists \"x\": use …" becomes
// "--lists \"x\": use …").
func flagText(err error) string { return setting.Text(err, flagName) }

// flagName is the command line's flag for an engine setting: the flags
// are named as the settings are.
func flagName(setting string) string { return "--" + setting }
