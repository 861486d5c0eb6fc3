#!/usr/bin/env bash
# The game page's download ceiling: 180 KiB gzipped (184,320 bytes), the favicon included.
# What a player waits for is the first playable frame on a slow phone (bench-load.mjs in
# `bash scripts/bench.sh`: 1.5 s at most, median); this ceiling is the bytes behind it, kept
# from creeping. Size work stays at the edge of the code (wasm-opt's flags, the web crate,
# the per-crate profiles in Cargo.toml); the rules crate is written for clarity and speed.
# The history of the budget (120, 135, 150, 180, 195, 180 KiB) is in git.
#
# Counted: every file of the built site a normal visit downloads (index.html, the favicon,
# the styles, the scripts and modules, the wasm and its glue, the manifest, offline.js and the
# service worker), each compressed on its own as a server sends it. Not counted: the app icons
# (the service worker stores them for offline play once the page has loaded; nothing on the
# page shows them), the lab's bundle under lab/, which loads only for ?lab, and the
# precompressed copies (.br, .gz) the release build writes beside each file for the board.
#
#   bash scripts/page-size.sh [dir]   # dir defaults to dist/, after `trunk build --release`
#
# Prints a Markdown table of the files (bytes raw, gzip -9, and the brotli copy the build made
# when there is one) and the totals on stdout, then, when twiggy is installed, `twiggy top` of
# the page's wasm (its largest functions and data, before compression; the report only). Exits
# 1 with a message when the gzip total is over the ceiling.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUDGET=$((180 * 1024))
dir="${1:-dist}"
[ -f "$dir/index.html" ] || { echo "page-size: no $dir/index.html: run trunk build --release first" >&2; exit 1; }

total=0
gztotal=0
brtotal=0
echo "| File | raw | gzip -9 | brotli (.br) |"
echo "|---|---:|---:|---:|"
while IFS= read -r -d '' f; do
    raw=$(wc -c <"$f")
    gz=$(gzip -9 -c <"$f" | wc -c)
    # The build's brotli copy, or the file itself where none was made (not smaller).
    if [ -f "$f.br" ]; then br=$(wc -c <"$f.br"); else br=$raw; fi
    total=$((total + raw))
    gztotal=$((gztotal + gz))
    brtotal=$((brtotal + br))
    echo "| ${f#"$dir"/} | $raw | $gz | $br |"
done < <(find "$dir" -type f ! -path "$dir/lab/*" ! -path "$dir/icons/*" ! -name '*.br' ! -name '*.gz' -print0 | sort -z)
echo "| **total** | **$total** | **$gztotal** | **$brtotal** |"

if command -v twiggy >/dev/null 2>&1; then
    # The module as the compiler wrote it, which still has its function names, when it is
    # the one this build came from (no older than the page's wasm); else the page's own wasm,
    # whose items are numbered only.
    wasm="$(find "$dir" -maxdepth 1 -name '*_bg.wasm' | head -n 1)"
    named=target/wasm32-unknown-unknown/wasm-small/caves.wasm
    if [ -n "$wasm" ] && [ -f "$named" ] && [ ! "$named" -ot "$wasm" ]; then
        wasm="$named"
    fi
    if [ -n "$wasm" ]; then
        echo
        echo "\`twiggy top -n 27 $wasm\`, its custom sections left out (bytes before wasm-opt and"
        echo "compression where it names functions):"
        echo
        echo '```'
        twiggy top -n 27 "$wasm" | grep -v -e "custom section '" -e '"function names" subsection'
        echo '```'
    fi
else
    echo "page-size: twiggy not found: no size profile of the wasm (cargo install twiggy)" >&2
fi

kb() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

# The whole site, for the record (not checked): the game page above, the lab's bundle (loaded
# only for ?lab) and the app icons, each file gzipped on its own, the build's .br/.gz aside.
site=0
while IFS= read -r -d '' f; do
    site=$((site + $(gzip -9 -c <"$f" | wc -c)))
done < <(find "$dir" -type f ! -name '*.br' ! -name '*.gz' -print0)
echo "page-size: the whole site in $dir is $site bytes gzipped file by file ($(kb "$site")): the game page, the lab's bundle (only for ?lab) and the app icons" >&2
if [ "$gztotal" -gt "$BUDGET" ]; then
    echo "page-size: FAIL: the game page is $gztotal bytes gzipped ($(kb "$gztotal")), over its ceiling of $BUDGET bytes ($(kb "$BUDGET"))" >&2
    exit 1
fi
echo "page-size: the game page is $gztotal bytes gzipped ($(kb "$gztotal")), $brtotal as brotli, within its ceiling of $BUDGET bytes ($(kb "$BUDGET"))" >&2
