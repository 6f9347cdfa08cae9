package pair

import (
	"bytes"
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/common"
)

// maxCopy is the most the clipboard is sent at once: terminals take it
// in an escape sequence (OSC 52), and many cap its size.
const maxCopy = 1 << 20

// copyOutput copies the output value of node id as JSON: a scalar as
// written, a container indented by two spaces.
func (m *Model) copyOutput(id scoring.NodeID) tea.Cmd {
	t := m.sess.Tree()
	d, v := t.Out(), t.OutValue(id)
	if v == jsondoc.None {
		m.Status.Set(common.Warn("the output has no value at " + t.Path(id) + ": nothing copied"))
		return nil
	}
	raw := d.Raw(v)
	if len(raw) > maxCopy {
		m.Status.Set(common.Warn(fmt.Sprintf("the output value of %s is %s: more than the terminal's clipboard takes (%s)", t.Path(id), common.BytesText(int64(len(raw))), common.BytesText(maxCopy))))
		return nil
	}
	text := string(raw)
	if d.Kind(v).IsContainer() {
		var b bytes.Buffer
		if json.Indent(&b, raw, "", "  ") == nil {
			text = b.String()
		}
	}
	m.Status.Set(common.Success(fmt.Sprintf("copied the output value of %s (%s)", t.Path(id), common.BytesText(int64(len(text))))))
	return tea.SetClipboard(text)
}
