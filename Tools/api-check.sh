#!/usr/bin/env bash
# The public surface of BadgeKit and BadgeTerminal against the baseline in api/, from swift-api-digester.
# Usage: Tools/api-check.sh [check|update]   (make api-check, make api-baseline)
# A change of the surface fails the check until the baseline is written anew on purpose, with a line in
# CHANGELOG.md: so the libraries' API changes only when someone means it to.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-check}
swift=${SWIFT:-swift}
digester="$(dirname "$(readlink -f "$(command -v "$swift")")")/swift-api-digester"
# The surface is read from the public module interfaces (.swiftinterface), which hold what is public and nothing
# that is the package's own; they are made in a build of their own, with library evolution, beside the usual one
# (Tools/library-build.sh).
built="$(Tools/library-build.sh)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for module in BadgeKit BadgeTerminal; do
    cp "$built/$module.build/$module.swiftinterface" "$work/"
done
status=0
for module in BadgeKit BadgeTerminal; do
    "$digester" -dump-sdk -module "$module" -I "$work" -I Sources/CNCursesW -use-interface-for-module BadgeKit \
        -use-interface-for-module BadgeTerminal -o "$work/$module.json"
    python3 Tools/api-surface.py "$work/$module.json" > "$work/$module.txt"
    if [ "$mode" = update ]; then
        cp "$work/$module.txt" "api/$module.txt"
        echo "api/$module.txt: $(head -1 "api/$module.txt" | cut -d' ' -f3-)"
    elif ! diff -u "api/$module.txt" "$work/$module.txt"; then
        echo "The public surface of $module is not api/$module.txt (above: - the baseline, + the code)." >&2
        status=1
    fi
done
if [ "$status" != 0 ]; then
    echo "If the change is meant, run make api-baseline and say what changed in CHANGELOG.md." >&2
fi
exit "$status"
