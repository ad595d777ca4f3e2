#!/usr/bin/env bash
# Prints the Debian packages the build or the tests need that are missing here, one line, space-separated.
# Usage: Tools/missing-packages.sh build|test
# The Makefile (deps, test-deps) and .ci/run install what it names, so the list lives in one place.
set -u
missing=()
need() {  # need PACKAGE CHECK...: the package is missing when the check fails
    local package=$1
    shift
    "$@" >/dev/null 2>&1 || missing+=("$package")
}
has_font() { fc-list 2>/dev/null | grep -q "$1"; }

case "${1:-test}" in
build)
    need pkg-config command -v pkg-config
    need libncurses-dev pkg-config --exists ncursesw
    ;;
test)
    # tmux, which the end-to-end tests drive, and the terminal descriptions they use.
    need tmux command -v tmux
    need ncurses-term sh -c 'infocmp tmux-256color && infocmp xterm-direct'
    # GNU screen, for the tests of a multiplexer that keeps no alternate screen and holds a lone Esc.
    need screen command -v screen
    # groff and mandoc check the man page; zsh, fish and bash-completion load the completion scripts.
    need groff-base command -v groff
    need mandoc command -v mandoc
    need zsh command -v zsh
    need fish command -v fish
    need bash-completion test -f /usr/share/bash-completion/bash_completion
    # The test that clicks in a real xterm: an X server, the terminal, clicks, screenshots, fonts.
    need xvfb command -v Xvfb
    need xterm command -v xterm
    need xdotool command -v xdotool
    need imagemagick command -v import
    need fontconfig command -v fc-list
    need fonts-dejavu-core has_font 'DejaVu Sans Mono'
    need fonts-noto-color-emoji has_font 'Noto Color Emoji'
    # The status-bar tests: Tools/status-bars.py (Python 3) runs the real bars headless, i3bar and
    # i3blocks under i3 and polybar on Xvfb, swaybar and Waybar under headless sway, screenshots by grim.
    need python3 command -v python3
    need i3-wm sh -c 'command -v i3 && command -v i3bar'
    need i3blocks command -v i3blocks
    need polybar command -v polybar
    need sway sh -c 'command -v sway && command -v swaybar'
    need waybar command -v waybar
    need grim command -v grim
    # i3status, which --beside runs beside the buttons in the i3bar test of a status line of one's own.
    need i3status command -v i3status
    ;;
*)
    echo "usage: $0 build|test" >&2
    exit 2
    ;;
esac
echo "${missing[*]}"
