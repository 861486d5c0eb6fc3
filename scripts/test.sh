#!/usr/bin/env bash
# Runs every check, in order, stopping at the first failure:
# formatting, lints, native tests, in-browser wasm tests, then the release web build,
# the browser end-to-end tests of the built page, and the daily board's server.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }

# One pass builds each crate once: incremental caches would only fill the disk (a CI runner
# ran out of space with them). Set CARGO_INCREMENTAL=1 to keep them.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

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

# The browser end-to-end tests of the built page: the game; runs as records; phones, touch,
# mouse travel and screen readers; items, the end screen and the best runs; a daily run's
# card, shared from its end; sound; the offline and installable page; the cave lab.
for t in e2e records touch items card sound offline lab; do
    step "node tests/e2e/$t.mjs"
    node "tests/e2e/$t.mjs"
done

# The daily board: its server on SQLite and PostgreSQL, 10,000 bad submissions; each finding
# of its review as an attack on the real server; under load, 10,000 runs from 100 clients
# while others read; live runs, two server copies on one PostgreSQL with a run watched on the
# other, 1,000 watchers on 50 runs. Then the board in the page, on SQLite and on PostgreSQL:
# post a daily run, see it ranked, watch it live, the fallen.
step "cargo build --release -p caves-server --bins --examples"
cargo build --release -p caves-server --bins --examples
for t in board attack load live; do
    step "node tests/board/$t.mjs"
    node "tests/board/$t.mjs"
done
for db in "" --postgres; do
    step "node tests/e2e/board.mjs${db:+ $db}"
    node tests/e2e/board.mjs ${db:+"$db"}
done
