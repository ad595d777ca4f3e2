#!/bin/sh
# An i3bar status line that asks for clicks, for the --beside test: one block in a colour of its own, then every
# line it is sent appended to the file named by $1, so the test sees which clicks reached it.
printf '{"version":1,"click_events":true}\n[\n[{"name":"clock","instance":"here","full_text":"<span background=\\"#00AAFF\\">  clock  </span>","markup":"pango"}]\n'
exec cat >> "$1"
