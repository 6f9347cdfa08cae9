package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/langchain"
	"github.com/jsontui/jsontui/scoring/validate"
)

// validateFlags are the flags of `jsontui validate`.
type validateFlags struct {
	schema        string
	format        string
	strict        bool
	allowFileRefs bool
	dataset       datasetFlags
}

func (a *app) validateCmd() *cobra.Command {
	var f validateFlags
	cmd := &cobra.Command{
		Use:   "validate OUT [--schema SCHEMA]",
		Short: "Check that OUT is valid JSON, and valid against a JSON Schema",
		Long: `Check that OUT is valid JSON as LangChain's JsonValidityEvaluator reads
it, and with --schema that it is valid against the JSON Schema in SCHEMA
(drafts 4, 6, 7, 2019-09 and 2020-12, chosen by its "$schema"), as
LangChain's JsonSchemaEvaluator does: "format" is not asserted, as
python-jsonschema's validate does not.

LangChain reads OUT with parse_json_markdown and Python's json.loads: white
space and backticks around the JSON are stripped, the JSON may follow a
` + "```" + ` or ` + "```json" + ` fence, raw newlines in "action_input" values are
escaped, and NaN, Infinity and -Infinity are numbers. With --strict, OUT
must instead be strict JSON (RFC 8259) as it stands.

A parse error is reported with OUT's file:line:col (and LangChain's
reasoning); every schema violation with its jq-style path (and line:col in
OUT) and the schema keyword that failed. OUT may be - for standard input.

A "$ref" in SCHEMA may name other schema files in SCHEMA's folder or below
it; --schema-allow-file-refs lets it name any local file.

OUT may be a dataset's outputs (docs/datasets.md): a file of records (a .jsonl file,
or a .json array with --dataset) whose output field (found by name, or
--out-field) or the record itself is each case's output, each read as OUT
is, or a directory of JSON files. validate then says what share of the
outputs parse and satisfy the schema, and lists each failing case with its
error or violations; it exits 1 when one fails.

Exit codes: 0 valid, 1 not valid (a verdict, like score --min), 2 bad usage
or an unreadable or invalid SCHEMA.`,
		Example: `  jsontui validate out.json
  jsontui validate out.json --schema schema.json
  jsontui validate answers.jsonl --schema schema.json   # every case's output
  llm-call | jsontui validate - --schema schema.json --format json`,
		Args: oneSide("validate", "OUT", 1, func(extra string) string {
			if !strings.HasSuffix(strings.ToLower(extra), ".json") {
				return ""
			}
			return "validate takes one OUT: give the JSON Schema with --schema " + extra
		}),
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, _, isDataset, err := a.datasetArgs(args, f.dataset.force)
			if err != nil {
				return badInput(err)
			}
			if isDataset {
				spec.OutField, spec.IDField = f.dataset.outField, f.dataset.idField
				return a.validateDataset(spec, &f)
			}
			return a.validate(args[0], &f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.schema, "schema", "", "validate against the JSON Schema in `SCHEMA`")
	fl.StringVar(&f.format, "format", "text", "output format: text or json")
	fl.BoolVar(&f.strict, "strict", false, "require strict JSON (RFC 8259) as it stands, not what LangChain reads")
	fl.BoolVar(&f.allowFileRefs, "schema-allow-file-refs", false, `let SCHEMA's "$ref"s read any local file, not only those in its folder`)
	fl.BoolVar(&f.dataset.force, "dataset", false, "read OUT as a dataset: a .json array of records, or - as one")
	fl.StringVar(&f.dataset.outField, "out-field", "", "dataset: the output's field in a record, as a `PATH`")
	fl.StringVar(&f.dataset.idField, "id-field", "", "dataset: the case id's field in a record, as a `PATH`")
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

// verdict is the outcome of validate.
type verdict struct {
	file, schema string
	parseErr     *parseError
	violations   []validate.Violation
}

// parseError is why OUT is not valid JSON: where and what, and under
// LangChain's reading its reasoning (str() of what it raised).
type parseError struct {
	line, col int
	msg       string
	reasoning string
}

func (v *verdict) valid() bool { return v.parseErr == nil && len(v.violations) == 0 }

// validateSetup checks validate's flags for the outputs named outName and
// compiles --schema (nil without one).
func (a *app) validateSetup(outName string, f *validateFlags) (*validate.Schema, error) {
	if f.format != "text" && f.format != "json" {
		return nil, badInput(fmt.Errorf("unknown --format %q: use text or json", f.format))
	}
	if outName == "-" && f.schema == "-" {
		return nil, badInput(errors.New("only one file argument may be - (standard input)"))
	}
	if f.schema == "" {
		return nil, nil
	}
	src, err := a.readInput(f.schema)
	if err != nil {
		return nil, badInput(err)
	}
	sch, err := validate.Compile(f.schema, src.data, &validate.Options{AllowFileRefs: f.allowFileRefs})
	if err != nil {
		return nil, badInput(err)
	}
	return sch, nil
}

func (a *app) validate(outName string, f *validateFlags) error {
	sch, err := a.validateSetup(outName, f)
	if err != nil {
		return err
	}
	src, err := a.readInput(outName)
	if err != nil {
		return badInput(err)
	}
	v := &verdict{file: displayName(outName)}
	if sch != nil {
		v.schema = sch.Name()
	}
	doc, err := a.readOutput(v, src.data, f.strict)
	if err != nil {
		return err
	}
	if doc != nil && sch != nil {
		v.violations = sch.Validate(doc)
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
		return &exitError{code: 1, err: fmt.Errorf("%s is not valid JSON", escape.Name(v.file))}
	case len(v.violations) > 0:
		return &exitError{code: 1, err: fmt.Errorf("%s breaks %s: %d violation(s)", escape.Name(v.file), escape.Name(v.schema), len(v.violations))}
	}
	return nil
}

// validateParse returns how validate reads an output: as LangChain's
// JsonValidityEvaluator does, or with strict as RFC 8259 says. A
// dataset's outputs are read the same way, each.
func validateParse(strict bool) func(name string, data []byte) (*jsondoc.Doc, error) {
	return func(name string, data []byte) (*jsondoc.Doc, error) {
		if strict {
			return jsondoc.Parse(name, data, nil)
		}
		rd, err := langchain.ReadValid(name, data)
		if err != nil {
			return nil, err
		}
		return rd.Doc, nil
	}
}

// readOutput parses OUT as LangChain's JsonValidityEvaluator reads it, or
// with strict as RFC 8259 says, and returns the document; when it does not
// parse, it records why in v and returns nil. What LangChain's reading did
// to the text is noted on standard error.
func (a *app) readOutput(v *verdict, data []byte, strict bool) (*jsondoc.Doc, error) {
	if strict {
		doc, err := jsondoc.Parse(v.file, data, nil)
		var se *jsondoc.SyntaxError
		if errors.As(err, &se) {
			v.parseErr = &parseError{line: se.Line, col: se.Col, msg: se.Msg}
			return nil, nil
		}
		return doc, err
	}
	rd, err := langchain.ReadValid(v.file, data)
	var le *langchain.Error
	if errors.As(err, &le) {
		v.parseErr = &parseError{line: le.Line, col: le.Col, msg: le.Msg, reasoning: le.Reason}
		if le.Exception != "json.decoder.JSONDecodeError" {
			v.parseErr.reasoning = le.Exception + ": " + le.Reason
		}
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	for _, s := range rd.Steps {
		fmt.Fprintf(a.stderr, "jsontui: %s: LangChain's parse_json_markdown: %s\n", escape.Name(v.file), s)
	}
	return rd.Doc, nil
}

func writeVerdictText(w io.Writer, v *verdict) error {
	var err error
	file, schema := escape.Name(v.file), escape.Name(v.schema)
	switch {
	case v.parseErr != nil:
		e := v.parseErr
		why := ""
		if e.reasoning != "" {
			why = fmt.Sprintf(" (JsonValidityEvaluator's reasoning: %q)", e.reasoning)
		}
		_, err = fmt.Fprintf(w, "%s:%d:%d: %s\ninvalid JSON: score 0%s\n", file, e.line, e.col, e.msg, why)
	case len(v.violations) > 0:
		for _, x := range v.violations {
			if _, err = fmt.Fprintf(w, "%s:%s (%s)\n", file, x, escape.Name(jsondoc.MessageLocation(x.Keyword))); err != nil {
				return err
			}
		}
		_, err = fmt.Fprintf(w, "%d schema violation(s) of %s: score 0\n", len(v.violations), schema)
	case v.schema != "":
		_, err = fmt.Fprintf(w, "%s: valid JSON, valid against %s: score 1\n", file, schema)
	default:
		_, err = fmt.Fprintf(w, "%s: valid JSON: score 1\n", file)
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
		b = fmt.Appendf(b, `{"line": %d, "col": %d, "message": `, e.line, e.col)
		b = jsondoc.AppendQuoted(b, e.msg)
		if e.reasoning != "" {
			b = append(b, `, "reasoning": `...)
			b = jsondoc.AppendQuoted(b, e.reasoning)
		}
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
