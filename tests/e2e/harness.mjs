// What the browser tests share: numbered checks that print `ok - name` / `not ok - name:
// reason`, an overall time limit, the closing `<suite>: N passed, M failed` line (exit 1 on
// any failure), the browser and server closed at the end either way, and a page opened on
// the built game that records console errors.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, startServer } from './serve.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.resolve(process.env.E2E_DIST || path.join(ROOT, 'dist'));
export const SHOTS = path.join(ROOT, 'target', 'e2e');
fs.mkdirSync(SHOTS, { recursive: true });

export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

// Screen text without box borders, whitespace collapsed: wrapped sentences read whole.
export const norm = (t) => t.replace(/[\u2500-\u257f]/g, ' ').replace(/\s+/g, ' ');

// A suite of checks. `check(label, fn)` runs one (a throw or a returned string fails it),
// `notOk(label, reason)` fails one directly, `fail(label, error)` reports a crash of the run,
// `serve(dir)` starts a local server on `dir` and a browser and answers { server, base,
// browser }, `hold(x)` keeps a browser or server to close at the end, and `done()` closes
// them, prints
// the summary and exits. At the overall time limit (`limitMs`, or E2E_TIMEOUT_MS when set)
// the run fails and ends the same way; later results are ignored.
export function suite(name, { limitMs = 180000 } = {}) {
  const overallMs = Number(process.env.E2E_TIMEOUT_MS || limitMs);
  let passed = 0;
  let failed = 0;
  let stopped = false;
  const held = [];
  const hold = (x) => {
    held.push(x);
    return x;
  };
  const notOk = (label, reason) => {
    if (stopped) return;
    failed += 1;
    console.log(`not ok - ${label}: ${String(reason).replace(/\s+/g, ' ').trim()}`);
  };
  const done = async () => {
    stopped = true;
    clearTimeout(timer);
    for (const x of held.splice(0).reverse()) await close(x);
    console.log(`${name}: ${passed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  };
  const timer = setTimeout(() => {
    notOk('whole run finished in time', `exceeded ${overallMs} ms`);
    done();
  }, overallMs);
  return {
    notOk,
    done,
    hold,
    async serve(dir = DIST) {
      const server = hold(await startServer(dir));
      const base = `http://127.0.0.1:${server.address().port}/`;
      return { server, base, browser: hold(await launchChromium()) };
    },
    async check(label, fn) {
      try {
        const res = await fn();
        if (typeof res === 'string') throw new Error(res);
        if (stopped) return;
        passed += 1;
        console.log(`ok - ${label}`);
      } catch (e) {
        notOk(label, e && e.message ? e.message.split('\n')[0] : e);
      }
    },
    fail(label, e) {
      notOk(label, e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e);
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
