#!/usr/bin/env python3
"""Helpers for Tools/real-terminals.sh: where the Inbox demo draws, and what the screenshots show.

Usage:
  real-terminals.py layout < CAPTURE.txt
      Reads the demo's screen as `tmux capture-pane -p` prints it and prints shell
      assignments: TOOLBAR_ROW (0-based) and BUTTONS, one "OPEN:CLOSE" pair of 0-based
      columns (the brackets) per button, left to right.
  real-terminals.py measure IMAGE.ppm CELL_WIDTH CELL_HEIGHT LEFT TOP NAME:ROW:COLUMN[:LAST_COLUMN]...
      Reads a binary PPM (P6) screenshot of a terminal's text area whose cell (0, 0) starts at
      pixel (LEFT, TOP), and prints, for each named range of cells on a row, shell assignments
      with percentages of its pixels: NAME_red (strongly red: a red badge, whichever red the
      terminal shows), NAME_yellow (strongly yellow), NAME_badge (either) and NAME_background
      (the screenshot's most common colour, the terminal's background), and NAME_colour, the
      range's most common colour as #rrggbb (a cell's background, as drawn).
"""
import sys
import unicodedata
from collections import Counter


def columns_of(character):
    """The columns a character takes, as glibc's wcwidth gives them for what the demo draws."""
    if unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def cells(line):
    """The line's screen cells: a wide character fills its first cell and leaves the next one empty."""
    result = []
    for character in line:
        width = columns_of(character)
        if width == 0 and result:
            result[-1] += character
            continue
        result.append(character)
        if width == 2:
            result.append("")
    return result


def layout(lines):
    """The toolbar's row and the bracket columns of its buttons."""
    for row, line in enumerate(lines):
        row_cells = cells(line)
        opens = [column for column, cell in enumerate(row_cells) if cell == "["]
        closes = [column for column, cell in enumerate(row_cells) if cell == "]"]
        if len(opens) >= 3 and len(opens) == len(closes):
            pairs = " ".join(f"{open_column}:{close_column}" for open_column, close_column in zip(opens, closes))
            return f"TOOLBAR_ROW={row}\nBUTTONS='{pairs}'\n"
    return None


def read_ppm(path):
    """Width, height and the RGB bytes (8 bits a channel) of a binary PPM file."""
    with open(path, "rb") as file:
        data = file.read()
    fields = []
    position = 0
    while len(fields) < 4:
        while data[position : position + 1].isspace():
            position += 1
        if data[position : position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    position += 1
    if fields[0] != b"P6":
        sys.exit(f"{path}: not a binary PPM (P6) file")
    width, height, maximum = int(fields[1]), int(fields[2]), int(fields[3])
    pixels = data[position:]
    if maximum > 255:
        pixels = pixels[::2]  # 16 bits a channel, most significant byte first
    return width, height, pixels


def is_red(red, green, blue):
    """A strongly red pixel: #FF5F5F (colour 203), #FF0000 (196), #FF3B30, #CD0000 all count."""
    return red >= 180 and green <= 130 and blue <= 130 and red - max(green, blue) >= 90


def is_yellow(red, green, blue):
    """A strongly yellow pixel: #FFD700 (220), #FFCC00, #FFFF00, #CDCD00 all count."""
    return red >= 180 and green >= 160 and blue <= 100


def measure(path, cell_width, cell_height, left, top, specifications):
    """Percentages of red, yellow and background pixels in ranges of cells."""
    width, height, pixels = read_ppm(path)
    background = Counter(pixels[index : index + 3] for index in range(0, len(pixels), 3 * 7)).most_common(1)[0][0]
    output = []
    for specification in specifications:
        name, row, first, *rest = specification.split(":")
        row, first = int(row), int(first)
        last = int(rest[0]) if rest else first
        x0, y0 = left + first * cell_width, top + row * cell_height
        x1, y1 = min(width, left + (last + 1) * cell_width), min(height, y0 + cell_height)
        counts = Counter()
        colours = Counter()
        total = 0
        for y in range(max(0, y0), y1):
            for x in range(max(0, x0), x1):
                index = (y * width + x) * 3
                red, green, blue = pixels[index], pixels[index + 1], pixels[index + 2]
                total += 1
                counts["red"] += is_red(red, green, blue)
                counts["yellow"] += is_yellow(red, green, blue)
                counts["background"] += pixels[index : index + 3] == background
                colours[pixels[index : index + 3]] += 1
        def percent(count):
            return round(100 * count / total) if total else 0
        output.append(f"{name}_red={percent(counts['red'])}")
        output.append(f"{name}_yellow={percent(counts['yellow'])}")
        output.append(f"{name}_badge={percent(counts['red'] + counts['yellow'])}")
        output.append(f"{name}_background={percent(counts['background'])}")
        dominant = colours.most_common(1)[0][0] if colours else b"\0\0\0"
        output.append(f"{name}_colour=#{dominant.hex()}")
    return "\n".join(output) + "\n"


def main(arguments):
    if arguments[:1] == ["layout"]:
        found = layout(sys.stdin.read().split("\n"))
        if found is None:
            sys.exit("no toolbar row (three bracketed buttons) on the screen")
        sys.stdout.write(found)
    elif arguments[:1] == ["measure"] and len(arguments) >= 7:
        path, numbers, specifications = arguments[1], [int(value) for value in arguments[2:6]], arguments[6:]
        sys.stdout.write(measure(path, *numbers, specifications))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
