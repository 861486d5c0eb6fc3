#!/usr/bin/env bash
# The game page's download budget: 150 KiB (150 * 1024 bytes), gzip -9. It was 120 KiB until
# the game gained its torch, stealth, unknown items, throwing, four creatures and two modes
# (118.2 to 132.9 KiB), 135 KiB until the board's player key, an autopilot that stops for
# danger, the fixes of bugs players met, the map of the caves and a screen that reads at a
# glance took it to 148.1 KiB, and 155 KiB while the rules became a crate and runs could no
# longer be lost (153.3 KiB). Cuts brought it back to 144.0 KiB (docs/benchmarks.md): no sort
# instantiations the page can do without, no string slicing's panic report with its Unicode
# tables, and talc for an allocator. It is 150 KiB for the doors, traps, fire, creatures and
# sound of the next content; sound came first (+2.0 KiB), then doors and three creatures
# (143.6 KiB), traps (+2.8 KiB) and watching daily runs live (+3.2 KiB): 149.6 KiB. Cuts of
# collected lists and joined strings in the app layer took 4.6 KiB off (docs/benchmarks.md),
# and fire, dry moss and the altar added 2.7 KiB: 147.8 KiB. Graves and what came
# with them took it to 149.9 KiB; arrays written out instead of mapped and a few more lists
# pushed in loops took 0.9 KiB off: 149.0 KiB (docs/benchmarks.md). A daily run's card and
# the days its streak is counted from took 1.2 KiB once cut to size (the days kept as
# history lines), more lists pushed in loops in the rules and the builder 1.1 KiB off:
# 149.3 KiB, 152,850 bytes. Reading the history's entries one way and a few more loops took
# 0.6 KiB off, and Your days (the daily runs kept, from the start screen) added 1.0 KiB:
# 149.6 KiB, 153,230 bytes. The favicon counts since 2026-11-27 (a visit fetches it too): one
# 32 pixel image instead of three, 168 bytes: 153,484 bytes. Ruleset 10's altars (one on every
# middle level, each offering oil) added 48: 153,532. The
# wasm's two metadata sections (producers, target features) left out: 153,325. Ruleset 11's
# spoilt and dipped fuel added 161: 153,486; the phone's look panel 7 more (the status bar's
# look line it replaces was as large): 153,493. Empty cells written once (view::frame's BLANK
# and PANEL_BLANK) instead of built again in seven places: 153,364. Counted: every file of the built site a normal
# visit downloads (index.html, the favicon, the styles, the scripts and modules, the wasm and
# its glue, the manifest, offline.js and the service worker), each compressed on its own as a
# server sends it. Not counted: the app icons (the service worker stores them for offline
# play once the page has loaded; nothing on the page shows them), and the lab's bundle under
# lab/, which loads only for ?lab.
#
#   bash scripts/page-size.sh [dir]   # dir defaults to dist/, after `trunk build --release`
#
# Prints a Markdown table of the files (bytes, raw and gzip -9) and the total on stdout; exits
# 1 with a message when the total is over the budget.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUDGET=$((150 * 1024))
dir="${1:-dist}"
[ -f "$dir/index.html" ] || { echo "page-size: no $dir/index.html: run trunk build --release first" >&2; exit 1; }

total=0
gztotal=0
echo "| File | raw | gzip -9 |"
echo "|---|---:|---:|"
while IFS= read -r -d '' f; do
    raw=$(wc -c <"$f")
    gz=$(gzip -9 -c <"$f" | wc -c)
    total=$((total + raw))
    gztotal=$((gztotal + gz))
    echo "| ${f#"$dir"/} | $raw | $gz |"
done < <(find "$dir" -type f ! -path "$dir/lab/*" ! -path "$dir/icons/*" -print0 | sort -z)
echo "| **total** | **$total** | **$gztotal** |"

kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1024 }'; }
if [ "$gztotal" -gt "$BUDGET" ]; then
    echo "page-size: FAIL: the game page is $gztotal bytes gzipped ($(kb "$gztotal")), over its budget of $BUDGET bytes ($(kb "$BUDGET"))" >&2
    exit 1
fi
echo "page-size: the game page is $gztotal bytes gzipped ($(kb "$gztotal")), within its budget of $BUDGET bytes ($(kb "$BUDGET"))" >&2
