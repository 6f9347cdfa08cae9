package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// choice returns the metric named name among those `m` offers.
func (s *shell) choice(name string) (ports.MetricChoice, bool) { return choiceOf(s.metrics, name) }

// rulesRefused says why rules do nothing under metric, "" when they work.
func (s *shell) rulesRefused(metric string) string { return rulesRefusedBy(metric, s.metrics) }

// chooseRule takes the rules chooser's choice for schema path: a whole
// rule applies at once, a tolerance or a normalization is asked for
// first.
func (s *shell) chooseRule(path string, c choosers.RuleChoice) tea.Cmd {
	if c.Ask == "" {
		return s.setRule(path, c.Rule)
	}
	_, _, rules := s.pg.scoredWith()
	cur, ok := rules.Rule(path)
	value := ""
	switch {
	case ok && cur.Kind == c.Rule.Kind:
		_, value, _ = strings.Cut(cur.String(), "=")
	case c.Ask == "normalize":
		value = "case,accents,space"
	default:
		value = "0.01"
	}
	s.prompt.Open(fmt.Sprintf("%s for %s:", c.Ask, path), value, "", 200)
	s.rulePrompt, s.rulePath = c, path
	s.mode = modeRuleValue
	return nil
}

// setRule gives schema path the rule r (RuleNone: the default) and has
// the page scored again under the rules with it.
func (s *shell) setRule(path string, r scoring.Rule) tea.Cmd {
	_, _, rules := s.pg.scoredWith()
	if cur, _ := rules.Rule(path); cur == r {
		s.status.Set(common.Info(choosers.RuleText(r) + " is already the rule of " + path))
		return nil
	}
	with, err := rules.With(path, r, s.rulesSavePath())
	if err != nil {
		s.status.Set(common.Failure(err))
		return nil
	}
	return s.pg.rescoreRules(with, "rule "+choosers.RuleText(r)+" for "+path)
}

// withWeighted adds to why weights do nothing which metrics use them,
// when the screen has room.
func (s *shell) withWeighted(why string) string {
	if w := weightedOf(s.metrics); len(w) > 0 {
		if more := why + "; m → " + strings.Join(w, ", ") + " use yours"; common.VisibleWidth(more) <= s.c.Width {
			return more
		}
	}
	return why
}
