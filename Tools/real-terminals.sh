#!/usr/bin/env bash
# Runs the Inbox demo in real terminal emulators under Xvfb, clicks its three buttons with
# xdotool and saves screenshots, so what a user sees can be checked terminal by terminal.
#
# Usage: Tools/real-terminals.sh [OPTIONS] [BINARY] [-- DEMO-ARGUMENTS...]
#
#   BINARY                  the demo (default .build/release/badgebar)
#   -o, --output DIR        where the screenshots and reports go (default .build/real-terminals)
#   -t, --terminals LIST    comma-separated, from: xterm st urxvt mlterm kitty alacritty screen
#                           (default: all of them; "screen" is GNU screen inside xterm)
#   -s, --size COLUMNSxROWS the terminal's size in cells (default 80x24)
#   -p, --picture FILE      also copy the first terminal's auto-play screenshot to FILE
#                           (the README's picture: -t xterm -s 80x16 -p docs/inbox.png)
#   -h, --help              print this and exit
#
# For each terminal, in DIR/NAME-VERSION/: 1-first-frame.png, 2-bracket-*.png (the focused button's
# brackets as they looked while auto-play animated), 3-auto-play.png, 4-click-*.png after a real
# click on each button, 5-after-quit.png (what the program left on screen), and report.txt; DIR/summary.txt
# has one line a terminal. Run as root it installs missing Debian packages with apt-get; otherwise
# it names them. It starts its own Xvfb on a free display and stops it, and every terminal, on
# every way out. Exit status: 0 when every terminal asked for started and passed every check,
# 1 otherwise, 2 for bad usage.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
helper="$root/Tools/real-terminals.py"
all_terminals="xterm st urxvt mlterm kitty alacritty screen"

usage() {
    sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

output="$root/.build/real-terminals"
terminals=$all_terminals
size=80x24
picture=
binary=
demo_arguments=()
while [ $# -gt 0 ]; do
    case $1 in
        -o | --output) output=$2; shift 2 ;;
        -t | --terminals) terminals=${2//,/ }; shift 2 ;;
        -s | --size) size=$2; shift 2 ;;
        -p | --picture) picture=$2; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        --) shift; demo_arguments=("$@"); break ;;
        -*) echo "real-terminals.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) binary=$1; shift ;;
    esac
done
binary=${binary:-$root/.build/release/badgebar}
case $binary in /*) ;; *) binary="$PWD/$binary" ;; esac
if ! [ -x "$binary" ]; then
    echo "real-terminals.sh: no executable at $binary (build it: swift build -c release -Xswiftc -static-executable --product badgebar)" >&2
    exit 2
fi
if ! [[ $size =~ ^([0-9]+)x([0-9]+)$ ]]; then
    echo "real-terminals.sh: --size wants COLUMNSxROWS, e.g. 80x24" >&2
    exit 2
fi
columns=${BASH_REMATCH[1]}
rows=${BASH_REMATCH[2]}
for name in $terminals; do
    case " $all_terminals " in *" $name "*) ;; *) echo "real-terminals.sh: unknown terminal $name (known: $all_terminals)" >&2; exit 2 ;; esac
done

# MARK: - Packages

# The Debian package that provides a terminal's command.
package_of() {
    case $1 in
        st) echo stterm ;;
        urxvt) echo rxvt-unicode ;;
        *) echo "$1" ;;
    esac
}

# The command that starts a terminal.
command_of() {
    case $1 in
        screen) echo screen ;;
        *) echo "$1" ;;
    esac
}

needed=()
command -v Xvfb >/dev/null 2>&1 || needed+=(xvfb)
command -v xdotool >/dev/null 2>&1 || needed+=(xdotool)
command -v xwininfo >/dev/null 2>&1 || needed+=(x11-utils)
command -v import >/dev/null 2>&1 || needed+=(imagemagick)
command -v tmux >/dev/null 2>&1 || needed+=(tmux)
command -v python3 >/dev/null 2>&1 || needed+=(python3)
command -v fc-list >/dev/null 2>&1 || needed+=(fontconfig)
fc-list 2>/dev/null | grep -q 'DejaVu Sans Mono' || needed+=(fonts-dejavu-core)
fc-list 2>/dev/null | grep -q 'Noto Color Emoji' || needed+=(fonts-noto-color-emoji)
# Terminal descriptions: st-256color, mlterm-256color, rxvt-unicode-256color, alacritty, screen.xterm-256color.
infocmp mlterm-256color >/dev/null 2>&1 || needed+=(ncurses-term)
for name in $terminals; do
    command -v "$(command_of "$name")" >/dev/null 2>&1 || needed+=("$(package_of "$name")")
done
# GNU screen runs inside xterm.
case " $terminals " in *" screen "*) command -v xterm >/dev/null 2>&1 || needed+=(xterm) ;; esac
if [ ${#needed[@]} -gt 0 ]; then
    mapfile -t needed < <(printf '%s\n' "${needed[@]}" | sort -u)
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing ${needed[*]} with apt-get"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null
    else
        echo "Missing packages; install them with: sudo apt-get install ${needed[*]}" >&2
    fi
fi
for tool in Xvfb xdotool xwininfo import tmux python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "real-terminals.sh: $tool is needed and missing" >&2
        exit 1
    fi
done

# MARK: - Processes and clean-up

work=$(mktemp -d /tmp/badgebar-real-terminals.XXXXXX)
xvfb_pid=
terminal_pid=
layout_socket="$work/tmux.sock"
export SCREENDIR="$work/screens"
mkdir -p "$SCREENDIR" "$work/home"
chmod 700 "$SCREENDIR"

# The process and all its descendants, deepest first.
descendants() {
    local child
    # shellcheck disable=SC2013 # the children files hold pids separated by spaces
    for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
        descendants "$child"
        echo "$child"
    done
}

# Stops a process and everything it started: TERM, a short wait, then KILL.
stop_tree() {
    local pid=$1 tree alive process
    [ -n "$pid" ] || return 0
    tree="$(descendants "$pid") $pid"
    # shellcheck disable=SC2086 # one pid a word
    kill -TERM $tree 2>/dev/null
    for _ in $(seq 30); do
        alive=
        for process in $tree; do
            if kill -0 "$process" 2>/dev/null && [ "$(awk '{print $3}' /proc/"$process"/stat 2>/dev/null)" != Z ]; then
                alive=1
            fi
        done
        [ -z "$alive" ] && break
        sleep 0.1
    done
    # shellcheck disable=SC2086 # one pid a word
    kill -KILL $tree 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

# Ends every GNU screen session in this run's private SCREENDIR.
stop_screens() {
    local session
    for session in "$SCREENDIR"/*; do
        [ -e "$session" ] || continue
        screen -S "$(basename "$session")" -X quit >/dev/null 2>&1
    done
}

cleanup() {
    stop_tree "$terminal_pid"
    terminal_pid=
    stop_screens
    tmux -S "$layout_socket" kill-server >/dev/null 2>&1
    stop_tree "$xvfb_pid"
    xvfb_pid=
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Milliseconds since the epoch.
now_ms() {
    local now=${EPOCHREALTIME/[.,]/}
    echo $((now / 1000))
}

# Runs a command every 0.1 s until it succeeds or SECONDS pass; returns whether it succeeded.
poll() {
    local seconds=$1
    shift
    local deadline=$(($(now_ms) + seconds * 1000))
    while true; do
        "$@" && return 0
        [ "$(now_ms)" -ge "$deadline" ] && return 1
        sleep 0.1
    done
}

# MARK: - Xvfb

# Xvfb picks a free display itself and writes its number to the descriptor -displayfd names.
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp -noreset 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
display_written() { [ -s "$work/display" ]; }
if ! poll 20 display_written; then
    echo "real-terminals.sh: Xvfb did not start: $(cat "$work/xvfb.log")" >&2
    exit 1
fi
DISPLAY=":$(head -1 "$work/display")"
export DISPLAY
echo "Xvfb on $DISPLAY"

# MARK: - Where the demo draws

# The toolbar row and the buttons' bracket columns at this size, read from the same binary in tmux.
tmux -S "$layout_socket" -f /dev/null new-session -d -x "$columns" -y "$rows" -e LANG=C.UTF-8 \
    env TERM=xterm-256color "$binary" --no-autoplay "${demo_arguments[@]}" || exit 1
read_layout() {
    tmux -S "$layout_socket" capture-pane -p -t 0 2>/dev/null | python3 "$helper" layout >"$work/layout" 2>/dev/null
}
if ! poll 10 read_layout; then
    echo "real-terminals.sh: the demo drew no toolbar in tmux at ${columns}x${rows}:" >&2
    tmux -S "$layout_socket" capture-pane -p -t 0 >&2
    exit 1
fi
tmux -S "$layout_socket" kill-server >/dev/null 2>&1
TOOLBAR_ROW=
BUTTONS=
# shellcheck source=/dev/null # written by the helper's layout command
source "$work/layout"
read -r -a buttons <<<"$BUTTONS"
button_names=(messages cart notifications)
badge_row=$((TOOLBAR_ROW - 1))
echo "Toolbar on row $TOOLBAR_ROW, buttons at columns $BUTTONS"

# The badge area of button INDEX on the badge row: from its icon's right half to just before the
# next button's icon (the last one to the edge), as NAME:ROW:FIRST:LAST for the helper.
badge_area() {
    local index=$1 open next last
    open=${buttons[$index]%%:*}
    if [ $((index + 1)) -lt ${#buttons[@]} ]; then
        next=${buttons[$((index + 1))]%%:*}
        last=$((next + 1))
    else
        last=$((columns - 1))
    fi
    echo "${button_names[$index]}:$badge_row:$((open + 3)):$last"
}

# MARK: - One terminal

# The shell that runs in the terminal: it notes TERM, runs the demo, shows its exit status and
# waits for Return, so what the demo left on screen can be photographed.
cat >"$work/wrapper.sh" <<'EOF'
directory=$1
shift
printf '%s\n' "${TERM-}" >"$directory/term"
# When the demo starts, in milliseconds, so its auto-play steps can be placed in time.
date +%s%3N >"$directory/started"
"$@"
status=$?
printf '[badgebar exited with status %s]\n' "$status"
printf '%s\n' "$status" >"$directory/exit-status"
read -r _
EOF

font_family="DejaVu Sans Mono"

# Sets launch (the command line) and version (its own version number) for a terminal.
prepare() {
    local name=$1 title=$2 directory=$3
    local wrapper=(sh "$work/wrapper.sh" "$directory" "$binary" "${demo_arguments[@]}")
    local xterm=(xterm -T "$title" -geometry "${columns}x${rows}+0+0" -fa "$font_family" -fs 11 -tn xterm-256color)
    case $name in
        xterm)
            version=$(xterm -version | sed -n 's/^XTerm(\([0-9]*\)).*/\1/p')
            launch=("${xterm[@]}" -e "${wrapper[@]}")
            ;;
        st)
            version=$(st -v 2>&1 | sed -n 's/^st \([0-9.]*\).*/\1/p')
            launch=(st -t "$title" -g "${columns}x${rows}+0+0" -f "$font_family:size=11" -e "${wrapper[@]}")
            ;;
        urxvt)
            version=$(urxvt -help 2>&1 | sed -n 's/.* v\([0-9.]*\) - released.*/\1/p')
            launch=(urxvt -title "$title" +sb -geometry "${columns}x${rows}+0+0" -fn "xft:$font_family:size=11"
                -e "${wrapper[@]}")
            ;;
        mlterm)
            version=$(mlterm --version 2>&1 | sed -n 's/^mlterm version \([0-9.]*\).*/\1/p')
            launch=(mlterm -T "$title" -g "${columns}x${rows}+0+0" --sb=false -y mlterm-256color -w 15
                -e "${wrapper[@]}")
            ;;
        kitty)
            version=$(kitty --version | sed -n 's/^kitty \([0-9.]*\).*/\1/p')
            # A steady cursor (kitty blinks it by default), so two screenshots of a still screen match.
            launch=(env LIBGL_ALWAYS_SOFTWARE=1 kitty --title "$title" -o remember_window_size=no
                -o cursor_blink_interval=0
                -o "initial_window_width=${columns}c" -o "initial_window_height=${rows}c"
                -o "font_family=$font_family" -o font_size=11 "${wrapper[@]}")
            ;;
        alacritty)
            version=$(alacritty --version | sed -n 's/^alacritty \([0-9.]*\).*/\1/p')
            launch=(env LIBGL_ALWAYS_SOFTWARE=1 alacritty -t "$title" -o "window.dimensions.columns=$columns"
                -o "window.dimensions.lines=$rows" -o "font.normal.family=$font_family" -o font.size=11
                -e "${wrapper[@]}")
            ;;
        screen)
            version=$(screen --version | sed -n 's/^Screen version \([0-9.]*\).*/\1/p')
            version="$version in xterm $(xterm -version | sed -n 's/^XTerm(\([0-9]*\)).*/\1/p')"
            launch=("${xterm[@]}" -e screen -S badgebar "${wrapper[@]}")
            ;;
    esac
}

summary=()
failures=0

# Runs the demo in one terminal and checks it; appends a line to summary.
check_terminal() {
    local name=$1
    local title="badgebar-real-terminals-$name"
    local directory="$work/$name"
    local version launch
    mkdir -p "$directory"
    rm -f "$work/shot.ppm"
    if ! command -v "$(command_of "$name")" >/dev/null 2>&1; then
        summary+=("$name: not installed (Debian package $(package_of "$name"))")
        failures=$((failures + 1))
        return
    fi
    prepare "$name" "$title" "$directory"
    local out="$output/$name-${version%% *}"
    rm -rf "$out"
    mkdir -p "$out"
    local report="$out/report.txt"
    {
        echo "terminal: $name"
        echo "version: $version (Debian package $(package_of "$name") $(dpkg-query -W -f='${Version}' "$(package_of "$name")" 2>/dev/null))"
        echo "size: ${columns}x${rows}"
        echo "command: ${launch[*]}"
    } >"$report"
    note() { echo "$*" | tee -a "$report"; }
    echo "== $name ($version)"

    # A home of its own: no one's terminal, X or screen settings apply.
    env -u LC_ALL LANG=C.UTF-8 HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" "${launch[@]}" \
        >"$directory/terminal.log" 2>&1 &
    terminal_pid=$!

    local window=
    find_window() {
        # By title, or by process when the terminal has already shown another title (GNU screen sets one).
        window=$(xdotool search --name "^$title\$" 2>/dev/null | head -1)
        [ -n "$window" ] || window=$(xdotool search --onlyvisible --pid "$terminal_pid" 2>/dev/null | head -1)
        [ -n "$window" ] || return 1
        xdotool getwindowgeometry --shell "$window" >"$directory/geometry" 2>/dev/null || return 1
        # The window counts once it has its final size (kitty and alacritty resize after mapping).
        local WIDTH HEIGHT
        # shellcheck source=/dev/null # xdotool's --shell output
        source "$directory/geometry"
        [ "${WIDTH:-0}" -ge $((columns * 4)) ] && [ "${HEIGHT:-0}" -ge $((rows * 8)) ]
    }
    if ! poll 30 find_window; then
        local why="no window within 30 s"
        kill -0 "$terminal_pid" 2>/dev/null || why="it exited at once"
        note "result: did not start ($why); its output: $(tr '\n' ' ' <"$directory/terminal.log" | cut -c1-400)"
        summary+=("$name ($version): did not start ($why): $(head -c 200 "$directory/terminal.log" | tr '\n' ' ')")
        failures=$((failures + 1))
        stop_tree "$terminal_pid"
        terminal_pid=
        cp "$directory/terminal.log" "$out/terminal.log"
        return
    fi
    local X Y WIDTH HEIGHT
    # shellcheck source=/dev/null # xdotool's --shell output
    source "$directory/geometry"
    # X and Y are the corner of the window's X border (xterm's is a pixel wide); the inside starts past it.
    local border
    border=$(xwininfo -id "$window" 2>/dev/null | sed -n 's/^ *Border width: *\([0-9]*\).*/\1/p')
    X=$((X + ${border:-0}))
    Y=$((Y + ${border:-0}))
    # The text grid: the window holds the cells and a border of less than a cell on each side.
    local cell_width=$((WIDTH / columns)) cell_height=$((HEIGHT / rows))
    local left=$(((WIDTH - columns * cell_width) / 2)) top=$(((HEIGHT - rows * cell_height) / 2))
    note "window: ${WIDTH}x${HEIGHT} at $X,$Y; cells ${cell_width}x${cell_height} px from ($left, $top)"
    # Give it the keyboard focus as a user would: with no window manager the focus follows the
    # pointer, and an unfocused terminal draws a hollow cursor.
    xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2)) 2>/dev/null
    xdotool windowfocus "$window" 2>/dev/null

    # Screenshots are taken of the root window, cropped: alacritty's OpenGL window reads back
    # black on its own.
    shoot() {
        import -silent -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$1"
    }
    # Measures cells in a fresh screenshot; sets the helper's NAME_red... variables.
    measure() {
        import -silent -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage -depth 8 "ppm:$work/shot.ppm" || return 1
        eval "$(python3 "$helper" measure "$work/shot.ppm" "$cell_width" "$cell_height" "$left" "$top" "$@")"
    }
    # Saves the screenshot the last measure took, the very one checked.
    keep() {
        convert "$work/shot.ppm" "$1"
    }
    local areas=()
    local index
    for index in 0 1 2; do areas+=("$(badge_area "$index")"); done
    # Whether the last measure saw these buttons' badges (a quarter of their area in badge colours).
    badges_up() {
        local wanted variable
        for wanted in "$@"; do
            variable="${wanted}_badge"
            [ "${!variable}" -ge 25 ] || return 1
        done
    }
    badges_shown() {
        measure "${areas[@]}" && badges_up "$@"
    }
    # Whether two screenshots 0.3 s apart agree: nothing moves (the second stays in shot.ppm).
    still() {
        measure "${areas[@]}" || return 1
        cp "$work/shot.ppm" "$work/still.ppm"
        sleep 0.3
        measure "${areas[@]}" && cmp -s "$work/shot.ppm" "$work/still.ppm"
    }
    badge_gone() {
        measure "${areas[@]}" || return 1
        local variable="${1}_badge"
        [ "${!variable}" -le 1 ]
    }

    local passed=1
    if poll 20 badges_shown messages notifications; then
        keep "$out/1-first-frame.png"
        note "first frame: seen, the Messages and Notifications badges where the grid puts them"
    else
        shoot "$out/1-first-frame.png"
        note "first frame: NOT seen within 20 s (no badge colours where the grid puts them; see 1-first-frame.png)"
        passed=0
    fi
    local term_inside
    term_inside=$(cat "$directory/term" 2>/dev/null)
    local mouse
    mouse=$(infocmp -1 -x "$term_inside" 2>/dev/null | grep -o 'kmous=[^,]*' | head -1)
    case $mouse in
        *'\E[<'*) mouse="SGR 1006 ($mouse)" ;;
        *'\E[M'*) mouse="X10 ($mouse)" ;;
        *) mouse="unknown (${mouse:-no kmous})" ;;
    esac
    note "TERM inside: $term_inside; mouse reports ncurses asks for: $mouse"

    # The focused button's brackets while auto-play animates the other buttons: the look of each
    # bracket cell is its most common colour (its background as drawn: the terminal's, or the text
    # colour when inverted). Auto-play steps Notifications at 1.3 s and Cart at 2.6 s after the demo
    # starts; the focused Messages bounces at 3.9 s, its own motion and no flicker, so the watch ends
    # at 3.8 s on the demo's clock, however long the terminal took to show the first frame.
    local open close
    open=${buttons[0]%%:*}
    close=${buttons[0]##*:}
    local looks=() open_colour close_colour sample=0 last_look=
    local burst_end=$(($(cat "$directory/started") + 3800))
    while [ "$(now_ms)" -lt "$burst_end" ]; do
        measure "open:$TOOLBAR_ROW:$open" "close:$TOOLBAR_ROW:$close" || break
        local look="[ on $open_colour, ] on $close_colour"
        if [ "$look" != "$last_look" ]; then
            looks+=("$look")
            sample=$((sample + 1))
            keep "$out/2-bracket-$sample.png"
            last_look=$look
        fi
    done
    note "focused button's brackets while the other buttons animated, each change of look: $(printf '%s; ' "${looks[@]}")"
    if [ ${#looks[@]} -gt 1 ]; then
        note "focus: FLICKERS (${#looks[@]} looks while the other buttons animated)"
        passed=0
    fi
    local seen
    for seen in "${looks[@]}"; do
        if [[ $seen =~ ^\[\ on\ (#[0-9a-f]+),\ \]\ on\ (#[0-9a-f]+)$ ]] && [ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ]; then
            note "focus: LOPSIDED ($seen)"
            passed=0
            break
        fi
    done

    # A still moment of auto-play with every badge up.
    still_with_all_badges() {
        still && badges_up messages cart notifications
    }
    if poll 10 still_with_all_badges; then
        keep "$out/3-auto-play.png"
        note "auto-play: all three badges shown"
        if [ -n "$picture" ]; then
            cp "$out/3-auto-play.png" "$picture"
            note "picture: copied to $picture"
            picture=
        fi
    else
        shoot "$out/3-auto-play.png"
        note "auto-play: no still moment with all three badges within 10 s"
        passed=0
    fi

    # A real click on each button's icon (the first cell of the two-cell emoji).
    for index in 0 1 2; do
        local button=${button_names[$index]}
        local column=$((${buttons[$index]%%:*} + 2))
        local click_x=$((X + left + column * cell_width + cell_width / 2))
        local click_y=$((Y + top + TOOLBAR_ROW * cell_height + cell_height / 2))
        xdotool mousemove "$click_x" "$click_y" click 1 2>/dev/null
        if poll 5 badge_gone "$button"; then
            note "click on $button (cell $column,$TOOLBAR_ROW, pixel $click_x,$click_y): badge cleared"
        else
            note "click on $button (cell $column,$TOOLBAR_ROW, pixel $click_x,$click_y): badge NOT cleared within 5 s"
            passed=0
        fi
        keep "$out/4-click-$((index + 1))-$button.png"
    done

    # Quit as a user would: Esc first; if that does nothing within 2 s, q, then q once more
    # (GNU screen with mouse reporting on holds a lone Esc and hands it over with the next key).
    quit_by=
    exited() { [ -s "$directory/exit-status" ]; }
    xdotool key Escape
    if poll 2 exited; then
        quit_by="Esc"
    else
        xdotool key q
        if poll 2 exited; then
            # Esc alone did nothing, Esc then q quit: a multiplexer held the Esc until the q came
            # (GNU screen), and the program took the pair, Alt-q, for quit, as it should.
            quit_by="Esc then q (the Esc was held until the q came, and Alt-q quits)"
        else
            xdotool key q
            if poll 3 exited; then
                quit_by="the second q (Esc and the first q did nothing: they arrived together, as Alt-q)"
            fi
        fi
    fi
    if [ -n "$quit_by" ]; then
        note "quit: by $quit_by; exit status $(cat "$directory/exit-status")"
        # What the program left, with the wrapper's line under it, once the terminal has drawn it.
        poll 5 still
        keep "$out/5-after-quit.png"
        case $quit_by in
            Esc | "Esc then q"*) ;;
            *) passed=0 ;;
        esac
    else
        note "quit: the program did NOT exit after Esc, q, q"
        shoot "$out/5-after-quit.png"
        passed=0
    fi

    # Return ends the wrapper and with it the terminal (and screen); anything left is stopped.
    xdotool key Return
    terminal_gone() { ! kill -0 "$terminal_pid" 2>/dev/null || [ "$(awk '{print $3}' /proc/"$terminal_pid"/stat 2>/dev/null)" = Z ]; }
    poll 5 terminal_gone || note "close: the terminal was still running 5 s after Return; stopped it"
    stop_tree "$terminal_pid"
    terminal_pid=
    stop_screens
    window_gone() { [ -z "$(xdotool search --name "^$title\$" 2>/dev/null)" ]; }
    poll 5 window_gone || note "close: its window outlived it"

    local verdict=PASS
    if [ "$passed" != 1 ]; then
        verdict=FAIL
        failures=$((failures + 1))
    fi
    note "result: $verdict"
    cp "$directory/terminal.log" "$out/terminal.log"
    summary+=("$name ($version): $verdict; TERM=$term_inside, mouse $mouse, quit by ${quit_by:-nothing}; $out")
}

mkdir -p "$output"
for name in $terminals; do
    check_terminal "$name"
done

printf '%s\n' "${summary[@]}" | tee "$output/summary.txt"
[ "$failures" = 0 ]
