#!/usr/bin/env bash
# Trunk post-build hook, run on the staged build ($TRUNK_STAGING_DIR) before Trunk moves it
# to dist/:
#   - release builds only, optional size steps: wasm-opt -Oz on every wasm module (the page's
#     and the lab's), then scripts/bundle.mjs (esbuild: the page's modules in one file), then
#     scripts/minify.mjs (terser). A step whose tool is missing is
#     skipped with a one-line note; the build still succeeds, only larger.
#   - every build: scripts/precache.mjs writes the file list and the build version into the
#     service worker (without node the page still plays online, not offline).
#   - release builds, last: scripts/compress.mjs writes a brotli (.br) and a gzip (.gz) copy
#     beside each text file, which the board serves to browsers that accept them.
# index.html sets data-wasm-opt="0", so Trunk itself never looks for (or downloads) wasm-opt.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dir="${TRUNK_STAGING_DIR:?this script is run by trunk as a post_build hook}"
note() { printf 'post-build: %s\n' "$*"; }
have_node=0
command -v node >/dev/null 2>&1 && have_node=1

if [ "${TRUNK_PROFILE:-debug}" = release ]; then
    if command -v wasm-opt >/dev/null 2>&1; then
        # -Oz: binaryen's size passes, run until they change nothing more (--converge).
        # -ocimfs=20: a function with one caller is inlined into it only when it is at most 20
        # bytes (binaryen's default inlines every such function, whatever its size). That
        # default saves bytes raw but costs more than 5 KB gzipped (docs/benchmarks.md,
        # 2026-11-27): likely because a body inlined into a much larger function, its locals
        # renumbered, no longer reads like the code around the module that gzip matches it to.
        # --low-memory-unused lets it fold constant offsets into loads and stores: it may
        # assume nothing lives in the lowest 1 KiB of memory, which holds here because the
        # linker puts the 1 MiB stack first, growing down towards 0, with the data above it
        # (the stack would have to be 1023 KiB deep to reach that KiB). Features come from the
        # module's target_features section, so wasm-opt emits nothing the compiler was not
        # allowed to; that section and the producers section (the names and versions of the
        # tools that made the module) are then left out of the file a player downloads: no
        # browser reads either, and together they were 201 bytes of the page gzipped. The code
        # is byte for byte the same with and without them.
        while IFS= read -r -d '' wasm; do
            wasm-opt -Oz -ocimfs=20 --converge --low-memory-unused \
                --strip-target-features --strip-producers "$wasm" -o "$wasm"
        done < <(find "$dir" -name '*_bg.wasm' -print0)
    else
        note "wasm-opt not found: wasm left as wasm-bindgen wrote it (npm ci in tests/e2e provides it)"
    fi
    if [ "$have_node" = 1 ]; then
        node scripts/bundle.mjs "$dir"
        node scripts/minify.mjs "$dir"
    else
        note "node not found: JavaScript neither bundled nor minified"
    fi
fi

if [ "$have_node" = 1 ]; then
    node scripts/precache.mjs "$dir"
else
    note "node not found: the service worker gets no file list (the page plays online, not offline)"
fi

# After the file list: the compressed copies are for servers, not for the service worker.
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
    if [ "$have_node" = 1 ]; then
        node scripts/compress.mjs "$dir"
    else
        note "node not found: no precompressed copies (a server compresses the files itself)"
    fi
fi
