package main

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/jsontui/jsontui/scoring/dataset"
)

func init() {
	register.Combiner3[*figuresAcc, caseLine, *figuresAcc](&figuresFn{})
	register.Function2x2[*figuresAcc, *figuresAcc, *figuresAcc, error](mergeAccs)
	beam.RegisterCoder(reflect.TypeOf((*figuresAcc)(nil)), encodeAcc, decodeAcc)
}

// figuresAcc is the combiner's accumulator: the case lines added up
// exactly (a dataset.Partial), and the fields the dataset was read from
// (the first case's, in reference order, side by side).
type figuresAcc struct {
	part   *dataset.Partial
	fields [3]string
	at     [3]int64 // the record each field was first seen in, 0 for none
	cases  int64    // the reference cases
	// lacking counts the records without the output field, the first at
	// line firstLacking.
	lacking, firstLacking int64
}

func newAcc() *figuresAcc { return &figuresAcc{part: dataset.NewPartial("")} }

// addFields notes a case's fields, keeping each side's earliest record's.
func (a *figuresAcc) addFields(fields [3]string, at [3]int64) {
	for i, f := range fields {
		if f != "" && at[i] > 0 && (a.at[i] == 0 || at[i] < a.at[i]) {
			a.fields[i], a.at[i] = f, at[i]
		}
	}
}

// merge adds b into a.
func (a *figuresAcc) merge(b *figuresAcc) error {
	if err := a.part.Merge(b.part); err != nil {
		return err
	}
	a.addFields(b.fields, b.at)
	a.cases += b.cases
	a.addLacking(b.lacking, b.firstLacking)
	return nil
}

// addLacking counts n records without the output field, the first at
// line first.
func (a *figuresAcc) addLacking(n, first int64) {
	if n == 0 {
		return
	}
	if a.lacking == 0 || first < a.firstLacking {
		a.firstLacking = first
	}
	a.lacking += n
}

// Fields returns the dataset's fields.
func (a *figuresAcc) Fields() dataset.Fields {
	return dataset.Fields{Reference: a.fields[0], Output: a.fields[1], ID: a.fields[2]}
}

// figuresFn adds case lines up into a figuresAcc: the reduce. Bundles'
// accumulators merge, in any order, to the same bits.
type figuresFn struct{}

func (fn *figuresFn) CreateAccumulator() *figuresAcc { return newAcc() }

func (fn *figuresFn) AddInput(a *figuresAcc, c caseLine) (*figuresAcc, error) {
	line := c.Line
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if err := a.part.Add(line); err != nil {
		return nil, err
	}
	a.addFields([3]string{c.RefField, c.OutField, c.IDField}, [3]int64{c.N, c.N, c.N})
	if c.N > 0 {
		a.cases++
	}
	if c.Lacks > 0 {
		a.addLacking(1, c.Lacks)
	}
	return a, nil
}

func (fn *figuresFn) MergeAccumulators(a, b *figuresAcc) (*figuresAcc, error) {
	if err := a.merge(b); err != nil {
		return nil, err
	}
	return a, nil
}

// mergeAccs merges the accumulators of several keys (--shards).
func mergeAccs(a, b *figuresAcc) (*figuresAcc, error) {
	if err := a.merge(b); err != nil {
		return nil, err
	}
	return a, nil
}

// accWire is a figuresAcc as shipped between workers.
type accWire struct {
	Partial []byte
	Fields  [3]string
	At      [3]int64
	Cases   int64
	Lacking [2]int64
}

func encodeAcc(a *figuresAcc) ([]byte, error) {
	p, err := a.part.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(accWire{Partial: p, Fields: a.fields, At: a.at, Cases: a.cases, Lacking: [2]int64{a.lacking, a.firstLacking}})
}

func decodeAcc(data []byte) (*figuresAcc, error) {
	var w accWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("reading an accumulator: %v", err)
	}
	a := newAcc()
	if err := a.part.UnmarshalBinary(w.Partial); err != nil {
		return nil, err
	}
	a.fields, a.at, a.cases = w.Fields, w.At, w.Cases
	a.lacking, a.firstLacking = w.Lacking[0], w.Lacking[1]
	return a, nil
}
