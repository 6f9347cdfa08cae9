// Package themes holds jsontui's named colour themes. A theme is built into
// one Styles value that the explorer hands to every component; nothing here
// is global or read from the environment behind the caller's back.
package themes

import (
	"fmt"
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
)

// The theme names.
const (
	Dark          = "dark"
	Light         = "light"
	HighContrast  = "high-contrast"
	Colorblind    = "colorblind"
	Mono          = "mono"
	defaultTheme  = Dark
	envThemeName  = "JSONTUI_THEME"
	envNoColorVar = "NO_COLOR"
)

// Names returns the theme names in the order the help lists them.
func Names() []string { return []string{Dark, Light, HighContrast, Colorblind, Mono} }

// palette is the handful of colours a theme is made of; nil means the
// terminal's default.
type palette struct {
	text, muted, faint, accent       color.Color
	good, warn, bad, extra, changed  color.Color
	selectBg, matchBg, matchFg       color.Color
	diffIns, diffDel, diffSub, title color.Color
	// mono themes use attributes instead of colours.
	mono bool
	// bold marks themes that embolden status colours for contrast.
	bold bool
}

func hex(s string) color.Color { return lipgloss.Color(s) }

func paletteOf(name string) (palette, bool) {
	switch name {
	case Dark:
		return palette{
			muted: hex("#9aa0b0"), faint: hex("#5c6370"), accent: hex("#7aa2f7"), title: hex("#c0caf5"),
			good: hex("#9ece6a"), warn: hex("#e0af68"), bad: hex("#f7768e"), extra: hex("#bb9af7"),
			changed: hex("#ff9e64"), selectBg: hex("#2f3549"), matchBg: hex("#3d59a1"), matchFg: hex("#ffffff"),
			diffIns: hex("#9ece6a"), diffDel: hex("#f7768e"), diffSub: hex("#e0af68"),
		}, true
	case Light:
		return palette{
			muted: hex("#5f6673"), faint: hex("#9aa0a6"), accent: hex("#1f5fbf"), title: hex("#1a1b26"),
			good: hex("#2e7d32"), warn: hex("#a15c00"), bad: hex("#c62828"), extra: hex("#7b1fa2"),
			changed: hex("#d84315"), selectBg: hex("#dce3f0"), matchBg: hex("#ffe082"), matchFg: hex("#000000"),
			diffIns: hex("#2e7d32"), diffDel: hex("#c62828"), diffSub: hex("#a15c00"),
		}, true
	case HighContrast:
		// The 16 basic colours, bright variants, in bold: readable on any
		// background and under any palette remapping.
		return palette{
			text: lipgloss.BrightWhite, muted: lipgloss.White, faint: lipgloss.White, accent: lipgloss.BrightCyan,
			title: lipgloss.BrightWhite, good: lipgloss.BrightGreen, warn: lipgloss.BrightYellow,
			bad: lipgloss.BrightRed, extra: lipgloss.BrightMagenta, changed: lipgloss.BrightYellow,
			selectBg: lipgloss.Blue, matchBg: lipgloss.BrightYellow, matchFg: lipgloss.Black,
			diffIns: lipgloss.BrightGreen, diffDel: lipgloss.BrightRed, diffSub: lipgloss.BrightYellow, bold: true,
		}, true
	case Colorblind:
		// Okabe–Ito: blue for good, orange/vermillion for bad, never red
		// against green.
		return palette{
			muted: hex("#a0a0a0"), faint: hex("#666666"), accent: hex("#56b4e9"), title: hex("#e0e0e0"),
			good: hex("#56b4e9"), warn: hex("#f0e442"), bad: hex("#e69f00"), extra: hex("#cc79a7"),
			changed: hex("#d55e00"), selectBg: hex("#303a4a"), matchBg: hex("#0072b2"), matchFg: hex("#ffffff"),
			diffIns: hex("#56b4e9"), diffDel: hex("#e69f00"), diffSub: hex("#f0e442"),
		}, true
	case Mono:
		return palette{mono: true}, true
	}
	return palette{}, false
}

// Select returns the theme to use: the --theme flag if given, else the
// JSONTUI_THEME environment variable, else mono when NO_COLOR is set, else
// "" meaning "dark or light, from the terminal's background" (see Auto).
// An unknown name is an error that lists the known ones.
func Select(flag string, getenv func(string) string) (string, error) {
	name, from := flag, "--theme"
	if name == "" && getenv != nil {
		name, from = getenv(envThemeName), envThemeName
	}
	if name == "" {
		if getenv != nil && getenv(envNoColorVar) != "" {
			return Mono, nil
		}
		return "", nil
	}
	name = strings.ToLower(strings.TrimSpace(name))
	if _, ok := paletteOf(name); !ok {
		return "", fmt.Errorf("unknown theme %q (%s): choose one of %s", name, from, strings.Join(Names(), ", "))
	}
	return name, nil
}

// Auto returns the theme for a terminal with a dark or light background.
func Auto(darkBackground bool) string {
	if darkBackground {
		return Dark
	}
	return Light
}
