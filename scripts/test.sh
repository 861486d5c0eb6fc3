#!/usr/bin/env bash
# Runs every check, in order, stopping at the first failure:
# formatting, lints, native tests, in-browser wasm tests, then the release web build,
# the browser end-to-end tests of the built page, and the daily board's server.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (native: the game and the board's server)"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo clippy (wasm32: the browser edge too)"
cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --features lab -- -D warnings
cargo clippy --target wasm32-unknown-unknown -p caves-bots --lib --tests -- -D warnings

step "cargo test (native: the game and the board's server)"
# The skill ladder's bots play thousands of whole games: they run next, optimised.
cargo test --workspace -- --skip the_skill_ladder --skip explorer_mode_is_for_learning

step "the skill ladder: five bots over 500 seeds each (cargo test --profile bots --test bot)"
cargo test --profile bots --test bot -- --nocapture

step "wasm-pack test --headless --chrome"
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-120}"
wasm-pack test --headless --chrome

step "wasm-pack test --headless --chrome bots (a bot's game in the browser is the native one)"
wasm-pack test --headless --chrome bots

step "trunk build --release"
trunk build --release

step "the game page's download budget"
bash scripts/page-size.sh

step "browser end-to-end test"
node tests/e2e/e2e.mjs

step "browser end-to-end test: runs as records"
node tests/e2e/records.mjs

step "browser end-to-end test: phones, touch, mouse travel, screen readers"
node tests/e2e/touch.mjs

step "browser end-to-end test: items, the end screen and the best runs"
node tests/e2e/items.mjs

step "browser end-to-end test: a daily run's card, shared from its end"
node tests/e2e/card.mjs

step "browser end-to-end test: sound"
node tests/e2e/sound.mjs

step "offline and installable page test"
node tests/e2e/offline.mjs

step "browser end-to-end test: the cave lab"
node tests/e2e/lab.mjs

step "the daily board: its server on SQLite and PostgreSQL, 10,000 bad submissions"
cargo build --release -p caves-server --bins --examples
node tests/board/board.mjs

step "the daily board under attack: each finding of its review against the real server"
node tests/board/attack.mjs

step "the daily board under load: 10,000 runs from 100 clients while others read"
node tests/board/load.mjs

step "live runs: two server copies on one PostgreSQL, a run watched on the other; 1,000 watchers on 50 runs"
node tests/board/live.mjs

step "the daily board in the page, on SQLite: post a daily run, see it ranked, watch it live, the fallen"
node tests/e2e/board.mjs

step "the daily board in the page, on PostgreSQL: the same checks"
node tests/e2e/board.mjs --postgres
