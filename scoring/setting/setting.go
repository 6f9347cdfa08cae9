// Package setting holds the error the engine returns for a setting of a
// run that is wrong: a metric, one of its options, a dataset's field
// names or thresholds. The engine names a setting by its own name
// ("metric", "lists", "match-threshold"); a front end spells it its own
// way — the command line as the flag that sets it — with Error.Text.
package setting

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"strings"
)

// Error is what is wrong with one or more settings. Its message names
// each setting by its engine name; Text spells them otherwise.
type Error struct {
	format   string   // the message, with a %[n]s verb for the nth setting
	settings []string // the settings' engine names
}

// Errorf returns the error whose message is format with the settings put
// in the %[n]s verbs, in order; every other verb must be written out by
// the caller (format holds no other verb).
func Errorf(format string, settings ...string) *Error {
	return &Error{format: format, settings: settings}
}

// New returns the error for one setting whose value is wrong:
// "name value: message" ("strings \"x\": use levenshtein, …"); value is
// written as given (quote it first if it should be).
func New(name, value, message string) *Error {
	if value != "" {
		value = " " + escapeVerbs(value)
	}
	return &Error{format: "%[1]s" + value + ": " + escapeVerbs(message), settings: []string{name}}
}

// Esc returns s with its % doubled, to be written into a format of
// Errorf as text.
func Esc(s string) string { return escapeVerbs(s) }

func escapeVerbs(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// Error returns the message with the settings' engine names.
func (e *Error) Error() string { return e.Text(func(name string) string { return name }) }

// Text returns the message with each setting spelled by spell, e.g. the
// command line's func(n string) string { return "--" + n }.
func (e *Error) Text(spell func(name string) string) string {
	args := make([]any, len(e.settings))
	for i, s := range e.settings {
		args[i] = spell(s)
	}
	return fmt.Sprintf(e.format, args...)
}

// Speller is an error whose message names settings, which Text spells
// otherwise: *Error, and the engine's other errors about a setting.
type Speller interface {
	error
	Text(spell func(name string) string) string
}

// Text returns err's message with the settings named by the Speller it
// wraps, if any, spelled by spell; what wraps it is kept as it is
// ("in.json: lists \"x\": …" becomes "in.json: --lists \"x\": …").
func Text(err error, spell func(name string) string) string {
	msg := err.Error()
	var s Speller
	if errors.As(err, &s) {
		msg = strings.Replace(msg, s.Error(), s.Text(spell), 1)
	}
	return msg
}

// Names returns the settings the message names, in order.
func (e *Error) Names() []string { return append([]string(nil), e.settings...) }

// wire is an Error as encoding/gob writes it.
type wire struct {
	Format   string
	Settings []string
}

// GobEncode writes e for encoding/gob (a stored warning keeps the
// settings it names).
func (e *Error) GobEncode() ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(wire{Format: e.format, Settings: e.settings})
	return b.Bytes(), err
}

// GobDecode reads what GobEncode wrote.
func (e *Error) GobDecode(data []byte) error {
	var w wire
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return err
	}
	e.format, e.settings = w.Format, w.Settings
	return nil
}
