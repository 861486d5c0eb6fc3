// The checks of the node tests (the browser's in tests/e2e, the board's in tests/board), run
// by node:test when a file is run directly (`node tests/board/board.mjs`):
//
// - `check(name, fn)` is one top-level test, run to its end before the next starts; it fails
//   if `fn` throws (`assert` is node's own) or returns a string, the reason;
// - `skip(name, why)` is one this machine cannot run (a skip, not a pass);
// - `failed(name, error)` fails one directly (a part of the run that crashed);
// - `note(text)` prints a figure with the check that is running (a diagnostic), or alone;
// - `finish()` closes the run.
//
// node:test prints every result (TAP, with the reason and where a check failed) and the
// counts at the end, and exits 1 if any check failed.

import { test } from 'node:test';

export { default as assert } from 'node:assert/strict';

let running = null;

export function check(name, fn) {
  return test(name, async (t) => {
    running = t;
    try {
      const reason = await fn(t);
      if (typeof reason === 'string') throw new Error(reason);
    } finally {
      running = null;
    }
  });
}

export function skip(name, why) {
  return test(name, { skip: why }, () => {});
}

export function failed(name, error) {
  return test(name, () => {
    throw error instanceof Error ? error : new Error(String(error));
  });
}

export function note(text) {
  if (running) running.diagnostic(text);
  else console.log(`# ${text}`);
}

// node:test reports its counts, and sets the exit code, once nothing is left for the process
// to do. Something still open after the last check (a socket, a child process) would hold
// that off for ever: after `graceMs` the report is asked for at once, and the process exits.
export function finish({ graceMs = 10000 } = {}) {
  setTimeout(() => {
    note(`something was still open ${graceMs} ms after the last check; ending the run`);
    process.emit('beforeExit', process.exitCode ?? 0);
    setTimeout(() => process.exit(), 1000);
  }, graceMs).unref();
}
