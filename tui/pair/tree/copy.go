package tree

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

// CopyOutput copies the output value of node id as JSON: a scalar as
// written, a container indented by two spaces. It returns the command
// that sets the clipboard (nil when nothing is copied) and what the
// status line says.
func (p *Pane) CopyOutput(id scoring.NodeID) (tea.Cmd, common.StatusMsg) {
	t := p.sess.Tree()
	d, v := t.Out(), t.OutValue(id)
	if v == jsondoc.None {
		return nil, common.Warn("the output has no value at " + t.Path(id) + ": nothing copied")
	}
	raw := d.Raw(v)
	if len(raw) > maxCopy {
		return nil, common.Warn(fmt.Sprintf("the output value of %s is %s: more than the terminal's clipboard takes (%s)", t.Path(id), common.BytesText(int64(len(raw))), common.BytesText(maxCopy)))
	}
	text := string(raw)
	if d.Kind(v).IsContainer() {
		var b bytes.Buffer
		if json.Indent(&b, raw, "", "  ") == nil {
			text = b.String()
		}
	}
	return tea.SetClipboard(text), common.Success(fmt.Sprintf("copied the output value of %s (%s)", t.Path(id), common.BytesText(int64(len(text)))))
}
