package history

import (
	"path/filepath"
	"testing"
)

func TestResolve(t *testing.T) {
	for _, tc := range []struct {
		name string
		flag string
		env  map[string]string
		want string
	}{
		{"flag wins", "/x/h.db", map[string]string{"JSONTUI_HISTORY": "/e.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}, "/x/h.db"},
		{"relative flag as given", "h.db", nil, "h.db"},
		{"env", "", map[string]string{"JSONTUI_HISTORY": "/e.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}, "/e.db"},
		{"xdg", "", map[string]string{"XDG_DATA_HOME": "/xdg", "HOME": "/home/u"}, "/xdg/jsontui/history.db"},
		{"relative xdg ignored", "", map[string]string{"XDG_DATA_HOME": "rel", "HOME": "/home/u"}, "/home/u/.local/share/jsontui/history.db"},
		{"home", "", map[string]string{"HOME": "/home/u"}, "/home/u/.local/share/jsontui/history.db"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Resolve(tc.flag, func(k string) string { return tc.env[k] })
			if err != nil || got != filepath.FromSlash(tc.want) {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
	// No HOME: os.UserHomeDir decides; either a path or an error, never "".
	got, err := Resolve("", func(string) string { return "" })
	if (err == nil) == (got == "") {
		t.Errorf("no HOME: %q, %v", got, err)
	}
}
