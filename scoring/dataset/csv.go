package dataset

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// A file ending .csv or .tsv is a file of records too (docs/datasets.md):
// RFC 4180 quoting (encoding/csv), a header row naming the fields, every
// cell a string. Each row becomes the JSON object of its non-empty cells, so
// that the fields are found by name as in JSON Lines: a cell of JSON text
// is then read as the output's model text, and strictly as the
// reference's JSON; an empty cell is a field the record does not have.

// isCSV reports whether a file named name is read as CSV (or TSV, with
// the tab as the separator).
func isCSV(name string) (ok bool, comma rune) {
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, ".csv"):
		return true, ','
	case strings.HasSuffix(lower, ".tsv"):
		return true, '\t'
	}
	return false, 0
}

// csvRecords reads the rows of a CSV file as records.
type csvRecords struct {
	name   string
	r      *csv.Reader
	header []string
	buf    []byte
	n      int
}

// newCSVRecords returns a reader of the rows of r, a CSV file named name
// whose separator is comma.
func newCSVRecords(name string, r io.Reader, comma rune) *csvRecords {
	br := bufio.NewReaderSize(r, readChunk)
	if b, err := br.Peek(3); err == nil && string(b) == "\xEF\xBB\xBF" {
		br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.Comma = comma
	cr.ReuseRecord = true
	// A TSV file does not quote: a quote in a cell (JSON text) is itself.
	cr.LazyQuotes = comma == '\t'
	return &csvRecords{name: name, r: cr}
}

// next returns the next row as a record: the JSON object of its
// non-empty cells, keyed by the header's names, at the row's line.
func (c *csvRecords) next() (Record, error) {
	if c.header == nil {
		head, err := c.r.Read()
		if errors.Is(err, io.EOF) {
			return Record{}, io.EOF
		}
		if err != nil {
			return Record{}, c.error(err)
		}
		c.header = append([]string(nil), head...)
		for i, h := range c.header {
			c.header[i] = strings.TrimSpace(h)
		}
	}
	off := c.r.InputOffset()
	row, err := c.r.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return Record{}, io.EOF
		}
		if errors.Is(err, csv.ErrFieldCount) {
			line, _ := c.r.FieldPos(0)
			return Record{}, &jsondoc.SyntaxError{File: c.name, Line: line, Col: 1,
				Msg: fmt.Sprintf("a row of %d cells, where the header names %d fields", len(row), len(c.header))}
		}
		return Record{}, c.error(err)
	}
	line, _ := c.r.FieldPos(0)
	c.buf = append(c.buf[:0], '{')
	first := true
	for i, cell := range row {
		if cell == "" {
			continue
		}
		if !first {
			c.buf = append(c.buf, ',')
		}
		first = false
		c.buf = jsondoc.AppendQuoted(c.buf, c.header[i])
		c.buf = append(c.buf, ':')
		c.buf = jsondoc.AppendQuoted(c.buf, cell)
	}
	c.buf = append(c.buf, '}')
	c.n++
	return Record{Data: c.buf, N: c.n, Line: line, Col: 1, Offset: off, end: c.r.InputOffset()}, nil
}

// error returns a CSV error with the file's name, line and column.
func (c *csvRecords) error(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &jsondoc.SyntaxError{File: c.name, Line: pe.Line, Col: pe.Column, Msg: pe.Err.Error()}
	}
	return fmt.Errorf("%s: %w", c.name, err)
}
