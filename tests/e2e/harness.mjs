// What the browser tests share: their checks (node:test's, from tests/checks.mjs), an
// overall time limit, the browser and server closed at the end either way, and a page opened
// on the built game that records console errors.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failed, finish } from '../checks.mjs';
import { launchChromium, startServer } from './serve.mjs';

export { assert } from '../checks.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.resolve(process.env.E2E_DIST || path.join(ROOT, 'dist'));
export const SHOTS = path.join(ROOT, 'target', 'e2e');
fs.mkdirSync(SHOTS, { recursive: true });

// Screen text without box borders, whitespace collapsed: wrapped sentences read whole.
export const norm = (t) => t.replace(/[\u2500-\u257f]/g, ' ').replace(/\s+/g, ' ');

// A suite of checks. `check(label, fn)` runs one (a throw or a returned string fails it),
// `notOk(label, reason)` fails one directly, `fail(label, error)` reports a crash of the run,
// `serve(dir)` starts a local server on `dir` and a browser and answers { server, base,
// browser }, `hold(x)` keeps a browser or server to close at the end, and `done()` closes
// them and ends the run. At the overall time limit (`limitMs`, or E2E_TIMEOUT_MS when set)
// the run fails and ends at once.
export function suite(name, { limitMs = 180000 } = {}) {
  const overallMs = Number(process.env.E2E_TIMEOUT_MS || limitMs);
  const held = [];
  const hold = (x) => {
    held.push(x);
    return x;
  };
  const closeAll = async () => {
    for (const x of held.splice(0).reverse()) await close(x);
  };
  const timer = setTimeout(async () => {
    console.log(`not ok - ${name}: the whole run did not finish within ${overallMs} ms`);
    await closeAll();
    process.exit(1);
  }, overallMs);
  return {
    check,
    notOk: failed,
    hold,
    async done() {
      clearTimeout(timer);
      await closeAll();
      finish();
    },
    async serve(dir = DIST) {
      const server = hold(await startServer(dir));
      const base = `http://127.0.0.1:${server.address().port}/`;
      return { server, base, browser: hold(await launchChromium()) };
    },
    fail(label, e) {
      return failed(label, e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e);
    },
  };
}

// Closes a browser (waiting at most 5 s) or a local server.
async function close(x) {
  if (typeof x.newContext === 'function') {
    await Promise.race([x.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  } else {
    if (x.closeAllConnections) x.closeAllConnections();
    await new Promise((r) => x.close(() => r()));
  }
}

// Whether the release build is there to test; fails the suite's first check when it is not.
export function built(notOk) {
  if (fs.existsSync(path.join(DIST, 'index.html'))) return true;
  notOk('dist/index.html exists', 'run `trunk build --release` first');
  return false;
}

// Collects a page's console errors and uncaught errors in `errors`, and with `requests`
// also the requests that failed or were answered with an error status.
export function watchErrors(page, errors, { requests = false } = {}) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  if (!requests) return;
  page.on('response', (resp) => {
    if (resp.status() >= 400) errors.push(`HTTP ${resp.status()} ${resp.url()}`);
  });
  page.on('requestfailed', (req) => {
    errors.push(`request failed: ${req.url()} ${req.failure() ? req.failure().errorText : ''}`);
  });
}

// A new page of `context` at `url`, ready to play; its console errors collect in `page.errors`.
export async function openGame(context, url) {
  const page = await context.newPage();
  page.errors = [];
  watchErrors(page, page.errors);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: 30000 });
  return page;
}
