package dataset

import (
	"bytes"
	"unicode/utf8"
	"unsafe"
)

// lineScan reads a case line laid out exactly as score writes it
// (lines.go), without building a document: the reduce's fast path. At the
// first byte that is not where score puts it, ok turns false and the
// line is read again by the general reader (readLine), which accepts any
// JSON layout and says what is wrong, where. The fast path takes nothing
// the general reader would refuse, but for the inside of "nodes", which
// the reduce does not read: an array that ends the line.
type lineScan struct {
	b  []byte
	i  int
	ok bool
}

func (s *lineScan) lit(t string) {
	if s.ok && len(s.b)-s.i >= len(t) && string(s.b[s.i:s.i+len(t)]) == t {
		s.i += len(t)
		return
	}
	s.ok = false
}

// peek reports whether the next bytes are t, and takes them if so.
func (s *lineScan) peek(t string) bool {
	if s.ok && len(s.b)-s.i >= len(t) && string(s.b[s.i:s.i+len(t)]) == t {
		s.i += len(t)
		return true
	}
	return false
}

// raw returns a string without escapes as it stands (a string with one
// is the general reader's).
func (s *lineScan) raw() []byte {
	if !s.ok || s.i >= len(s.b) || s.b[s.i] != '"' {
		s.ok = false
		return nil
	}
	start := s.i + 1
	end := bytes.IndexByte(s.b[start:], '"')
	if end < 0 {
		s.ok = false
		return nil
	}
	v := s.b[start : start+end]
	if !plainText(v) {
		s.ok = false
		return nil
	}
	s.i = start + end + 1
	return v
}

// plainText reports whether v is the inside of a JSON string without
// escapes: no control character, no backslash, valid UTF-8.
func plainText(v []byte) bool {
	for _, c := range v {
		if c < 0x20 || c == '\\' {
			return false
		}
	}
	return utf8.Valid(v)
}

func (s *lineScan) str() string { return string(s.raw()) }

// strOrNull reads a string or null.
func (s *lineScan) strOrNull() (string, bool) {
	if s.peek("null") {
		return "", false
	}
	return s.str(), s.ok
}

// numberByte marks the bytes a JSON number is made of.
var numberByte = func() (t [256]bool) {
	for _, c := range []byte("0123456789-+.eE") {
		t[c] = true
	}
	return t
}()

// int reads a whole number, written as score writes one, in one pass.
func (s *lineScan) int() int64 {
	i, b := s.i, s.b
	neg := i < len(b) && b[i] == '-'
	if neg {
		i++
	}
	start := i
	var v int64
	for i < len(b) && b[i] >= '0' && b[i] <= '9' && i-start < 15 {
		v = v*10 + int64(b[i]-'0')
		i++
	}
	n := i - start
	if !s.ok || n == 0 || n > 1 && b[start] == '0' || i < len(b) && numberByte[b[i]] {
		s.ok = false
		return 0
	}
	s.i = i
	if neg {
		return -v
	}
	return v
}

// float reads a number.
func (s *lineScan) float() float64 {
	if !s.ok {
		return 0
	}
	v, i := floatAt(s.b, s.i)
	if i < 0 {
		s.ok = false
		return 0
	}
	s.i = i
	return v
}

// validNumber reports whether t, made of numberByte's bytes only, is a
// number as JSON writes one, where strconv takes more ("1.", ".5", "+1",
// "01", "1.e5"): a number score writes passes it in a few comparisons.
func validNumber(t []byte) bool {
	n := len(t)
	i := 0
	if t[0] == '-' {
		i++
	}
	if i == n || t[i] < '0' || t[i] > '9' || t[n-1] < '0' || t[n-1] > '9' ||
		t[i] == '0' && i+1 < n && t[i+1] >= '0' && t[i+1] <= '9' {
		return false
	}
	for k := i + 1; k < n-1; k++ {
		switch c := t[k]; c {
		case '.':
			if t[k-1] < '0' || t[k-1] > '9' || t[k+1] < '0' || t[k+1] > '9' {
				return false
			}
		case '-', '+':
			if t[k-1] != 'e' && t[k-1] != 'E' {
				return false
			}
		case 'e', 'E':
			if t[k-1] < '0' || t[k-1] > '9' {
				return false
			}
		}
	}
	return true
}

// fastRead reads a case line laid out as score writes it into res and
// lr.acc; false sends it to the general reader.
func (lr *lineReader) fastRead(line []byte, res *caseResult) bool {
	s := &lineScan{b: line, ok: true}
	s.lit(`{"id": `)
	res.id = s.str()
	s.lit(`, "status": `)
	st, ok := parseCaseStatus(string(s.raw()))
	if !s.ok || !ok {
		return false
	}
	res.status = st
	if st == CaseExtra {
		s.lit(`, "file": `)
		res.key.file = s.str()
		s.lit(`, "record": `)
		res.key.record = int(s.int())
		s.lit("}")
		return s.ok && s.i == len(s.b) && res.key.record >= 0
	}
	s.lit(`, "score": `)
	if !s.peek("null") {
		res.score = s.float()
	}
	s.lit(`, "group": `)
	res.group, res.hasGroup = s.strOrNull()
	s.lit(`, "repairs": [`)
	for s.ok && !s.peek("]") {
		if len(res.repairs) > 0 {
			s.lit(", ")
		}
		res.repairs = append(res.repairs, s.str())
	}
	s.lit(`, "error": `)
	res.err, _ = s.strOrNull()
	lr.fastSettings(s, res)
	s.lit(`, "worst": `)
	if !s.peek("null") {
		s.lit(`{"path": `)
		res.worstPath = lr.intern(s.raw())
		s.lit(`, "loss": `)
		res.worstLoss = s.float()
		s.lit("}")
		if !(res.worstLoss > 0 && res.worstLoss <= 1) {
			return false
		}
	}
	if !s.ok || caseProblem(res) != "" {
		return false
	}
	s.lit(`, "paths": [`)
	lr.acc.clear()
	lr.schema = lr.schema[:0]
	for s.ok && !s.peek("]") {
		if len(lr.schema) > 0 {
			s.lit(",")
		}
		lr.fastPart(s)
	}
	s.lit(`, "nodes": `)
	if !s.ok {
		return false
	}
	// The reduce reads nothing of "nodes": an array that ends the line.
	rest := s.b[s.i:]
	return len(rest) >= 3 && rest[0] == '[' && rest[len(rest)-2] == ']' && rest[len(rest)-1] == '}'
}

// fastSettings reads the metric, options, settings and place of a line.
func (lr *lineReader) fastSettings(s *lineScan, res *caseResult) {
	s.lit(`, "metric": `)
	metric := s.raw()
	if s.peek(`, "options": [`) {
		m := string(metric)
		for first := true; s.ok && !s.peek("]"); first = false {
			if !first {
				s.lit(", ")
			}
			m += " " + s.str()
		}
		res.metric = m
	} else {
		res.metric = lr.last(0, metric)
	}
	s.lit(`, "settings": `)
	res.settings = lr.last(1, s.raw())
	s.lit(`, "file": `)
	res.key.file = lr.last(2, s.raw())
	s.lit(`, "record": `)
	res.key.record = int(s.int())
	if res.key.record < 1 {
		s.ok = false
	}
}

// intern returns b as a string, the same for the same text: the
// costliest leaves of many cases are alike. The table is bounded.
func (lr *lineReader) intern(b []byte) string {
	if v, ok := lr.strs[unsafeText(b)]; ok {
		return v
	}
	v := string(b)
	if lr.strs == nil || len(lr.strs) >= 1<<12 {
		lr.strs = make(map[string]string)
	}
	lr.strs[v] = v
	return v
}

// last returns b as a string: the one of the line before when they are
// alike (lines of a shard share their metric, settings and file).
func (lr *lineReader) last(k int, b []byte) string {
	if lr.prev[k] != string(b) {
		lr.prev[k] = string(b)
	}
	return lr.prev[k]
}

// unsafeText returns b as a string sharing its memory, for a look-up or
// a parse that keeps nothing of it.
func unsafeText(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
