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

// A suite of checks. `check(name, fn)` runs one (a throw or a returned string fails it);
// `done()` prints the summary and exits.
export function suite(name, overallMs = Number(process.env.E2E_TIMEOUT_MS || 180000)) {
  let passed = 0;
  let failed = 0;
  const timer = setTimeout(() => {
    console.log(`not ok - whole run finished in time: exceeded ${overallMs} ms`);
    console.log(`${name}: ${passed} passed, ${failed + 1} failed`);
    process.exit(1);
  }, overallMs);
  return {
    async check(label, fn) {
      try {
        const res = await fn();
        if (typeof res === 'string') throw new Error(res);
        passed += 1;
        console.log(`ok - ${label}`);
      } catch (e) {
        failed += 1;
        console.log(`not ok - ${label}: ${String(e && e.message ? e.message : e).split('\n')[0]}`);
      }
    },
    fail(label, e) {
      failed += 1;
      console.log(`not ok - ${label}: ${e && e.stack ? e.stack.split('\n').slice(0, 2).join(' ') : e}`);
    },
    done() {
      clearTimeout(timer);
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      process.exit(failed > 0 ? 1 : 0);
    },
  };
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
