package dataset

import (
	"bufio"
	"io"
	"math"
	"strconv"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// Header says where a dataset's figures come from, as the outputs print
// it.
type Header struct {
	// Reference and Output are the files as given (the same file for one
	// file of records); Weights and Rules are "" for none.
	Reference, Output, Weights, Rules string
	// Pairing and Fields are how the cases were read; Pairing is ""
	// for figures aggregated from shards.
	Pairing Pairing
	Fields  Fields
	// Shards are the files aggregate read, if it did.
	Shards []string
}

// HeaderOf returns the header of a run's result under weights file name
// weights.
func HeaderOf(res *Result, weights string) Header {
	return Header{Reference: res.Reference, Output: res.Output, Weights: weights, Pairing: res.Pairing, Fields: res.Fields}
}

// WriteJSON writes the figures as the one JSON object docs/datasets.md
// describes, every figure a full float64.
func WriteJSON(w io.Writer, h Header, f *Figures) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	b := make([]byte, 0, 64<<10)
	flush := func() error {
		_, err := bw.Write(b)
		b = b[:0]
		return err
	}
	b = appendHeader(b, &h)
	b = append(b, "},\n \"metric\": "...)
	b = jsondoc.AppendQuoted(b, f.Metric)
	if len(f.Options) > 0 {
		b = append(b, ", \"options\": "...)
		b = appendStrings(b, f.Options)
	}
	b = append(b, ", \"score\": "...)
	b = appendOpt(b, f.Score, f.HasScore)
	b = append(b, ",\n \"stats\": "...)
	b = appendStats(b, &f.Stats)
	if f.Agreement != nil {
		b = append(b, ",\n \"agreement\": "...)
		b = appendAgreement(b, f.Agreement)
	}
	b = append(b, ",\n \"paths\": ["...)
	for i := range f.Paths {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n  "...)
		b = appendPath(b, &f.Paths[i])
		if len(b) > 32<<10 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	b = append(b, "],\n \"groups\": ["...)
	for i := range f.Groups {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n  "...)
		b = appendGroup(b, &f.Groups[i])
	}
	b = append(b, "],\n \"cases\": ["...)
	for i := range f.Cases {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n  "...)
		b = appendCase(b, &f.Cases[i])
		if len(b) > 32<<10 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	b = append(b, "],\n \"extra\": "...)
	b = appendStrings(b, f.Extra)
	b = appendWarnings(b, f.Warnings)
	b = append(b, "}\n"...)
	if err := flush(); err != nil {
		return err
	}
	return bw.Flush()
}

// appendHeader appends the report's opening brace and its "dataset"
// member up to its last member (the files, the pairing, the fields and
// the shards); the caller closes it.
func appendHeader(b []byte, h *Header) []byte {
	b = append(b, "{\"dataset\": {\"reference\": "...)
	b = appendStringOrNull(b, h.Reference)
	b = append(b, ", \"output\": "...)
	b = appendStringOrNull(b, h.Output)
	b = append(b, ", \"weights\": "...)
	b = appendStringOrNull(b, h.Weights)
	if h.Rules != "" {
		b = append(b, ", \"rules\": "...)
		b = jsondoc.AppendQuoted(b, h.Rules)
	}
	b = append(b, ", \"pairing\": "...)
	b = appendStringOrNull(b, string(h.Pairing))
	b = append(b, ", \"fields\": {\"reference\": "...)
	b = appendStringOrNull(b, h.Fields.Reference)
	b = append(b, ", \"output\": "...)
	b = appendStringOrNull(b, h.Fields.Output)
	b = append(b, ", \"id\": "...)
	b = appendStringOrNull(b, h.Fields.ID)
	b = append(b, '}')
	if h.Shards != nil {
		b = append(b, ", \"shards\": "...)
		b = appendStrings(b, h.Shards)
	}
	return b
}

// appendWarnings appends the "warnings" member after a comma.
func appendWarnings(b []byte, ws []scoring.Warning) []byte {
	b = append(b, ",\n \"warnings\": ["...)
	for i, wn := range ws {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "{\"path\": "...)
		b = jsondoc.AppendQuoted(b, wn.Path)
		b = append(b, ", \"message\": "...)
		b = jsondoc.AppendQuoted(b, wn.Message)
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendStats(b []byte, st *Stats) []byte {
	ints := []struct {
		k string
		v int
	}{{"cases", st.Cases}, {"scored", st.Scored}, {"ignored", st.Ignored}, {"missing", st.Missing}, {"invalid", st.Invalid}, {"extra", st.Extra}}
	b = append(b, '{')
	for i, f := range ints {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '"')
		b = append(b, f.k...)
		b = append(b, "\": "...)
		b = appendInt(b, f.v)
	}
	has := st.N > 0
	floats := []struct {
		k   string
		v   float64
		has bool
	}{{"mean", st.Mean, has}, {"median", st.Median, has}, {"p10", st.P10, has}, {"p90", st.P90, has},
		{"min", st.Min, has}, {"max", st.Max, has}, {"std", st.Std, st.HasSpread}}
	for _, f := range floats {
		b = append(b, ", \""...)
		b = append(b, f.k...)
		b = append(b, "\": "...)
		b = appendOpt(b, f.v, f.has)
	}
	b = append(b, ", \"ci95\": "...)
	if st.HasSpread {
		b = append(b, '[')
		b = report.AppendJSONFloat(b, st.CI95[0])
		b = append(b, ", "...)
		b = report.AppendJSONFloat(b, st.CI95[1])
		b = append(b, ']')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, ", \"perfect\": "...)
	b = appendOpt(b, st.Perfect, has)
	b = append(b, ", \"pass\": "...)
	b = appendOpt(b, st.Pass, st.HasPass && has)
	return append(b, '}')
}

func appendPath(b []byte, p *PathFigures) []byte {
	b = append(b, "{\"path\": "...)
	b = jsondoc.AppendQuoted(b, p.Path)
	b = append(b, ", \"kind\": "...)
	b = jsondoc.AppendQuoted(b, p.Kind)
	b = append(b, ", \"cases\": "...)
	b = appendInt(b, p.Cases)
	b = append(b, ", \"nodes\": "...)
	b = appendInt(b, p.Nodes)
	b = append(b, ", \"score\": "...)
	b = appendOpt(b, p.Score, p.HasScore)
	b = append(b, ", \"weight\": "...)
	b = report.AppendJSONFloat(b, p.Weight)
	b = append(b, ", \"loss\": "...)
	b = report.AppendJSONFloat(b, p.Loss)
	b = append(b, ", \"statuses\": {"...)
	n := 0
	for _, s := range scoring.Statuses {
		if p.Status(s) == 0 {
			continue
		}
		if n > 0 {
			b = append(b, ", "...)
		}
		n++
		b = append(b, '"')
		b = append(b, s.String()...)
		b = append(b, "\": "...)
		b = appendInt(b, p.Status(s))
	}
	b = append(b, '}')
	for i, name := range CountNames {
		b = append(b, ", \""...)
		b = append(b, name...)
		b = append(b, "\": "...)
		b = appendInt(b, p.Count(i))
	}
	b = append(b, ", \"precision\": "...)
	b = appendOpt(b, p.Precision, p.HasPrecision)
	b = append(b, ", \"recall\": "...)
	b = appendOpt(b, p.Recall, p.HasRecall)
	b = append(b, ", \"f1\": "...)
	b = appendOpt(b, p.F1, p.HasF1)
	return append(b, '}')
}

func appendGroup(b []byte, g *GroupFigures) []byte {
	b = append(b, "{\"group\": "...)
	if g.HasGroup {
		b = jsondoc.AppendQuoted(b, g.Group)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, ", \"cases\": "...)
	b = appendInt(b, g.Cases)
	b = append(b, ", \"mean\": "...)
	b = appendOpt(b, g.Mean, g.N > 0)
	b = append(b, ", \"median\": "...)
	b = appendOpt(b, g.Median, g.N > 0)
	b = append(b, ", \"pass\": "...)
	b = appendOpt(b, g.Pass, g.HasPass)
	return append(b, '}')
}

func appendCase(b []byte, c *CaseFigures) []byte {
	b = append(b, "{\"id\": "...)
	b = jsondoc.AppendQuoted(b, c.ID)
	b = append(b, ", \"status\": \""...)
	b = append(b, c.Status.String()...)
	b = append(b, "\", \"score\": "...)
	b = appendOpt(b, c.Score, c.HasScore)
	b = append(b, ", \"worst\": "...)
	if c.Worst == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, "{\"path\": "...)
		b = jsondoc.AppendQuoted(b, c.Worst.Path)
		b = append(b, ", \"loss\": "...)
		b = report.AppendJSONFloat(b, c.Worst.Loss)
		b = append(b, '}')
	}
	b = append(b, ", \"repairs\": "...)
	b = appendStrings(b, c.Repairs())
	b = append(b, ", \"error\": "...)
	b = appendStringOrNull(b, c.ParseError())
	return append(b, '}')
}

func appendOpt(b []byte, v float64, has bool) []byte {
	if !has || math.IsNaN(v) {
		return append(b, "null"...)
	}
	return report.AppendJSONFloat(b, v)
}

func appendStringOrNull(b []byte, s string) []byte {
	if s == "" {
		return append(b, "null"...)
	}
	return jsondoc.AppendQuoted(b, s)
}

func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = jsondoc.AppendQuoted(b, s)
	}
	return append(b, ']')
}

func appendInt(b []byte, v int) []byte { return strconv.AppendInt(b, int64(v), 10) }
