package heatmap

import (
	"math"
	"testing"
)

// TestHeatGlyph checks the ramp's steps: a perfect score, then by
// quarters, blank without a score.
func TestHeatGlyph(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{1, "·"}, {0.99, "░"}, {0.75, "░"}, {0.7499, "▒"}, {0.5, "▒"}, {0.25, "▓"}, {0.2499, "█"}, {0, "█"}, {math.NaN(), " "}} {
		if got := heatGlyph(c.v); got != c.want {
			t.Errorf("heatGlyph(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
