/*
 * The only C in BadgeBar: ncursesw with its wide-character API, and small
 * static inline getters for the macros and global state Swift cannot reach.
 *
 * SwiftPM drops the -D_XOPEN_SOURCE flags pkg-config gives, so the
 * wide-character declarations are switched on here before the include.
 */
#ifndef BADGEBAR_CNCURSESW_SHIM_H
#define BADGEBAR_CNCURSESW_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <langinfo.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>

/* glibc's Swift module hides wcwidth. */
extern int wcwidth(wchar_t);

/* Global state, read through functions (Swift 6 rejects C global vars). */
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cnc_stdout(void) { return stdout; }
static inline FILE *cnc_stdin(void) { return stdin; }

/* getmaxyx is a macro. */
static inline int cnc_window_rows(WINDOW *window) {
    int rows, columns;
    getmaxyx(window, rows, columns);
    (void)columns;
    return rows;
}
static inline int cnc_window_columns(WINDOW *window) {
    int rows, columns;
    getmaxyx(window, rows, columns);
    (void)rows;
    return columns;
}

/* The size the kernel reports for a terminal (ioctl TIOCGWINSZ; ioctl is
 * variadic, which Swift cannot call). Returns 0 on success, -1 on failure. */
static inline int cnc_terminal_size(int descriptor, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) {
        return -1;
    }
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/* Whether a terminfo string capability is present (tigetstr returns
 * (char *)-1 for a name that is not a string capability). */
static inline int cnc_has_string_capability(const char *name) {
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1;
}

/* Attribute macros, as Sendable constants. */
static const attr_t CNC_A_NORMAL = A_NORMAL;
static const attr_t CNC_A_BOLD = A_BOLD;
static const attr_t CNC_A_DIM = A_DIM;
static const attr_t CNC_A_REVERSE = A_REVERSE;
static const attr_t CNC_A_UNDERLINE = A_UNDERLINE;

/* Mouse masks. */
static const mmask_t CNC_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t CNC_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t CNC_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t CNC_BUTTON1_DOUBLE_CLICKED = BUTTON1_DOUBLE_CLICKED;
static const mmask_t CNC_BUTTON1_TRIPLE_CLICKED = BUTTON1_TRIPLE_CLICKED;
static const mmask_t CNC_ALL_MOUSE_EVENTS = ALL_MOUSE_EVENTS;

/* Writes one glyph with attributes and a colour pair of any size: setcchar
 * takes the pair through its extended argument, since COLOR_PAIR() keeps
 * only 8 bits. */
static inline int cnc_put_glyph(WINDOW *window, int row, int column,
                                const wchar_t *glyph, attr_t attributes,
                                int pair) {
    cchar_t cell;
    int extendedPair = pair;
    if (setcchar(&cell, glyph, attributes, 0, &extendedPair) == ERR) {
        return ERR;
    }
    return mvwadd_wch(window, row, column, &cell);
}

#endif
