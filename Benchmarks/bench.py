"""Measures the release badgebar on a pseudo-terminal at 80x24 and prints a table and JSON.

Run by `make bench`, which builds the binaries and installs pyte and ptyprocess
into .build/bench-venv first. Benchmarks/README.md explains every figure.
"""

import argparse
import datetime
import errno
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import ptyprocess
import pyte

COLUMNS, ROWS = 80, 24
RUNS = 3
SETTLE_SECONDS = 1.0
IDLE_SECONDS = 10.0
AUTOPLAY_SECONDS = 20.0
SOAK_SECONDS = 60
KEY_PRESSES = 100
STARTS = 20
QUIET_SECONDS = 0.05
BURST_GAP_SECONDS = 0.003
PACED_BURST_GAP_SECONDS = 0.0005
FIRST_FRAME_TEXTS = ("Inbox", "Messages: 2 unread")
LIVE_COUNT_LINES = 3_000_000
COUNT_LINES_PER_SECOND = 100
PACED_SECONDS = 10.0
MANY_BUTTONS, MANY_BUTTONS_COLUMNS = 50, 400
FEW_BUTTONS = 3
RESIZE_SIZES = [(200, 60), (500, 200), (1000, 1000)]
WATCH_COUNT = 20
WATCH_SECONDS = 20.0
WATCH_SOAK_SECONDS = 600.0
LIVE_FRAMES_PER_SECOND = 60  # the default --fps, at which live counts are shown at most once a frame
# --stream against a status bar polling --once, over the same minute of changes to one button's count.
STATUS_BAR_SECONDS = 60.0
STATUS_BAR_BUTTON = "Mail:envelope:0:red"
STATUS_BAR_CHANGES = ((5.5, 1), (12.5, 3), (19.5, 0), (26.5, 2), (33.5, 12), (40.5, 5))  # (second, Mail's count)
POLL_INTERVAL_SECONDS = 1.0  # a bar's `interval = 1`
STREAM_IDLE_SECONDS = 10.0  # the end of the minute, 9.5 s after the last change
STREAM_VS_ONCE_TARGET = 20  # the polling recipe's CPU over the stream's, at least
# Resident bytes per screen cell: three ncurses screens of 28-byte cells (stdscr, newscr, curscr) and two
# canvases of 16-byte cells (the frame being drawn and the one last shown).
DOCUMENTED_BYTES_PER_CELL = 3 * 28 + 2 * 16
TITLE = re.compile(rb"\x1b\]2;[^\x07\x1b]*(?:\x07|\x1b\\)")  # a window title, ended by BEL or ST
DEFAULT_STYLE = pyte.screens.Char(" ")[1:]  # the colours and attributes of a blank cell


def first_frame_shown(screen, texts=FIRST_FRAME_TEXTS):
    """Whether a pyte screen shows a complete first frame: by default the Inbox's title and its status line."""
    text = "\n".join(screen.display)
    return all(part in text for part in texts)


class Session:
    """The binary running on a pty, with a reader thread that timestamps its output and emulates it with pyte.

    `counts` gives the program a pipe as standard input (its write end is
    `counts_pipe`), for `--counts-from -`; `emulate=False` only timestamps
    the output, for screens too large for pyte to keep up with; `wrapper` runs the
    binary under another program, such as valgrind, for profiling.
    """

    def __init__(self, binary, arguments, columns=COLUMNS, rows=ROWS, counts=False, emulate=True, wrapper=(),
                 ready=FIRST_FRAME_TEXTS):
        """Spawns the binary and starts reading; `spawn_time` is taken just before the fork."""
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no",
        }
        self.chunks = []
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows) if emulate else None
        self.stream = pyte.ByteStream(self.screen) if emulate else None
        self.first_frame_time = None
        self.ready = ready
        self.changed = threading.Condition()
        self.expectation = None
        self.expectation_time = None
        self.counts_pipe = None
        pass_fds, preexec = (), None
        if counts:
            read_end, self.counts_pipe = os.pipe()
            pass_fds = (read_end,)

            def take_pipe_as_input():
                """In the child: the pipe's read end becomes standard input."""
                os.dup2(read_end, 0)
                os.close(read_end)
            preexec = take_pipe_as_input
        self.spawn_time = time.monotonic()
        self.process = ptyprocess.PtyProcess.spawn(
            [*wrapper, binary, *arguments], env=environment, dimensions=(rows, columns),
            pass_fds=pass_fds, preexec_fn=preexec)
        if counts:
            os.close(read_end)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        """Reads the pty master until the child goes away, recording (time, bytes) and feeding the screen."""
        while True:
            try:
                data = os.read(self.process.fd, 1 << 20)
            except OSError:
                data = b""
            now = time.monotonic()
            with self.changed:
                if not data:
                    self.changed.notify_all()
                    return
                self.chunks.append((now, data))
                if self.stream is not None:
                    self.stream.feed(data)
                    if self.first_frame_time is None and first_frame_shown(self.screen, self.ready):
                        self.first_frame_time = now
                elif self.first_frame_time is None:
                    self.first_frame_time = now
                if self.expectation is not None and self.expectation_time is None and self.expectation(self):
                    self.expectation_time = now
                self.changed.notify_all()

    def expect(self, condition):
        """From now on checks `condition(session)` after every chunk read, until it first holds."""
        with self.changed:
            self.expectation_time = None
            self.expectation = condition

    def wait_for_expected(self, timeout, what):
        """Blocks until the condition given to ``expect`` holds; returns the time of the chunk that made it hold."""
        with self.changed:
            if not self.changed.wait_for(lambda: self.expectation_time is not None, timeout):
                shown = "\n".join(self.screen.display) if self.screen else ""
                raise RuntimeError("%s: not within %.0f s:\n%s" % (what, timeout, shown))
            self.expectation = None
            return self.expectation_time

    def shows(self, text):
        """Whether the emulated screen shows a text anywhere."""
        return any(text in line for line in self.screen.display)

    def wait_for_first_frame(self, timeout=10.0):
        """Blocks until the first frame is on the screen (the complete Inbox when emulated); returns when it arrived."""
        with self.changed:
            if not self.changed.wait_for(lambda: self.first_frame_time is not None, timeout):
                raise RuntimeError("no complete first frame within %.0f s:\n%s"
                                   % (timeout, "\n".join(self.screen.display) if self.screen else ""))
            return self.first_frame_time

    def wait_for_output_after(self, instant, timeout=2.0):
        """Blocks until a chunk read after `instant` arrives; returns its time."""
        def arrived():
            return self.chunks and self.chunks[-1][0] > instant
        with self.changed:
            if not self.changed.wait_for(arrived, timeout):
                raise RuntimeError("no response within %.1f s" % timeout)
            return next(t for t, _ in self.chunks if t > instant)

    def wait_until_quiet(self, quiet=QUIET_SECONDS):
        """Blocks until no output has arrived for `quiet` seconds; returns the time of the last chunk."""
        with self.changed:
            while True:
                last = self.chunks[-1][0] if self.chunks else self.spawn_time
                remaining = last + quiet - time.monotonic()
                if remaining <= 0:
                    return last
                self.changed.wait(remaining)

    def press(self, key):
        """Writes a key to the program; returns the time just before the write."""
        instant = time.monotonic()
        os.write(self.process.fd, key)
        return instant

    def write_counts(self, data):
        """Writes bytes into the program's counts pipe, all of them, blocking while the pipe is full."""
        view = memoryview(data)
        while view:
            written = os.write(self.counts_pipe, view[:1 << 16])
            view = view[written:]

    def close_counts(self):
        """Closes the counts pipe: the program reads the end of its input."""
        if self.counts_pipe is not None:
            os.close(self.counts_pipe)
            self.counts_pipe = None

    def chunks_between(self, start, end):
        """The chunks read in [start, end)."""
        with self.changed:
            return [(t, data) for t, data in self.chunks if start <= t < end]

    def chunks_before(self, instant):
        """The chunks read before `instant`."""
        with self.changed:
            return [(t, data) for t, data in self.chunks if t < instant]

    def close(self, grace=3):
        """Quits with `q`, waits for the exit and the reader, and kills the child if it lingers."""
        self.close_counts()
        try:
            os.write(self.process.fd, b"q")
        except OSError:
            pass
        deadline = time.monotonic() + grace
        while self.process.isalive() and time.monotonic() < deadline:
            time.sleep(0.01)
        if self.process.isalive():
            self.process.terminate(force=True)
        self.reader.join(3)
        self.process.close(force=True)


def process_counters(pid):
    """CPU time (ns, from schedstat) and voluntary and involuntary context switches, summed over all threads."""
    cpu_ns = voluntary = involuntary = 0
    for task in glob.glob("/proc/%d/task/*" % pid):
        try:
            with open(task + "/schedstat") as schedstat:
                cpu_ns += int(schedstat.read().split()[0])
            with open(task + "/status") as status:
                for line in status:
                    if line.startswith("voluntary_ctxt_switches"):
                        voluntary += int(line.split()[1])
                    elif line.startswith("nonvoluntary_ctxt_switches"):
                        involuntary += int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            continue
    return cpu_ns, voluntary, involuntary


def memory_kib(pid, field):
    """A memory figure of a process from /proc/PID/status, in KiB: VmHWM (peak resident), VmRSS (resident now)
    or RssAnon (its anonymous part: heap and stacks, without the executable's pages)."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError("no %s for process %d" % (field, pid))


def measure_window(session, seconds):
    """Sleeps `seconds` and returns CPU ms/s, wakeups/s, bytes/s over it, with the window's start and end.

    Wakeups are all context switches; the voluntary ones (the program blocking
    and being woken) are also given alone, since involuntary ones (preemption)
    grow with whatever else the machine runs.
    """
    pid = session.process.pid
    cpu_before, voluntary_before, involuntary_before = process_counters(pid)
    start = time.monotonic()
    time.sleep(seconds)
    cpu_after, voluntary_after, involuntary_after = process_counters(pid)
    end = time.monotonic()
    elapsed = end - start
    voluntary = voluntary_after - voluntary_before
    written = sum(len(data) for _, data in session.chunks_between(start, end))
    return {
        "cpu_ms_per_s": (cpu_after - cpu_before) / 1e6 / elapsed,
        "wakeups_per_s": (voluntary + involuntary_after - involuntary_before) / elapsed,
        "voluntary_wakeups_per_s": voluntary / elapsed,
        "bytes_per_s": written / elapsed,
    }, start, end


def palette_hex(index):
    """The colour xterm's 256-colour palette shows at an index from 16 up, as pyte writes it (`rrggbb`)."""
    if index < 232:
        levels = [0, 95, 135, 175, 215, 255]
        index -= 16
        return "%02x%02x%02x" % (levels[index // 36], levels[(index // 6) % 6], levels[index % 6])
    level = 8 + 10 * (index - 232)
    return "%02x%02x%02x" % (level, level, level)


PALETTE_INDEX = {palette_hex(index): index for index in range(16, 256)}


def color_parameter(color, base):
    """The shortest SGR parameter that sets a pyte colour: 39/49, a named ANSI colour, 38;5;N or 38;2;R;G;B."""
    if color == "default":
        return str(base + 9)
    if color in PALETTE_INDEX:
        return "%d;5;%d" % (base + 8, PALETTE_INDEX[color])
    if len(color) == 6 and all(c in "0123456789abcdef" for c in color):
        return "%d;2;%d;%d;%d" % (base + 8, int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16))
    return str(base)  # a named colour: two digits, like 31


def style_change_bytes(old, new):
    """The length of the shortest SGR sequence that turns style `old` into `new` (pyte cell styles)."""
    parameters = []
    old_fg, old_bg, *old_flags = old
    new_fg, new_bg, *new_flags = new
    # bold, italics, underscore, strikethrough, reverse, blink: on and off codes.
    codes = [("1", "22"), ("3", "23"), ("4", "24"), ("9", "29"), ("7", "27"), ("5", "25")]
    for (on, off), was, now in zip(codes, old_flags, new_flags):
        if was != now:
            parameters.append(on if now else off)
    if old_fg != new_fg:
        parameters.append(color_parameter(new_fg, 30))
    if old_bg != new_bg:
        parameters.append(color_parameter(new_bg, 40))
    return len("\x1b[" + ";".join(parameters) + "m") if parameters else 0


def cursor_move_bytes(row, column):
    """The length of the cursor-position sequence to a cell (1-based in the sequence)."""
    return len("\x1b[%d;%dH" % (row + 1, column + 1))


def cell_style(cell):
    """The part of a pyte cell that an SGR sequence sets: colours and attributes."""
    return cell[1:]


def bursts(chunks, gap=BURST_GAP_SECONDS):
    """Groups timestamped chunks into frames: runs of chunks less than `gap` seconds apart."""
    groups = []
    last = None
    for instant, data in chunks:
        if last is None or instant - last >= gap:
            groups.append(bytearray())
        groups[-1] += data
        last = instant
    return groups


def row_bound(row, before, after, style):
    """The byte lower bound for turning one row `before` into `after` (lists of pyte cells).

    Each maximal run of changed cells costs a cursor move to its first cell,
    the shortest SGR sequence wherever a glyph's style differs from the one in
    force, and the UTF-8 bytes of its glyphs. Returns the bound, the style in
    force afterwards, and the column just after the last run (None if no cell changed).
    """
    bound = 0
    column = 0
    end = None
    while column < len(after):
        if before[column] == after[column]:
            column += 1
            continue
        bound += cursor_move_bytes(row, column)
        while column < len(after) and before[column] != after[column]:
            cell = after[column]
            if cell.data:
                if cell_style(cell) != style:
                    bound += style_change_bytes(style, cell_style(cell))
                    style = cell_style(cell)
                bound += len(cell.data.encode())
            column += 1
        end = column
    return bound, style, end


def cursor_return_bytes(last_drawn, cursor):
    """The bytes to put a visible cursor back where it rests after a frame's last run: none if already there.

    `last_drawn` is (row, column just after the last run), or None for a frame
    that drew nothing; `cursor` is pyte's cursor after the frame.
    """
    if last_drawn is None or cursor.hidden or last_drawn == (cursor.y, cursor.x):
        return 0
    return cursor_move_bytes(cursor.y, cursor.x)


def title_bytes(frame):
    """The bytes of the window titles a frame sets (`\\e]2;TEXT\\a`): a title that changed has to be sent whole."""
    return sum(len(title) for title in TITLE.findall(frame))


def frame_costs(history, window, columns=COLUMNS, rows=ROWS, gap=BURST_GAP_SECONDS):
    """Replays output on a fresh pyte screen: for each frame in `window`, its bytes and its lower bound.

    The bound counts the titles a frame sets, as they are: they are not cells,
    but a renderer that keeps the window's title current has to send them.
    """
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    stream.feed(b"".join(data for _, data in history))

    def row_cells(row):
        line = screen.buffer[row]
        return [line[column] for column in range(columns)]

    shown = [row_cells(row) for row in range(rows)]
    costs = []
    for frame in bursts(window, gap):
        screen.dirty.clear()
        stream.feed(bytes(frame))
        bound = title_bytes(bytes(frame))
        style = DEFAULT_STYLE
        last_drawn = None
        for row in sorted(screen.dirty):
            if 0 <= row < rows:
                now = row_cells(row)
                row_cost, style, end = row_bound(row, shown[row], now, style)
                bound += row_cost
                if end is not None:
                    last_drawn = (row, end)
                shown[row] = now
        # The cursor rests, shown, at the start of the status line (for screen readers): any
        # renderer has to send it back there after drawing elsewhere.
        bound += cursor_return_bytes(last_drawn, screen.cursor)
        costs.append((len(frame), bound))
    return costs


def run_idle(binary):
    """One idle run: `--no-autoplay`, settle, then CPU, wakeups and bytes over IDLE_SECONDS."""
    session = Session(binary, ["--no-autoplay"])
    try:
        session.wait_for_first_frame()
        time.sleep(SETTLE_SECONDS)
        figures, _, _ = measure_window(session, IDLE_SECONDS)
        return figures
    finally:
        session.close()


def run_autoplay(binary):
    """One auto-play run at 60 fps: CPU, wakeups, bytes, bytes per frame against the bound, peak memory."""
    session = Session(binary, ["--fps", "60"])
    try:
        session.wait_for_first_frame()
        time.sleep(SETTLE_SECONDS)
        figures, start, end = measure_window(session, AUTOPLAY_SECONDS)
        figures["peak_rss_mib"] = memory_kib(session.process.pid, "VmHWM") / 1024
    finally:
        session.close()
    figures.update(frame_figures(session, start, end, "during %.0f s of auto-play" % AUTOPLAY_SECONDS))
    return figures


def frame_figures(session, start, end, during, columns=COLUMNS, rows=ROWS, gap=BURST_GAP_SECONDS):
    """Frames per second, bytes per frame and its bound, and their ratio, for a session's output in [start, end)."""
    costs = frame_costs(session.chunks_before(start), session.chunks_between(start, end), columns, rows, gap)
    written = sum(size for size, _ in costs)
    bound = sum(frame_bound for _, frame_bound in costs)
    if not bound:
        raise RuntimeError("no cell changed %s" % during)
    return {
        "frames_per_s": len(costs) / (end - start),
        "bytes_per_frame": written / len(costs),
        "bound_bytes_per_frame": bound / len(costs),
        "bytes_over_bound": written / bound,
    }


def run_soak(binary):
    """Auto-play at 240 fps for SOAK_SECONDS: resident memory sampled every 5 s, and its growth after the first sample."""
    session = Session(binary, ["--fps", "240"])
    try:
        session.wait_for_first_frame()
        samples = []
        anonymous = []
        started = time.monotonic()
        while time.monotonic() - started < SOAK_SECONDS:
            time.sleep(5)
            samples.append(memory_kib(session.process.pid, "VmRSS"))
            anonymous.append(memory_kib(session.process.pid, "RssAnon"))
    finally:
        session.close()
    # Growth is the anonymous part's: pages of the static executable read in when code first runs (a path the
    # script reaches after the first sample) are not memory the program keeps taking.
    return {"seconds": SOAK_SECONDS, "resident_kib": samples, "anonymous_kib": anonymous,
            "growth_kib": anonymous[-1] - anonymous[0], "resident_growth_kib": samples[-1] - samples[0]}


def run_key_latency(binary):
    """KEY_PRESSES Tab presses on an idle Inbox: ms from writing the key to the first byte of the response."""
    session = Session(binary, ["--no-autoplay"])
    latencies = []
    try:
        session.wait_for_first_frame()
        time.sleep(SETTLE_SECONDS)
        session.wait_until_quiet()
        for _ in range(KEY_PRESSES):
            pressed = session.press(b"\t")
            latencies.append((session.wait_for_output_after(pressed) - pressed) * 1000)
            session.wait_until_quiet()
    finally:
        session.close()
    return {
        "median_ms": statistics.median(latencies),
        "p95_ms": statistics.quantiles(latencies, n=100, method="inclusive")[94],
    }


def run_startups(binary):
    """STARTS starts: ms from spawning on the pty until the complete Inbox is on the pyte screen."""
    times = []
    for _ in range(STARTS):
        session = Session(binary, [])
        try:
            times.append((session.wait_for_first_frame() - session.spawn_time) * 1000)
        finally:
            session.close()
    return {"median_ms": statistics.median(times), "max_ms": max(times)}


def cpu_ns(pid):
    """The CPU time a process has used so far, in ns, summed over its threads (not its children)."""
    return process_counters(pid)[0]


def descriptors(pid):
    """The open descriptors of a process, as `number -> target` from /proc/PID/fd."""
    found = {}
    for entry in os.listdir("/proc/%d/fd" % pid):
        try:
            found[int(entry)] = os.readlink("/proc/%d/fd/%s" % (pid, entry))
        except OSError:
            continue
    return found


def resting_descriptors(pid, samples=10):
    """The open descriptors of a process between its children's runs: the fewest of a few samples 37 ms apart.

    A watch's output pipe is open only while its command runs, so one sample
    may catch one; the program's own descriptors are in every sample.
    """
    found = []
    for number in range(samples):
        if number:
            time.sleep(0.037)
        found.append(descriptors(pid))
    return min(found, key=len)


def run_live_counts(binary, wrapper=(), lines=LIVE_COUNT_LINES):
    """`lines` lines of `Messages+=1` through a pipe into `--counts-from -` as fast as the program takes them.

    Gives lines per second of the program's CPU (from the first byte written
    to the final count on the screen), the time from the end of the input to
    the final count on the screen, and how many change events `--events-to` wrote.
    """
    with tempfile.TemporaryDirectory() as folder:
        events_path = os.path.join(folder, "events")
        session = Session(binary, ["--no-autoplay", "--counts-from", "-", "--events-to", events_path],
                          counts=True, wrapper=wrapper)
        try:
            session.wait_for_first_frame(10 if not wrapper else 120)
            time.sleep(SETTLE_SECONDS)
            final = "Messages: %d unread" % (2 + lines)
            data = b"Messages+=1\n" * lines
            session.expect(lambda shown: shown.shows(final))
            cpu_before = cpu_ns(session.process.pid)
            start = time.monotonic()
            session.write_counts(data)
            written = time.monotonic()
            session.close_counts()
            shown = session.wait_for_expected(60 if not wrapper else 3600, "the final count")
            cpu_seconds = (cpu_ns(session.process.pid) - cpu_before) / 1e9
        finally:
            session.close(grace=3 if not wrapper else 60)
        with open(events_path, "rb") as events:
            event_lines = events.read().count(b"\n")
    return {
        "lines": lines,
        "lines_per_cpu_second": lines / cpu_seconds,
        "cpu_seconds": cpu_seconds,
        "seconds": shown - start,
        "end_to_screen_ms": (shown - written) * 1000,
        "change_events": event_lines,
    }


def paced_counts(session, lines_per_second, text, stop):
    """Writes a counts line every 1/`lines_per_second` s into the session's pipe until `stop` is set."""
    interval = 1 / lines_per_second
    due = time.monotonic()
    number = 0
    while not stop.is_set():
        session.write_counts(text(number))
        number += 1
        due += interval
        pause = due - time.monotonic()
        if pause > 0:
            time.sleep(pause)


def run_paced(binary, arguments, columns, rows, ready, text, seconds, wrapper=()):
    """Counts lines at COUNT_LINES_PER_SECOND into a running program: CPU, wakeups, frames and bytes against the bound."""
    session = Session(binary, arguments + ["--counts-from", "-"], columns=columns, rows=rows, counts=True,
                      ready=ready, wrapper=wrapper)
    stop = threading.Event()
    writer = threading.Thread(target=paced_counts, args=(session, COUNT_LINES_PER_SECOND, text, stop), daemon=True)
    try:
        session.wait_for_first_frame(10 if not wrapper else 120)
        writer.start()
        time.sleep(SETTLE_SECONDS)
        figures, start, end = measure_window(session, seconds)
    finally:
        stop.set()
        writer.join(3)
        session.close(grace=3 if not wrapper else 60)
    figures.update(frame_figures(session, start, end, "in %.0f s with counts changing" % seconds, columns, rows,
                                 PACED_BURST_GAP_SECONDS))
    figures["cpu_us_per_frame"] = figures["cpu_ms_per_s"] * 1000 / figures["frames_per_s"]
    return figures


def run_fast_frames(binary, wrapper=()):
    """The Inbox at `--fps 240` with COUNT_LINES_PER_SECOND lines of `Messages+=1` a second."""
    return run_paced(binary, ["--fps", "240", "--no-autoplay"], COLUMNS, ROWS, FIRST_FRAME_TEXTS,
                     lambda number: b"Messages+=1\n", PACED_SECONDS, wrapper)


def button_options(count, prefix="B"):
    """`--button` options for `count` buttons titled B01, B02, ... with a count of 5 and a one-column icon."""
    options = []
    for number in range(1, count + 1):
        options += ["--button", "%s%02d:bell:5" % (prefix, number)]
    return options


def run_buttons(binary, count, columns, changing, wrapper=()):
    """`count` buttons on a screen `columns` wide, the counts of the first `changing` changing in turn, 100 times a second."""
    arguments = ["--icons", "unicode", *button_options(count)]
    return run_paced(binary, arguments, columns, ROWS, ("Badges", "B01: 5 unread"),
                     lambda number: b"B%02d+=1\n" % (number % changing + 1), PACED_SECONDS, wrapper)


def size_name(columns, rows):
    """A screen size as the figures name it: `200x60`."""
    return "%dx%d" % (columns, rows)


def run_resizes(binary, wrapper=()):
    """The Inbox resized from 80x24 to each of RESIZE_SIZES in turn: time to the end of the repaint, resident memory.

    Bytes per cell at a size are the resident memory it adds to the 80x24
    start, over the cells it adds; `bytes_per_cell` is the same between the
    smallest and the largest size, so the fixed part drops out.
    """
    session = Session(binary, ["--no-autoplay"], emulate=False, wrapper=wrapper)
    figures = {}
    try:
        session.wait_for_first_frame(10 if not wrapper else 120)
        time.sleep(SETTLE_SECONDS)
        session.wait_until_quiet()
        base_kib = memory_kib(session.process.pid, "VmRSS")
        resident = {}
        for columns, rows in RESIZE_SIZES:
            name = size_name(columns, rows)
            start = time.monotonic()
            session.process.setwinsize(rows, columns)
            session.wait_for_output_after(start, timeout=10 if not wrapper else 600)
            end = session.wait_until_quiet(0.3 if not wrapper else 5)
            burst = b"".join(data for _, data in session.chunks_between(start, end + 1))
            if b"Messages" not in burst:
                raise RuntimeError("no repaint of the Inbox after resizing to %s" % name)
            resident[name] = memory_kib(session.process.pid, "VmRSS")
            figures["repaint_ms_" + name] = (end - start) * 1000
            figures["repaint_bytes_" + name] = len(burst)
            figures["resident_kib_" + name] = resident[name]
            figures["bytes_per_cell_" + name] = ((resident[name] - base_kib) * 1024
                                                 / (columns * rows - COLUMNS * ROWS))
        figures["peak_resident_kib"] = memory_kib(session.process.pid, "VmHWM")
    finally:
        session.close(grace=3 if not wrapper else 60)
    (first_columns, first_rows), (last_columns, last_rows) = RESIZE_SIZES[0], RESIZE_SIZES[-1]
    first, last = size_name(first_columns, first_rows), size_name(last_columns, last_rows)
    figures["base_resident_kib"] = base_kib
    figures["bytes_per_cell"] = ((resident[last] - resident[first]) * 1024
                                 / (last_columns * last_rows - first_columns * first_rows))
    return figures


def run_watches(binary, seconds=WATCH_SECONDS, wrapper=()):
    """WATCH_COUNT watches every second: the program's own CPU per command run, and its memory and descriptors."""
    with tempfile.TemporaryDirectory() as folder:
        runs_path = os.path.join(folder, "runs")
        open(runs_path, "w").close()
        arguments = ["--icons", "unicode", "--every", "1s", *button_options(WATCH_COUNT, "W")]
        for number in range(1, WATCH_COUNT + 1):
            arguments += ["--watch", "W%02d=echo >> %s; echo %d" % (number, runs_path, number)]
        session = Session(binary, arguments, columns=200, ready=("Badges", "W01: "), wrapper=wrapper)

        def runs():
            with open(runs_path, "rb") as file:
                return file.read().count(b"\n")
        try:
            session.wait_for_first_frame(10 if not wrapper else 120)
            time.sleep(SETTLE_SECONDS + 1)
            pid = session.process.pid
            descriptors_before = resting_descriptors(pid)
            resident_before = memory_kib(pid, "VmRSS")
            runs_before = runs()
            cpu_before = cpu_ns(pid)
            start = time.monotonic()
            time.sleep(seconds)
            cpu_after = cpu_ns(pid)
            elapsed = time.monotonic() - start
            runs_after = runs()
            resident_after = memory_kib(pid, "VmRSS")
            descriptors_after = resting_descriptors(pid)
        finally:
            session.close(grace=3 if not wrapper else 60)
    count = runs_after - runs_before
    if count < 1:
        raise RuntimeError("no watch ran in %.0f s" % seconds)

    def listing(found):
        return ["%d -> %s" % (number, target) for number, target in sorted(found.items())]
    return {
        "seconds": round(elapsed, 1),
        "runs": count,
        "runs_per_s": count / elapsed,
        "cpu_ms_per_run": (cpu_after - cpu_before) / 1e6 / count,
        "resident_kib": [resident_before, resident_after],
        "growth_kib": resident_after - resident_before,
        "descriptors_at_start": listing(descriptors_before),
        "descriptors_at_end": listing(descriptors_after),
        "descriptors_changed": descriptors_before != descriptors_after,
    }


def status_bar_environment():
    """The environment a status bar gives the commands it runs here: a UTF-8 locale, no terminal."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "LANG": "C.UTF-8",
        "SWIFT_BACKTRACE": "enable=no",
    }


def status_bar_arguments(mode, source):
    """The options of the status-bar recipes: `--once` or `--stream`, polybar's form, one button, `--counts-from`."""
    return [mode, "--format", "polybar", "--button", STATUS_BAR_BUTTON, "--counts-from", source]


def reap(process):
    """Waits for a child started by subprocess.Popen: its exit status and CPU time in ns (utime + stime of wait4)."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, round((usage.ru_utime + usage.ru_stime) * 1e9)


def run_once_process(binary, counts_path):
    """One `--once` run as a bar's poll starts it: its exit status, what it printed, and its CPU time in ns."""
    process = subprocess.Popen([binary, *status_bar_arguments("--once", counts_path)], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=status_bar_environment())
    output = process.stdout.read()
    process.stdout.close()
    status, cpu = reap(process)
    return status, output, cpu


def replace_file(path, data):
    """Writes a file anew in one step (a temporary file renamed over it), as a careful updater of a counts file does."""
    with open(path + ".new", "wb") as file:
        file.write(data)
    os.replace(path + ".new", path)


def write_fifo(path, data, timeout):
    """Opens a FIFO, writes a line into it and closes it again, as `echo Mail=3 > FIFO` does.

    Opens without blocking and tries again while no reader has it open (the
    reader may be between an end of input and opening it anew), up to `timeout` s.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError as error:
            if error.errno != errno.ENXIO or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    try:
        os.write(descriptor, data)
    finally:
        os.close(descriptor)


def run_stream_vs_once(binary, wrapper=(), seconds=STATUS_BAR_SECONDS):
    """`--stream` against a bar polling `--once` every second, over the same `seconds` of STATUS_BAR_CHANGES.

    Both run at once, in the same minute. The polling recipe starts
    `badgebar --once` on a 1 s grid with a counts file that the driver replaces
    at each change; the stream is one `badgebar --stream` reading a FIFO that
    the driver writes the same changes into. Each side's CPU is the utime +
    stime of its processes as wait4 reaps them (start-up and exit included),
    per minute, with the processes started per minute. Every line the stream
    prints must be the `--once` line for the count just written, and the polls
    must have seen every change, so the figures are for recipes that work. In
    the last STREAM_IDLE_SECONDS nothing changes: the stream's context switches
    (wakeups) and CPU there come from /proc.
    """
    open_timeout = 10 if not wrapper else 120
    with tempfile.TemporaryDirectory() as folder:
        expected = {}
        for count in [0] + [count for _, count in STATUS_BAR_CHANGES]:
            path = os.path.join(folder, "counts-%d" % count)
            replace_file(path, b"Mail=%d\n" % count)
            status, output, _ = run_once_process(binary, path)
            if status != 0:
                raise RuntimeError("--once with Mail=%d exited %d: %r" % (count, status, output))
            expected[count] = output
        counts_path = os.path.join(folder, "counts")
        replace_file(counts_path, b"")
        fifo_path = os.path.join(folder, "counts.fifo")
        os.mkfifo(fifo_path)
        errors_path = os.path.join(folder, "stream-errors")
        lines = []
        first_line_cpu = []
        polls = []
        written = []
        start = time.monotonic()
        with open(errors_path, "wb") as errors:
            stream = subprocess.Popen([*wrapper, binary, *status_bar_arguments("--stream", fifo_path)],
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors,
                                      env=status_bar_environment())

        def read_lines():
            """Reads the stream's lines until it ends, with the time each arrived."""
            for line in stream.stdout:
                lines.append((time.monotonic(), line))
                if not first_line_cpu:
                    first_line_cpu.append(cpu_ns(stream.pid))
        reader = threading.Thread(target=read_lines, daemon=True)
        reader.start()
        try:
            changes = list(STATUS_BAR_CHANGES)
            next_poll = start
            idle_start, end = start + seconds - STREAM_IDLE_SECONDS, start + seconds
            idle_before = None
            while True:
                now = time.monotonic()
                if changes and now >= start + changes[0][0]:
                    _, count = changes.pop(0)
                    replace_file(counts_path, b"Mail=%d\n" % count)
                    written.append((time.monotonic(), count))
                    write_fifo(fifo_path, b"Mail=%d\n" % count, open_timeout)
                elif idle_before is None and now >= idle_start:
                    idle_before = process_counters(stream.pid), now
                elif now >= end:
                    idle_after = process_counters(stream.pid), now
                    break
                elif now >= next_poll:
                    polls.append(run_once_process(binary, counts_path))
                    while next_poll <= time.monotonic():
                        next_poll += POLL_INTERVAL_SECONDS
                else:
                    due = [next_poll, end] + ([start + changes[0][0]] if changes else []) + (
                        [idle_start] if idle_before is None else [])
                    time.sleep(max(0.0, min(due) - now))
        finally:
            stream.terminate()
            reader.join(10)
            stream.stdout.close()
            stream_status, stream_cpu = reap(stream)
        with open(errors_path, "rb") as errors:
            stream_errors = errors.read()
    if stream_status not in (-15, 143):
        raise RuntimeError("--stream ended with %d, not by SIGTERM: %r" % (stream_status, stream_errors))
    shown = [line for _, line in lines]
    wanted = [expected[0]] + [expected[count] for _, count in written]
    if shown != wanted:
        raise RuntimeError("--stream printed %r, not the --once lines %r (standard error: %r)"
                           % (shown, wanted, stream_errors))
    for status, output, _ in polls:
        if status != 0 or output not in expected.values():
            raise RuntimeError("a poll of --once exited %d with %r" % (status, output))
    unseen = [count for _, count in written if expected[count] not in {output for _, output, _ in polls}]
    if unseen:
        raise RuntimeError("the polls never showed Mail=%s" % unseen)
    (idle_cpu_before, voluntary_before, involuntary_before), idle_from = idle_before
    (idle_cpu_after, voluntary_after, involuntary_after), idle_to = idle_after
    per_minute = 60 / seconds
    once_cpu = sum(cpu for _, _, cpu in polls)
    figures = {
        "seconds": seconds,
        "changes": len(written),
        "once_processes_per_min": len(polls) * per_minute,
        "once_cpu_ms_per_min": once_cpu / 1e6 * per_minute,
        "once_cpu_ms_per_run": once_cpu / 1e6 / len(polls),
        "stream_processes_per_min": per_minute,
        "stream_cpu_ms_per_min": stream_cpu / 1e6 * per_minute,
        "stream_cpu_ms_to_first_line": first_line_cpu[0] / 1e6,
        "stream_change_to_line_ms_max": max(
            (shown_at - written_at) * 1000 for (shown_at, _), (written_at, _) in zip(lines[1:], written)),
        "once_over_stream_cpu": once_cpu / stream_cpu,
        "stream_idle_seconds": idle_to - idle_from,
        "stream_idle_wakeups": (voluntary_after - voluntary_before) + (involuntary_after - involuntary_before),
        "stream_idle_cpu_ms": (idle_cpu_after - idle_cpu_before) / 1e6,
    }
    return figures


def run_maildir(binary, seconds=STATUS_BAR_SECONDS):
    """`--stream --maildir` over the same `seconds` of STATUS_BAR_CHANGES, made in a Maildir as mail programs do.

    A rise delivers messages (written in tmp/, moved into new/); a fall marks
    messages read (moved from new/ to cur/ with the seen flag). For each change,
    the time from its last move to the first line the stream prints with the new
    count; the stream's CPU per change and per minute from wait4 as it is reaped;
    and, in the last STREAM_IDLE_SECONDS when nothing changes, its context
    switches from /proc. Every change must reach a line, and the last line of
    each must be the count, so the figures are for a recipe that works.
    """
    with tempfile.TemporaryDirectory() as folder:
        maildir = os.path.join(folder, "Maildir")
        for name in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(maildir, name))
        stream = subprocess.Popen(
            [binary, "--stream", "--format", "plain", "--button", STATUS_BAR_BUTTON, "--maildir", "Mail=" + maildir],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=status_bar_environment())
        lines = []
        first_line_cpu = []

        def read_lines():
            """Reads the stream's lines until it ends, with the time each arrived and the count it shows."""
            for line in stream.stdout:
                numbers = re.findall(rb"\d+", line)
                lines.append((time.monotonic(), int(numbers[-1]) if numbers else 0))
                if not first_line_cpu:
                    first_line_cpu.append(cpu_ns(stream.pid))
        reader = threading.Thread(target=read_lines, daemon=True)
        reader.start()
        unread = []
        landed = []
        serial = 0
        start = time.monotonic()
        try:
            deadline = start + 10
            while not lines and time.monotonic() < deadline:
                time.sleep(0.01)
            if not lines:
                raise RuntimeError("--stream --maildir printed no first line")
            start = time.monotonic()
            for at, count in STATUS_BAR_CHANGES:
                time.sleep(max(0.0, start + at - time.monotonic()))
                while len(unread) < count:
                    serial += 1
                    name = "%d.M%d.bench" % (int(time.time()), serial)
                    with open(os.path.join(maildir, "tmp", name), "wb") as message:
                        message.write(b"Subject: %d\n\nhello\n" % serial)
                    os.rename(os.path.join(maildir, "tmp", name), os.path.join(maildir, "new", name))
                    unread.append(name)
                while len(unread) > count:
                    name = unread.pop(0)
                    os.rename(os.path.join(maildir, "new", name), os.path.join(maildir, "cur", name + ":2,S"))
                landed.append((time.monotonic(), count))
            idle_start = start + seconds - STREAM_IDLE_SECONDS
            time.sleep(max(0.0, idle_start - time.monotonic()))
            idle_before = process_counters(stream.pid), time.monotonic()
            time.sleep(max(0.0, start + seconds - time.monotonic()))
            idle_after = process_counters(stream.pid), time.monotonic()
        finally:
            stream.terminate()
            reader.join(10)
            stream.stdout.close()
            errors = stream.stderr.read()
            stream.stderr.close()
            status, stream_cpu = reap(stream)
    if status not in (-15, 143):
        raise RuntimeError("--stream --maildir ended with %d, not by SIGTERM: %r" % (status, errors))
    latencies = []
    for index, (landed_at, count) in enumerate(landed):
        until = landed[index + 1][0] if index + 1 < len(landed) else float("inf")
        shown = [at for at, shown_count in lines if landed_at - 1 <= at < until and shown_count == count]
        if not shown:
            raise RuntimeError("--stream --maildir never printed Mail=%d (lines %r)" % (count, lines))
        latencies.append(max(0.0, (shown[0] - landed_at) * 1000))
    (_, voluntary_before, involuntary_before), idle_from = idle_before
    (_, voluntary_after, involuntary_after), idle_to = idle_after
    latencies.sort()
    return {
        "seconds": seconds,
        "changes": len(landed),
        "landing_to_line_ms_median": statistics.median(latencies),
        "landing_to_line_ms_p95": latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))],
        "frame_ms": 1000 / 60,
        "cpu_ms_to_first_line": first_line_cpu[0] / 1e6,
        "cpu_ms_per_min": (stream_cpu - first_line_cpu[0]) / 1e6 * 60 / seconds,
        "cpu_ms_per_change": (stream_cpu - first_line_cpu[0]) / 1e6 / len(landed),
        "idle_seconds": idle_to - idle_from,
        "idle_wakeups": (voluntary_after - voluntary_before) + (involuntary_after - involuntary_before),
    }


SCENARIOS = {
    "maildir": lambda binary, wrapper: run_maildir(binary),
    "live-counts": lambda binary, wrapper: run_live_counts(binary, wrapper),
    "fast-frames": lambda binary, wrapper: run_fast_frames(binary, wrapper),
    "many-buttons": lambda binary, wrapper: run_buttons(binary, MANY_BUTTONS, MANY_BUTTONS_COLUMNS,
                                                        MANY_BUTTONS, wrapper),
    "many-buttons-few-changing": lambda binary, wrapper: run_buttons(binary, MANY_BUTTONS, MANY_BUTTONS_COLUMNS,
                                                                     FEW_BUTTONS, wrapper),
    "few-buttons": lambda binary, wrapper: run_buttons(binary, FEW_BUTTONS, COLUMNS, FEW_BUTTONS, wrapper),
    "resizes": lambda binary, wrapper: run_resizes(binary, wrapper),
    "watches": lambda binary, wrapper: run_watches(binary, WATCH_SECONDS, wrapper),
    "watch-soak": lambda binary, wrapper: run_watches(binary, WATCH_SOAK_SECONDS, wrapper),
    "stream-vs-once": lambda binary, wrapper: run_stream_vs_once(binary, wrapper),
}


def run_render(bench_binary):
    """The in-process render benchmark's JSON line."""
    output = subprocess.run([bench_binary], check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def medians(runs):
    """Per-figure medians of several runs (dicts with the same keys)."""
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def verdict(ok):
    """PASS or MISS."""
    return "PASS" if ok else "MISS"


def live_count_rows(live):
    """Rows for the live counts: lines per second of CPU, end of input to screen, changes shown per frame."""
    frames = live["seconds"] * LIVE_FRAMES_PER_SECOND
    return [
        ("live counts, %.0fM lines via pipe" % (live["lines"] / 1e6),
         "%.1fM lines/s of CPU (%.3f s)" % (live["lines_per_cpu_second"] / 1e6, live["cpu_seconds"]),
         ">= 3M", verdict(live["lines_per_cpu_second"] >= 3e6)),
        ("live counts, input end to screen", "%.1f ms" % live["end_to_screen_ms"],
         "<= %.1f (a frame)" % (1000 / LIVE_FRAMES_PER_SECOND),
         verdict(live["end_to_screen_ms"] <= 1000 / LIVE_FRAMES_PER_SECOND)),
        ("live counts, changes shown", "%d in %.2f s (%.1f frames)" % (live["change_events"], live["seconds"], frames),
         "<= 1 a frame", verdict(live["change_events"] <= frames + 1)),
    ]


def paced_rows(label, figures):
    """Rows for counts changing COUNT_LINES_PER_SECOND times a second: CPU, and bytes per frame against the bound."""
    return [
        ("%s: CPU" % label, "%.1f ms/s (%.0f us/frame, %.0f frames/s)" % (
            figures["cpu_ms_per_s"], figures["cpu_us_per_frame"], figures["frames_per_s"]), "", ""),
        ("%s: bytes/frame" % label, "%.1f B (bound %.1f B, %.2fx)" % (
            figures["bytes_per_frame"], figures["bound_bytes_per_frame"], figures["bytes_over_bound"]),
         "<= 1.5x bound", verdict(figures["bytes_over_bound"] <= 1.5)),
    ]


def cpu_per_changed_byte(figures):
    """CPU per byte of the bound: ms of CPU for each byte the cells that changed need at least."""
    return figures["cpu_ms_per_s"] / (figures["bound_bytes_per_frame"] * figures["frames_per_s"])


def button_rows(few, many_few_changing, many):
    """Rows for 3 and 50 buttons with counts changing, and the ratios of the 50-button cases to the 3-button one."""
    same = many_few_changing["cpu_ms_per_s"] / few["cpu_ms_per_s"]
    per_byte = cpu_per_changed_byte(many) / cpu_per_changed_byte(few)
    return (paced_rows("%d buttons, %d cols, %d changing" % (FEW_BUTTONS, COLUMNS, FEW_BUTTONS), few)
            + paced_rows("%d buttons, %d cols, %d changing" % (MANY_BUTTONS, MANY_BUTTONS_COLUMNS, FEW_BUTTONS),
                         many_few_changing)
            + paced_rows("%d buttons, %d cols, %d changing" % (MANY_BUTTONS, MANY_BUTTONS_COLUMNS, MANY_BUTTONS),
                         many)
            + [("%d vs %d buttons, same changes: CPU" % (MANY_BUTTONS, FEW_BUTTONS), "%.2fx" % same, "<= 1.5x",
                verdict(same <= 1.5)),
               ("%d vs %d buttons: CPU per changed byte" % (MANY_BUTTONS, FEW_BUTTONS), "%.2fx" % per_byte,
                "<= 1.5x", verdict(per_byte <= 1.5))])


def resize_rows(resizes):
    """Rows for the large screens: re-layout and repaint time and resident memory at each size, and bytes per cell."""
    rows = []
    for columns, rows_count in RESIZE_SIZES:
        name = size_name(columns, rows_count)
        limited = (columns, rows_count) == (500, 200)
        rows.append(("resize to %s: repaint" % name, "%.1f ms (%d B)" % (
            resizes["repaint_ms_" + name], resizes["repaint_bytes_" + name]),
            "<= 50" if limited else "", verdict(resizes["repaint_ms_" + name] <= 50) if limited else ""))
        largest = (columns, rows_count) == RESIZE_SIZES[-1]
        resident_bytes = resizes["resident_kib_" + name] * 1024
        rows.append(("resident at %s" % name, "%.1f MiB (%.0f B/cell)" % (
            resident_bytes / 2**20, resizes["bytes_per_cell_" + name]),
            "< 256 MB" if largest else "", verdict(resident_bytes < 256e6) if largest else ""))
    rows.append(("resident memory per cell", "%.1f B" % resizes["bytes_per_cell"],
                 "%d (<= %d)" % (DOCUMENTED_BYTES_PER_CELL, DOCUMENTED_BYTES_PER_CELL + 12),
                 verdict(resizes["bytes_per_cell"] <= DOCUMENTED_BYTES_PER_CELL + 12)))
    return rows


def watch_rows(watches):
    """Rows for WATCH_COUNT watches: the program's own CPU per command run, and memory and descriptors over the run."""
    label = "%d watches, %.0f s" % (WATCH_COUNT, watches["seconds"])
    return [
        ("%s: own CPU per run" % label, "%.3f ms (%d runs)" % (watches["cpu_ms_per_run"], watches["runs"]),
         "<= 0.3", verdict(watches["cpu_ms_per_run"] <= 0.3)),
        ("%s: memory growth" % label, "%+d KiB (%d to %d)" % (
            watches["growth_kib"], watches["resident_kib"][0], watches["resident_kib"][-1]),
         "flat (< 64 KiB)", verdict(abs(watches["growth_kib"]) < 64)),
        ("%s: open descriptors" % label, "%d to %d%s" % (
            len(watches["descriptors_at_start"]), len(watches["descriptors_at_end"]),
            ", changed" if watches["descriptors_changed"] else ", the same"),
         "the same", verdict(not watches["descriptors_changed"])),
    ]


def stream_rows(figures):
    """Rows for `--stream` against polling `--once` every second over the same minute: CPU, processes, idle wakeups."""
    same = "same %d changes" % figures["changes"]
    return [
        ("--once every 1 s, %s: CPU" % same, "%.1f ms/min (%.2f ms a run)" % (
            figures["once_cpu_ms_per_min"], figures["once_cpu_ms_per_run"]), "", ""),
        ("--once every 1 s, %s: processes" % same, "%.0f /min" % figures["once_processes_per_min"], "", ""),
        ("--stream, %s: CPU" % same, "%.2f ms/min (%.2f ms to first line)" % (
            figures["stream_cpu_ms_per_min"], figures["stream_cpu_ms_to_first_line"]), "", ""),
        ("--stream, %s: processes" % same, "%.0f /min" % figures["stream_processes_per_min"], "", ""),
        ("--once every 1 s vs --stream: CPU", "%.1fx" % figures["once_over_stream_cpu"],
         ">= %dx" % STREAM_VS_ONCE_TARGET, verdict(figures["once_over_stream_cpu"] >= STREAM_VS_ONCE_TARGET)),
        ("--stream idle, %.0f s: wakeups" % figures["stream_idle_seconds"], "%d (CPU %.3f ms)" % (
            figures["stream_idle_wakeups"], figures["stream_idle_cpu_ms"]), "0",
         verdict(figures["stream_idle_wakeups"] == 0)),
    ]


# What the bars' users run today, over the same minute of changes (CPU ms a minute): i3status with a wrapper,
# i3blocks, a --watch every 5 s, py3status's mail module and conky, as measured for the Maildir recipe.
MAILDIR_ANCHORS_CPU_MS_PER_MIN = {"i3status and a wrapper": 57.9, "i3blocks": 64.6, "--watch every 5s": 72.0,
                                  "py3status": 9.8, "conky": 5.0}


def maildir_rows(figures):
    """Rows for `--stream --maildir`: landing to line against a frame, CPU against the anchors, idle wakeups."""
    frame = figures["frame_ms"]
    lowest = min(MAILDIR_ANCHORS_CPU_MS_PER_MIN.values())
    same = "%d changes" % figures["changes"]
    return [
        ("--maildir, %s: landing to line, median" % same, "%.2f ms" % figures["landing_to_line_ms_median"],
         "<= a frame (%.1f ms)" % frame, verdict(figures["landing_to_line_ms_median"] <= frame)),
        ("--maildir, %s: landing to line, p95" % same, "%.2f ms" % figures["landing_to_line_ms_p95"],
         "<= a frame (%.1f ms)" % frame, verdict(figures["landing_to_line_ms_p95"] <= frame)),
        ("--maildir, %s: CPU after start" % same, "%.2f ms/min (%.3f ms a change; %.1f ms to start)" % (
            figures["cpu_ms_per_min"], figures["cpu_ms_per_change"], figures["cpu_ms_to_first_line"]),
         "< %.1f ms/min (conky, the lowest anchor)" % lowest, verdict(figures["cpu_ms_per_min"] < lowest)),
        ("--maildir idle, %.0f s: wakeups" % figures["idle_seconds"], "%d" % figures["idle_wakeups"], "0",
         verdict(figures["idle_wakeups"] == 0)),
    ]


SCENARIO_ROWS = {
    "maildir": maildir_rows,
    "live-counts": live_count_rows,
    "fast-frames": lambda figures: paced_rows("counts 100/s at 240 fps", figures),
    "resizes": resize_rows,
    "watches": watch_rows,
    "watch-soak": watch_rows,
    "stream-vs-once": stream_rows,
}


def verdicts(results):
    """The table rows: (figure, value, target, PASS/MISS or '')."""
    idle, auto, key, start = results["idle"], results["autoplay"], results["key_to_screen"], results["startup"]
    render = results["render"]

    return [
        ("idle CPU", "%.3f ms/s" % idle["cpu_ms_per_s"], "0 (< 0.05)", verdict(idle["cpu_ms_per_s"] < 0.05)),
        ("idle wakeups", "%.2f /s" % idle["wakeups_per_s"], "0 (< 0.2)", verdict(idle["wakeups_per_s"] < 0.2)),
        ("idle bytes", "%.1f B/s" % idle["bytes_per_s"], "0", verdict(idle["bytes_per_s"] == 0)),
        ("auto-play CPU", "%.2f ms/s" % auto["cpu_ms_per_s"], "<= 2", verdict(auto["cpu_ms_per_s"] <= 2)),
        ("auto-play wakeups", "%.1f /s (%.1f voluntary)" % (auto["wakeups_per_s"], auto["voluntary_wakeups_per_s"]),
         "<= 30", verdict(auto["wakeups_per_s"] <= 30)),
        ("auto-play bytes", "%.0f B/s" % auto["bytes_per_s"], "", ""),
        ("auto-play frames drawn", "%.1f /s" % auto["frames_per_s"], "", ""),
        ("auto-play bytes/frame", "%.1f B (bound %.1f B, %.2fx)" % (
            auto["bytes_per_frame"], auto["bound_bytes_per_frame"], auto["bytes_over_bound"]),
         "<= 1.5x bound", verdict(auto["bytes_over_bound"] <= 1.5)),
        ("key to screen, median", "%.2f ms" % key["median_ms"], "<= 5", verdict(key["median_ms"] <= 5)),
        ("key to screen, p95", "%.2f ms" % key["p95_ms"], "", ""),
        ("start-up to full frame", "%.1f ms" % start["median_ms"], "<= 30", verdict(start["median_ms"] <= 30)),
        ("peak resident memory", "%.2f MiB" % auto["peak_rss_mib"], "<= 8", verdict(auto["peak_rss_mib"] <= 8)),
        ("render, 200x60 in process", "%d frames/s" % render["frames_per_second"], ">= 20000",
         verdict(render["frames_per_second"] >= 20000)),
        ("memory growth, 60 s at 240 fps", "%+d KiB anon (%d to %d; VmRSS %+d)" % (
            results["soak"]["growth_kib"], results["soak"]["anonymous_kib"][0], results["soak"]["anonymous_kib"][-1],
            results["soak"]["resident_growth_kib"]),
         "flat (< 64 KiB)", verdict(abs(results["soak"]["growth_kib"]) < 64)),
    ] + (live_count_rows(results["live_counts"])
         + paced_rows("counts 100/s at 240 fps", results["fast_frames"])
         + button_rows(results["few_buttons"], results["many_buttons_few_changing"], results["many_buttons"])
         + resize_rows(results["resizes"])
         + watch_rows(results["watches"])
         + stream_rows(results["stream_vs_once"])
         + maildir_rows(results["maildir"]))


def print_table(results, figures=None):
    """Prints the header line and the figures (by default every row) as an aligned table."""
    print("badgebar bench: %s, %d cores, %s at %s" % (
        results["date"], results["cpu_count"], results["binary"], results["revision"]))
    rows = [("figure", "value", "target", "result")] + (verdicts(results) if figures is None else figures)
    widths = [max(len(row[index]) for row in rows) for index in range(4)]
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))


def revision():
    """The checked-out commit, with `-dirty` when the work tree has changes, or `unknown` outside git."""
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    """Runs every measurement, prints the table and the JSON, and writes the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", default=".build/release/badgebar")
    parser.add_argument("--bench-binary", default=".build/release/badgebar-bench")
    parser.add_argument("--json", default=".build/bench.json")
    parser.add_argument("--only", help="run only these scenarios, comma-separated, and print their JSON: "
                        + ", ".join(SCENARIOS))
    parser.add_argument("--wrap", default="", help="run the binary under a command, such as "
                        "'valgrind --tool=callgrind' (with --only, for profiling)")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "cpu_count": os.cpu_count(),
        "binary": arguments.binary,
        "revision": revision(),
        "runs": RUNS,
    }
    if arguments.only:
        wrapper = arguments.wrap.split()
        rows = []
        for name in arguments.only.split(","):
            figures = SCENARIOS[name](binary, wrapper)
            results[name] = figures
            print(json.dumps({name: figures}, indent=2), flush=True)
            if name in SCENARIO_ROWS and not wrapper:
                rows += SCENARIO_ROWS[name](figures)
        if rows:
            print_table(results, rows)
        return 0

    results["idle"] = medians([run_idle(binary) for _ in range(RUNS)])
    results["autoplay"] = medians([run_autoplay(binary) for _ in range(RUNS)])
    results["key_to_screen"] = run_key_latency(binary)
    results["startup"] = run_startups(binary)
    results["render"] = run_render(os.path.abspath(arguments.bench_binary))
    results["soak"] = run_soak(binary)
    results["live_counts"] = medians([run_live_counts(binary) for _ in range(RUNS)])
    results["fast_frames"] = medians([run_fast_frames(binary) for _ in range(RUNS)])
    results["few_buttons"] = medians([SCENARIOS["few-buttons"](binary, ()) for _ in range(RUNS)])
    results["many_buttons_few_changing"] = medians(
        [SCENARIOS["many-buttons-few-changing"](binary, ()) for _ in range(RUNS)])
    results["many_buttons"] = medians([SCENARIOS["many-buttons"](binary, ()) for _ in range(RUNS)])
    results["resizes"] = medians([run_resizes(binary) for _ in range(RUNS)])
    results["watches"] = run_watches(binary)
    stream_runs = [run_stream_vs_once(binary) for _ in range(RUNS)]
    results["stream_vs_once"] = medians(stream_runs)
    # Idle at zero in every run, not only in the median one.
    for figure in ("stream_idle_wakeups", "stream_idle_cpu_ms"):
        results["stream_vs_once"][figure] = max(run[figure] for run in stream_runs)
    maildir_runs = [run_maildir(binary) for _ in range(RUNS)]
    results["maildir"] = medians(maildir_runs)
    # Every run idle, and the slowest landing of every run, not only the median one.
    results["maildir"]["idle_wakeups"] = max(run["idle_wakeups"] for run in maildir_runs)
    results["maildir"]["landing_to_line_ms_p95"] = max(run["landing_to_line_ms_p95"] for run in maildir_runs)
    results["targets"] = {figure: verdict for figure, _, _, verdict in verdicts(results) if verdict}

    print_table(results)
    text = json.dumps(results, indent=2)
    print(text)
    with open(arguments.json, "w") as output:
        output.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
