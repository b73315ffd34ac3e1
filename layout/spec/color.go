package spec

import (
	"strconv"
	"strings"

	"mazebook/internal/say"
	"mazebook/layout/display"
)

// namedColors are the colour names a spec may use besides #rrggbb.
var namedColors = map[string]display.Color{
	"black":      rgb(0, 0, 0),
	"white":      rgb(255, 255, 255),
	"gray":       rgb(128, 128, 128),
	"grey":       rgb(128, 128, 128),
	"lightgray":  rgb(200, 200, 200),
	"red":        rgb(214, 40, 40),
	"lightred":   rgb(244, 160, 160),
	"pink":       rgb(247, 135, 180),
	"orange":     rgb(247, 127, 0),
	"yellow":     rgb(252, 191, 73),
	"green":      rgb(42, 157, 72),
	"lightgreen": rgb(150, 220, 160),
	"blue":       rgb(29, 78, 216),
	"lightblue":  rgb(147, 197, 253),
	"navy":       rgb(0, 48, 73),
	"purple":     rgb(124, 58, 237),
}

// ParseColor parses "#rrggbb", "#rgb" or one of the colour names.
func ParseColor(s string) (display.Color, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if c, ok := namedColors[t]; ok {
		return c, nil
	}
	if hex, ok := strings.CutPrefix(t, "#"); ok {
		if len(hex) == 3 {
			hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
		}
		if len(hex) == 6 {
			if v, err := strconv.ParseUint(hex, 16, 32); err == nil {
				return display.Color{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v)}, nil
			}
		}
	}
	return display.Color{}, say.Errorf("colour %q is unknown: give #rrggbb or a name (black, red, lightred, blue, green, orange, purple, gray, ...)", s)
}

func rgb(r, g, b uint8) display.Color { return display.Color{R: r, G: g, B: b} }
