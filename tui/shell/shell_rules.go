package shell

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// Choice returns the metric named name among those `m` offers.
func (s *Shell) Choice(name string) (ports.MetricChoice, bool) { return choiceOf(s.metrics, name) }

// RulesRefused says why rules do nothing under metric, "" when they work.
func (s *Shell) RulesRefused(metric string) string { return rulesRefusedBy(metric, s.metrics) }

// chooseRule takes the rules chooser's choice for schema path: a whole
// rule applies at once, a tolerance or a normalization is asked for
// first.
func (s *Shell) chooseRule(path string, c choosers.RuleChoice) tea.Cmd {
	if c.Ask == "" {
		return s.SetRule(path, c.Rule)
	}
	_, _, rules := s.pg.ScoredWith()
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
	s.Prompt.Open(fmt.Sprintf("%s for %s:", c.Ask, path), value, "", 200)
	s.rulePrompt, s.rulePath = c, path
	s.Mode = ModeRuleValue
	return nil
}

// SetRule gives schema path the rule r (RuleNone: the default) and has
// the page scored again under the rules with it.
func (s *Shell) SetRule(path string, r scoring.Rule) tea.Cmd {
	_, _, rules := s.pg.ScoredWith()
	if cur, _ := rules.Rule(path); cur == r {
		s.Status.Set(common.Info(choosers.RuleText(r) + " is already the rule of " + path))
		return nil
	}
	with, err := rules.With(path, r, s.RulesSavePath())
	if err != nil {
		s.Status.Set(common.Failure(err))
		return nil
	}
	return s.pg.RescoreRules(with, "rule "+choosers.RuleText(r)+" for "+path)
}

// WithWeighted adds to why weights do nothing which metrics use them,
// when the screen has room.
func (s *Shell) WithWeighted(why string) string {
	if w := weightedOf(s.metrics); len(w) > 0 {
		if more := why + "; m → " + strings.Join(w, ", ") + " use yours"; common.VisibleWidth(more) <= s.C.Width {
			return more
		}
	}
	return why
}

// rulesRefusedBy says why rules do nothing under metric, "" when they
// work, naming those of the choices that take them.
func rulesRefusedBy(metric string, choices []ports.MetricChoice) string {
	takes := func() []string {
		if c, ok := choiceOf(choices, metric); ok {
			return c.Takes
		}
		if mt, err := scoring.LookupMetric(metric); err == nil {
			return mt.Takes()
		}
		return nil
	}
	if slices.Contains(takes(), scoring.TakesRules) {
		return ""
	}
	var with []string
	for _, c := range choices {
		if slices.Contains(c.Takes, scoring.TakesRules) {
			with = append(with, c.Name)
		}
	}
	why := metric + " takes no per-key rules: it reproduces another evaluator's number"
	if len(with) > 0 {
		why += "; m → " + strings.Join(with, ", ")
	}
	return why
}

// choiceOf returns the metric named name among choices.
func choiceOf(choices []ports.MetricChoice, name string) (ports.MetricChoice, bool) {
	for _, c := range choices {
		if c.Name == name {
			return c, true
		}
	}
	return ports.MetricChoice{}, false
}

// weightedOf lists the metrics of choices that use the weights.
func weightedOf(choices []ports.MetricChoice) []string {
	var names []string
	for _, c := range choices {
		if slices.Contains(c.Takes, scoring.TakesWeights) {
			names = append(names, c.Name)
		}
	}
	return names
}

// OpenChooser shows the metric chooser on what the page is scored with
// (or is being scored with), or says why the metric cannot change.
func (s *Shell) OpenChooser() {
	metric, user, _ := s.pg.ScoredWith()
	if len(s.metrics) <= 1 {
		s.Status.Set(common.Info("only " + metric + " is available"))
		return
	}
	if why := s.pg.RescoreRefused(); why != "" {
		s.Status.Set(common.Info("the metric cannot change: " + why))
		return
	}
	s.Chooser.Update(choosers.OpenChooserMsg{Choices: s.metrics, Current: metric, User: user})
	s.Mode = ModeMetric
}
