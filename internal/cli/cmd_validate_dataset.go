package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
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
	name := displayName(spec.Ref)
	schema := ""
	if sch != nil {
		schema = sch.Name()
	}
	out := bufio.NewWriter(a.stdout)
	if f.format == "json" {
		b := []byte(`{"dataset": `)
		b = jsondoc.AppendQuoted(b, name)
		b = append(b, `, "schema": `...)
		if schema == "" {
			b = append(b, "null"...)
		} else {
			b = jsondoc.AppendQuoted(b, schema)
		}
		b = fmt.Appendf(b, `, "cases": %d, "parse": %d, "satisfy": %d, "share_parse": `, total, parsed, satisfied)
		b = report.AppendJSONFloat(b, float64(parsed)/float64(total))
		b = append(b, `, "share_satisfy": `...)
		b = report.AppendJSONFloat(b, float64(satisfied)/float64(total))
		b = append(b, `, "failing": [`...)
		for i, v := range failing {
			if i > 0 {
				b = append(b, ',')
			}
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
			b = append(b, "]}"...)
		}
		b = append(b, "]}\n"...)
		out.Write(b)
	} else {
		for _, v := range failing {
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
		line := fmt.Sprintf("%s: %s of %d outputs parse (%s)", escape.Name(name), strconv.Itoa(parsed), total, percent(parsed, total))
		if sch != nil {
			line += fmt.Sprintf("; %d satisfy %s (%s)", satisfied, escape.Name(schema), percent(satisfied, total))
		}
		fmt.Fprintln(out, line)
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if len(failing) > 0 {
		return &exitError{code: 1, err: fmt.Errorf("%s: %d of %d outputs fail", escape.Name(name), len(failing), total)}
	}
	return nil
}

func percent(n, total int) string {
	return strconv.FormatFloat(100*float64(n)/float64(total), 'f', 1, 64) + "%"
}
