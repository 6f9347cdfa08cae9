package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// refLoader loads the files a schema's "$ref"s name: only those in dir or
// below it, unless all is set (none at all for a schema without a folder,
// read from standard input).
type refLoader struct {
	dir string
	all bool
	// refused is the first refusal, kept because the compiler's error
	// does not wrap the loader's: Compile's error wraps it again.
	refused error
}

// Load loads the schema at a file URL, refusing one outside the schema's
// folder.
func (l *refLoader) Load(url string) (any, error) {
	var files jsonschema.FileLoader
	path, err := files.ToFile(url)
	if err != nil {
		return nil, err
	}
	if !l.all {
		if err := l.confined(path); err != nil {
			if l.refused == nil {
				l.refused = err
			}
			return nil, err
		}
	}
	return files.Load(url)
}

// confined returns nil when the schema may read path.
func (l *refLoader) confined(path string) error {
	if l.dir == "" {
		return setting.Errorf("a schema read from standard input may not read "+setting.Esc(escape.Name(path))+": pass %[1]s to let it", "schema-allow-file-refs")
	}
	return confine(l.dir, path)
}

// compileError is the compiler's error, as a message, wrapping the
// loader's refusal that caused it (nil for none).
type compileError struct {
	msg     string
	refused error
}

func (e *compileError) Error() string { return e.msg }

func (e *compileError) Unwrap() error { return e.refused }

// confine returns nil when path, symbolic links followed, is dir or below
// it, else an error that says where path is or leads: a path in dir by its
// name that leads elsewhere is named with where it leads. A path that does
// not exist counts as within when its name is, so that opening it reports
// it missing.
func confine(dir, path string) error {
	const allow = ": pass %[1]s to let the schema read it"
	fail := func(what string) error { return setting.Errorf(setting.Esc(what)+allow, "schema-allow-file-refs") }
	realDir := dir
	name, dirName := escape.Name(path), escape.Name(dir)
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		realDir = d
	}
	inside := below(dir, path) || below(realDir, path) // by its name
	target, err := filepath.EvalSymlinks(path)
	switch {
	case err == nil && below(realDir, target):
		return nil
	case !inside:
		return fail(fmt.Sprintf("%s is outside %s, the schema's folder", name, dirName))
	case err == nil:
		return fail(fmt.Sprintf("%s leads to %s, outside %s, the schema's folder", name, escape.Name(target), dirName))
	}
	if _, statErr := os.Lstat(path); statErr == nil {
		return fail(name + " is a link that leads nowhere (a loop, or a link to a missing file)")
	}
	return nil // missing: opening it says so
}

// below reports whether path is dir or below it, by their names.
func below(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// maxMessage bounds any violation message, whatever its kind quotes.
const maxMessage = 1000

// describe returns the message of a violation, as the validator words
// it, but with long strings cut.
func describe(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Pattern:
		return printer.Sprintf("%s does not match pattern %s", quoteCut(k.Got), quoteCut(k.Want))
	case *kind.PropertyNames:
		return printer.Sprintf("invalid propertyName %s", quoteCut(k.Property))
	case *kind.AdditionalProperties:
		names := make([]string, len(k.Properties))
		for i, p := range k.Properties {
			names[i] = quoteCut(p)
		}
		return printer.Sprintf("additional properties %s not allowed", strings.Join(names, ", "))
	}
	msg := k.LocalizedString(printer)
	if n := utf8.RuneCountInString(msg); n > maxMessage {
		r := []rune(msg)
		msg = string(r[:maxMessage/2]) + "…" + string(r[n-maxMessage/4:]) + printer.Sprintf(" (a message of %d characters, cut)", n)
	}
	return msg
}

// quoteCut quotes s as the validator does ('…', Go escapes), cut in the
// middle past jsondoc.MaxKeyShown characters (a value of the document,
// or a key), with its length after it.
func quoteCut(s string) string {
	shown, length := jsondoc.Shorten(s)
	return quote(shown) + length
}

// quote is the validator's own quoting of a string in its messages.
func quote(s string) string {
	s = strconv.Quote(s)
	s = strings.ReplaceAll(s, `\"`, `"`)
	s = strings.ReplaceAll(s, `'`, `\'`)
	return "'" + s[1:len(s)-1] + "'"
}
