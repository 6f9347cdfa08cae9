package cli

import (
	"errors"
	"strings"
)

// settingError is an engine error that names settings (scoring/setting's
// Error, scoring.ListsError): Text spells them otherwise.
type settingError interface {
	error
	Text(spell func(name string) string) string
}

// flagText returns err's message with the settings the engine names in it
// spelled as the flags that set them: the engine says what is wrong, the
// command line which flag changes it ("lists \"x\": use …" becomes
// "--lists \"x\": use …").
func flagText(err error) string {
	msg := err.Error()
	var se settingError
	if errors.As(err, &se) {
		msg = strings.Replace(msg, se.Error(), se.Text(flagName), 1)
	}
	return msg
}

// flagName is the command line's flag for an engine setting: the flags
// are named as the settings are.
func flagName(setting string) string { return "--" + setting }
