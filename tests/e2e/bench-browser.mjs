// Browser benchmark in headless Chromium (part of `bash scripts/bench.sh`, not of the tests).
// Needs the release build in dist/ (`trunk build --release`).
//
//   node tests/e2e/bench-browser.mjs     # prints `@ <key> <value>` lines for the script
//
// In one browser run it times:
//   - frames: window.cavesGame.key(k) from key to painted frame (the call composes the frame
//     and paints it with putImageData before it returns), split into moves that scroll the
//     map view and moves that do not; repaint_all(); and, for comparison, a full redraw of a
//     rot.js Display of the same 80x50 cells;
//   - generation: our wasm bench_generate() and the rot.js generator of bench-gen-rot.mjs.
// Frames are timed first, before generation fills the heaps.
//
// The page is served cross-origin isolated (COOP/COEP headers; every file is same-origin, so
// nothing else changes) because Chromium then coarsens performance.now() to 5 us instead of
// 100 us. The measured timer step is reported; batch timings do not depend on it.
//
// Environment: CHROMIUM (browser binary, default /usr/bin/chromium), E2E_DIST (default
// dist/), BENCH_RUNS (timed generation runs, default 15).

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { launchChromium, startServer } from './serve.mjs';
import { rotGenerate, timeRuns, ROT_CASES, WARMUP, RUNS, WARM_MS } from './bench-gen-rot.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const DIST = path.resolve(process.env.E2E_DIST || path.join(ROOT, 'dist'));
const ROT_BUNDLE = createRequire(import.meta.url).resolve('rot-js'); // node_modules/rot-js/dist/rot.js
const OVERALL_MS = 15 * 60 * 1000;

const out = (key, value) => console.log(`@ ${key} ${value}`);
const ms = (v) => v.toFixed(4);

// Our generation cases: [name, width, height, depth, full].
// Warm-up runs in the browser: enough for small worlds that Chromium has compiled the hot code
// with its optimising tier (a lab regenerates again and again, so that is what a person
// feels), the same for rot.js; large cases warm up in their first runs anyway.
const warmupFor = (cells) => (cells <= 100000 ? 50 : WARMUP);

const WASM_CASES = [
  ['default', 100, 60, 6, true],
  ['fill1024', 1024, 1024, 1, false],
  ['full1024', 1024, 1024, 1, true],
];

// ---------------------------------------------------------------- in-page code
// The functions below run inside the page (page.evaluate serialises them): no outer names.

// Walks the player around and times every key; see walkAndTime's comments.
function walkAndTime({ minPerClass, maxKeys, batchKeys, batches }) {
  const VIEW_W = 62; // map view in cells (80x50 screen minus 18-wide sidebar and 8-high log)
  const VIEW_H = 42;
  const WORLD_W = 100;
  const WORLD_H = 60;
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
  // The view's top-left world cell, as the view computes it.
  const scroll = (p) => [clamp(p[0] - VIEW_W / 2, 0, WORLD_W - VIEW_W), clamp(p[1] - VIEW_H / 2, 0, WORLD_H - VIEW_H)];
  const g = window.cavesGame;
  const pos = () => Array.from(g.player(), Number);
  const same = (a, b) => a.every((v, i) => v === b[i]);
  // A move of one step on the same level: 'scroll' or 'still' (view did not scroll), or
  // null for bumps (walls, attacks), level changes and restarts.
  const classify = (b, a) => {
    const dx = Math.abs(a[0] - b[0]);
    const dy = Math.abs(a[1] - b[1]);
    if (a[2] !== b[2] || dx > 1 || dy > 1 || dx + dy === 0) return null;
    return same(scroll(a), scroll(b)) ? 'still' : 'scroll';
  };
  const DIRS = ['h', 'l', 'j', 'k', 'y', 'u', 'b', 'n'];
  const OPP = { h: 'l', l: 'h', j: 'k', k: 'j', y: 'n', n: 'y', u: 'b', b: 'u' };
  let rng = 12345; // fixed LCG, so every run walks the same way
  const rand = (n) => {
    rng = (Math.imul(rng, 1103515245) + 12345) >>> 0;
    return (rng >>> 16) % n;
  };

  const single = { scroll: [], still: [] };
  const batched = { scroll: [], still: [] };
  let keys = 0;
  let skipped = 0;
  let idle = 0; // keys since the player last moved
  const done = () =>
    single.scroll.length >= minPerClass && single.still.length >= minPerClass
    && batched.scroll.length >= batches && batched.still.length >= batches;

  // Batches: at a spot where `d` then its opposite both move the player and bring it back,
  // time `batchKeys` keys of d, opp, d, opp, ... in one go. The pair is checked before and
  // after each batch (a monster in the way, or death, would break it); broken batches are
  // dropped. All keys of a batch have the class of the pair (both legs scroll, or neither).
  const pairClass = (d) => {
    const b = pos();
    g.key(d);
    keys += 1;
    const cls = classify(b, pos());
    if (!cls) return null;
    g.key(OPP[d]);
    keys += 1;
    return same(pos(), b) ? cls : null;
  };
  const tryBatches = () => {
    for (const d of DIRS) {
      const cls = pairClass(d);
      if (!cls || batched[cls].length >= batches) continue;
      while (batched[cls].length < batches) {
        const t0 = performance.now();
        for (let i = 0; i < batchKeys; i += 2) {
          g.key(d);
          g.key(OPP[d]);
        }
        const dt = performance.now() - t0;
        keys += batchKeys;
        if (pairClass(d) !== cls) break; // pair broken during the batch: drop it
        batched[cls].push(dt / batchKeys);
      }
    }
  };

  // Single keys: runs of 10 presses in a random direction (of the 8), each key timed alone.
  while (!done() && keys < maxKeys) {
    const d = DIRS[rand(8)];
    for (let i = 0; i < 10; i++) {
      const b = pos();
      const t0 = performance.now();
      g.key(d);
      const dt = performance.now() - t0;
      const a = pos();
      keys += 1;
      const cls = classify(b, a);
      if (cls) {
        single[cls].push(dt);
        idle = 0;
      } else {
        skipped += 1;
        idle += 1;
      }
    }
    // Stuck for long (the game ended: won or lost): Enter starts the next game.
    if (idle >= 60) {
      g.key('Enter');
      idle = 0;
    }
    if (batched.scroll.length < batches || batched.still.length < batches) tryBatches();
  }
  return { single, batched, keys, skipped };
}

// Smallest non-zero step of performance.now(), in ms.
function timerStep() {
  let step = Infinity;
  let last = performance.now();
  for (let i = 0; i < 200000 && step > 0.0005; i++) {
    const t = performance.now();
    if (t !== last) {
      step = Math.min(step, t - last);
      last = t;
    }
  }
  return { step, isolated: self.crossOriginIsolated === true };
}

// Times `calls` calls of `fn` one by one, and again in batches of `batch` calls.
// With `flush`, each call is followed by a 1-pixel getImageData on `canvas`, which makes
// Chromium rasterise what the canvas has queued.
function timeCalls({ what, calls, batch, flush }) {
  let fn;
  let canvas;
  if (what === 'ours') {
    canvas = document.getElementById('game');
    fn = () => window.cavesGame.repaint_all();
  } else {
    // rot.js Display: 80x50 cells, drawn cell by cell with varying glyphs and colours, then
    // flushed with _tick() (the method its requestAnimationFrame loop calls; it draws every
    // dirty cell with fillRect + fillText synchronously).
    if (!window.rotDisplay) {
      window.rotDisplay = new ROT.Display({ width: 80, height: 50, fontSize: 8, forceSquareRatio: true });
      document.body.appendChild(window.rotDisplay.getContainer());
      window.rotFrame = 0;
    }
    const d = window.rotDisplay;
    canvas = d.getContainer();
    const CH = '#.@<>~%$&*+=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const FG = ['#F8F8F2', '#75715E', '#E6DB74', '#A6E22E', '#F92672', '#66D9EF', '#AE81FF', '#FD971F'];
    const BG = ['#272822', '#000000', '#3E3D32', '#1E1F1C'];
    fn = () => {
      const f = window.rotFrame++;
      for (let y = 0; y < 50; y++) {
        for (let x = 0; x < 80; x++) {
          d.draw(x, y, CH[(x * 7 + y * 3 + f) % CH.length], FG[(x + y + f) % 8], BG[(x * y + f) % 4]);
        }
      }
      d._tick();
    };
  }
  const ctx = canvas.getContext('2d');
  const call = flush ? () => { fn(); ctx.getImageData(0, 0, 1, 1); } : fn;
  for (let i = 0; i < 10; i++) call(); // warm-up
  const single = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    call();
    single.push(performance.now() - t0);
  }
  const batched = [];
  for (let i = 0; i < calls / batch; i++) {
    const t0 = performance.now();
    for (let j = 0; j < batch; j++) call();
    batched.push((performance.now() - t0) / batch);
  }
  return { single, batched, size: `${canvas.width}x${canvas.height}` };
}

// ---------------------------------------------------------------- stats

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// Nearest-rank percentile.
function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

function report(key, { single, batched }) {
  out(`${key}.median`, ms(median(single)));
  out(`${key}.p99`, ms(pct(single, 99)));
  out(`${key}.n`, single.length);
  if (batched.length) {
    out(`${key}.batch`, ms(median(batched)));
    out(`${key}.batchn`, batched.length);
  }
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('no dist/index.html: run `trunk build --release` first');
  const server = await startServer(DIST, {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
  });
  const browser = await launchChromium();
  try {
    out('chromium', browser.version());
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`pageerror: ${e.message}`));
    await page.goto(`http://127.0.0.1:${server.address().port}/?seed=1`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });

    const timer = await page.evaluate(timerStep);
    out('timer.step', ms(timer.step));
    out('timer.isolated', timer.isolated);

    // Frames.
    await page.evaluate(() => window.cavesGame.key('Enter')); // leave the start screen
    const walk = await page.evaluate(walkAndTime, { minPerClass: 500, maxKeys: 20000, batchKeys: 50, batches: 20 });
    out('frame.keys', walk.keys);
    out('frame.skipped', walk.skipped);
    for (const cls of ['scroll', 'still']) {
      if (walk.single[cls].length === 0) throw new Error(`no ${cls} moves in ${walk.keys} keys`);
      report(`frame.${cls}`, { single: walk.single[cls], batched: walk.batched[cls] });
    }
    await page.addScriptTag({ path: ROT_BUNDLE }); // defines window.ROT
    for (const [key, what, flush] of [['repaint', 'ours', false], ['repaintflush', 'ours', true],
      ['rotdisplay', 'rot', false], ['rotdisplayflush', 'rot', true]]) {
      const r = await page.evaluate(timeCalls, { what, calls: 200, batch: 20, flush });
      report(key, r);
      out(`${key}.size`, r.size);
    }

    // Generation: our wasm (the generator entry point lives in the lab's bundle, so this part
    // runs on the lab page), then rot.js (same functions as in node, injected as source).
    await page.goto(`http://127.0.0.1:${server.address().port}/?lab&seed=1&w=32&h=32&d=1`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.labBindings, null, { timeout: 30000 });
    await page.addScriptTag({ path: ROT_BUNDLE }); // a new page: window.ROT again
    await page.addScriptTag({ content: `window.rotGenerate = ${rotGenerate}; window.timeRuns = ${timeRuns};` });
    for (const [name, w, h, d, full] of WASM_CASES) {
      const r = await page.evaluate(
        ([w, h, d, full, warmup, runs, warmMs]) =>
          window.timeRuns((seed) => window.labBindings.bench_generate(w, h, d, seed, full), warmup, runs, warmMs),
        [w, h, d, full, warmupFor(w * h * d), RUNS, WARM_MS],
      );
      out(`gen.${name}.wasm.median`, ms(r.median));
      out(`gen.${name}.wasm.min`, ms(r.min));
      out(`gen.${name}.wasm.runs`, r.runs);
    }
    for (const [name, w, h, levels, connect] of ROT_CASES) {
      const r = await page.evaluate(
        ([w, h, levels, connect, warmup, runs, warmMs]) =>
          window.timeRuns((seed) => window.rotGenerate(window.ROT, w, h, levels, connect, seed), warmup, runs, warmMs),
        [w, h, levels, connect, warmupFor(w * h * levels), RUNS, WARM_MS],
      );
      out(`gen.${name}.rotchrome.median`, ms(r.median));
      out(`gen.${name}.rotchrome.min`, ms(r.min));
      out(`gen.${name}.rotchrome.runs`, r.runs);
    }
  } finally {
    await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
    if (server.closeAllConnections) server.closeAllConnections();
    server.close();
  }
}

const overall = setTimeout(() => {
  console.error(`bench-browser: exceeded ${OVERALL_MS} ms`);
  process.exit(1);
}, OVERALL_MS);
main().then(
  () => {
    clearTimeout(overall);
  },
  (e) => {
    console.error(`bench-browser: ${e && e.stack ? e.stack : e}`);
    process.exit(1);
  },
);
