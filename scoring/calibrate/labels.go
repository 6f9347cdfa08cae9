package calibrate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/setting"
)

// Kind is what people's labels say of a case: a grade in [0, 1] or a
// verdict (pass or fail).
type Kind int

// The kinds of labels.
const (
	Grade Kind = iota
	Verdict
)

// String returns "grade" or "verdict".
func (k Kind) String() string {
	if k == Verdict {
		return "verdict"
	}
	return "grade"
}

// Label is one case's label: a grade, or a verdict as 1 (pass) or 0
// (fail).
type Label struct {
	// ID is the case's id (a labels file's); Case is its index in the
	// dataset's cases when the label came from a record's field, -1
	// otherwise.
	ID    string
	Case  int
	Value float64
	// Line is the label's line in its file.
	Line int
}

// Labels are people's labels of a dataset's cases, all of one kind.
type Labels struct {
	// Source names where they come from: a labels file, or the field
	// of the dataset's records.
	Source string
	Kind   Kind
	Items  []Label
	first  int // the line of the first label, which fixed the kind
}

// ParseLabel reads one label's JSON text: a number in [0, 1] (a grade),
// true or false, or "pass" or "fail" (a verdict, 1 for pass).
func ParseLabel(raw []byte) (float64, Kind, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0:
		return 0, 0, errors.New("no label")
	case string(raw) == "true":
		return 1, Verdict, nil
	case string(raw) == "false":
		return 0, Verdict, nil
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, 0, fmt.Errorf("the label %s is not a JSON string", shorten(raw))
		}
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "pass":
			return 1, Verdict, nil
		case "fail":
			return 0, Verdict, nil
		}
		return 0, 0, fmt.Errorf("the label %s is an unknown word: a verdict is \"pass\" or \"fail\" (or true or false)", shorten(raw))
	case raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9':
		v, err := strconv.ParseFloat(string(raw), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, 0, fmt.Errorf("the label %s is not a number", shorten(raw))
		}
		if !(v >= 0 && v <= 1) {
			return 0, 0, fmt.Errorf("the label %s is outside [0, 1]", shorten(raw))
		}
		return v, Grade, nil
	}
	return 0, 0, fmt.Errorf("the label %s is neither a grade (a number in [0, 1]) nor a verdict (true, false, \"pass\", \"fail\")", shorten(raw))
}

// shorten returns JSON text for a message, cut past 60 bytes, on one
// line and without a control character (escape.Name) when it holds one.
func shorten(raw []byte) string {
	s := string(raw)
	if len(s) > 60 {
		s = strings.ToValidUTF8(s[:57], "") + "..."
	}
	if e := escape.Name(s); e != s && !strings.HasPrefix(s, `"`) || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r >= 0x7f && r < 0xa0 }) {
		return e
	}
	return s
}

// add appends a label read at line, checking that its kind is the
// others'.
func (l *Labels) add(lab Label, kind Kind) error {
	if len(l.Items) == 0 {
		l.Kind, l.first = kind, lab.Line
	} else if kind != l.Kind {
		return fmt.Errorf("a %s among %ss (the first at line %d): labels are all grades (numbers in [0, 1]) or all verdicts", kind, l.Kind, l.first)
	}
	l.Items = append(l.Items, lab)
	return nil
}

// ReadLabels reads a labels file: JSON Lines of {"id": ..., "label": ...}
// (blank lines skipped), an id a string or a number. Its errors name the
// file and line: a line that is not such an object, a bad label, grades
// and verdicts mixed, an id given twice.
func ReadLabels(name string, r io.Reader) (*Labels, error) {
	l := &Labels{Source: name}
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	where := escape.Name(name)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if line == 1 {
			text = bytes.TrimPrefix(text, []byte("\xEF\xBB\xBF"))
		}
		id, raw, err := labelLine(text)
		if err == nil {
			var v float64
			var kind Kind
			if v, kind, err = ParseLabel(raw); err == nil {
				if at, dup := seen[id]; dup {
					err = fmt.Errorf("the id %s is labelled twice (first at line %d)", strconv.Quote(id), at)
				} else {
					seen[id] = line
					err = l.add(Label{ID: id, Case: -1, Value: v, Line: line}, kind)
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", where, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	if len(l.Items) == 0 {
		return nil, fmt.Errorf("%s: no labels: each line is {\"id\": ..., \"label\": ...}", where)
	}
	return l, nil
}

// labelLine reads a labels file's line: its id and its label's JSON.
func labelLine(text []byte) (string, []byte, error) {
	var rec struct {
		ID    json.RawMessage `json:"id"`
		Label json.RawMessage `json:"label"`
	}
	if err := json.Unmarshal(text, &rec); err != nil || text[0] != '{' {
		return "", nil, errors.New(`not a JSON object {"id": ..., "label": ...}`)
	}
	var id string
	switch {
	case rec.ID == nil:
		return "", nil, errors.New(`no "id"`)
	case rec.ID[0] == '"':
		if err := json.Unmarshal(rec.ID, &id); err != nil {
			return "", nil, err
		}
	case rec.ID[0] == '-' || rec.ID[0] >= '0' && rec.ID[0] <= '9':
		id = string(rec.ID)
	default:
		return "", nil, fmt.Errorf("the id %s is not a string or a number", shorten(rec.ID))
	}
	if rec.Label == nil {
		return "", nil, errors.New(`no "label"`)
	}
	return id, rec.Label, nil
}

// FieldLabels reads the labels a dataset's records hold in a field
// (dataset.Spec.LabelField): each case's CaseFigures.Label. fileOf names
// the file that holds case k's label, for messages; cases without the
// field are unlabelled.
func FieldLabels(field string, cases []dataset.CaseFigures, fileOf func(k int) string) (*Labels, error) {
	l := &Labels{Source: field}
	for k := range cases {
		c := &cases[k]
		if c.Label() == "" {
			continue
		}
		v, kind, err := ParseLabel([]byte(c.Label()))
		if err == nil {
			err = l.add(Label{ID: c.ID, Case: k, Value: v, Line: int(c.LabelLine())}, kind)
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %s: %v", escape.Name(fileOf(k)), c.LabelLine(), field, err)
		}
	}
	if len(l.Items) == 0 {
		return nil, setting.New("label-field", escape.Name(field), "no record has this field (on either side)")
	}
	return l, nil
}

// Paired is labels paired with a dataset's cases.
type Paired struct {
	Kind Kind
	// Cases are the indices of the labelled cases that have a score, in
	// the labels' order; Values their labels.
	Cases  []int
	Values []float64
	// Unpaired are the ids of the labels paired with no case that has a
	// score.
	Unpaired []string
}

// Pair pairs the labels with cases by id (or by case, for a field's
// labels). A case takes part when it has a score: a missing or an invalid
// case with its 0, as in the dataset's mean.
func (l *Labels) Pair(cases []dataset.CaseFigures) *Paired {
	p := &Paired{Kind: l.Kind}
	var byID map[string]int
	for _, lab := range l.Items {
		k := lab.Case
		if k < 0 {
			if byID == nil {
				byID = make(map[string]int, len(cases))
				for i := range cases {
					byID[cases[i].ID] = i
				}
			}
			var ok bool
			if k, ok = byID[lab.ID]; !ok {
				k = -1
			}
		}
		if k < 0 || !cases[k].HasScore {
			p.Unpaired = append(p.Unpaired, lab.ID)
			continue
		}
		p.Cases = append(p.Cases, k)
		p.Values = append(p.Values, lab.Value)
	}
	return p
}

// Scores returns the paired cases' scores.
func (p *Paired) Scores(cases []dataset.CaseFigures) []float64 {
	out := make([]float64, len(p.Cases))
	for i, k := range p.Cases {
		out[i] = cases[k].Score
	}
	return out
}

// Agree measures the agreement of the paired cases' scores with their
// labels (Agree), with the unpaired ids.
func (p *Paired) Agree(cases []dataset.CaseFigures, seed uint64) *Agreement {
	a := Agree(p.Kind, p.Scores(cases), p.Values, seed)
	a.Unpaired = p.Unpaired
	return a
}
