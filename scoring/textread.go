package scoring

import (
	"errors"
	"fmt"

	"github.com/jsontui/jsontui/scoring/langchain"
)

// textReader marks a metric that reads the output's text itself, as the
// evaluator it reproduces does.
type textReader interface{ readsText() }

// ReadsText reports whether m reads the output's text itself, as the
// evaluator it reproduces does (exact and edit-distance read it with
// LangChain's parse_json_markdown): it scores Input.OutText, which need not
// be JSON that jsontui reads (SPEC 1), and Input.Out may be nil.
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
			return nil, errors.New("--metric " + metric + ": no output text to read")
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
	case e.Exception == "UnicodeDecodeError":
		return nil, fmt.Errorf("%s:%d:%d: the output is not UTF-8 text, which LangChain's %s needs (Python: UnicodeDecodeError: %s)",
			e.File, e.Line, e.Col, evaluator, e.Reason)
	default:
		return nil, fmt.Errorf("%s:%d:%d: --metric %s follows LangChain's %s, which raises on this output (%s: %s): no score",
			e.File, e.Line, e.Col, metric, evaluator, e.Exception, e.Reason)
	}
}

// langChainSteps returns what LangChain's reading did to the output, as
// repairs for the report.
func langChainSteps(rd *langchain.Reading) []string {
	out := make([]string, len(rd.Steps))
	for i, s := range rd.Steps {
		out[i] = "LangChain's parse_json_markdown: " + s
	}
	return out
}
