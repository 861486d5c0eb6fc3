#!/usr/bin/env bash
# Trunk pre-build hook: builds the cave lab's bundle (the crate with its `lab` feature) into the
# staged build's lab/ folder as lab.js and lab_bg.wasm, beside start.js, the lab's page code
# (www/lab.js). The game page does not download them; the page loads start.js only for
# `?lab`. Runs before Trunk's own build, in its own target folder so the two builds never
# overwrite each other. The same stable toolchain and target features as the page and the
# tests; scripts/post-build.sh runs wasm-opt on release builds where it is installed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${TRUNK_STAGING_DIR:?this script is run by trunk as a build hook}/lab"
mode=()
dir=debug
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
    mode=(--release)
    dir=release
fi
target=target/lab
cargo build --quiet --lib --target wasm32-unknown-unknown --features lab "${mode[@]}" --target-dir "$target"
mkdir -p "$out"
cp www/lab.js "$out/start.js"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name lab \
    "$target/wasm32-unknown-unknown/$dir/caves.wasm"
