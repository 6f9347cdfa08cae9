package dataset

import (
	"testing"
)

// TestGroupByNoField checks that --group-by a field no record has (a
// likely typo) says so: every case falls in the one group of the cases
// without a value. A field some records lack is no warning.
func TestGroupByNoField(t *testing.T) {
	dir := files(t, map[string]string{
		"d.jsonl": "{\"id\": 1, \"topic\": \"a\", \"meta\": {\"lang\": \"en\"}, \"expected\": 1, \"output\": 1}\n{\"id\": 2, \"expected\": 1, \"output\": 0}\n",
	})
	for _, c := range []struct {
		groupBy string
		groups  int
		warning string
	}{
		{".topc", 1, "group-by .topc: no record has this field (on either side): every case is in the group of the cases without a value; did you mean .topic?"},
		{".meta.lnag", 1, "group-by .meta.lnag: no record has this field (on either side): every case is in the group of the cases without a value; did you mean .meta.lang?"},
		{".mta.lang", 1, "group-by .mta.lang: no record has this field (on either side): every case is in the group of the cases without a value; did you mean .meta.lang?"},
		{".meta.zzzzzz", 1, "group-by .meta.zzzzzz: no record has this field (on either side): every case is in the group of the cases without a value"},
		{".topic", 2, ""},
	} {
		res, err := run(t, dir, Spec{Ref: "d.jsonl", GroupBy: c.groupBy}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		f := res.Figures
		if len(f.Groups) != c.groups {
			t.Errorf("%s: groups %+v", c.groupBy, f.Groups)
		}
		if got := warningsOf(f, dir); got != c.warning {
			t.Errorf("%s: warnings %q, want %q", c.groupBy, warningsOf(f, dir), c.warning)
		}
	}
}
