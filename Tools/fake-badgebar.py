#!/usr/bin/python3
"""A stand-in for badgebar's status-bar side, for checking Tools/status-bars.py itself.

It speaks the command-line contract the status-bar tests drive, with none of badgebar's own code,
so the harness and the bar recipes can be checked in the real bars while the binary is being built,
and a failing bar test can be told apart from a failing harness:

  fake-badgebar.py --stream|--once --format i3bar|i3blocks|waybar|polybar|tmux|plain|json
                   --button TITLE:SYMBOL:COUNT[:COLOUR]... [--counts-from FILE] [--control PATH]
  fake-badgebar.py --press TITLE --control PATH

--counts-from reads a regular file to its end once and a FIFO continuously (opened anew after each
writer closes it): lines TITLE=N, TITLE+=N, TITLE-=N. --control makes a FIFO at PATH and reads lines
from it: `press TITLE`, `refresh`, or count lines. A press sets the button's count to 0. With
--format i3bar it reads i3bar click events on standard input; button 1 on a block presses its
button. With --format i3blocks it reads lines on standard input too (i3blocks 1.4 writes a
persistent block's clicks there) and presses the button when a line holds `"button":1`.

The interpreter is /usr/bin/python3 on purpose: the bars under sway run it as an unprivileged user,
who may not reach a Python installed under root's home. With FAKE_BADGEBAR_LOG set, everything
read on standard input, the FIFOs, and the BLOCK_* variables are appended to that file.
"""
import json
import os
import re
import stat
import sys
import threading

ICONS = {"envelope": "\U0001f4e8", "hammer": "\U0001f528", "bell": "\U0001f514", "cart": "\U0001f6d2"}
COLOURS = {"red": "#FF3B30", "yellow": "#FFCC00", "blue": "#007AFF", "green": "#34C759", "orange": "#FF9500"}
FORMATS = ("i3bar", "i3blocks", "waybar", "polybar", "tmux", "plain", "json")
TMUX_COLOURS = {"#FF3B30": ("colour196", "colour231"), "#FFCC00": ("colour220", "colour16")}


def fail(message, status=64):
    sys.stderr.write(f"fake-badgebar: {message}\n")
    sys.exit(status)


def debug(text):
    path = os.environ.get("FAKE_BADGEBAR_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as file:
            file.write(f"[{os.getpid()}] {text}\n")


class Toolbar:
    def __init__(self, buttons, output_format, control):
        self.buttons = buttons  # title -> {"symbol", "count", "colour"}
        self.format = output_format
        self.control = control
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.generation = 0

    def apply(self, line):
        """Applies a counts or control line; returns whether anything changed."""
        line = line.strip()
        with self.lock:
            match = re.fullmatch(r"press (.+)", line)
            if match:
                title = match.group(1)
                if title in self.buttons:
                    self.buttons[title]["count"] = 0
                    self._bump()
                return
            if line == "refresh":
                self._bump()
                return
            match = re.fullmatch(r"([^=+\-]+)(=|\+=|-=)(-?\d+)", line)
            if not match or match.group(1) not in self.buttons:
                return
            button = self.buttons[match.group(1)]
            value = int(match.group(3))
            button["count"] = {"=": value, "+=": button["count"] + value, "-=": button["count"] - value}[match.group(2)]
            self._bump()

    def press(self, title):
        self.apply(f"press {title}")

    def _bump(self):
        self.generation += 1
        self.changed.notify_all()

    def badge(self, button):
        count = button["count"]
        if count <= 0:
            return None
        return "99+" if count > 99 else str(count)

    @staticmethod
    def text_colour(colour):
        return "#000000" if colour == "#FFCC00" else "#FFFFFF"

    def render(self):
        with self.lock:
            items = [(title, dict(button)) for title, button in self.buttons.items()]
        parts = []
        if self.format == "i3bar":
            blocks = []
            for title, button in items:
                text = ICONS.get(button["symbol"], "?")
                badge = self.badge(button)
                if badge:
                    colour = button["colour"]
                    text += f' <span background="{colour}" foreground="{self.text_colour(colour)}"> {badge} </span>'
                blocks.append({"name": "badgebar", "instance": title, "markup": "pango", "full_text": text})
            return json.dumps(blocks, ensure_ascii=False)
        for title, button in items:
            icon = ICONS.get(button["symbol"], "?")
            badge = self.badge(button)
            colour = button["colour"]
            if self.format in ("i3blocks", "waybar"):
                span = f' <span background="{colour}" foreground="{self.text_colour(colour)}"> {badge} </span>'
                parts.append(icon + (span if badge else ""))
            elif self.format == "polybar":
                text = icon + (f" %{{B{colour}}}%{{F{self.text_colour(colour)}}} {badge} %{{B- F-}}" if badge else "")
                if self.control:
                    press = f"{sys.argv[0]} --press {title} --control {self.control}".replace(":", "\\:")
                    text = f"%{{A1:{press}:}}{text}%{{A}}"
                parts.append(text)
            elif self.format == "tmux":
                background, foreground = TMUX_COLOURS.get(colour, ("colour196", "colour231"))
                parts.append(icon + (f"#[fg={foreground},bg={background}] {badge} #[default]" if badge else ""))
            else:
                parts.append(icon + (f" {badge}" if badge else ""))
        if self.format == "json":
            total = sum(max(0, button["count"]) for _, button in items)
            return json.dumps({"title": "Inbox", "total": total, "buttons": [
                {"title": title, "count": button["count"], "badge": self.badge(button), "badgeColor": button["colour"]}
                for title, button in items]}, ensure_ascii=False)
        if self.format == "waybar":
            total = sum(max(0, button["count"]) for _, button in items)
            return json.dumps({"text": "  ".join(parts), "tooltip": f"{total} unread",
                               "class": "unread" if total else "empty", "alt": "unread" if total else "empty",
                               "percentage": min(100, total)}, ensure_ascii=False)
        return "  ".join(parts)


def read_lines_forever(path, handle, label):
    """Reads a FIFO line by line, opening it anew each time its writers have all closed it."""
    while True:
        with open(path, "r", encoding="utf-8", errors="replace") as fifo:
            for line in fifo:
                debug(f"{label}: {line.rstrip()}")
                handle(line)


def read_clicks(toolbar, output_format):
    """i3bar click events (a `[`, then objects, `,` between them), or whatever i3blocks writes."""
    for line in sys.stdin:
        debug(f"stdin: {line.rstrip()}")
        text = line.strip().lstrip("[,").strip()
        if not text:
            continue
        try:
            event = json.loads(text)
        except ValueError:
            continue
        if isinstance(event, dict) and event.get("button") == 1:
            title = event.get("instance") or next(iter(toolbar.buttons))
            toolbar.press(title if output_format == "i3bar" else next(iter(toolbar.buttons)))


def main(arguments):
    output_format, mode, counts_from, control, press = "plain", None, None, None, None
    buttons = {}
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        value = arguments[index + 1] if index + 1 < len(arguments) else None
        if argument in ("--stream", "--once"):
            mode = argument[2:]
            index += 1
            continue
        if value is None:
            fail(f"{argument} wants a value")
        if argument == "--format":
            if value not in FORMATS:
                fail(f"unknown format {value}")
            output_format = value
        elif argument == "--button":
            fields = value.split(":")
            if len(fields) < 3:
                fail(f"--button wants TITLE:SYMBOL:COUNT[:COLOUR], not {value}")
            colour = fields[3] if len(fields) > 3 else "red"
            buttons[fields[0]] = {"symbol": fields[1], "count": int(fields[2]), "colour": COLOURS.get(colour, colour)}
        elif argument == "--counts-from":
            counts_from = value
        elif argument == "--control":
            control = value
        elif argument == "--press":
            press = value
        else:
            fail(f"unknown option {argument}")
        index += 2

    if press is not None:
        if not control:
            fail("--press wants --control")
        try:
            descriptor = os.open(control, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            fail(f"cannot open {control}: {error.strerror}", 69)
        os.write(descriptor, f"press {press}\n".encode())
        os.close(descriptor)
        return 0
    if not buttons:
        buttons = {"Mail": {"symbol": "envelope", "count": 0, "colour": COLOURS["red"]}}
    if mode is None:
        fail("this stand-in only does --stream, --once and --press")
    if output_format == "i3bar" and mode != "stream":
        fail("--format i3bar needs --stream")
    debug(f"start: {' '.join(arguments)} BLOCK_BUTTON={os.environ.get('BLOCK_BUTTON')}")

    toolbar = Toolbar(buttons, output_format, control)
    fifo = False
    if counts_from:
        try:
            fifo = stat.S_ISFIFO(os.stat(counts_from).st_mode)
        except OSError:
            sys.stderr.write(f"fake-badgebar: cannot open {counts_from}\n")
        if not fifo and os.path.isfile(counts_from):
            with open(counts_from, encoding="utf-8") as file:
                for line in file:
                    toolbar.apply(line)
    if mode == "once":
        print(toolbar.render(), flush=True)
        return 0

    if control:
        if not os.path.exists(control):
            os.mkfifo(control, 0o600)
        threading.Thread(target=read_lines_forever, args=(control, toolbar.apply, "control"), daemon=True).start()
    if fifo:
        threading.Thread(target=read_lines_forever, args=(counts_from, toolbar.apply, "counts"), daemon=True).start()
    if output_format in ("i3bar", "i3blocks"):
        threading.Thread(target=read_clicks, args=(toolbar, output_format), daemon=True).start()

    out = sys.stdout
    if output_format == "i3bar":
        out.write('{"version":1,"click_events":true}\n[\n')
    first = True
    shown = None
    while True:
        with toolbar.lock:
            generation = toolbar.generation
        text = toolbar.render()
        if text != shown:
            if output_format == "i3bar" and not first:
                out.write(",")
            out.write(text + "\n")
            out.flush()
            shown, first = text, False
        with toolbar.lock:
            while toolbar.generation == generation:
                toolbar.changed.wait()


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (BrokenPipeError, KeyboardInterrupt):
        os._exit(0)
