#!/usr/bin/env python3
"""Runs a real status bar headless with a badgebar recipe and judges it from screenshot pixels and logs.

Usage:
  status-bars.py BAR [OPTIONS] [STEP...]

BAR is one of:
  i3bar     i3 4.22 under Xvfb; the recipe is i3 config lines (a `bar { status_command ... }` block)
  i3blocks  i3blocks 1.4 as i3bar's status command under i3 and Xvfb; the recipe is i3blocks config
  polybar   polybar 3.6.3 under Xvfb (no window manager); the recipe is a `[module/badgebar]` section
  swaybar   sway 1.7 headless, run as `nobody`; the recipe is sway config lines (a `bar { ... }` block)
  waybar    Waybar 0.9.17 under headless sway, as `nobody`; the recipe is Waybar's JSON config

Options:
  --badgebar PATH   the program put where the recipe says @BADGEBAR@ (default .build/release/badgebar);
                    its folder also comes first in the bar's PATH, as `badgebar`
  --recipe FILE     the recipe (default Tests/Fixtures/StatusBarRecipes/BAR.conf, .jsonc for Waybar)
  --command CMD     instead of a recipe, the smallest one around this command: a status_command for
                    i3bar and swaybar, a persistent pango block for i3blocks, a `tail = true` script
                    for polybar, a continuous JSON custom module for Waybar (placeholders work here too)
  --style FILE      Waybar only: CSS appended to the harness's own (default waybar.css next to the recipe, if any)
  --output DIR      keep screenshots (NN-STEP.png), the configs written and the logs there
  --report FILE     write a JSON report of every step there (`-` for standard output)
  --timeout SECONDS how long a waiting step waits (default 10)
  --tolerance N     how far each channel of a pixel may be from the colour asked for (default 12)
  --min-pixels N    how many such pixels make a colour present (default 20)
  --deadline SECONDS the whole run's limit, set-up and tear-down included (default 90)

In a recipe, @BADGEBAR@ is the program, @FIFO@ a FIFO the harness makes for the counts (the `send`
step writes to it), @CONTROL@ the path of the control socket the program itself makes (the `control`
step writes to it), @COUNTS@ a counts file that does not exist, @MARK@ an empty file anybody may
append to (the `marked` step reads it: a command the bar's clicks start can leave its word there),
@MARKER@ a script that appends `$BADGEBAR_MOUSE_BUTTON $BADGEBAR_COUNT` to it (a command with no
shell syntax, which sway's config would take apart), @MAILDIR@ an empty Maildir (the `deliver` and
`read` steps change it). The lines are written as they are,
those placeholders aside, into a config of the bar's own around them (fonts, size, position).

Steps (run in order; the first that fails ends the run):
  wait:#RRGGBB      poll screenshots of the bar until the colour is present
  gone:#RRGGBB      poll until the colour is absent
  send:LINE         write LINE (e.g. Mail=3) to @FIFO@, as `echo LINE > FIFO` does
  control:LINE      write LINE (e.g. `press Mail`) to @CONTROL@ once the program has made it
  click:#RRGGBB     a real left click in the middle of where the colour is (xdotool on X, a
                    zwlr_virtual_pointer_v1 pointer on sway)
  click:X,Y         a real left click at a pixel of the screen
  click-BUTTON:...  the same with another mouse button: middle, right, scroll-up or scroll-down
                    (the wheel a notch, on X and on sway)
  marked:TEXT       poll until @MARK@ has a line TEXT
  unmarked:TEXT     no line of @MARK@ has TEXT in it, now
  deliver:NAME      a message NAME written in @MAILDIR@/tmp and moved into its new/, as mail is delivered
  read:NAME         the message NAME moved from new/ to cur/ with the seen flag, as a mail program reads it
  shot:NAME         save a screenshot as NAME.png in --output
  log-clean         no error in the logs of the bar, its display server and the program
  sleep:SECONDS     wait (for looking at a bar by hand; tests poll instead)
  pause             wait for Return (the bar stays up; `DISPLAY` or `WAYLAND_DISPLAY` is printed)
With no step, the bar's whole check, as the end-to-end tests run it: send:Mail=3 wait:#FF3B30
send:Mail=0 gone:#FF3B30 send:Mail=5 wait:#FF3B30 click:#FF3B30 gone:#FF3B30 log-clean (for i3blocks,
whose 1.4 drops clicks on a persistent block, `control:press Mail` in place of the click).

It prints what it does. It starts its own Xvfb on a free display, or sway as `nobody` with a
runtime folder of its own, and on every way out (failure, Ctrl-C, SIGTERM, the deadline) ends every
process it started and everything they started (it is their subreaper), and removes its files.
Exit status: 0 when every step passed, 1 when one failed, 2 for bad usage or a missing tool.
"""
import argparse
import ctypes
import json
import os
import pwd
import re
import select
import shutil
import signal
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECIPES = os.path.join(ROOT, "Tests", "Fixtures", "StatusBarRecipes")
BARS = ("i3bar", "i3blocks", "polybar", "swaybar", "waybar")
# The commands each bar needs, and the Debian packages that provide them.
NEEDS = {
    "i3bar": {"Xvfb": "xvfb", "i3": "i3-wm", "i3bar": "i3-wm", "xdotool": "xdotool", "import": "imagemagick"},
    "i3blocks": {"Xvfb": "xvfb", "i3": "i3-wm", "i3blocks": "i3blocks", "xdotool": "xdotool", "import": "imagemagick"},
    "polybar": {"Xvfb": "xvfb", "polybar": "polybar", "xdotool": "xdotool", "import": "imagemagick"},
    "swaybar": {"sway": "sway", "swaybar": "sway", "grim": "grim", "setpriv": "util-linux"},
    "waybar": {"sway": "sway", "waybar": "waybar", "grim": "grim", "setpriv": "util-linux"},
}
SCREEN = (1024, 200)
# The display servers, ended after the bars so that the bars' logs do not fill with lost connections.
SERVERS = ("Xvfb", "sway")
FONT = "DejaVu Sans Mono"
# The unprivileged user sway runs as: it refuses to run as root.
UNPRIVILEGED = "nobody"


class Failure(Exception):
    """A step that did not pass, or a bar that did not come up: the message says what was seen."""


class Usage(Exception):
    """Bad arguments or a missing tool (exit status 2)."""


def say(text):
    print(text, flush=True)


# MARK: - Pixels


class Image:
    """An RGB picture read from a binary PPM (P6), as `import` and `grim -t ppm` write it."""

    def __init__(self, width, height, pixels):
        self.width, self.height, self.pixels = width, height, pixels

    @classmethod
    def from_ppm(cls, data):
        fields, position = [], 0
        while len(fields) < 4:
            while position < len(data) and data[position : position + 1].isspace():
                position += 1
            if data[position : position + 1] == b"#":
                position = data.index(b"\n", position) + 1
                continue
            end = position
            while end < len(data) and not data[end : end + 1].isspace():
                end += 1
            if end == position:
                raise Failure("a screenshot cut short in its header")
            fields.append(data[position:end])
            position = end
        position += 1
        if fields[0] != b"P6":
            raise Failure(f"a screenshot that is not a binary PPM: {fields[0]!r}")
        width, height, maximum = int(fields[1]), int(fields[2]), int(fields[3])
        pixels = data[position:]
        if maximum > 255:
            pixels = pixels[::2]  # 16 bits a channel, the most significant byte first
        if len(pixels) < width * height * 3:
            raise Failure(f"a screenshot of {width}x{height} with only {len(pixels)} bytes of pixels")
        return cls(width, height, bytes(pixels[: width * height * 3]))

    def find(self, colour, tolerance, region=None):
        """Pixels within `tolerance` of `colour` on every channel: (count, (left, top, right, bottom)) or (0, None)."""
        red, green, blue = colour
        x0, y0, x1, y1 = region or (0, 0, self.width, self.height)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(self.width, x1), min(self.height, y1)
        # Bytes a channel may take, so one pass of bytes.translate marks matching channels with 1.
        tables = []
        for value in (red, green, blue):
            table = bytearray(256)
            for byte in range(max(0, value - tolerance), min(255, value + tolerance) + 1):
                table[byte] = 1
            tables.append(bytes(table))
        count, box = 0, None
        for y in range(y0, y1):
            row = self.pixels[(y * self.width + x0) * 3 : (y * self.width + x1) * 3]
            reds = row[0::3].translate(tables[0])
            greens = row[1::3].translate(tables[1])
            blues = row[2::3].translate(tables[2])
            if b"\x01" not in reds or b"\x01" not in greens or b"\x01" not in blues:
                continue
            matches = [x for x in range(len(reds)) if reds[x] and greens[x] and blues[x]]
            if not matches:
                continue
            count += len(matches)
            left, right = x0 + matches[0], x0 + matches[-1]
            if box is None:
                box = [left, y, right, y]
            else:
                box = [min(box[0], left), box[1], max(box[2], right), y]
        return count, (tuple(box) if box else None)

    def png(self):
        """The picture as PNG bytes (8-bit RGB, no filter)."""
        stride = self.width * 3
        raw = b"".join(b"\0" + self.pixels[y * stride : (y + 1) * stride] for y in range(self.height))

        def chunk(tag, data):
            return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


def parse_colour(text):
    match = re.fullmatch(r"#?([0-9A-Fa-f]{6})", text)
    if not match:
        raise Usage(f"a colour is #RRGGBB, not {text!r}")
    value = int(match.group(1), 16)
    return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)


def colour_name(colour):
    return "#%02X%02X%02X" % colour


# MARK: - Processes


class Processes:
    """Every process the run starts, and a temporary folder; `close` ends them all and removes it."""

    PR_SET_CHILD_SUBREAPER = 36
    PR_SET_PDEATHSIG = 1

    def __init__(self):
        self.libc = ctypes.CDLL(None, use_errno=True)
        # Whatever the bars start and leave (i3 and i3bar put children in sessions of their own) is
        # re-parented to this process when its parent ends, so it can still be found and ended.
        self.libc.prctl(self.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        self.remove_stale_directories()
        self.directory = tempfile.mkdtemp(prefix="badgebar-bars.")
        os.chmod(self.directory, 0o755)
        with open(self.path("harness.pid"), "w", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
        self.started = []  # (name, Popen, log path)

    @staticmethod
    def remove_stale_directories():
        """Removes the folders of runs that were killed (SIGKILL leaves no chance to clean up): those
        whose harness.pid names a process that is gone or no longer this harness."""
        base = tempfile.gettempdir()
        for name in os.listdir(base):
            folder = os.path.join(base, name)
            if not name.startswith("badgebar-bars.") or not os.path.isdir(folder):
                continue
            try:
                with open(os.path.join(folder, "harness.pid"), encoding="utf-8") as file:
                    pid = int(file.read().strip())
            except (OSError, ValueError):
                continue
            if "status-bars.py" not in command_of(pid):
                shutil.rmtree(folder, ignore_errors=True)

    def path(self, *parts):
        return os.path.join(self.directory, *parts)

    def start(self, name, argv, environment, log=None, user=None):
        """Starts a program in a session of its own, its output in a log file; returns its Popen."""
        log = log or self.path(f"{name}.log")
        handle = open(log, "ab")
        libc = self.libc

        def in_child():
            # A direct child dies with the harness even when the harness is killed with SIGKILL.
            libc.prctl(Processes.PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

        if user:
            argv = unprivileged(user) + list(argv)
        say(f"  start {name}: {' '.join(argv)}")
        process = subprocess.Popen(
            argv, env=environment, stdin=subprocess.DEVNULL, stdout=handle, stderr=subprocess.STDOUT,
            start_new_session=True, preexec_fn=in_child, close_fds=True)
        handle.close()
        self.started.append((name, process, log))
        return process

    def descendants(self):
        """The pids of every living process below this one."""
        children = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as file:
                    text = file.read().decode(errors="replace")
            except OSError:
                continue
            fields = text[text.rindex(")") + 2 :].split()
            if fields[0] == "Z":
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
        found, queue = [], [os.getpid()]
        while queue:
            for child in children.get(queue.pop(), []):
                found.append(child)
                queue.append(child)
        return found

    def reap(self):
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return

    def close(self, keep=None):
        """Ends every descendant, the bars before the display servers they draw on (SIGTERM, up to 2 s,
        then SIGKILL), keeps the configs and logs in `keep` and removes the folder."""
        # What the processes log while they are being ended (lost connections, a closed pipe) is no finding.
        for _, _, log in self.started:
            try:
                with open(log, "a", encoding="utf-8") as file:
                    file.write("--- status-bars.py: tear-down; what follows is the processes being ended ---\n")
            except OSError:
                pass
        servers = {process.pid for name, process, _ in self.started if name in SERVERS}
        self.end(lambda pid: pid not in servers)
        self.end(lambda pid: True)

    def end(self, chosen):
        pids = [pid for pid in self.descendants() if chosen(pid)]
        for pid in pids:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 2
        while pids and time.monotonic() < deadline:
            self.reap()
            pids = [pid for pid in self.descendants() if chosen(pid)]
            if pids:
                time.sleep(0.02)
        for pid in pids:
            say(f"  pid {pid} ({command_of(pid)}) outlived SIGTERM by 2 s: SIGKILL")
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 2
        while [pid for pid in self.descendants() if chosen(pid)] and time.monotonic() < deadline:
            self.reap()
            time.sleep(0.02)
        self.reap()

    def keep(self, keep):
        if keep:
            os.makedirs(keep, exist_ok=True)
            for name in os.listdir(self.directory):
                source = self.path(name)
                if name.endswith((".log", ".conf", ".ini", ".jsonc", ".css")) and os.path.isfile(source):
                    shutil.copy(source, os.path.join(keep, name))
        shutil.rmtree(self.directory, ignore_errors=True)


def command_of(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def unprivileged(user):
    """The setpriv prefix that runs a command as `user`, dying with its parent."""
    return ["setpriv", f"--reuid={user}", f"--regid={pwd.getpwnam(user).pw_gid}", "--clear-groups",
            "--pdeathsig", "KILL", "--"]


def run(argv, environment, timeout=10, user=None, binary=False):
    """Runs a short command to its end and returns its standard output; raises Failure if it fails."""
    if user:
        argv = unprivileged(user) + list(argv)
    try:
        result = subprocess.run(argv, env=environment, stdin=subprocess.DEVNULL, capture_output=True,
                                timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{' '.join(argv)} did not finish within {timeout} s")
    if result.returncode != 0:
        raise Failure(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr.decode(errors='replace').strip()}")
    return result.stdout if binary else result.stdout.decode(errors="replace")


def poll(what, timeout, attempt, alive=None):
    """Calls attempt() every 0.1 s until it returns something true, and returns that; raises Failure after timeout."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        result = None
        try:
            result = attempt()
            last_error = None
        except Failure as error:
            last_error = error
        # After the attempt: what it saw counts only if everything it depends on still runs.
        if alive:
            alive()
        if result:
            return result
        if time.monotonic() > deadline:
            reason = f" (the last try: {last_error})" if last_error else ""
            raise Failure(f"timed out after {timeout} s waiting for {what}{reason}")
        time.sleep(0.1)


def squeeze(lines):
    """The lines with runs of the same line written once, and how many times it came."""
    result = []
    for line in lines:
        if result and result[-1][0] == line:
            result[-1][1] += 1
        else:
            result.append([line, 1])
    return [line if count == 1 else f"{line}  [{count} times]" for line, count in result]


def log_tail(path, lines=40):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            text = squeeze(file.read().splitlines())
    except OSError:
        return "(no log)"
    return "\n".join(text[-lines:]) if text else "(empty)"


# MARK: - A pointer on Wayland


class VirtualPointer:
    """A pointer made with the zwlr_virtual_pointer_v1 protocol, spoken on the Wayland socket directly.

    Headless sway has no input device, so nothing else can click a surface. The compositor sends
    the bars pointer enter, motion and button events as for a mouse.
    """

    BUTTON_LEFT = 0x110  # BTN_LEFT from linux/input-event-codes.h
    # X11's button numbers to evdev's codes: BTN_LEFT, BTN_MIDDLE, BTN_RIGHT.
    BUTTON_CODES = {1: 0x110, 2: 0x112, 3: 0x111}

    def __init__(self, socket_path, width, height):
        self.width, self.height = width, height
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.settimeout(5)
        self.connection.connect(socket_path)
        self.buffer = b""
        self.next_id = 2  # 1 is wl_display
        self.globals = {}
        registry = self.new_id()
        self.send(1, 1, struct.pack("<I", registry))  # wl_display.get_registry
        self.roundtrip(registry_id=registry)
        if "zwlr_virtual_pointer_manager_v1" not in self.globals:
            raise Failure("sway offers no zwlr_virtual_pointer_manager_v1")
        manager = self.bind(registry, "zwlr_virtual_pointer_manager_v1", 1)
        seat = self.bind(registry, "wl_seat", 1) if "wl_seat" in self.globals else 0
        self.pointer = self.new_id()
        self.send(manager, 0, struct.pack("<II", seat, self.pointer))  # create_virtual_pointer(seat, id)
        self.roundtrip()

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    @staticmethod
    def string(text):
        data = text.encode() + b"\0"
        return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)

    def send(self, object_id, opcode, arguments=b""):
        self.connection.sendall(struct.pack("<II", object_id, (8 + len(arguments)) << 16 | opcode) + arguments)

    def bind(self, registry, interface, version):
        name, offered = self.globals[interface]
        new = self.new_id()
        self.send(registry, 0, struct.pack("<I", name) + self.string(interface) + struct.pack("<II", min(version, offered), new))
        return new

    def roundtrip(self, registry_id=None):
        """wl_display.sync, reading events (the registry's globals, errors) until its callback is done."""
        callback = self.new_id()
        self.send(1, 0, struct.pack("<I", callback))
        while True:
            while len(self.buffer) < 8 or len(self.buffer) < (struct.unpack_from("<I", self.buffer, 4)[0] >> 16):
                data = self.connection.recv(65536)
                if not data:
                    raise Failure("sway closed the virtual pointer's connection")
                self.buffer += data
            object_id, word = struct.unpack_from("<II", self.buffer)
            size, opcode = word >> 16, word & 0xFFFF
            body, self.buffer = self.buffer[8:size], self.buffer[size:]
            if object_id == 1 and opcode == 0:  # wl_display.error(object, code, message)
                length = struct.unpack_from("<I", body, 8)[0]
                raise Failure(f"Wayland error: {body[12 : 12 + length - 1].decode(errors='replace')}")
            if object_id == registry_id and opcode == 0:  # wl_registry.global(name, interface, version)
                name, length = struct.unpack_from("<II", body)
                interface = body[8 : 8 + length - 1].decode()
                version = struct.unpack_from("<I", body, 8 + length + (-length % 4))[0]
                self.globals[interface] = (name, version)
            if object_id == callback and opcode == 0:  # wl_callback.done
                return

    def click(self, x, y, button=1):
        if button not in self.BUTTON_CODES and button not in (4, 5):
            raise Usage("the virtual pointer clicks the left, middle and right buttons and turns the wheel only")
        now = int(time.monotonic() * 1000) & 0xFFFFFFFF
        pointer = self.pointer
        if button in (4, 5):
            # X11's 4 and 5 are the wheel up and down: one notch on the vertical axis (0), from a wheel (source
            # 0): axis_source, then axis_discrete(time, axis, value in 24.8 fixed point, steps), then frame.
            steps = -1 if button == 4 else 1
            self.send(pointer, 1, struct.pack("<IIIII", now, x, y, self.width, self.height))
            self.send(pointer, 4)
            self.roundtrip()
            self.send(pointer, 5, struct.pack("<I", 0))
            self.send(pointer, 7, struct.pack("<IIii", now + 1, 0, steps * 15 * 256, steps))
            self.send(pointer, 4)
            self.send(pointer, 1, struct.pack("<IIIII", now + 2, self.width // 2, self.height // 2, self.width,
                                              self.height))
            self.send(pointer, 4)
            self.roundtrip()
            return
        code = self.BUTTON_CODES[button]
        # motion_absolute(time, x, y, x_extent, y_extent), then frame; button(time, button, state), frame.
        self.send(pointer, 1, struct.pack("<IIIII", now, x, y, self.width, self.height))
        self.send(pointer, 4)
        self.roundtrip()
        self.send(pointer, 2, struct.pack("<III", now + 1, code, 1))
        self.send(pointer, 4)
        self.send(pointer, 2, struct.pack("<III", now + 2, code, 0))
        self.send(pointer, 4)
        # Out of the way, to the middle of the screen where no bar is: sway draws the cursor into the
        # output, and so into the screenshots.
        self.send(pointer, 1, struct.pack("<IIIII", now + 3, self.width // 2, self.height // 2, self.width, self.height))
        self.send(pointer, 4)
        self.roundtrip()

    def close(self):
        self.connection.close()


# MARK: - Bars


class Bar:
    """What every bar does: a display server, the bar on it with the recipe, screenshots and clicks."""

    name = ""
    # Lines of the logs that are errors: the bars' own error markers, badgebar's messages, a status
    # command that ended.
    error_pattern = re.compile(
        r"\berror\b|\bERROR\b|\bcritical\b|\bfailed\b|exited unexpectedly|stopped unexpectedly|"
        r"^badgebar: |^fake-badgebar: |Traceback|command not found|No such file",
        re.IGNORECASE)
    # Lines that match the pattern above and are known to say nothing about the bar or the program.
    harmless = ()

    def __init__(self, options, processes):
        self.options = options
        self.processes = processes
        self.user = None
        self.region = None  # (left, top, right, bottom) of the bar on the screen, once known
        self.logs = []  # (name, path) of the logs log-clean reads
        self.seen = set()  # what check_alive has seen running
        self.badgebar = self.prepare_program(options.badgebar)

    # The program under test, where the bar's user can run it, and `badgebar` first in the bar's PATH.
    def prepare_program(self, binary):
        path = os.path.abspath(binary)
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            raise Usage(f"no executable program at {path} (build it: swift build -c release --product badgebar)")
        if self.needs_unprivileged() and not readable_by_others(path):
            copy = self.processes.path("program", os.path.basename(path))
            os.makedirs(os.path.dirname(copy), exist_ok=True)
            shutil.copy(path, copy)
            os.chmod(copy, 0o755)
            say(f"  {path} is not reachable by {UNPRIVILEGED}: using a copy at {copy}")
            path = copy
        shims = self.processes.path("bin")
        os.makedirs(shims, exist_ok=True)
        os.symlink(path, os.path.join(shims, "badgebar"))
        self.shims = shims
        return path

    def needs_unprivileged(self):
        return False

    def environment(self, extra=None):
        home = self.processes.path("home")
        os.makedirs(home, exist_ok=True)
        environment = {
            "PATH": self.shims + ":/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "SWIFT_BACKTRACE": "enable=no",
        }
        if os.environ.get("FAKE_BADGEBAR_LOG"):
            environment["FAKE_BADGEBAR_LOG"] = os.environ["FAKE_BADGEBAR_LOG"]
        environment.update(extra or {})
        return environment

    def recipe_text(self):
        path = self.options.recipe
        if self.options.command is not None:
            path, text = "--command", COMMAND_RECIPES[self.name].replace("@COMMAND@", self.options.command)
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        unknown = set(re.findall(r"@[A-Z]+@", text)) - {"@BADGEBAR@", "@FIFO@", "@CONTROL@", "@COUNTS@", "@MARK@",
                                                          "@MARKER@", "@MAILDIR@"}
        if unknown:
            raise Usage(f"{path}: unknown placeholders {', '.join(sorted(unknown))}")
        return (text.replace("@BADGEBAR@", self.badgebar).replace("@FIFO@", self.fifo)
                .replace("@CONTROL@", self.control).replace("@COUNTS@", self.processes.path("no-such-counts"))
                .replace("@MARKER@", self.marker).replace("@MARK@", self.mark).replace("@MAILDIR@", self.maildir))

    def write(self, name, text):
        path = self.processes.path(name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        if self.user:
            os.chown(path, pwd.getpwnam(self.user).pw_uid, pwd.getpwnam(self.user).pw_gid)
        return path

    def setup_paths(self):
        self.mark = self.processes.path("mark")
        with open(self.mark, "w"):
            pass
        os.chmod(self.mark, 0o666)
        self.marker = self.processes.path("marker")
        with open(self.marker, "w") as file:
            file.write(f'#!/bin/sh\necho "$BADGEBAR_MOUSE_BUTTON $BADGEBAR_COUNT" >> {self.mark}\n')
        os.chmod(self.marker, 0o755)
        self.fifo = self.processes.path("counts.fifo")
        os.mkfifo(self.fifo, 0o666)
        os.chmod(self.fifo, 0o666)
        self.control = self.processes.path("control.socket")
        # A Maildir anybody may read, empty, as a mail program makes it.
        self.maildir = self.processes.path("Maildir")
        for name in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(self.maildir, name), exist_ok=True)
            os.chmod(os.path.join(self.maildir, name), 0o755)
        os.chmod(self.maildir, 0o755)

    def start(self):
        raise NotImplementedError

    def screenshot(self):
        raise NotImplementedError

    def click(self, x, y, button=1):
        raise NotImplementedError

    # The name of the bar's own process, which must keep running once it has started.
    bar_process = None

    def check_alive(self):
        """Raises Failure when a process the bar needs has ended: the servers and the bar the run
        started, and, once they have been seen, the bar's process and the program under test (a
        badge that went because they ended is no badge cleared)."""
        for name, process, log in self.processes.started:
            if process.poll() is not None:
                raise Failure(f"{name} ended ({describe_status(process.returncode)})")
        # An error in the logs ends a waiting step at once: a status command that could not start
        # leaves the bar as it was, and waiting out the timeout would only hide why.
        errors = self.error_lines()
        if errors:
            raise Failure("errors in the logs:\n  " + "\n  ".join(errors))
        commands = [command_of(pid) for pid in self.processes.descendants()]
        for what, running in ((self.bar_process, lambda command: os.path.basename(command.split(" ")[0]) == self.bar_process),
                              ("the program", lambda command: self.badgebar in command)):
            if what is None:
                continue
            if any(running(command) for command in commands):
                self.seen.add(what)
            elif what in self.seen:
                raise Failure(f"{what} ({self.badgebar if what == 'the program' else what}) is no longer running")

    def describe(self):
        return ""

    def error_lines(self):
        found = []
        for name, path in self.logs:
            try:
                with open(path, encoding="utf-8", errors="replace") as file:
                    lines = file.read().splitlines()
            except OSError:
                continue
            for line in lines:
                if self.error_pattern.search(line) and not any(re.search(pattern, line) for pattern in self.harmless):
                    found.append(f"{name}: {line}")
        return squeeze(found)

    def all_logs(self):
        return "\n".join(f"--- {name} ({path}):\n{log_tail(path)}" for name, path in self.logs)


def readable_by_others(path):
    """Whether any user can run the file: o+rx on it, o+x on every folder above it."""
    path = os.path.realpath(path)
    if not os.stat(path).st_mode & stat.S_IROTH or not os.stat(path).st_mode & stat.S_IXOTH:
        return False
    folder = os.path.dirname(path)
    while True:
        if not os.stat(folder).st_mode & stat.S_IXOTH:
            return False
        if folder == "/":
            return True
        folder = os.path.dirname(folder)


def describe_status(code):
    return f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"


class XBar(Bar):
    """A bar on an Xvfb of its own."""

    def start_display(self):
        readable, writable = os.pipe()
        os.set_inheritable(writable, True)
        log = self.processes.path("xvfb.log")
        handle = open(log, "ab")
        say(f"  start Xvfb: Xvfb -displayfd {writable} -screen 0 {SCREEN[0]}x{SCREEN[1]}x24 -nolisten tcp -noreset")
        libc = self.processes.libc
        process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(writable), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp",
             "-noreset"], stdin=subprocess.DEVNULL, stdout=handle, stderr=subprocess.STDOUT, pass_fds=(writable,),
            start_new_session=True, env={"PATH": "/usr/bin:/bin"},
            preexec_fn=lambda: libc.prctl(Processes.PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0))
        handle.close()
        os.close(writable)
        self.processes.started.append(("Xvfb", process, log))
        text = b""
        deadline = time.monotonic() + 15
        while not text.endswith(b"\n"):
            if process.poll() is not None:
                raise Failure(f"Xvfb ended ({describe_status(process.returncode)}): {log_tail(log)}")
            if time.monotonic() > deadline:
                raise Failure(f"Xvfb gave no display number within 15 s: {log_tail(log)}")
            if select.select([readable], [], [], 0.1)[0]:
                chunk = os.read(readable, 64)
                if not chunk:
                    continue
                text += chunk
        os.close(readable)
        self.display = ":" + text.decode().strip()
        say(f"  Xvfb is on DISPLAY={self.display}")
        self.logs.append(("Xvfb", log))

    def environment(self, extra=None):
        return super().environment({"DISPLAY": self.display, **(extra or {})})

    def screenshot(self):
        data = run(["import", "-silent", "-window", "root", "-depth", "8", "ppm:-"], self.environment(), binary=True)
        return Image.from_ppm(data)

    def click(self, x, y, button=1):
        run(["xdotool", "mousemove", str(x), str(y), "click", str(button)], self.environment())

    def window_region(self, window_class):
        """Polls until a mapped window of this class exists; sets the bar's region to its geometry."""
        def find():
            result = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", window_class],
                                    env=self.environment(), capture_output=True, timeout=10)
            windows = result.stdout.decode().split()
            for window in windows:
                geometry = run(["xdotool", "getwindowgeometry", "--shell", window], self.environment())
                values = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
                width, height = int(values["WIDTH"]), int(values["HEIGHT"])
                if width > 1 and height > 1:
                    x, y = int(values["X"]), int(values["Y"])
                    return (x, y, x + width, y + height)
            return None

        self.region = poll(f"a {window_class} window on {self.display}", self.options.timeout, find, self.check_alive)
        say(f"  the bar is the {window_class} window at {self.region[0]},{self.region[1]}, "
            f"{self.region[2] - self.region[0]}x{self.region[3] - self.region[1]} px")

    def describe(self):
        return f"DISPLAY={self.display}"


class I3(XBar):
    name = "i3bar"
    bar_process = "i3bar"

    def i3_config(self, recipe):
        # The header keeps i3 from converting the file as an old one (and starting i3status).
        return f"# i3 config file (v4)\nfont pango:{FONT} 11\n{recipe}\n"

    def start(self):
        self.setup_paths()
        self.start_display()
        config = self.write("i3.conf", self.i3_config(self.recipe_text()))
        log = self.processes.path("i3.log")
        self.processes.start("i3", ["i3", "-c", config], self.environment(), log=log)
        self.logs.append(("i3 (i3bar and the status command write here too)", log))
        self.window_region("i3bar")


class I3Blocks(I3):
    name = "i3blocks"

    def start(self):
        self.setup_paths()
        self.start_display()
        blocks = self.write("i3blocks.conf", self.recipe_text())
        bar = f"bar {{\n    status_command i3blocks -c {blocks}\n    font pango:{FONT} 11\n}}"
        config = self.write("i3.conf", self.i3_config(bar))
        log = self.processes.path("i3.log")
        self.processes.start("i3", ["i3", "-c", config], self.environment(), log=log)
        self.logs.append(("i3 (i3bar, i3blocks and the block's command write here too)", log))
        self.window_region("i3bar")


class Polybar(XBar):
    name = "polybar"
    bar_process = "polybar"

    def error_lines(self):
        """Polybar 3.6.3 logs neither a `tail = true` script's exit status nor its standard error: it
        starts the script again. At --log=info each start is a `script_runner: Invoking shell command`
        line (a click's action is `Executing shell command`), so a second one means the script ended."""
        found = super().error_lines()
        for name, path in self.logs:
            try:
                with open(path, encoding="utf-8", errors="replace") as file:
                    starts = sum("script_runner: Invoking shell command" in line for line in file)
            except OSError:
                continue
            if starts > 1:
                found.append(f"{name}: the script was started {starts} times: it ended, and polybar started it again "
                             "(polybar logs neither its exit status nor its standard error)")
        return found
    harmless = (
        # Polybar 3.6.3 with no window manager: no EWMH, no _NET_WM_* to set, no tray owner.
        r"warn: No WM detected|Failed to get _NET_SUPPORTED|Failed to set _NET_WM_",
    )

    def start(self):
        self.setup_paths()
        self.start_display()
        config = self.write("polybar.ini", (
            "[bar/harness]\n"
            "width = 100%\nheight = 32\n"
            "background = #000000\nforeground = #FFFFFF\n"
            f"font-0 = {FONT}:size=11;2\n"
            "font-1 = Noto Color Emoji:scale=10;2\n"
            "modules-right = badgebar\n"
            "padding-right = 1\n"
            "\n" + self.recipe_text() + "\n"))
        log = self.processes.path("polybar.log")
        self.processes.start("polybar", ["polybar", "--log=info", "--config=" + config, "harness"], self.environment(), log=log)
        self.logs.append(("polybar (the script writes here too)", log))
        self.window_region("polybar")


class Sway(Bar):
    """Headless sway as an unprivileged user, with a runtime folder of its own."""

    harmless = (
        # sway 1.7 headless with the pixman renderer: no GPU, so no DRM device and no DRM leases.
        r"drmGetDevices2 failed: No such file or directory",
        r"No DRM backend supplied, failed to create wlr_drm_lease_v1_manager",
        # swaybar's tray with no session bus (the recipe asks for no tray; the default bar has one).
        r"\[swaybar/tray/tray\.c:\d+\] Failed to connect to user bus",
    )

    def needs_unprivileged(self):
        return True

    def start_sway(self, sway_lines):
        self.user = UNPRIVILEGED
        account = pwd.getpwnam(self.user)
        os.chown(self.processes.directory, account.pw_uid, account.pw_gid)
        self.runtime = self.processes.path("runtime")
        os.makedirs(self.runtime, mode=0o700)
        home = self.processes.path("home")
        os.makedirs(home, exist_ok=True)
        for folder in (self.runtime, home):
            os.chown(folder, account.pw_uid, account.pw_gid)
        if os.path.exists(self.fifo):
            os.chown(self.fifo, account.pw_uid, account.pw_gid)
        config = self.write("sway.conf", (
            f"output HEADLESS-1 resolution {SCREEN[0]}x{SCREEN[1]} position 0 0\n"
            "xwayland disable\n"
            f"font pango:{FONT} 11\n"
            f"{sway_lines}\n"))
        log = self.processes.path("sway.log")
        self.processes.start("sway", ["sway", "--config", config], self.sway_environment(), log=log, user=self.user)
        self.logs.append((f"sway ({'swaybar and the status command write here too' if sway_lines else 'no bar of its own'})", log))

        def socket_ready():
            for name in os.listdir(self.runtime):
                path = os.path.join(self.runtime, name)
                if name.startswith("wayland-") and not name.endswith(".lock") and stat.S_ISSOCK(os.stat(path).st_mode):
                    return name
            return None

        self.wayland = poll("sway's Wayland socket", self.options.timeout, socket_ready, self.check_alive)

        def ipc_ready():
            for name in os.listdir(self.runtime):
                if name.startswith("sway-ipc.") and name.endswith(".sock"):
                    return os.path.join(self.runtime, name)
            return None

        # What sway sets for its own children, so a bar started beside it finds its IPC socket as one of them would.
        self.ipc = poll("sway's IPC socket", self.options.timeout, ipc_ready, self.check_alive)
        say(f"  sway is up: WAYLAND_DISPLAY={self.wayland} XDG_RUNTIME_DIR={self.runtime}")
        # The pointer is made now, before any bar starts: a bar sees the seat with a pointer from the
        # beginning and has its wl_pointer long before a click, which a pointer made at the click would race.
        self.pointer, self.pointer_error = None, None
        try:
            self.pointer = VirtualPointer(os.path.join(self.runtime, self.wayland), SCREEN[0], SCREEN[1])
            say("  made a virtual pointer (zwlr_virtual_pointer_v1)")
        except (Failure, OSError) as error:
            self.pointer_error = error

    def sway_environment(self, extra=None):
        return self.environment({
            "XDG_RUNTIME_DIR": self.runtime, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
            "WLR_RENDERER": "pixman", "WLR_HEADLESS_OUTPUTS": "1", **(extra or {})})

    def client_environment(self):
        return self.sway_environment({"WAYLAND_DISPLAY": self.wayland, "SWAYSOCK": self.ipc})

    def screenshot(self):
        data = run(["grim", "-t", "ppm", "-"], self.client_environment(), user=self.user, binary=True)
        image = Image.from_ppm(data)
        if self.region is None:
            self.region = (0, 0, image.width, image.height)
        return image

    def click(self, x, y, button=1):
        if self.pointer is None:
            raise Failure(f"no virtual pointer to click with: {self.pointer_error}")
        self.pointer.click(x, y, button)

    def describe(self):
        return f"WAYLAND_DISPLAY={self.wayland} XDG_RUNTIME_DIR={self.runtime} (as {self.user})"


class Swaybar(Sway):
    name = "swaybar"
    bar_process = "swaybar"

    def start(self):
        self.setup_paths()
        self.start_sway(self.recipe_text())


class Waybar(Sway):
    name = "waybar"
    bar_process = "waybar"
    harmless = Sway.harmless + (
        # Waybar 0.9.17 with no session bus, no tray watcher, no network or sound server: modules it is not asked for.
        r"Unable to connect to the D-Bus|org\.freedesktop|dbus|StatusNotifier|tray",
    )

    def start(self):
        self.setup_paths()
        self.start_sway("")
        config = self.write("waybar.jsonc", self.recipe_text())
        style = (
            "* { font-family: \"%s\"; font-size: 15px; border: none; border-radius: 0; min-height: 0; }\n"
            "window#waybar { background: #000000; color: #FFFFFF; }\n" % FONT)
        extra = self.options.style
        if extra:
            with open(extra, encoding="utf-8") as file:
                style += file.read()
        style_path = self.write("waybar.css", style)
        log = self.processes.path("waybar.log")
        self.processes.start("waybar", ["waybar", "--config", config, "--style", style_path],
                             self.client_environment(), log=log, user=self.user)
        self.logs.append(("waybar (the module's command writes here too)", log))


# A bar's whole check with its recipe, with the click (or the press) after the sixth step.
DEFAULT_STEPS = ["send:Mail=3", "wait:#FF3B30", "send:Mail=0", "gone:#FF3B30", "send:Mail=5", "wait:#FF3B30",
                 "gone:#FF3B30", "log-clean"]

# The smallest recipe around a command, for --command.
COMMAND_RECIPES = {
    "i3bar": "bar {\n    status_command @COMMAND@\n    font pango:%s 11\n}" % FONT,
    "swaybar": "bar {\n    status_command @COMMAND@\n    font pango:%s 11\n}" % FONT,
    "i3blocks": "[badgebar]\ncommand=@COMMAND@\ninterval=persist\nmarkup=pango\n",
    "polybar": "[module/badgebar]\ntype = custom/script\nexec = @COMMAND@\ntail = true",
    "waybar": json.dumps({"modules-right": ["custom/badgebar"],
                          "custom/badgebar": {"exec": "@COMMAND@", "return-type": "json"}}, indent=4),
}

BAR_CLASSES = {"i3bar": I3, "i3blocks": I3Blocks, "polybar": Polybar, "swaybar": Swaybar, "waybar": Waybar}


# MARK: - Steps


class Runner:
    def __init__(self, bar, options):
        self.bar = bar
        self.options = options
        self.number = 0
        self.results = []

    def save(self, image, name):
        if not self.options.output or image is None:
            return None
        os.makedirs(self.options.output, exist_ok=True)
        path = os.path.join(self.options.output, f"{name}.png")
        with open(path, "wb") as file:
            file.write(image.png())
        return path

    def look(self, colour):
        image = self.bar.screenshot()
        count, box = image.find(colour, self.options.tolerance, self.bar.region)
        return image, count, box

    @staticmethod
    def where(colour, count, box):
        if not box:
            return f"{colour_name(colour)}: {count} px"
        centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
        return (f"{colour_name(colour)}: {count} px in x {box[0]}..{box[2]}, y {box[1]}..{box[3]} "
                f"(centre {centre[0]},{centre[1]})")

    def wait_for(self, colour, present, label):
        seen = {}

        def attempt():
            image, count, box = self.look(colour)
            seen.update(image=image, count=count, box=box)
            return (count >= self.options.min_pixels) == present

        try:
            poll(f"{colour_name(colour)} {'in' if present else 'gone from'} the bar", self.options.timeout, attempt,
                 self.bar.check_alive)
        except Failure as error:
            seen["path"] = self.save(seen.get("image"), label)
            last = self.where(colour, seen["count"], seen["box"]) if "count" in seen else "no screenshot"
            raise Failure(f"{error}; the last screenshot had {last} (present from {self.options.min_pixels} px)"
                          + (f", saved as {seen['path']}" if seen["path"] else ""))
        seen["path"] = self.save(seen.get("image"), label)
        return seen

    def write_fifo(self, path, line, what):
        def attempt():
            if not os.path.exists(path):
                raise Failure(f"{path} does not exist yet")
            if not stat.S_ISFIFO(os.stat(path).st_mode):
                raise Failure(f"{path} is not a FIFO")
            try:
                descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as error:
                raise Failure(f"no reader has {path} open ({error.strerror})")
            try:
                os.set_blocking(descriptor, True)
                os.write(descriptor, (line + "\n").encode())
            finally:
                os.close(descriptor)
            return True

        poll(f"a reader of {what} ({path})", self.options.timeout, attempt, self.bar.check_alive)

    def write_socket(self, path, line, what):
        def attempt():
            if not os.path.exists(path):
                raise Failure(f"{path} does not exist yet")
            if not stat.S_ISSOCK(os.lstat(path).st_mode):
                raise Failure(f"{path} is not a socket")
            client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                client.connect(path)
                client.sendall((line + "\n").encode())
            except OSError as error:
                raise Failure(f"nothing listens on {path} ({error.strerror})")
            finally:
                client.close()
            return True

        poll(f"a listener on {what} ({path})", self.options.timeout, attempt, self.bar.check_alive)

    def step(self, text):
        self.number += 1
        verb, _, argument = text.partition(":")
        label = f"{self.number:02d}-{re.sub(r'[^A-Za-z0-9=+-]+', '-', text).strip('-')}"
        started = time.monotonic()
        result = {"step": text, "ok": False, "detail": ""}
        self.results.append(result)
        say(f"step {self.number}: {text}")
        if verb in ("wait", "gone"):
            colour = parse_colour(argument)
            seen = self.wait_for(colour, verb == "wait", label)
            result["detail"] = self.where(colour, seen["count"], seen["box"])
            result["pixels"] = seen["count"]
            result["box"] = seen["box"]
            result["screenshot"] = seen["path"]
        elif verb == "send":
            self.write_fifo(self.bar.fifo, argument, "the counts FIFO")
            result["detail"] = f"wrote {argument!r} to {self.bar.fifo}"
        elif verb == "control":
            self.write_socket(self.bar.control, argument, "the control socket")
            result["detail"] = f"wrote {argument!r} to {self.bar.control}"
        elif verb == "unmarked":
            with open(self.bar.mark) as file:
                lines = file.read().splitlines()
            if any(argument in line for line in lines):
                raise Failure(f"{self.bar.mark} has a line with {argument!r}: {lines}")
            result["detail"] = f"no line of {self.bar.mark} has {argument!r}"
        elif verb == "deliver":
            # As a mail program delivers: written whole in tmp/, then moved into new/ in one step.
            written = os.path.join(self.bar.maildir, "tmp", argument)
            with open(written, "w") as file:
                file.write("From: someone\nSubject: hello\n\nhello\n")
            os.chmod(written, 0o644)
            os.rename(written, os.path.join(self.bar.maildir, "new", argument))
            result["detail"] = f"moved {argument} into {self.bar.maildir}/new"
        elif verb == "read":
            # As a mail program marks a message read: moved to cur/ with the seen flag.
            os.rename(os.path.join(self.bar.maildir, "new", argument),
                      os.path.join(self.bar.maildir, "cur", argument + ":2,S"))
            result["detail"] = f"moved {argument} to {self.bar.maildir}/cur as seen"
        elif verb == "marked":
            def attempt():
                with open(self.bar.mark) as file:
                    lines = file.read().splitlines()
                return lines if argument in lines else None
            lines = poll(f"a line {argument!r} in {self.bar.mark}", self.options.timeout, attempt, self.bar.check_alive)
            result["detail"] = f"{self.bar.mark} has {lines}"
        elif verb == "click" or verb.startswith("click-"):
            buttons = {"click": 1, "click-middle": 2, "click-right": 3, "click-scroll-up": 4, "click-scroll-down": 5}
            if verb not in buttons:
                raise Usage(f"unknown mouse button in {text!r}: {', '.join(buttons)}")
            if argument.startswith("#"):
                colour = parse_colour(argument)
                image, count, box = self.look(colour)
                result["screenshot"] = self.save(image, label)
                if count < self.options.min_pixels:
                    raise Failure(f"nothing to click: {self.where(colour, count, box)}")
                x, y = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
            else:
                match = re.fullmatch(r"(\d+),(\d+)", argument)
                if not match:
                    raise Usage(f"click wants #RRGGBB or X,Y, not {argument!r}")
                x, y = int(match.group(1)), int(match.group(2))
            self.bar.click(x, y, buttons[verb])
            result["detail"] = f"{verb} (button {buttons[verb]}) at {x},{y}"
        elif verb == "shot":
            image = self.bar.screenshot()
            result["screenshot"] = self.save(image, argument or label)
            result["detail"] = f"saved {result['screenshot']}" if result["screenshot"] else "no --output: not saved"
        elif verb == "log-clean":
            errors = self.bar.error_lines()
            result["errors"] = errors
            if errors:
                raise Failure("errors in the logs:\n  " + "\n  ".join(errors))
            result["detail"] = "no error in " + ", ".join(name for name, _ in self.bar.logs)
        elif verb == "sleep":
            time.sleep(float(argument))
        elif verb == "pause":
            say(f"  the bar is up ({self.bar.describe()}); press Return to go on")
            sys.stdin.readline()
        else:
            raise Usage(f"unknown step {text!r}")
        self.bar.check_alive()
        result["ok"] = True
        result["seconds"] = round(time.monotonic() - started, 2)
        say(f"  ok: {result['detail']}" if result["detail"] else "  ok")


def main(arguments):
    parser = argparse.ArgumentParser(add_help=False, usage=argparse.SUPPRESS)
    parser.add_argument("bar", nargs="?")
    parser.add_argument("steps", nargs="*")
    parser.add_argument("--badgebar", default=os.path.join(ROOT, ".build", "release", "badgebar"))
    parser.add_argument("--recipe")
    parser.add_argument("--style")
    parser.add_argument("--command")
    parser.add_argument("--output")
    parser.add_argument("--report")
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--tolerance", type=int, default=12)
    parser.add_argument("--min-pixels", type=int, default=20)
    parser.add_argument("--deadline", type=float, default=90)
    parser.add_argument("-h", "--help", action="store_true")
    options = parser.parse_intermixed_args(arguments)
    if options.help:
        print(__doc__)
        return 0
    if options.bar not in BARS:
        sys.stderr.write(f"status-bars.py: the first argument is a bar: {', '.join(BARS)}\n\n{__doc__}")
        return 2
    options.recipe = options.recipe or os.path.join(
        RECIPES, f"{options.bar}.{'jsonc' if options.bar == 'waybar' else 'conf'}")
    if options.style is None and options.bar == "waybar":
        default_style = os.path.join(os.path.dirname(options.recipe), "waybar.css")
        options.style = default_style if os.path.exists(default_style) else None
    steps = options.steps or DEFAULT_STEPS[:6] + (
        ["control:press Mail"] if options.bar == "i3blocks" else ["click:#FF3B30"]) + DEFAULT_STEPS[6:]
    missing = {command: package for command, package in NEEDS[options.bar].items() if not shutil.which(command)}
    if missing:
        sys.stderr.write(f"status-bars.py: {options.bar} needs {', '.join(missing)}: "
                         f"apt-get install {' '.join(sorted(set(missing.values())))}\n")
        return 2
    if options.bar in ("swaybar", "waybar") and os.geteuid() != 0:
        sys.stderr.write("status-bars.py: sway runs as nobody through setpriv, which needs root\n")
        return 2

    # The deadline and the ending signals end the run through the same tear-down as a failure.
    def interrupted(number, _frame):
        raise Failure(f"ended by signal {number}" if number != signal.SIGALRM
                      else f"the run took longer than --deadline {options.deadline:g} s")

    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
        signal.signal(number, interrupted)
    signal.setitimer(signal.ITIMER_REAL, options.deadline)

    report = {"bar": options.bar, "recipe": options.recipe, "badgebar": os.path.abspath(options.badgebar),
              "ok": False, "steps": [], "errors": [], "failure": None, "logs": ""}
    processes = Processes()
    runner = None
    bar = None
    status = 1
    started = time.monotonic()
    try:
        say(f"{options.bar}: recipe {options.recipe}, program {options.badgebar}")
        bar = BAR_CLASSES[options.bar](options, processes)
        bar.start()
        runner = Runner(bar, options)
        for text in steps:
            runner.step(text)
        status = 0
    except Usage as error:
        sys.stderr.write(f"status-bars.py: {error}\n")
        report["failure"] = str(error)
        status = 2
    except Failure as error:
        report["failure"] = str(error)
        say(f"FAILED: {error}")
        # What the bar showed when it failed: i3bar, for one, shows a status command's standard error in the bar.
        if bar is not None and options.output:
            try:
                report["screenshot"] = Runner(bar, options).save(bar.screenshot(), "failure")
                say(f"  the screen at the failure: {report['screenshot']}")
            except (Failure, AttributeError, OSError):
                pass  # no display server yet
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(number, signal.SIG_IGN)
        if bar is not None:
            report["errors"] = bar.error_lines()
            report["logs"] = bar.all_logs()
            if status != 0:
                say(f"the logs:\n{report['logs']}")
        if runner:
            report["steps"] = runner.results
        processes.close()
        processes.keep(options.output)
        report["ok"] = status == 0
        report["seconds"] = round(time.monotonic() - started, 2)
        if options.report:
            text = json.dumps(report, indent=2)
            if options.report == "-":
                print(text)
            else:
                with open(options.report, "w", encoding="utf-8") as file:
                    file.write(text + "\n")
        say(f"{options.bar}: {'PASS' if status == 0 else 'FAIL'} in {report['seconds']} s"
            + (f"; screenshots and logs in {options.output}" if options.output else ""))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
