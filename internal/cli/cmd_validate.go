package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
)

// validateFlags are the flags of `jsontui validate`.
type validateFlags struct {
	schema string
	format string
}

func (a *app) validateCmd() *cobra.Command {
	var f validateFlags
	cmd := &cobra.Command{
		Use:   "validate OUT [--schema SCHEMA]",
		Short: "Check that OUT is valid JSON, and valid against a JSON Schema",
		Long: `Check that OUT parses as strict JSON (RFC 8259), as LangChain's
JsonValidityEvaluator does, and with --schema that it is valid against the
JSON Schema in SCHEMA (drafts 4, 6, 7, 2019-09 and 2020-12, chosen by its
"$schema"), as LangChain's JsonSchemaEvaluator does: "format" is not
asserted, as python-jsonschema's validate does not.

A parse error is reported with OUT's file:line:col; every schema violation
with its jq-style path (and line:col in OUT) and the schema keyword that
failed. OUT may be - for standard input.

Exit codes: 0 valid, 1 not valid (a verdict, like score --min), 2 bad usage
or an unreadable or invalid SCHEMA.`,
		Example: `  jsontui validate out.json
  jsontui validate out.json --schema schema.json
  llm-call | jsontui validate - --schema schema.json --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.validate(args[0], &f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.schema, "schema", "", "validate against the JSON Schema in `SCHEMA`")
	fl.StringVar(&f.format, "format", "text", "output format: text or json")
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return badInput(err) })
	return cmd
}

// verdict is the outcome of validate.
type verdict struct {
	file, schema string
	parseErr     *jsondoc.SyntaxError
	violations   []validate.Violation
}

func (v *verdict) valid() bool { return v.parseErr == nil && len(v.violations) == 0 }

func (a *app) validate(outName string, f *validateFlags) error {
	if f.format != "text" && f.format != "json" {
		return badInput(fmt.Errorf("unknown --format %q: use text or json", f.format))
	}
	if outName == "-" && f.schema == "-" {
		return badInput(errors.New("only one file argument may be - (standard input)"))
	}
	var sch *validate.Schema
	if f.schema != "" {
		src, err := a.readInput(f.schema)
		if err != nil {
			return badInput(err)
		}
		if sch, err = validate.Compile(f.schema, src.data); err != nil {
			return badInput(err)
		}
	}
	src, err := a.readInput(outName)
	if err != nil {
		return badInput(err)
	}
	v := &verdict{file: displayName(outName)}
	if sch != nil {
		v.schema = sch.Name()
	}
	doc, err := jsondoc.Parse(v.file, src.data, nil)
	switch {
	case err == nil:
		if sch != nil {
			v.violations = sch.Validate(doc)
		}
	case errors.As(err, &v.parseErr):
	default:
		return badInput(err)
	}
	if f.format == "json" {
		err = writeVerdictJSON(a.stdout, v)
	} else {
		err = writeVerdictText(a.stdout, v)
	}
	if err != nil {
		return err
	}
	switch {
	case v.parseErr != nil:
		return &exitError{code: 1, err: fmt.Errorf("%s is not valid JSON", v.file)}
	case len(v.violations) > 0:
		return &exitError{code: 1, err: fmt.Errorf("%s breaks %s: %d violation(s)", v.file, v.schema, len(v.violations))}
	}
	return nil
}

func writeVerdictText(w io.Writer, v *verdict) error {
	var err error
	switch {
	case v.parseErr != nil:
		_, err = fmt.Fprintf(w, "%s\ninvalid JSON: score 0\n", v.parseErr)
	case len(v.violations) > 0:
		for _, x := range v.violations {
			if _, err = fmt.Fprintf(w, "%s:%s (%s)\n", v.file, x, x.Keyword); err != nil {
				return err
			}
		}
		_, err = fmt.Fprintf(w, "%d schema violation(s) of %s: score 0\n", len(v.violations), v.schema)
	case v.schema != "":
		_, err = fmt.Fprintf(w, "%s: valid JSON, valid against %s: score 1\n", v.file, v.schema)
	default:
		_, err = fmt.Fprintf(w, "%s: valid JSON: score 1\n", v.file)
	}
	return err
}

func writeVerdictJSON(w io.Writer, v *verdict) error {
	b := []byte(`{"file": `)
	b = jsondoc.AppendQuoted(b, v.file)
	b = append(b, `, "schema": `...)
	if v.schema == "" {
		b = append(b, "null"...)
	} else {
		b = jsondoc.AppendQuoted(b, v.schema)
	}
	b = fmt.Appendf(b, `, "valid": %t, "score": `, v.valid())
	if v.valid() {
		b = append(b, '1')
	} else {
		b = append(b, '0')
	}
	b = append(b, `, "errors": [`...)
	if e := v.parseErr; e != nil {
		b = fmt.Appendf(b, `{"line": %d, "col": %d, "message": `, e.Line, e.Col)
		b = jsondoc.AppendQuoted(b, e.Msg)
		b = append(b, '}')
	}
	for i, x := range v.violations {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, `{"path": `...)
		b = jsondoc.AppendQuoted(b, x.Path)
		b = fmt.Appendf(b, `, "line": %d, "col": %d, "message": `, x.Line, x.Col)
		b = jsondoc.AppendQuoted(b, x.Message)
		b = append(b, `, "keyword": `...)
		b = jsondoc.AppendQuoted(b, x.Keyword)
		b = append(b, '}')
	}
	b = append(b, "]}\n"...)
	_, err := w.Write(b)
	return err
}
