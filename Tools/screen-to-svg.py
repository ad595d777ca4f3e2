#!/usr/bin/env python3
"""Turn a terminal screen captured with colours (`tmux capture-pane -p -e`) into an SVG picture.

Usage: screen-to-svg.py CAPTURE.txt OUTPUT.svg [--columns 80]

Reads the SGR colour and attribute sequences tmux writes (bold, dim, reverse,
256-colour and 24-bit colours) and draws each run of cells as a rectangle of
its background with its text on top, in a dark terminal theme.
"""
import html
import re
import sys
import unicodedata

CELL_WIDTH = 9.6
CELL_HEIGHT = 20
FONT_SIZE = 16
BACKGROUND = "#1d1f21"
FOREGROUND = "#d5d8d6"
EMOJI_FONTS = "Noto Color Emoji, Apple Color Emoji, Segoe UI Emoji, sans-serif"
ANSI = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]
SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def palette(index):
    """The colour xterm shows for a 256-colour palette index."""
    if index < 16:
        return ANSI[index]
    if index < 232:
        levels = [0, 95, 135, 175, 215, 255]
        index -= 16
        return "#%02x%02x%02x" % (levels[index // 36], levels[(index // 6) % 6], levels[index % 6])
    level = 8 + 10 * (index - 232)
    return "#%02x%02x%02x" % (level, level, level)


def width(character):
    """Columns a character takes: 2 for East Asian wide and emoji, 1 otherwise."""
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def apply(parameters, style):
    """Updates a style dictionary with one SGR sequence's parameters."""
    values = [int(p) if p else 0 for p in re.split("[;:]", parameters)] if parameters else [0]
    i = 0
    while i < len(values):
        value = values[i]
        if value == 0:
            style.clear()
        elif value == 1:
            style["bold"] = True
        elif value == 2:
            style["dim"] = True
        elif value == 22:
            style.pop("bold", None)
            style.pop("dim", None)
        elif value == 7:
            style["reverse"] = True
        elif value == 27:
            style.pop("reverse", None)
        elif value in (38, 48) and i + 1 < len(values):
            key = "fg" if value == 38 else "bg"
            if values[i + 1] == 5 and i + 2 < len(values):
                style[key] = palette(values[i + 2])
                i += 2
            elif values[i + 1] == 2 and i + 4 < len(values):
                style[key] = "#%02x%02x%02x" % tuple(values[i + 2:i + 5])
                i += 4
        elif value == 39:
            style.pop("fg", None)
        elif value == 49:
            style.pop("bg", None)
        elif 30 <= value <= 37 or 90 <= value <= 97:
            style["fg"] = ANSI[value - 30 if value < 90 else value - 82]
        elif 40 <= value <= 47 or 100 <= value <= 107:
            style["bg"] = ANSI[value - 40 if value < 100 else value - 92]
        i += 1


def cells(line):
    """The (character, columns, style) cells of one captured line."""
    style = {}
    result = []
    position = 0
    for match in SGR.finditer(line + "\x1b[m"):
        for character in line[position:match.start()]:
            result.append((character, width(character), dict(style)))
        apply(match.group(1), style)
        position = match.end()
    return result


def render(lines, columns):
    """The SVG document for captured lines."""
    rows = len(lines)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="DejaVu Sans Mono, Menlo, '
        'Consolas, monospace" font-size="%d">' % (columns * CELL_WIDTH + 24, rows * CELL_HEIGHT + 24, FONT_SIZE),
        '<rect width="100%%" height="100%%" rx="8" fill="%s"/>' % BACKGROUND,
    ]
    for row, line in enumerate(lines):
        column = 0
        y = 12 + row * CELL_HEIGHT
        for character, columns_taken, style in cells(line):
            foreground = style.get("fg", FOREGROUND)
            background = style.get("bg")
            if style.get("reverse"):
                foreground, background = background or BACKGROUND, foreground
            x = 12 + column * CELL_WIDTH
            if background:
                parts.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>'
                             % (x, y, columns_taken * CELL_WIDTH + 0.5, CELL_HEIGHT, background))
            if character != " ":
                weight = ' font-weight="bold"' if style.get("bold") else ""
                opacity = ' opacity="0.6"' if style.get("dim") else ""
                family = ' font-family="%s"' % EMOJI_FONTS if columns_taken == 2 else ""
                parts.append('<text x="%.1f" y="%d" fill="%s"%s%s%s>%s</text>'
                             % (x, y + CELL_HEIGHT - 5, foreground, weight, opacity, family, html.escape(character)))
            column += columns_taken
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    """Reads the capture named on the command line and writes the SVG."""
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    columns = int(sys.argv[sys.argv.index("--columns") + 1]) if "--columns" in sys.argv else 80
    with open(sys.argv[1], encoding="utf-8") as capture:
        lines = capture.read().rstrip("\n").split("\n")
    with open(sys.argv[2], "w", encoding="utf-8") as output:
        output.write(render(lines, columns))


if __name__ == "__main__":
    main()
