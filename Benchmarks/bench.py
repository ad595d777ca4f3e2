"""Measures the release badgebar on a pseudo-terminal at 80x24 and prints a table and JSON.

Run by `make bench`, which builds the binaries and installs pyte and ptyprocess
into .build/bench-venv first. Benchmarks/README.md explains every figure.
"""

import argparse
import datetime
import glob
import json
import os
import statistics
import subprocess
import sys
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
FIRST_FRAME_TEXTS = ("Inbox", "Messages: 2 unread")
DEFAULT_STYLE = pyte.screens.Char(" ")[1:]  # the colours and attributes of a blank cell


def first_frame_shown(screen):
    """Whether a pyte screen shows the complete Inbox: its title and its status line."""
    text = "\n".join(screen.display)
    return all(part in text for part in FIRST_FRAME_TEXTS)


class Session:
    """The binary running on a pty of 80x24, with a reader thread that timestamps and emulates its output."""

    def __init__(self, binary, arguments):
        """Spawns the binary and starts reading; `spawn_time` is taken just before the fork."""
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no",
        }
        self.chunks = []
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.first_frame_time = None
        self.changed = threading.Condition()
        self.spawn_time = time.monotonic()
        self.process = ptyprocess.PtyProcess.spawn(
            [binary, *arguments], env=environment, dimensions=(ROWS, COLUMNS))
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        """Reads the pty master until the child goes away, recording (time, bytes) and feeding the screen."""
        while True:
            try:
                data = os.read(self.process.fd, 65536)
            except OSError:
                data = b""
            now = time.monotonic()
            with self.changed:
                if not data:
                    self.changed.notify_all()
                    return
                self.chunks.append((now, data))
                self.stream.feed(data)
                if self.first_frame_time is None and first_frame_shown(self.screen):
                    self.first_frame_time = now
                self.changed.notify_all()

    def wait_for_first_frame(self, timeout=10.0):
        """Blocks until the complete Inbox is on the screen; returns when it arrived."""
        with self.changed:
            if not self.changed.wait_for(lambda: self.first_frame_time is not None, timeout):
                raise RuntimeError("no complete Inbox frame within %.0f s:\n%s"
                                   % (timeout, "\n".join(self.screen.display)))
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
        """Blocks until no output has arrived for `quiet` seconds."""
        with self.changed:
            while True:
                last = self.chunks[-1][0] if self.chunks else self.spawn_time
                remaining = last + quiet - time.monotonic()
                if remaining <= 0:
                    return
                self.changed.wait(remaining)

    def press(self, key):
        """Writes a key to the program; returns the time just before the write."""
        instant = time.monotonic()
        os.write(self.process.fd, key)
        return instant

    def chunks_between(self, start, end):
        """The chunks read in [start, end)."""
        with self.changed:
            return [(t, data) for t, data in self.chunks if start <= t < end]

    def chunks_before(self, instant):
        """The chunks read before `instant`."""
        with self.changed:
            return [(t, data) for t, data in self.chunks if t < instant]

    def close(self):
        """Quits with `q`, waits for the exit and the reader, and kills the child if it lingers."""
        try:
            os.write(self.process.fd, b"q")
        except OSError:
            pass
        deadline = time.monotonic() + 3
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
    """A memory figure of a process from /proc/PID/status, in KiB: VmHWM (peak resident) or VmRSS (resident now)."""
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


def bursts(chunks):
    """Groups timestamped chunks into frames: runs of chunks less than BURST_GAP_SECONDS apart."""
    groups = []
    last = None
    for instant, data in chunks:
        if last is None or instant - last >= BURST_GAP_SECONDS:
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


def frame_costs(history, window):
    """Replays output on a fresh pyte screen: for each frame in `window`, its bytes and its lower bound."""
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    stream.feed(b"".join(data for _, data in history))

    def row_cells(row):
        line = screen.buffer[row]
        return [line[column] for column in range(COLUMNS)]

    shown = [row_cells(row) for row in range(ROWS)]
    costs = []
    for frame in bursts(window):
        screen.dirty.clear()
        stream.feed(bytes(frame))
        bound = 0
        style = DEFAULT_STYLE
        last_drawn = None
        for row in sorted(screen.dirty):
            if 0 <= row < ROWS:
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
    costs = frame_costs(session.chunks_before(start), session.chunks_between(start, end))
    written = sum(size for size, _ in costs)
    bound = sum(frame_bound for _, frame_bound in costs)
    if not bound:
        raise RuntimeError("no cell changed during %.0f s of auto-play" % AUTOPLAY_SECONDS)
    figures.update({
        "frames_per_s": len(costs) / (end - start),
        "bytes_per_frame": written / len(costs),
        "bound_bytes_per_frame": bound / len(costs),
        "bytes_over_bound": written / bound,
    })
    return figures


def run_soak(binary):
    """Auto-play at 240 fps for SOAK_SECONDS: resident memory sampled every 5 s, and its growth after the first sample."""
    session = Session(binary, ["--fps", "240"])
    try:
        session.wait_for_first_frame()
        samples = []
        started = time.monotonic()
        while time.monotonic() - started < SOAK_SECONDS:
            time.sleep(5)
            samples.append(memory_kib(session.process.pid, "VmRSS"))
    finally:
        session.close()
    return {"seconds": SOAK_SECONDS, "resident_kib": samples, "growth_kib": samples[-1] - samples[0]}


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


def run_render(bench_binary):
    """The in-process render benchmark's JSON line."""
    output = subprocess.run([bench_binary], check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def medians(runs):
    """Per-figure medians of several runs (dicts with the same keys)."""
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def verdicts(results):
    """The table rows: (figure, value, target, PASS/MISS or '')."""
    idle, auto, key, start = results["idle"], results["autoplay"], results["key_to_screen"], results["startup"]
    render = results["render"]

    def verdict(ok):
        return "PASS" if ok else "MISS"

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
        ("memory growth, 60 s at 240 fps", "%+d KiB (%d to %d)" % (
            results["soak"]["growth_kib"], results["soak"]["resident_kib"][0], results["soak"]["resident_kib"][-1]),
         "flat (< 64 KiB)", verdict(abs(results["soak"]["growth_kib"]) < 64)),
    ]


def print_table(results):
    """Prints the header line and the figures as an aligned table."""
    print("badgebar bench: %s, %d cores, %s at %s" % (
        results["date"], results["cpu_count"], results["binary"], results["revision"]))
    rows = [("figure", "value", "target", "result")] + verdicts(results)
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
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)

    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "cpu_count": os.cpu_count(),
        "binary": arguments.binary,
        "revision": revision(),
        "runs": RUNS,
    }
    results["idle"] = medians([run_idle(binary) for _ in range(RUNS)])
    results["autoplay"] = medians([run_autoplay(binary) for _ in range(RUNS)])
    results["key_to_screen"] = run_key_latency(binary)
    results["startup"] = run_startups(binary)
    results["render"] = run_render(os.path.abspath(arguments.bench_binary))
    results["soak"] = run_soak(binary)
    results["targets"] = {figure: verdict for figure, _, _, verdict in verdicts(results) if verdict}

    print_table(results)
    text = json.dumps(results, indent=2)
    print(text)
    with open(arguments.json, "w") as output:
        output.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
