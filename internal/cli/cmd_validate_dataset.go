package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/langchain"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/validate"
)

// caseVerdict is validate's verdict on one output of a dataset.
type caseVerdict struct {
	id, where  string
	err        error
	violations []validate.Violation
}

// validateDataset is `jsontui validate` on a dataset's outputs: the share
// that parse (as validate parses one output) and that satisfy --schema,
// and every failing case with its error or violations.
func (a *app) validateDataset(spec dataset.Spec, f *validateFlags) error {
	sch, err := a.validateSetup(spec.Ref, f)
	if err != nil {
		return err
	}
	total, parsed, satisfied := 0, 0, 0
	var failing []caseVerdict
	err = dataset.Outputs(context.Background(), spec, validateParse(f.strict), func(c *dataset.OutputCase) error {
		total++
		v := caseVerdict{id: c.ID, where: c.Name, err: c.Err}
		if c.Err == nil {
			parsed++
			if sch != nil {
				v.violations = sch.Validate(c.Doc)
			}
			if len(v.violations) == 0 {
				satisfied++
				return nil
			}
		}
		failing = append(failing, v)
		return nil
	})
	if err != nil {
		return badInput(err)
	}
	vs := validateSummary{name: displayName(spec.Ref), total: total, parsed: parsed, satisfied: satisfied, failing: failing}
	if sch != nil {
		vs.schema, vs.hasSchema = sch.Name(), true
	}
	out := bufio.NewWriter(a.stdout)
	if f.format == "json" {
		out.Write(vs.appendJSON(nil))
	} else {
		vs.writeText(out)
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if len(failing) > 0 {
		return &exitError{code: 1, err: fmt.Errorf("%s: %d of %d outputs fail", escape.Name(vs.name), len(failing), total)}
	}
	return nil
}

// validateSummary is what `validate` found of a dataset's outputs.
type validateSummary struct {
	name, schema             string
	hasSchema                bool // schema names it
	total, parsed, satisfied int
	failing                  []caseVerdict
}

// appendJSON appends the summary as --format json writes it.
func (vs *validateSummary) appendJSON(b []byte) []byte {
	b = append(b, `{"dataset": `...)
	b = jsondoc.AppendQuoted(b, vs.name)
	b = append(b, `, "schema": `...)
	if vs.schema == "" {
		b = append(b, "null"...)
	} else {
		b = jsondoc.AppendQuoted(b, vs.schema)
	}
	b = fmt.Appendf(b, `, "cases": %d, "parse": %d, "satisfy": %d, "share_parse": `, vs.total, vs.parsed, vs.satisfied)
	b = report.AppendJSONFloat(b, float64(vs.parsed)/float64(vs.total))
	b = append(b, `, "share_satisfy": `...)
	b = report.AppendJSONFloat(b, float64(vs.satisfied)/float64(vs.total))
	b = append(b, `, "failing": [`...)
	for i, v := range vs.failing {
		if i > 0 {
			b = append(b, ',')
		}
		b = v.appendJSON(b)
	}
	return append(b, "]}\n"...)
}

// appendJSON appends the failing case as an element of "failing".
func (v *caseVerdict) appendJSON(b []byte) []byte {
	b = append(b, "\n  {\"id\": "...)
	b = jsondoc.AppendQuoted(b, v.id)
	b = append(b, `, "where": `...)
	b = jsondoc.AppendQuoted(b, v.where)
	b = append(b, `, "error": `...)
	if v.err != nil {
		b = jsondoc.AppendQuoted(b, v.err.Error())
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `, "violations": [`...)
	for j, x := range v.violations {
		if j > 0 {
			b = append(b, ", "...)
		}
		b = append(b, `{"path": `...)
		b = jsondoc.AppendQuoted(b, x.Path)
		b = append(b, `, "message": `...)
		b = jsondoc.AppendQuoted(b, x.Message)
		b = append(b, `, "keyword": `...)
		b = jsondoc.AppendQuoted(b, x.Keyword)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// writeText writes the failing cases, then the shares, as text.
func (vs *validateSummary) writeText(out io.Writer) {
	for _, v := range vs.failing {
		var se *jsondoc.SyntaxError
		var le *langchain.Error
		switch {
		case errors.As(v.err, &se) || errors.As(v.err, &le):
			fmt.Fprintf(out, "%s: invalid JSON: %v\n", v.id, v.err)
			continue
		case v.err != nil:
			fmt.Fprintf(out, "%s: %v\n", v.id, v.err)
			continue
		}
		fmt.Fprintf(out, "%s (%s): %d schema violation(s)\n", v.id, escape.Name(v.where), len(v.violations))
		for _, x := range v.violations {
			fmt.Fprintf(out, "  %s: %s (%s)\n", jsondoc.MessagePath(x.Path), x.Message, escape.Name(jsondoc.MessageLocation(x.Keyword)))
		}
	}
	line := fmt.Sprintf("%s: %s of %d outputs parse (%s)", escape.Name(vs.name), strconv.Itoa(vs.parsed), vs.total, percent(vs.parsed, vs.total))
	if vs.hasSchema {
		line += fmt.Sprintf("; %d satisfy %s (%s)", vs.satisfied, escape.Name(vs.schema), percent(vs.satisfied, vs.total))
	}
	fmt.Fprintln(out, line)
}

func percent(n, total int) string {
	return strconv.FormatFloat(100*float64(n)/float64(total), 'f', 1, 64) + "%"
}
