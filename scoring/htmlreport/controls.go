package htmlreport

import (
	"io"
	"strconv"
)

// controlWriter writes a page with every control character a terminal
// acts on (C0 but tab, newline and return; DEL; C1, U+0080–U+009F) as
// the visible text "\x1b" or "\u009b": a page printed to a terminal
// (--format html with no -o) sends it no escape sequence, and a name
// that holds one shows it. The page's own text has none; only a user's
// names and values can.
type controlWriter struct {
	w       io.Writer
	pending bool // the last byte written was 0xC2, held back
	buf     []byte
}

func (c *controlWriter) Write(p []byte) (int, error) {
	b := c.buf[:0]
	for _, ch := range p {
		if c.pending {
			c.pending = false
			if ch >= 0x80 && ch <= 0x9F {
				b = append(b, `\u00`...)
				b = strconv.AppendUint(b, uint64(ch)>>4, 16)
				b = strconv.AppendUint(b, uint64(ch)&15, 16)
				continue
			}
			b = append(b, 0xC2)
		}
		switch {
		case ch == 0xC2:
			c.pending = true
		case ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r', ch == 0x7F:
			b = append(b, `\x`...)
			b = strconv.AppendUint(b, uint64(ch)>>4, 16)
			b = strconv.AppendUint(b, uint64(ch)&15, 16)
		default:
			b = append(b, ch)
		}
	}
	c.buf = b
	if _, err := c.w.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes a byte held back.
func (c *controlWriter) flush() error {
	if !c.pending {
		return nil
	}
	c.pending = false
	_, err := c.w.Write([]byte{0xC2})
	return err
}
