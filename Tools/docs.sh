#!/usr/bin/env bash
# The libraries' documentation: the DocC catalogs in Sources/*/*.docc and the doc comments, built with the
# toolchain's docc into one static site, and checked.
# Usage: Tools/docs.sh [build|check]   (make docs, make docs-check)
#   build   writes the site into .build/docs (serve that folder: python3 -m http.server -d .build/docs);
#           DOCS_BASE_PATH=/BadgeBar builds it for a site served under that path
#   check   the same conversions with no site written
#   DOCS_KEEP_WORK=1 keeps the conversions' folder (archives and logs) and names it
# Either fails, printing them, on any DocC warning or error: a link that does not resolve (a public page may
# link only to public symbols), a parameter left without words, a landing page that leaves a public type out
# of its topics.
#
# The symbol graphs are read from the modules Tools/library-build.sh builds for make api-check, so in make test
# this needs no compiling. Each module is converted twice: its public symbols, for the site (BadgeTerminal's
# pages link to BadgeKit's as ``/BadgeKit/Canvas``, through --dependency, and docc merge puts both in one site);
# and every symbol down to private ones, only for the diagnostics, so that a doc comment of the package's own
# links to what exists too. The symbol graphs carry extension blocks, so what BadgeTerminal adds to BadgeKit's
# types has pages of its own (curated as ``BadgeKit`` on BadgeTerminal's landing page).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-build}
case "$mode" in build | check) ;; *)
    echo "usage: Tools/docs.sh [build|check]" >&2
    exit 2
    ;;
esac
swift=${SWIFT:-swift}
toolchain="$(dirname "$(readlink -f "$(command -v "$swift")")")"
docc=${DOCC:-$toolchain/docc}
extract=$toolchain/swift-symbolgraph-extract
modules=(BadgeKit BadgeTerminal)

built="$(Tools/library-build.sh)"
# The conversions write some 10,000 small files, kept only for the diagnostics and the merge: in memory
# (/dev/shm) where there is such a place, as writing and removing them on a busy disk takes longer than the rest.
work="$(mktemp -d /dev/shm/badgebar-docs.XXXXXX 2>/dev/null || mktemp -d)"
trap '[ -n "${DOCS_KEEP_WORK:-}" ] && echo "kept $work" || rm -rf "$work"' EXIT
target="$("$swift" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

for module in "${modules[@]}"; do
    for level in public private; do
        mkdir -p "$work/graphs-$level/$module"
        "$extract" -module-name "$module" -target "$target" -I "$built/Modules" -I Sources/CNCursesW \
            -module-cache-path "$work/module-cache" -minimum-access-level "$level" -emit-extension-block-symbols \
            -output-dir "$work/graphs-$level/$module"
    done
done

# convert MODULE LEVEL OUTPUT [docc options]: one conversion, its diagnostics kept in $work/MODULE-LEVEL.log.
convert() {
    local module=$1 level=$2 output=$3
    shift 3
    local status=0
    "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/graphs-$level/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.badgebar.$module" \
        --output-path "$output" --analyze "$@" >"$work/$module-$level.log" 2>&1 || status=$?
    if [ "$status" != 0 ]; then
        echo "docc convert of $module ($level symbols) failed with status $status" >>"$work/$module-$level.log"
    fi
}

hosting=(--no-transform-for-static-hosting)
if [ "$mode" = build ]; then
    hosting=(--transform-for-static-hosting)
    if [ -n "${DOCS_BASE_PATH:-}" ]; then
        hosting+=(--hosting-base-path "$DOCS_BASE_PATH")
    fi
fi
# BadgeKit's public archive first, as the others link to it; then the other three at once (they wait on the
# disk more than on the processor).
convert BadgeKit public "$work/BadgeKit.doccarchive" --enable-experimental-external-link-support "${hosting[@]}"
convert BadgeTerminal public "$work/BadgeTerminal.doccarchive" --enable-experimental-external-link-support \
    --dependency "$work/BadgeKit.doccarchive" "${hosting[@]}" &
convert BadgeKit private "$work/BadgeKit-private.doccarchive" &
convert BadgeTerminal private "$work/BadgeTerminal-private.doccarchive" --enable-experimental-external-link-support \
    --dependency "$work/BadgeKit.doccarchive" &
wait

# What docc said: every diagnostic (warning, error, and the notes --analyze adds), once, with its source lines.
# The two conversions of a module repeat the diagnostics of its public doc comments.
python3 - "$work" "${modules[@]}" <<'PYTHON' >"$work/diagnostics.txt"
import json, pathlib, re, sys

work, modules = pathlib.Path(sys.argv[1]), sys.argv[2:]
seen, blocks = set(), []
for module in modules:
    for level in ("public", "private"):
        text = (work / f"{module}-{level}.log").read_text()
        # A diagnostic starts at a line "warning: ...", "error: ..." or "note: ..." and runs to the next one.
        for block in re.split(r"\n(?=(?:warning|error|note): |docc convert of )", "\n" + text):
            block = block.strip("\n")
            # The same diagnostic from both conversions may differ in its suggestions: one is kept.
            key = tuple(block.split("\n")[:2])
            if re.match(r"(warning|error|note): |docc convert of ", block) and key not in seen:
                seen.add(key)
                blocks.append(block)
    # Every public type is curated in a topic group of the landing page: none is left to docc's own groups.
    page = work / f"{module}.doccarchive/data/documentation/{module.lower()}.json"
    if page.exists():
        sections = json.loads(page.read_text()).get("topicSections", [])
        for section in sections:
            if section.get("generated"):
                names = ", ".join(identifier.rsplit("/", 1)[-1] for identifier in section["identifiers"])
                blocks.append(f"warning: {module}.md leaves out of its topics: {names} (docc lists them under {section['title']})")
if blocks:
    print("\n\n".join(blocks))
PYTHON
if [ -s "$work/diagnostics.txt" ]; then
    cat "$work/diagnostics.txt" >&2
    echo >&2
    echo "DocC has something to say about the documentation (above; its locations are relative to the" >&2
    echo "catalog, Sources/MODULE/MODULE.docc), so the documentation fails$([ "$mode" = build ] && echo ' and no site was written')." >&2
    exit 1
fi

if [ "$mode" = build ]; then
    rm -rf .build/docs
    "$docc" merge "$work/BadgeKit.doccarchive" "$work/BadgeTerminal.doccarchive" --output-path .build/docs \
        --synthesized-landing-page-name BadgeBar --synthesized-landing-page-topics-style list >"$work/merge.log" 2>&1 ||
        {
            cat "$work/merge.log" >&2
            exit 1
        }
    echo "The documentation is in .build/docs: python3 -m http.server -d .build/docs, then /documentation/."
else
    echo "The documentation builds with no warning."
fi
