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
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
/* Homebrew's ncurses and macOS install the wide-character header as curses.h. */
#include <curses.h>
#endif

/* glibc's Swift module hides wcwidth, and the pseudo-terminal calls the
 * tests use to play a terminal emulator. */
extern int wcwidth(wchar_t);
extern int posix_openpt(int flags);
extern int grantpt(int descriptor);
extern int unlockpt(int descriptor);
extern char *ptsname(int descriptor);

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/* The rest of the C library BadgeTerminal calls, so that importing this module
 * is its one way to the C library: none of it is re-exported to the programs
 * that use BadgeTerminal (importing the platform's whole C module with
 * @_exported would put thousands of C names in BadgeTerminal's API). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <dirent.h>
#include <stdint.h>

/* Marks a descriptor close-on-exec (fcntl F_SETFD FD_CLOEXEC), so the
 * programs this one starts do not inherit it. Returns 0, or -1 with errno set. */
static inline int cnc_close_on_exec(int descriptor) {
    int flags = fcntl(descriptor, F_GETFD);
    if (flags < 0) {
        return -1;
    }
    return fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC);
}

/* The number of a child that has exited and is not yet reaped, without reaping
 * it (waitid with WNOWAIT): 0 when none has, -1 with errno set on an error
 * (ECHILD: no child at all). The number is siginfo_t's si_pid, a macro over
 * a union Swift cannot name. Lets the program find an exited orphan without
 * reading every process in /proc. */
static inline pid_t cnc_exited_child(void) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
        return -1;
    }
    return info.si_pid;
}

/* An anonymous file in memory for ncurses to write frames into: writes to it
 * never block and never fail for want of a reader, and the bytes are read
 * back and sent on to the terminal by the program. Linux has memfd_create
 * (which glibc's Swift module hides); elsewhere an unlinked temporary file
 * serves. Either way it is closed on exec. Returns a descriptor, or -1 with
 * errno set. */
#if defined(__linux__)
extern int memfd_create(const char *name, unsigned int flags);
static inline int cnc_anonymous_file(void) {
    return memfd_create("badgebar-frames", 1u /* MFD_CLOEXEC */);
}
#else
static inline int cnc_anonymous_file(void) {
    char path[] = "/tmp/badgebar-frames.XXXXXX";
    int descriptor = mkstemp(path);
    if (descriptor >= 0) {
        unlink(path);
        if (cnc_close_on_exec(descriptor) != 0) {
            close(descriptor);
            return -1;
        }
    }
    return descriptor;
}
#endif

/* /dev/null opened for reading, closed on exec: the keyboard ncurses is
 * given, which it never reads (fopen with "re"; where the C library may not
 * know "e", fcntl F_SETFD FD_CLOEXEC as well). Returns NULL with errno set
 * on failure. */
static inline FILE *cnc_open_empty_input(void) {
    FILE *stream = fopen("/dev/null", "re");
#if !defined(__GLIBC__)
    if (stream != NULL && cnc_close_on_exec(fileno(stream)) != 0) {
        fclose(stream);
        return NULL;
    }
#endif
    return stream;
}

/* Gives memory the allocator holds freed back to the system: glibc keeps what
 * was freed in its heap (malloc_trim, which glibc's Swift module hides);
 * elsewhere there is nothing to do. */
#if defined(__GLIBC__)
extern int malloc_trim(size_t pad);
static inline void cnc_return_freed_memory(void) { malloc_trim(0); }
#else
static inline void cnc_return_freed_memory(void) {}
#endif

/* Makes the program the reaper of its orphaned descendants (prctl
 * PR_SET_CHILD_SUBREAPER, Linux 3.4 and later; prctl is variadic, which Swift
 * cannot call): a process whose parent exits is then handed to this program
 * instead of to init, so the program can still find it and end it. Elsewhere
 * there is no such thing: it returns -1 with errno ENOSYS. Returns 0 on
 * success. */
#if defined(__linux__)
#include <sys/prctl.h>
static inline int cnc_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}
#else
#include <errno.h>
static inline int cnc_become_child_subreaper(void) {
    errno = ENOSYS;
    return -1;
}
#endif

/* Global state, read through functions (Swift 6 rejects C global vars).
 * environ is the program's environment, which child processes start from. */
extern char **environ;
static inline char **cnc_environment(void) { return environ; }
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

/* Sets the size of a terminal (ioctl TIOCSWINSZ), as a terminal emulator
 * does for its pseudo-terminal; the tests run the terminal layer on one.
 * Returns 0 on success, -1 on failure. */
static inline int cnc_set_terminal_size(int descriptor, int rows, int columns) {
    struct winsize size = {0};
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    return ioctl(descriptor, TIOCSWINSZ, &size);
}

/* tputs, which applies a terminfo string's padding, is declared in term.h,
 * whose macros (columns, lines, clear_screen...) would clash with ordinary
 * names: its declaration alone, as ncurses gives it. */
extern int tputs(const char *string, int affected, int (*output)(int));

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
