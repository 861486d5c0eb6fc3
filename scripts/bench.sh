#!/usr/bin/env bash
# Benchmarks (not part of scripts/test.sh): world generation natively, as wasm in headless
# Chromium and with rot.js (node and Chromium); key-to-frame and full-repaint timing in
# Chromium next to a rot.js Display; and the page's download size.
#
#   bash scripts/bench.sh            # about 2-3 minutes
#
# Prints Markdown tables and writes them to target/bench/results.md (raw numbers of the
# last run in target/bench/raw.txt). BENCH_RUNS sets the timed generation runs (default 15,
# each case after 3 warm-ups, and in JavaScript engines at least a second of them).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh >&2

OUT=target/bench
mkdir -p "$OUT"
RAW="$OUT/raw.txt"
: >"$RAW"

step() { printf '\n==> %s\n' "$*" >&2; }

# Every benchmark program prints `@ key value` lines; everything else goes to the terminal.
collect() { "$@" | tee /dev/stderr | grep '^@ ' >>"$RAW"; }

step "native generation and replay (cargo run --release --example bench)"
collect cargo run --quiet --release --example bench

step "rot.js generation in node"
collect node tests/e2e/bench-gen-rot.mjs

step "trunk build --release"
trunk build --release >&2

step "headless Chromium: frames, then generation"
collect node tests/e2e/bench-browser.mjs

step "headless Chromium: runs as records (save, resume, keys in long runs, links)"
collect node tests/e2e/bench-records.mjs

step "the board's server (cargo build --release -p caves-server)"
cargo build --release -p caves-server --bins --examples >&2

step "headless Chromium: loading on a throttled phone connection, cold cache (a static host, the board)"
collect node tests/e2e/bench-load.mjs

step "the daily board under load (SQLite, then PostgreSQL)"
collect node tests/board/load.mjs
collect node tests/board/load.mjs --pg
collect cargo run --quiet --release -p caves-server --example verify_speed

declare -A R
while read -r _ key value; do R[$key]="$value"; done <"$RAW"

# get KEY: the value, or "n/a".
get() { printf '%s' "${R[$1]:-n/a}"; }
# f2 VALUE: two decimals (n/a stays).
f2() { if [ "$1" = n/a ]; then printf 'n/a'; else printf '%.2f' "$1"; fi; }
f3() { if [ "$1" = n/a ]; then printf 'n/a'; else printf '%.3f' "$1"; fi; }
# f0 VALUE: a whole number (n/a stays).
f0() { if [ "$1" = n/a ]; then printf 'n/a'; else printf '%.0f' "$1"; fi; }
# gen CASE IMPL: "median (min)".
gen() {
    local m
    m="$(get "gen.$1.$2.median")"
    if [ "$m" = n/a ]; then printf 'n/a'; else printf '%s (%s)' "$(f2 "$m")" "$(f2 "$(get "gen.$1.$2.min")")"; fi
}
# ratio A B: A / B as "12.3x".
ratio() {
    if [ "$1" = n/a ] || [ "$2" = n/a ]; then printf 'n/a'; else awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; fi
}
# frame KEY LABEL: one row of the frame table.
frame() {
    printf '| %s | %s | %s | %s | %s single, %s batches |\n' "$2" "$(f3 "$(get "$1.median")")" \
        "$(f3 "$(get "$1.p99")")" "$(f3 "$(get "$1.batch")")" "$(get "$1.n")" "$(get "$1.batchn")"
}

cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
os="$( (. /etc/os-release && printf '%s' "$PRETTY_NAME") 2>/dev/null || uname -s), $(uname -m)"
runs="$(get gen.default.native.runs)"

{
    echo "## Benchmarks"
    echo
    echo "Machine: $cpu, $(nproc) cores; $os; Chromium $(get chromium) (headless, --disable-gpu);" \
        "node $(node --version); $(rustc --version | cut -d' ' -f1-2); $(date -u +%Y-%m-%d)."
    echo "Run with \`bash scripts/bench.sh\`."
    echo
    echo "### World generation"
    echo
    echo "Milliseconds per world, median (min) of $runs runs, a new seed every run, after 3 warm-ups (in the"
    echo "browser 50 for the default world; in node and in the browser, ours and rot.js, warm-ups go on for at"
    echo "least a second, so the optimising compiler, which works on background threads, has compiled the"
    echo "hot code: a lab regenerates again and again, so that is what a person feels)."
    echo "Ours: native = \`cargo run --release --example bench\` (release profile: opt-level 3, LTO);"
    echo "wasm = \`bench_generate\` of the lab's release bundle (opt-level 3) in headless Chromium. Both include"
    echo "the world checksum. (The game page's own wasm is built for size, opt-level \"z\".)"
    echo "rot.js 2.2.1: \`ROT.Map.Cellular\`, \`randomize(0.5)\`, 8 \`create()\` steps with born [5,6,7,8] /"
    echo "survive [4,5,6,7,8] (our 5-of-9 rule), then \`connect()\` where stated."
    echo
    echo "| Case | native | wasm, Chromium | rot.js, node | rot.js, Chromium | rot.js ÷ wasm (Chromium) |"
    echo "|---|---:|---:|---:|---:|---:|"
    echo "| 100x60x6 default world, full recipe (rot.js: 6 levels + \`connect()\`, no stairs: rot.js has no levels) |" \
        "$(gen default native) | $(gen default wasm) | $(gen default rotnode) | $(gen default rotchrome) |" \
        "$(ratio "$(get gen.default.rotchrome.median)" "$(get gen.default.wasm.median)") |"
    echo "| 1024x1024, fill + smooth + small regions (rot.js: fill + smooth; it has no region removal) |" \
        "$(gen fill1024 native) | $(gen fill1024 wasm) | $(gen fill1024 rotnode) | $(gen fill1024 rotchrome) |" \
        "$(ratio "$(get gen.fill1024.rotchrome.median)" "$(get gen.fill1024.wasm.median)") |"
    echo "| 1024x1024, full recipe (rot.js: not run, one \`connect()\` did not finish in 5 min) |" \
        "$(gen full1024 native) | $(gen full1024 wasm) | n/a | n/a | n/a |"
    echo
    echo "### Frame timing (headless Chromium, software canvas)"
    echo
    echo "Milliseconds per call. Key rows: \`cavesGame.key(k)\` from key to painted frame (it composes"
    echo "the 80x50 frame and paints the changed cells with \`putImageData\` before returning), walking"
    echo "the seed-1 world in runs of 10 keys; bumps are skipped. \"Single\" times every call on its own"
    echo "(performance.now() step here: $(get timer.step) ms, page cross-origin isolated: $(get timer.isolated));"
    echo "\"batches\" time 50 keys at once (a move and its reverse, repeated, where both legs are of"
    echo "the row's kind) or 20 repaints at once, and give the per-call median of the batches."
    echo "\"+ flush\" rows add a 1-pixel \`getImageData\`, which makes Chromium rasterise queued drawing."
    echo
    echo "| Measurement | median | p99 | per call, from batches | samples |"
    echo "|---|---:|---:|---:|---:|"
    frame frame.scroll "key → painted frame, move that scrolls the map view"
    frame frame.still "key → painted frame, move that does not scroll"
    frame repaint "full repaint, ours: \`repaint_all()\`, 80x50 cells, $(get repaint.size) canvas"
    frame repaintflush "full repaint, ours + flush"
    frame rotdisplay "full redraw, rot.js \`Display\`: 80x50 \`draw()\` + \`_tick()\`, $(get rotdisplay.size) canvas"
    frame rotdisplayflush "full redraw, rot.js + flush"
    echo "| rot.js ÷ ours, full redraw (median; + flush) |" \
        "$(ratio "$(get rotdisplay.median)" "$(get repaint.median)"); $(ratio "$(get rotdisplayflush.median)" "$(get repaintflush.median)") | |" \
        "$(ratio "$(get rotdisplay.batch)" "$(get repaint.batch)"); $(ratio "$(get rotdisplayflush.batch)" "$(get repaintflush.batch)") | |"
    echo
    echo "### Runs as records (headless Chromium)"
    echo
    echo "Milliseconds. Keys: \`cavesGame.key(k)\` for a move back and forth where both legs move, each"
    echo "timed alone, 300 per run; the call composes and paints the frame, and the turn is written after"
    echo "it in a task of its own. Save: that write, one \`flush()\` after a turn (encode the record,"
    echo "base64, write a \`localStorage\` slot), on runs of about $(f0 "$(get records.save.short.actions)") and $(f0 "$(get records.save.long.actions)") actions, 300 turns each."
    echo "Resume: Enter on the start screen for the committed $(f0 "$(get records.resume.actions)")-action run (rebuild"
    echo "the world, replay every action with fingerprint checks, save, paint), median and worst of 7."
    echo "Links: the deflated \`#run=\` fragment."
    echo
    echo "| Measurement | value |"
    echo "|---|---:|"
    echo "| key → painted frame, a move in a $(f0 "$(get records.k1000.actions)")-action run: median / p99 | $(f3 "$(get records.k1000.median)") / $(f3 "$(get records.k1000.p99)") |"
    echo "| key → painted frame, a move in a $(f0 "$(get records.k10000.actions)")-action run: median / p99 | $(f3 "$(get records.k10000.median)") / $(f3 "$(get records.k10000.p99)") |"
    echo "| the same, each key in a task of its own after a frame (as a player's keys come): median / p99 | $(f3 "$(get records.k10000framed.median)") / $(f3 "$(get records.k10000framed.p99)") |"
    echo "| save per turn, 100-action run: median / p99 | $(f3 "$(get records.save.short.median)") / $(f3 "$(get records.save.short.p99)") |"
    echo "| save per turn, 10,000-action run: median / p99 | $(f3 "$(get records.save.long.median)") / $(f3 "$(get records.save.long.p99)") |"
    echo "| resume a 10,000-action run: median / worst | $(f2 "$(get records.resume.median)") / $(f2 "$(get records.resume.max)") |"
    echo "| replay the same run natively (\`--example bench\`): median (min) | $(f2 "$(get replay.survivor.native.median)") ($(f2 "$(get replay.survivor.native.min)")) |"
    echo "| open the largest world a link may carry (2048 x 2048 x 2) natively (\`--example bench\`): median (min) | $(f2 "$(get start.link2048.native.median)") ($(f2 "$(get start.link2048.native.min)")) |"
    echo "| link length per 1000 actions, the committed won game ($(f0 "$(get records.link.win.actions)") actions) | $(f0 "$(get records.link.win.per1000)") characters |"
    echo "| link length per 1000 actions, the survivor ($(f0 "$(get records.link.survivor.actions)") actions) | $(f0 "$(get records.link.survivor.per1000)") characters |"
    echo
    echo "### Loading (headless Chromium, throttled)"
    echo
    echo "\`node tests/e2e/bench-load.mjs\`: navigation to the first playable frame (the start screen painted"
    echo "and listening), 390x844, network 1.6 Mbps down / 750 kbps up / 150 ms round trips, CPU 4x slower,"
    echo "a new browser context (cold cache, no service worker) each of $(get load.static.runs) runs per host, the hosts"
    echo "taking turns: a static host that gzips each answer as it sends it (level 9), and the board"
    echo "(\`caves-server --dist dist\`), which sends the build's precompressed copies. Target: at most 1.5 s"
    echo "(median) from the board."
    echo
    echo "| Host | first playable frame: median (min, max) | bytes over the wire | encoding |"
    echo "|---|---:|---:|---|"
    for host in static board; do
        echo "| $host | $(get load.$host.median) ms ($(get load.$host.min), $(get load.$host.max)) | $(get load.$host.bytes) | $(get load.$host.encoding) |"
    done
    echo
    echo "The same $(get load.board.br.files) files asked of the board with one encoding accepted: $(get load.board.br.bytes) bytes as brotli,"
    echo "$(get load.board.gzip.bytes) as gzip (bodies only)."
    echo
    echo "### The daily board under load (127.0.0.1)"
    echo
    echo "\`node tests/board/load.mjs [--pg]\`: 100 concurrent clients post $(get board.sqlite.runs) different valid daily runs"
    echo "(each replayed and verified by the server) while 10 others read the day's board. Milliseconds."
    echo
    echo "| Database | runs kept | 5xx | runs / s | submit p50 / p99 | board reads | read p50 / p99 |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for db in sqlite postgres; do
        echo "| $db | $(get board.$db.kept) | $(get board.$db.5xx) | $(get board.$db.submit.per_second) | $(get board.$db.submit.p50) / $(get board.$db.submit.p99) | $(get board.$db.read.count) | $(get board.$db.read.p50) / $(get board.$db.read.p99) |"
    done
    echo
    echo "Verification on one core (\`cargo run --release -p caves-server --example verify_speed\`): a short daily"
    echo "run ($(get board.verify.short.actions) actions) in $(get board.verify.short.ms) ms, $(get board.verify.short.per_second) runs a second; a $(get board.verify.long.actions)-action run"
    echo "replays in $(get board.verify.long.ms) ms, $(get board.verify.long.per_second) such runs a second."
    echo
    echo "### Download size (dist/, release build)"
    echo
    echo "Bytes, everything the game page downloads (the favicon too; the app icons aside). The CP437"
    echo "glyph atlas is compiled into the wasm; the page loads no font or image. The lab's bundle (\`lab/\`) loads only for \`?lab\`."
    echo
    bash scripts/page-size.sh || true  # over the budget: still a table
    echo
    echo "The lab's bundle, loaded only for \`?lab\` (not part of the page's ceiling):"
    echo
    echo "| File | raw | gzip -9 |"
    echo "|---|---:|---:|"
    for f in dist/lab/*.js dist/lab/*.wasm; do
        echo "| ${f#dist/} | $(wc -c <"$f") | $(gzip -9 -c "$f" | wc -c) |"
    done
} >"$OUT/results.md"

echo >&2
cat "$OUT/results.md"
echo >&2
echo "bench: written to $OUT/results.md" >&2
