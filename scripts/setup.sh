#!/usr/bin/env bash
# Installs whatever the web build and the tests need and is still missing.
# Safe to run again: every step checks first and does nothing when its tool is there.
#
# Use it either way:
#   bash scripts/setup.sh      # install only
#   source scripts/setup.sh    # install, and keep the PATH it sets up in this shell
#
# What it provides:
#   - the wasm32-unknown-unknown Rust target
#   - wasm-bindgen-cli at exactly the wasm-bindgen version pinned in Cargo.lock
#   - wasm-pack, trunk 0.21.14, twiggy 0.8.0 (the size step's report)
#   - Debian's chromium and chromium-driver (for wasm-pack's browser tests and the e2e test)
#   - Debian's postgresql (the board's tests start a throwaway cluster of their own)
#   - the npm packages of tests/e2e (playwright-core, binaryen's wasm-opt, terser, rot-js)
# and puts ~/.cargo/bin and tests/e2e/node_modules/.bin on PATH, so trunk finds wasm-bindgen
# there instead of trying to download it, and the release build's optional steps find
# wasm-opt and terser (a plain `trunk build` works without them, only larger).

TRUNK_VERSION="0.21.14"
TWIGGY_VERSION="0.8.0"

_setup_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

_setup_say() { printf 'setup: %s\n' "$*"; }
_setup_die() { printf 'setup: ERROR: %s\n' "$*" >&2; return 1; }

_setup_as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        _setup_die "need root (or sudo) to run: $*"
    fi
}

_setup_apt_updated=0
_setup_apt_install() {
    if [ "$_setup_apt_updated" -eq 0 ]; then
        _setup_say "apt-get update"
        _setup_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q || return 1
        _setup_apt_updated=1
    fi
    _setup_say "apt-get install $*"
    _setup_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" || return 1
}

# Version of the wasm-bindgen crate pinned in Cargo.lock, e.g. "0.2.130".
_setup_lock_wasm_bindgen_version() {
    awk '
        /^\[\[package\]\]/ { in_wb = 0; next }
        /^name = "wasm-bindgen"$/ { in_wb = 1; next }
        in_wb && /^version = / { gsub(/^version = "|"$/, ""); print; exit }
    ' "$_setup_repo/Cargo.lock"
}

# Puts a directory first on PATH (moving it there if it is already further back).
_setup_path() {
    local p=":$PATH:"
    while [[ "$p" == *":$1:"* ]]; do p="${p//:$1:/:}"; done
    p="${p#:}"
    p="${p%:}"
    PATH="$1${p:+:$p}"
}

_setup_main() {
    _setup_path "${CARGO_HOME:-$HOME/.cargo}/bin"
    _setup_path "$_setup_repo/tests/e2e/node_modules/.bin"
    export PATH

    command -v cargo >/dev/null 2>&1 || { _setup_die "cargo not found (install Rust with rustup first)"; return 1; }

    # Rust target for the browser build.
    if command -v rustup >/dev/null 2>&1; then
        if rustup target list --installed | grep -qx 'wasm32-unknown-unknown'; then
            _setup_say "wasm32-unknown-unknown target: present"
        else
            _setup_say "adding the wasm32-unknown-unknown target"
            rustup target add wasm32-unknown-unknown || return 1
        fi
    else
        _setup_say "rustup not found; assuming the wasm32-unknown-unknown target is installed"
    fi

    # wasm-bindgen-cli: must match the crate version in Cargo.lock exactly.
    local want have
    if [ ! -f "$_setup_repo/Cargo.lock" ]; then
        _setup_say "no Cargo.lock yet: generating it"
        (cd "$_setup_repo" && cargo generate-lockfile) || return 1
    fi
    want="$(_setup_lock_wasm_bindgen_version)"
    [ -n "$want" ] || { _setup_die "could not read the wasm-bindgen version from Cargo.lock"; return 1; }
    have=""
    if command -v wasm-bindgen >/dev/null 2>&1; then
        have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')"
    fi
    if [ "$have" = "$want" ]; then
        _setup_say "wasm-bindgen-cli $have: present"
    elif [ -z "$have" ]; then
        _setup_say "installing wasm-bindgen-cli $want (several minutes)"
        # No --locked: the registry lacks some versions pinned in its own lock file.
        cargo install wasm-bindgen-cli --version "$want" || return 1
    else
        _setup_say "wasm-bindgen-cli is $have, Cargo.lock wants $want: reinstalling (several minutes)"
        cargo install wasm-bindgen-cli --version "$want" --force || return 1
    fi

    # wasm-pack
    if command -v wasm-pack >/dev/null 2>&1; then
        _setup_say "$(wasm-pack --version 2>/dev/null | head -n1): present"
    else
        _setup_say "installing wasm-pack (several minutes)"
        cargo install wasm-pack || return 1
    fi

    # trunk: 0.22 needs a newer rustc; 0.21.14 only builds with its own lock file.
    if command -v trunk >/dev/null 2>&1; then
        _setup_say "$(trunk --version 2>/dev/null | head -n1): present"
    else
        _setup_say "installing trunk $TRUNK_VERSION (15-20 minutes)"
        cargo install trunk --version "$TRUNK_VERSION" --locked || return 1
    fi

    # twiggy: the size step's report of the page's wasm (scripts/page-size.sh runs without it).
    # About 2 minutes of one core to build.
    if command -v twiggy >/dev/null 2>&1; then
        _setup_say "$(twiggy --version 2>/dev/null | head -n1): present"
    else
        _setup_say "installing twiggy $TWIGGY_VERSION (a few minutes)"
        cargo install twiggy --version "$TWIGGY_VERSION" --locked || return 1
    fi

    # Chromium and its driver, from Debian; PostgreSQL's server for the board's tests.
    local pkgs=()
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || pkgs+=(postgresql)
    command -v chromium >/dev/null 2>&1 || pkgs+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || pkgs+=(chromium-driver)
    command -v npm >/dev/null 2>&1 || pkgs+=(nodejs npm)
    if [ "${#pkgs[@]}" -gt 0 ]; then
        _setup_apt_install "${pkgs[@]}" || return 1
    else
        _setup_say "chromium, chromedriver, node, postgresql: present"
    fi
    if command -v chromedriver >/dev/null 2>&1 && [ -z "${CHROMEDRIVER:-}" ]; then
        CHROMEDRIVER="$(command -v chromedriver)"
        export CHROMEDRIVER
    fi

    # npm packages of the e2e test (also wasm-opt and terser for the release build's size steps).
    local e2e="$_setup_repo/tests/e2e"
    local stamp="$e2e/node_modules/.package-lock.json"
    if [ -f "$stamp" ] && [ -x "$e2e/node_modules/.bin/wasm-opt" ] \
        && [ -d "$e2e/node_modules/playwright-core" ] \
        && [ ! "$e2e/package.json" -nt "$stamp" ] \
        && { [ ! -f "$e2e/package-lock.json" ] || [ ! "$e2e/package-lock.json" -nt "$stamp" ]; }; then
        _setup_say "tests/e2e npm packages: present"
    elif [ -f "$e2e/package-lock.json" ]; then
        _setup_say "npm ci in tests/e2e"
        (cd "$e2e" && npm ci --no-audit --no-fund) || return 1
    else
        _setup_say "npm install in tests/e2e"
        (cd "$e2e" && npm install --no-audit --no-fund) || return 1
    fi
    command -v wasm-opt >/dev/null 2>&1 || { _setup_die "wasm-opt not on PATH after npm install"; return 1; }
    _setup_say "$(wasm-opt --version | head -n1) on PATH"
    _setup_say "done"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    # Run as a script.
    set -euo pipefail
    _setup_main
else
    # Sourced: report failure to the caller without ending its shell.
    _setup_main || return 1
fi
