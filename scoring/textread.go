package scoring

import (
	"errors"
	"fmt"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/langchain"
	"github.com/jsontui/jsontui/scoring/setting"
)

// textReader marks a metric that reads the output's text itself, as the
// evaluator it reproduces does.
type textReader interface{ readsText() }

// ReadsText reports whether m reads the output's text itself, as the
// evaluator it reproduces does (exact and edit-distance read it with
// LangChain's parse_json_markdown): it scores Input.OutText, which need not
// be JSON that jsontui reads (docs/scoring.md), and Input.Out may be nil.
func ReadsText(m Metric) bool {
	_, ok := m.(textReader)
	return ok
}

// readLangChain reads the output as LangChain's evaluator (named for the
// messages) does. When LangChain raises, so does the metric: its error
// places the exception in the output.
func readLangChain(in *Input, metric, evaluator string) (*langchain.Reading, error) {
	name, text := in.OutName, in.OutText
	if text == nil {
		if in.Out == nil {
			return nil, setting.Errorf("%[1]s "+setting.Esc(metric)+": no output text to read", "metric")
		}
		name, text = in.Out.Name(), in.Out.Source()
	}
	rd, err := langchain.Read(name, text)
	var e *langchain.Error
	switch {
	case err == nil:
		return rd, nil
	case !errors.As(err, &e):
		return nil, err
	default:
		return nil, &TextError{Err: e, Metric: metric, Evaluator: evaluator}
	}
}

// A TextError is what LangChain's reading of the output's text raised, for
// a metric that reads it (ReadsText): that output has no score. Err places
// the exception in the text.
type TextError struct {
	Err               *langchain.Error
	Metric, Evaluator string // the metric's name and the evaluator it follows
}

func (e *TextError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", escape.Name(e.Err.File), e.Err.Line, e.Err.Col, e.Detail())
}

// Detail is the message without its place.
func (e *TextError) Detail() string {
	if e.Err.Exception == "UnicodeDecodeError" {
		return fmt.Sprintf("the output is not UTF-8 text, which LangChain's %s needs (Python: UnicodeDecodeError: %s)",
			e.Evaluator, e.Err.Reason)
	}
	return fmt.Sprintf("the metric %s follows LangChain's %s, which raises on this output (%s: %s): no score",
		e.Metric, e.Evaluator, e.Err.Exception, e.Err.Reason)
}

func (e *TextError) Unwrap() error { return e.Err }

// langChainSteps returns what LangChain's reading did to the output, as
// repairs for the report.
func langChainSteps(rd *langchain.Reading) []string {
	out := make([]string, len(rd.Steps))
	for i, s := range rd.Steps {
		out[i] = "LangChain's parse_json_markdown: " + s
	}
	return out
}
