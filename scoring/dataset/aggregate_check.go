package dataset

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/setting"
)

// shardCheck refuses case lines that do not add up with the others: a
// case scored by another metric (or options) than the first case, or
// than --metric says; a case id that an earlier line has (a shard given
// twice, or shards that overlap).
type shardCheck struct {
	want   string   // --metric, "" for none
	metric string   // the first case's metric and options, as lines say them
	at     string   // where the first case is: shard:line
	names  []string // the shards' names, by place
	ids    *idSet
}

// check checks the case res read from in, before it is added to acc.
func (c *shardCheck) check(in *caseInput, res *caseResult, acc *accumulator) error {
	if res.status == CaseExtra {
		return nil
	}
	rec := &in.ref
	here := fmt.Sprintf("%s:%d", in.name, rec.Line)
	if m := res.metric; m != "" {
		switch name, _, _ := strings.Cut(m, " "); {
		case c.want != "" && name != c.want:
			return setting.Errorf(setting.Esc(fmt.Sprintf("%s:%d: the case was scored by %s, not by ", here, rec.Col, m))+"%[1]s "+setting.Esc(c.want), "metric")
		case c.metric == "":
			c.metric, c.at = m, here
		case m != c.metric:
			return fmt.Errorf("%s:%d: the case was scored by %s, the first case (%s) by %s: aggregate the shards of one run",
				here, rec.Col, m, c.at, c.metric)
		}
	}
	if positional(res.id) {
		return nil // #N: a record number in its shard
	}
	if c.ids == nil {
		c.ids = newIDSet(0)
	}
	if prev, dup := c.ids.add(res.id, len(acc.cases), [2]int32{int32(rec.Line), in.shard}, acc.cases); dup {
		return fmt.Errorf("%s:%d: duplicate case id %q: also at %s:%d; aggregate each case once",
			here, rec.Col, res.id, c.names[prev[1]], prev[0])
	}
	return nil
}

// positional reports whether id is the #N name of a case without an id.
func positional(id string) bool {
	if len(id) < 2 || id[0] != '#' {
		return false
	}
	_, err := strconv.ParseUint(id[1:], 10, 64)
	return err == nil
}

// metricOf splits what a case line says of its metric into the metric's
// name and its options.
func metricOf(m string) (name string, options []string) {
	f := strings.Fields(m)
	if len(f) == 0 {
		return "", nil
	}
	return f[0], f[1:]
}
