package scoring

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/itlightning/dateparse"
	"golang.org/x/text/unicode/norm"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// The comparators the string rules share; LookupComparator makes them
// from their names, which are fixed. Both are textsim's: damerau exact up
// to textsim.MaxDamerauCells and bounded by Levenshtein past it,
// jaro-winkler linear and exact.
var (
	damerauCompare, _     = textsim.LookupComparator("damerau")
	jaroWinklerCompare, _ = textsim.LookupComparator("jaro-winkler")
)

// exactOutcome is the outcome of an exact score.
func exactOutcome(s float64) textsim.Outcome { return textsim.Outcome{Score: s, High: s} }

// score compares reference value rv of rd with output value ov of od,
// two values of a kind the rule compares (Compares). Identical values
// score 1 under every rule. A string comparison stays within lim: past
// its measure's exact limit the outcome is an interval (as the --strings
// comparators give it), and its error is textdist.ErrCanceled when
// lim.Cancel was closed, else nil.
func (r Rule) score(rd *jsondoc.Doc, rv jsondoc.ID, od *jsondoc.Doc, ov jsondoc.ID, lim textdist.Limits) (textsim.Outcome, error) {
	switch rd.Kind(rv) {
	case jsondoc.Number:
		a, b := rd.Float(rv), od.Float(ov)
		if a == b {
			return exactOutcome(1), nil
		}
		if r.Kind == RuleExact {
			return exactOutcome(0), nil
		}
		if r.within(a, b, string(rd.Raw(rv)), string(od.Raw(ov))) {
			return exactOutcome(1), nil
		}
		return exactOutcome(NumberScore(a, b)), nil
	case jsondoc.String:
		return r.strings(rd.Str(rv), od.Str(ov), lim)
	case jsondoc.Bool:
		if rd.Bool(rv) == od.Bool(ov) {
			return exactOutcome(1), nil
		}
		return exactOutcome(0), nil
	}
	return exactOutcome(1), nil // null
}

// strings compares two strings by a string rule (or exact), within lim
// (see score): levenshtein and normalize as StringScore does, damerau and
// jaro-winkler as textsim's comparators of those names; the others are
// linear and exact.
func (r Rule) strings(a, b string, lim textdist.Limits) (textsim.Outcome, error) {
	if a == b {
		return exactOutcome(1), nil
	}
	switch r.Kind {
	case RuleExact:
		if norm.NFC.String(a) == norm.NFC.String(b) {
			return exactOutcome(1), nil
		}
		return exactOutcome(0), nil
	case RuleDamerau:
		return damerauCompare(a, b, lim)
	case RuleJaroWinkler:
		return jaroWinklerCompare(a, b, lim)
	case RuleTokenF1:
		return exactOutcome(textsim.TokenF1(a, b)), nil
	case RuleDate:
		da, ok := parseDate(a, r.MonthFirst)
		if !ok {
			return exactOutcome(0), nil
		}
		if db, ok := parseDate(b, r.MonthFirst); ok && da.date == db.date {
			return exactOutcome(1), nil
		}
		return exactOutcome(0), nil
	case RuleNormalize:
		return StringScore(r.Normalize.Apply(a), r.Normalize.Apply(b), lim)
	}
	return StringScore(a, b, lim)
}

// within reports whether two numbers (a and b, written as la and lb) are
// within the rule's tolerance: |a − b| ≤ Tol (abs_tol) or
// |a − b| ≤ Tol·max(|a|, |b|) (rel_tol). Near the edge it decides on the
// numbers as written, in exact decimal arithmetic, so that 4.85 and 4.84
// are within abs_tol 0.01 (their binary floats are 0.0100000000000007
// apart).
func (r Rule) within(a, b float64, la, lb string) bool {
	if r.Kind != RuleAbsTol && r.Kind != RuleRelTol {
		return false
	}
	d := math.Abs(a - b)
	bound := r.Tol
	if r.Kind == RuleRelTol {
		bound = r.Tol * math.Max(math.Abs(a), math.Abs(b))
	}
	switch {
	case math.IsInf(d, 0) || math.IsNaN(d):
		return false
	case d < bound*(1-1e-9):
		return true
	case d > bound*(1+1e-9)+math.SmallestNonzeroFloat64:
		return false
	}
	// Too close to call in binary floating point.
	x, okA := decimalOf(la)
	y, okB := decimalOf(lb)
	tol, okT := decimalOf(r.tolString())
	if !okA || !okB || !okT {
		return d <= bound
	}
	diff := new(big.Rat).Sub(x, y)
	diff.Abs(diff)
	limit := tol
	if r.Kind == RuleRelTol {
		m := new(big.Rat).Abs(x)
		if yb := new(big.Rat).Abs(y); yb.Cmp(m) > 0 {
			m = yb
		}
		limit = new(big.Rat).Mul(tol, m)
	}
	return diff.Cmp(limit) <= 0
}

// maxDecimalExp bounds the exponent of a number literal that decimalOf
// expands: 1e-99999999 is a float (0), but a big number with a hundred
// million digits.
const maxDecimalExp = 400

// decimalOf returns a number literal as an exact rational; ok is false
// when it is not one or its exponent is past maxDecimalExp.
func decimalOf(lit string) (*big.Rat, bool) {
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(lit[i+1:], "+"))
		if err != nil || e > maxDecimalExp || e < -maxDecimalExp {
			return nil, false
		}
	}
	x, ok := new(big.Rat).SetString(lit)
	return x, ok
}

// calendarDate is a day of the calendar: what the date rule compares.
type calendarDate struct {
	year  int
	month time.Month
	day   int
}

// String writes the date as ISO 8601 does: 2024-04-15.
func (d calendarDate) String() string {
	return time.Date(d.year, d.month, d.day, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
}

// parsedDate is a string read as a date.
type parsedDate struct {
	date calendarDate
	// layout is the format it was read in, as Go writes layouts
	// ("02.01.2006"); ambiguous says it read day and month in an order
	// the other order would read too (04/05/2024).
	layout    string
	ambiguous bool
}

// parseDate reads s as a calendar date in any common format (2024-04-15,
// 15/04/2024, 15.04.2024, April 15, 2024, 15 Apr 2024, with or without a
// time of day), by github.com/itlightning/dateparse. A numeric date whose
// day and month could swap is read day first, or month first when
// monthFirst is set. The date is the one written, in the string's own
// time zone. ok is false for what is not a full date: text, a year or a
// month alone, a Unix timestamp.
func parseDate(s string, monthFirst bool) (parsedDate, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 64 || allDigits(s) && len(s) != 8 {
		return parsedDate{}, false
	}
	opts := []dateparse.ParserOption{dateparse.PreferMonthFirst(monthFirst), dateparse.RetryAmbiguousDateWithSwap(true),
		dateparse.SimpleErrorMessages(true)}
	layout, err := dateparse.ParseFormat(s, opts...)
	if err != nil || !layoutHasDate(layout) {
		return parsedDate{}, false
	}
	t, err := dateparse.ParseIn(s, time.UTC, opts...)
	if err != nil {
		return parsedDate{}, false
	}
	p := parsedDate{date: calendarDate{t.Year(), t.Month(), t.Day()}, layout: layout}
	if t.Day() <= 12 && t.Day() != int(t.Month()) && numericDayMonth(layout) {
		p.ambiguous = true
	}
	return p, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// layoutToken is a field of a Go time layout, and how people write it.
type layoutToken struct {
	std, human string
	field      byte // 'y' year, 'm' month by name, 'M' month by number, 'd' day; 0 other
}

// layoutTokens are the fields of Go's time layouts, longest first where
// one is the start of another.
var layoutTokens = []layoutToken{
	{"January", "Month", 'm'}, {"Monday", "Weekday", 0}, {"2006", "YYYY", 'y'},
	{"Jan", "Mon", 'm'}, {"Mon", "Wkd", 0}, {"MST", "TZ", 0}, {"__2", "DDD", 0}, {"002", "DDD", 0},
	{"-07:00:00", "±hh:mm:ss", 0}, {"-07:00", "±hh:mm", 0}, {"-0700", "±hhmm", 0}, {"-07", "±hh", 0},
	{"Z07:00", "Z", 0}, {"Z0700", "Z", 0}, {"Z07", "Z", 0},
	{"_2", "D", 'd'}, {"02", "DD", 'd'}, {"01", "MM", 'M'}, {"06", "YY", 'y'},
	{"03", "hh", 0}, {"04", "mm", 0}, {"05", "ss", 0}, {"15", "hh", 0}, {"PM", "PM", 0}, {"pm", "pm", 0},
	{"1", "M", 'M'}, {"2", "D", 'd'}, {"3", "h", 0}, {"4", "m", 0}, {"5", "s", 0},
}

// scanLayout calls f with each field of a Go time layout, and with each
// run of literal text (a token of field 0 whose std and human are it).
func scanLayout(l string, f func(layoutToken)) {
	lit := 0
	for i := 0; i < len(l); {
		var tok *layoutToken
		for k := range layoutTokens {
			if strings.HasPrefix(l[i:], layoutTokens[k].std) {
				tok = &layoutTokens[k]
				break
			}
		}
		if tok == nil {
			i++
			continue
		}
		if lit < i {
			f(layoutToken{std: l[lit:i], human: l[lit:i]})
		}
		f(*tok)
		i += len(tok.std)
		lit = i
	}
	if lit < len(l) {
		f(layoutToken{std: l[lit:], human: l[lit:]})
	}
}

// layoutHasDate reports whether a layout writes a year, a month and a day.
func layoutHasDate(l string) bool {
	var y, m, d bool
	scanLayout(l, func(t layoutToken) {
		y = y || t.field == 'y'
		m = m || t.field == 'm' || t.field == 'M'
		d = d || t.field == 'd'
	})
	return y && m && d
}

// numericDayMonth reports whether a layout writes the month as a number
// and the year not first (2024-04-05 is never read day first).
func numericDayMonth(l string) bool {
	num := false
	scanLayout(l, func(t layoutToken) { num = num || t.field == 'M' })
	return num && !strings.HasPrefix(l, "2006")
}

// humanLayout writes a Go time layout as people write formats:
// "02.01.2006" is "DD.MM.YYYY".
func humanLayout(l string) string {
	var b strings.Builder
	scanLayout(l, func(t layoutToken) { b.WriteString(t.human) })
	return b.String()
}
