// Benchmark of runs as records in headless Chromium (part of scripts/bench.sh): the time to
// write the save after a turn, the time to resume a 10,000-action run (replay and first
// frame), and the length of share links. Prints `@ key value` lines for the script.
//
// The page is served cross-origin isolated, so performance.now() has a fine step.

import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { launchChromium, startServer } from './serve.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const DIST = path.resolve(process.env.E2E_DIST || path.join(ROOT, 'dist'));
const record = (name) => fs.readFileSync(path.join(ROOT, 'tests', 'records', `${name}.txt`), 'utf8').trim();

const server = await startServer(DIST, {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
});
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const say = (k, v) => console.log(`@ ${k} ${typeof v === 'number' ? v.toFixed(4) : v}`);
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))], n: s.length };
};

async function page(context, query = '') {
  const p = await context.newPage();
  await p.goto(`${base}${query}`, { waitUntil: 'load' });
  await p.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
  return p;
}

// A fresh page whose store holds just `text` as a saved run (or nothing), so the start screen
// offers it; with no run saved, the page opens on seed 1, so a new run is always the same
// world (a random one may kill the walking player before the run is long enough). The old
// page is closed first: it saves its own run as it goes.
let current = null;
async function fresh(context, text) {
  if (current) await current.close();
  current = await page(context, text ? '' : '?seed=1');
  // A save slot as the game writes it: `counter|date|level|turn|record|crc`, the last field
  // the CRC-32 of all before it (a slot without it is kept as unreadable, not resumed).
  const body = text ? `1|2026-11-22|1|1|${text}` : null;
  const slot = body ? `${body}|${crc32(body).toString(16).padStart(8, '0')}` : null;
  await current.evaluate((s) => {
    localStorage.clear();
    if (s) localStorage.setItem('caves.run.9.0', s);
  }, slot);
  await current.reload({ waitUntil: 'load' });
  await current.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
  return current;
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let p = await fresh(context, null);
  say('records.isolated', await p.evaluate(() => (self.crossOriginIsolated ? 1 : 0)));

  // Resume: Enter on the start screen replays the saved run and paints its first frame.
  const survivor = record('survivor');
  const resume = [];
  for (let i = 0; i < 7; i++) {
    p = await fresh(context, survivor);
    resume.push(await p.evaluate(() => {
      const t = performance.now();
      window.cavesGame.key('Enter');
      return performance.now() - t;
    }));
  }
  const actions = await p.evaluate(() => window.cavesGame.actions());
  if (actions < 10000) throw new Error(`the saved survivor was not resumed (${actions} actions)`);
  const r = stats(resume);
  say('records.resume.actions', actions);
  say('records.resume.median', r.median);
  say('records.resume.max', Math.max(...resume));

  // Save per turn: the write after a turn, on the 10,000-action run and on a short one.
  for (const [name, setup] of [['long', survivor], ['short', null]]) {
    if (setup === null) {
      p = await fresh(context, null);
      await p.evaluate(() => { window.cavesGame.key('z'); for (let i = 0; i < 100; i++) window.cavesGame.key(i % 2 ? 'h' : 'l'); });
    }
    // A wait, then the write that follows its frame (timed alone).
    const times = await p.evaluate(() => {
      const out = [];
      for (let i = 0; i < 300; i++) {
        window.cavesGame.key('.');
        const t = performance.now();
        window.cavesGame.flush();
        out.push(performance.now() - t);
      }
      return out;
    });
    const s = stats(times);
    say(`records.save.${name}.actions`, await p.evaluate(() => window.cavesGame.actions()));
    say(`records.save.${name}.median`, s.median);
    say(`records.save.${name}.p99`, s.p99);
  }

  // Key to painted frame in a 1,000-action run and in the 10,000-action survivor: moves back
  // and forth in a direction where both legs move the player (so every key is a turn), each
  // key timed alone. The save after the turn is measured above, on its own. Keys come back to
  // back in one task (`k1000`, `k10000`), and, on the survivor, one per task after the browser
  // has made a frame (`k10000framed`), as a player's keys arrive: a key after a gap pays for
  // its code and data coming back into the caches, which keys back to back never see.
  for (const [name, setup, framed] of [['k1000', null, false], ['k10000', survivor, false], ['k10000framed', survivor, true]]) {
    p = await fresh(context, setup);
    const r = await p.evaluate(async ([isNew, framed]) => {
      const g = window.cavesGame;
      const DIRS = ['h', 'l', 'k', 'j', 'y', 'n', 'u', 'b'];
      const OPP = { h: 'l', l: 'h', k: 'j', j: 'k', y: 'n', n: 'y', u: 'b', b: 'u' };
      if (isNew) {
        g.key('z');
        for (let i = 0; g.actions() < 1000 && i < 20000; i++) g.key(DIRS[(i >> 3) % 8]);
      } else {
        g.key('Enter');
      }
      const at = () => g.player().join(',');
      // A frame made, then a task of its own for the key.
      const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      const times = [];
      for (let round = 0; round < 40 && times.length < 300; round++) {
        const d = DIRS.find((k) => {
          const a = at(); g.key(k); const b = at(); g.key(OPP[k]);
          return a !== b && at() === a;
        });
        if (!d) { g.key(DIRS[round % 8]); continue; }
        for (let i = 0; i < 20; i++) {
          const k = i % 2 ? OPP[d] : d;
          if (framed) await frame();
          const before = g.actions();
          const t = performance.now();
          g.key(k);
          const ms = performance.now() - t;
          if (g.actions() === before + 1) times.push(ms);
        }
      }
      return { times, actions: g.actions() };
    }, [setup === null, framed]);
    const s = stats(r.times);
    say(`records.${name}.actions`, r.actions);
    say(`records.${name}.median`, s.median);
    say(`records.${name}.p99`, s.p99);
    say(`records.${name}.n`, s.n);
  }

  // Link length per 1000 actions, deflated, for the committed won run (an ended one, opened in the
  // replay viewer from a plain link) and the survivor (resumed).
  for (const name of ['win', 'survivor']) {
    if (name === 'win') {
      p = await fresh(context, null);
      await p.goto(`${base}#raw=${record(name)}`, { waitUntil: 'load' });
      await p.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
    } else {
      p = await fresh(context, record(name));
      await p.evaluate(() => window.cavesGame.key('Enter'));
    }
    await p.evaluate(() => window.cavesGame.key(' ')); // an input: the link is deflated once input pauses
    await p.waitForTimeout(500);
    const link = await p.evaluate(() => window.cavesGame.share_link());
    const n = await p.evaluate(() => window.cavesGame.actions());
    const fragment = link.slice(link.indexOf('#'));
    say(`records.link.${name}.actions`, n);
    say(`records.link.${name}.chars`, fragment.length);
    say(`records.link.${name}.per1000`, (fragment.length / n) * 1000);
    say(`records.link.${name}.deflated`, fragment.startsWith('#run=') ? 1 : 0);
  }
  await context.close();
} finally {
  await browser.close().catch(() => {});
  server.close();
}
