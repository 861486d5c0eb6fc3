// What the browser tests share: numbered checks that print `ok - name` / `not ok - name:
// reason`, an overall time limit, the closing `<suite>: N passed, M failed` line (exit 1 on
// any failure), and a page opened on the built game that records console errors.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
// and `done()` prints the summary and exits. At the overall time limit the run fails, calls
// `cleanup` and ends; later results are ignored.
export function suite(name, { overallMs = Number(process.env.E2E_TIMEOUT_MS || 180000), cleanup = async () => {} } = {}) {
  let passed = 0;
  let failed = 0;
  let stopped = false;
  const notOk = (label, reason) => {
    if (stopped) return;
    failed += 1;
    console.log(`not ok - ${label}: ${String(reason).replace(/\s+/g, ' ').trim()}`);
  };
  const done = () => {
    stopped = true;
    clearTimeout(timer);
    console.log(`${name}: ${passed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  };
  const timer = setTimeout(async () => {
    notOk('whole run finished in time', `exceeded ${overallMs} ms`);
    stopped = true;
    await cleanup();
    stopped = false;
    done();
  }, overallMs);
  return {
    notOk,
    done,
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

// Closes a browser (waiting at most 5 s) and a local server; either may be null.
export async function shutdown(browser, server) {
  if (browser) await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  if (server) {
    if (server.closeAllConnections) server.closeAllConnections();
    await new Promise((r) => server.close(() => r()));
  }
}

// A new page of `context` at `url`, ready to play; its console errors collect in `page.errors`.
export async function openGame(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: 30000 });
  return page;
}
