// Browser end-to-end test of the built page (dist/, made by `trunk build --release`).
//
// Serves dist/ from a throwaway local HTTP server, drives Debian's Chromium through
// playwright-core, and checks the page contract: the game loads, keys move the player
// and repaint the canvas, unbound keys do nothing, game keys never scroll the page,
// help opens and closes, and the canvas is scaled by whole device pixels at several
// window sizes. Screenshots go to target/e2e/.
//
// Prints one line per check (`ok - name` / `not ok - name: reason`) and a final
// `e2e: N passed, M failed`; exits 1 if any check failed.
//
// Environment: CHROMIUM (browser binary, default /usr/bin/chromium),
//              E2E_DIST (directory to serve, default dist/),
//              E2E_TIMEOUT_MS (overall limit, default 120000).

import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { assert, built, watchErrors, ROOT, SHOTS, suite } from './harness.mjs';

const READY_MS = 30000;
// A seed whose start is quiet (no creature in view), so that keys, travel and the map are
// checked without a creature's turns in between.
const SEED = 1;
const COLS = 80;
const ROWS = 50;



// ---------------------------------------------------------------- main

const { check, fail, notOk, serve, done: finish } = suite('e2e', { limitMs: 120000 });

async function main() {
  if (!built(notOk)) return;

  const { base, browser } = await serve();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);

  // a) errors are collected over the whole run and checked at the end.
  const errors = [];
  watchErrors(page, errors, { requests: true });

  // ---- helpers (all need a loaded game)
  const settle = () =>
    page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
  const text = () => page.evaluate(() => String(window.cavesGame.text()));
  const player = () => page.evaluate(() => Array.from(window.cavesGame.player(), Number));
  const canvasHash = async () => {
    const url = await page.evaluate(() => document.getElementById('game').toDataURL('image/png'));
    return crypto.createHash('sha256').update(url).digest('hex').slice(0, 16);
  };
  const snapshot = async () => ({ text: await text(), hash: await canvasHash(), player: await player() });
  const press = async (key) => {
    await page.keyboard.press(key);
    await settle();
  };
  const samePos = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  const fmtPos = (p) => `[${p.join(',')}]`;
  const norm = (t) => t.replace(/\s+/g, ' ');

  await page.goto(`${base}?seed=${SEED}`, { waitUntil: 'load', timeout: 20000 });

  // b) the page becomes ready, the canvas is visible.
  let ready = false;
  await check('page state becomes "ready"', async () => {
    try {
      await page.waitForFunction(
        () => {
          const s = document.body && document.body.dataset.state;
          return s !== undefined && s !== '' && s !== 'loading';
        },
        null,
        { timeout: READY_MS },
      );
    } catch {
      const st = await page.evaluate(() => document.body && document.body.dataset.state);
      return `state still ${JSON.stringify(st)} after ${READY_MS} ms`;
    }
    const { state, status } = await page.evaluate(() => ({
      state: document.body.dataset.state,
      status: (document.getElementById('status') || {}).textContent || '',
    }));
    if (state !== 'ready') return `state is ${JSON.stringify(state)}; #status says ${JSON.stringify(status.trim())}`;
    const hasGame = await page.evaluate(
      () => !!window.cavesGame && typeof window.cavesGame.text === 'function'
        && typeof window.cavesGame.player === 'function',
    );
    if (!hasGame) return 'window.cavesGame with text() and player() is missing';
    ready = true;
  });

  // Each later check fails with this reason when the game never loaded.
  const needReady = () => assert(ready, 'game did not load');

  await check('canvas #game is visible with non-zero size', async () => {
    const canvas = page.locator('canvas#game');
    assert((await canvas.count()) === 1, 'no <canvas id="game">');
    assert(await canvas.isVisible(), 'canvas is not visible');
    const box = await canvas.boundingBox();
    assert(box && box.width > 0 && box.height > 0, `canvas box is ${JSON.stringify(box)}`);
  });

  await check('canvas backing store is 640x400', async () => {
    const size = await page.evaluate(() => {
      const c = document.getElementById('game');
      return c ? [c.width, c.height] : null;
    });
    assert(size, 'no canvas');
    assert(size[0] === 640 && size[1] === 400, `backing store is ${size[0]}x${size[1]}`);
  });

  await check(`text() is ${ROWS} lines of ${COLS} characters`, async () => {
    needReady();
    const lines = (await text()).split('\n');
    assert(lines.length === ROWS, `${lines.length} lines`);
    const bad = lines.findIndex((l) => [...l].length !== COLS);
    assert(bad < 0, `line ${bad} has ${bad < 0 ? 0 : [...lines[bad]].length} characters`);
  });

  await check('player() is empty on the start screen (no world is built to answer)', async () => {
    needReady();
    const p = await player();
    assert(p.length === 0, `player() is ${JSON.stringify(p)}`);
  });

  // c) start screen, then Enter starts play.
  let startText = null;
  await check('start screen says "press any key"', async () => {
    needReady();
    await settle();
    await page.screenshot({ path: path.join(SHOTS, 'start-1280x800.png') });
    startText = await text();
    assert(/press any key/i.test(norm(startText)), 'no "press any key" in text()');
  });

  await check('Enter leaves the start screen', async () => {
    needReady();
    const before = startText ?? (await text());
    await press('Enter');
    const after = await text();
    assert(after !== before, 'text() unchanged after Enter');
    await page.screenshot({ path: path.join(SHOTS, 'play-1280x800.png') });
  });

  // d) movement repaints.
  await check('a movement key moves the player and repaints', async () => {
    needReady();
    const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'h', 'j', 'k', 'l'];
    for (const key of keys) {
      const b = await snapshot();
      await press(key);
      const a = await snapshot();
      if (samePos(a.player, b.player)) continue;
      assert(a.text !== b.text, `${key} moved ${fmtPos(b.player)} -> ${fmtPos(a.player)} but text() is unchanged`);
      assert(a.hash !== b.hash, `${key} moved ${fmtPos(b.player)} -> ${fmtPos(a.player)} but canvas pixels are unchanged`);
      return;
    }
    return `none of ${keys.join(' ')} changed player()`;
  });

  // e) unbound keys change nothing.
  for (const key of ['F', 'Shift']) {
    await check(`unbound key "${key}" changes nothing`, async () => {
      needReady();
      await settle();
      const b = await snapshot();
      await settle();
      const idle = await canvasHash();
      if (idle !== b.hash) return 'canvas changes by itself without input (animation?), cannot compare';
      await press(key);
      const a = await snapshot();
      assert(samePos(a.player, b.player), `player moved ${fmtPos(b.player)} -> ${fmtPos(a.player)}`);
      assert(a.text === b.text, 'text() changed');
      assert(a.hash === b.hash, 'canvas pixels changed');
    });
  }

  // f) game keys never scroll the page.
  await check('game keys do not scroll the page', async () => {
    needReady();
    await page.evaluate(() => {
      document.body.style.height = '3000px';
      window.scrollTo(0, 0);
    });
    try {
      const canScroll = await page.evaluate(
        () => document.documentElement.scrollHeight > window.innerHeight,
      );
      assert(canScroll, 'page did not become scrollable (test set-up)');
      for (const key of ['ArrowDown', 'PageDown', 'End', 'Home']) {
        await press(key);
        await page.waitForTimeout(100); // let any smooth scroll start
        const y = await page.evaluate(() => window.scrollY);
        assert(y === 0, `${key} scrolled the page to scrollY=${y}`);
      }
    } finally {
      await page.evaluate(() => {
        document.body.style.height = '';
        window.scrollTo(0, 0);
      });
      await settle();
    }
  });

  // g) help screen opens and closes.
  await check('"?" shows help and Escape returns to the map', async () => {
    needReady();
    const before = await text();
    await press('?');
    const help = await text();
    assert(/help/i.test(help), 'no "Help" in text() after "?"');
    await page.screenshot({ path: path.join(SHOTS, 'help-1280x800.png') });
    await press('Escape');
    const after = await text();
    assert(after === before, 'text() after Escape differs from the map before "?"');
  });

  // h) descending off the stairs is refused with a message.
  await check('">" off the stairs says "not on stairs down"', async () => {
    needReady();
    const b = await player();
    await press('>');
    const a = await player();
    assert(a[2] === b[2], `player went from level ${b[2]} to ${a[2]} (was it standing on stairs?)`);
    assert(/not on stairs down/i.test(norm(await text())), 'message not in text()');
  });

  // j) a real descent: read level 1 of the same seed from the `dump` example, walk to the
  //    nearest '>' with real key presses (fighting anything in the way), and go down.
  await check('walking to the nearest stairs and pressing ">" descends to level 2', async () => {
    needReady();
    const dump = execFileSync('cargo', ['run', '--quiet', '--example', 'dump', '--',
      '--seed', String(SEED), '--width', '100', '--height', '60'],
      { cwd: ROOT, encoding: 'utf8' });
    const lines = dump.split('\n');
    const level1 = lines.slice(1, 1 + 60);
    const walkable = (x, y) => y >= 0 && y < level1.length && x >= 0 && x < level1[y].length
      && '.<>fr!)[?*+\''.includes(level1[y][x]); // a closed door opens at the first step into it
    const KEYS = { '-1,-1': 'y', '0,-1': 'k', '1,-1': 'u', '-1,0': 'h', '1,0': 'l', '-1,1': 'b', '0,1': 'j', '1,1': 'n' };
    const firstStep = (sx, sy) => {
      const prev = new Map([[`${sx},${sy}`, null]]);
      const queue = [[sx, sy]];
      while (queue.length) {
        const [x, y] = queue.shift();
        if (level1[y][x] === '>') {
          let at = `${x},${y}`;
          while (prev.get(at) !== `${sx},${sy}`) at = prev.get(at);
          const [nx, ny] = at.split(',').map(Number);
          return KEYS[`${nx - sx},${ny - sy}`];
        }
        for (const [dx, dy] of [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]]) {
          const k = `${x + dx},${y + dy}`;
          if (!prev.has(k) && walkable(x + dx, y + dy)) { prev.set(k, `${x},${y}`); queue.push([x + dx, y + dy]); }
        }
      }
      return null;
    };
    let presses = 0;
    for (;;) {
      const [x, y, z] = await player();
      assert(z === 0, `left level 1 early (z=${z})`);
      if (level1[y][x] === '>') break;
      assert(!/GAME OVER/.test(await text()), 'the player died on the way');
      const key = firstStep(x, y);
      assert(key, `no path from ${x},${y} to stairs down`);
      await press(key);
      assert(++presses < 1500, 'too many key presses to reach the stairs');
    }
    await page.screenshot({ path: path.join(SHOTS, 'on-stairs-1280x800.png') });
    await press('>');
    const [, , z] = await player();
    assert(z === 1, `player is on level ${z + 1} after ">"`);
    assert(/You walk down the stairs to level 2/.test(norm(await text())), 'descent message not in the log');
    await page.screenshot({ path: path.join(SHOTS, 'descent-1280x800.png') });
  });

  // k) the overview: every level seen, its stairs and where they lead; Escape closes it.
  await check('"M" shows the map of both levels seen, "<" the level above, Escape closes it', async () => {
    needReady();
    await press('M');
    let t = norm(await text());
    assert(/Map of the caves: level 2 \(2 levels seen\)/.test(t), `no overview of level 2 in text(): ${t.slice(0, 120)}`);
    assert(/< to level 1, area 1/.test(t), 'the stairs up are not said to lead to level 1');
    await page.screenshot({ path: path.join(SHOTS, 'overview.png') });
    await press('<');
    t = norm(await text());
    assert(/Map of the caves: level 1/.test(t) && /the way out/.test(t), 'level 1 and its way out are not shown');
    await page.screenshot({ path: path.join(SHOTS, 'overview-level1.png') });
    await press('Escape');
    t = norm(await text());
    assert(!/Map of the caves/.test(t) && /Turn \d+/.test(t), 'Escape did not go back to the map');
  });

  await check('the mouse over the overview moves its cursor, and a click travels there', async () => {
    needReady();
    await press('M');
    const lines = (await text()).split('\n');
    const row = lines.findIndex((l) => l.includes('@'));
    const col = [...lines[row]].indexOf('@');
    let to = null;
    lines.forEach((l, y) => [...l].forEach((ch, x) => {
      const d = Math.max(Math.abs(x - col), Math.abs(y - row));
      if (ch === '·' && d >= 2 && d <= 6 && (!to || d < to.d)) to = { x, y, d };
    }));
    assert(to, 'no known floor near the player on the overview');
    const box = await page.evaluate(() => {
      const r = document.getElementById('game').getBoundingClientRect();
      const [cols, rows] = window.cavesGame.grid();
      return { left: r.left, top: r.top, cw: r.width / cols, ch: r.height / rows };
    });
    const [x, y] = [box.left + (to.x + 0.5) * box.cw, box.top + (to.y + 0.5) * box.ch];
    await page.mouse.move(x, y);
    await settle();
    assert(/Enter goes there/.test(norm(await text())), 'hovering did not describe the place');
    const before = await player();
    await page.mouse.click(x, y);
    await page.waitForFunction(() => !window.cavesGame.animating(), null, { timeout: 20000, polling: 20 });
    const after = await player();
    assert(!/Map of the caves/.test(await text()), 'the click did not go back to play');
    assert(!samePos(before, after), `the player did not move (${fmtPos(before)})`);
  });

  // The page paints only the cells a frame changed, as a few rectangles: after every key of a
  // walk (moves that scroll the view and moves that do not, explore's journeys frame by frame,
  // look mode, the inventory and the map), the canvas must be what a whole repaint makes.
  await check('the canvas painted key by key is the canvas painted whole', async () => {
    needReady();
    const bad = await page.evaluate(async () => {
      const g = window.cavesGame;
      const c = document.getElementById('game');
      const ctx = c.getContext('2d');
      const pixels = () => ctx.getImageData(0, 0, c.width, c.height).data;
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const keys = ['o', 'h', 'h', 'h', 'l', 'l', 'l', 'k', 'k', 'j', 'j', 'y', 'n', 'u', 'b',
        'x', 'l', 'Escape', 'i', 'Escape', 'M', 'Escape', 'o'];
      for (let round = 0; round < 3; round++) {
        for (const k of keys) {
          g.key(k);
          while (g.animating()) await frame();
          const painted = pixels();
          g.repaint_all();
          const whole = pixels();
          for (let i = 0; i < whole.length; i += 4) {
            if (painted[i] !== whole[i] || painted[i + 1] !== whole[i + 1] || painted[i + 2] !== whole[i + 2]) {
              const x = (i / 4) % c.width;
              const y = Math.floor(i / 4 / c.width);
              return `after "${k}" (round ${round + 1}) the pixel at ${x},${y} is not what a whole repaint paints`;
            }
          }
        }
      }
      return null;
    });
    assert(!bad, bad);
  });

  // i) canvas fits and is scaled by whole device pixels at several window sizes.
  for (const [w, h] of [[800, 600], [1280, 800], [2560, 1440]]) {
    await check(`canvas fits a ${w}x${h} window at a whole-pixel scale`, async () => {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150); // resize handlers
      await settle();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, `fit-${w}x${h}.png`) });
      const m = await page.evaluate(() => {
        const c = document.getElementById('game');
        const r = c.getBoundingClientRect();
        return {
          left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
          vw: window.innerWidth, vh: window.innerHeight, dpr: window.devicePixelRatio,
        };
      });
      const eps = 0.01;
      assert(m.width > 0 && m.height > 0, `canvas is ${m.width}x${m.height}`);
      assert(m.left >= -eps && m.top >= -eps && m.right <= m.vw + eps && m.bottom <= m.vh + eps,
        `canvas box (${m.left},${m.top})-(${m.right},${m.bottom}) is outside the ${m.vw}x${m.vh} viewport`);
      const dw = m.width * m.dpr;
      const dh = m.height * m.dpr;
      const whole = (v, unit) => {
        const k = v / unit;
        return k >= 1 - eps && Math.abs(k - Math.round(k)) < eps;
      };
      assert(whole(dw, 640), `canvas is ${dw} device px wide, not a whole multiple of 640 (dpr ${m.dpr})`);
      assert(whole(dh, 400), `canvas is ${dh} device px high, not a whole multiple of 400 (dpr ${m.dpr})`);
    });
  }

  // On a static host (this test server) there is no board: B says so, quietly (no failed
  // request: the page asks board.json, a file of every build), and Escape goes back.
  await check('B on the start screen: "no board here" on a static host, with no failed request', async () => {
    const bc = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const bp = await bc.newPage();
    const boardErrors = [];
    watchErrors(bp, boardErrors, { requests: true });
    const asked = [];
    bp.on('request', (r) => { if (/board\.json|\/api\//.test(r.url())) asked.push(r.url()); });
    await bp.goto(`${base}?seed=${SEED}`);
    await bp.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: READY_MS });
    assert(/Today's board/.test(await bp.evaluate(() => window.cavesGame.text())), 'the start menu has no board line');
    await bp.keyboard.press('B');
    await bp.waitForFunction(() => /no board here/.test((document.querySelector('dialog#board[open]') || {}).textContent || ''), null, { timeout: 5000 });
    await bp.screenshot({ path: path.join(SHOTS, 'board-none-1280x800.png') });
    await bp.keyboard.press('Escape');
    assert(await bp.evaluate(() => !document.querySelector('dialog[open]')), 'Escape did not close the board');
    await bp.keyboard.press('B');
    await bp.waitForFunction(() => /no board here/.test((document.querySelector('dialog#board[open]') || {}).textContent || ''), null, { timeout: 5000 });
    assert(asked.length === 1 && /board\.json/.test(asked[0]), `the page asked ${JSON.stringify(asked)}`);
    assert(boardErrors.length === 0, boardErrors.join(' | '));
    await bc.close();
  });

  // A gamepad (a stub of the Gamepad API, standard mapping) plays: Start begins a run, the
  // d-pad and the stick move, a held direction repeats, and A waits a turn.
  await check('a gamepad starts a run, moves with the d-pad and the stick, and waits with A', async () => {
    const pc = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const pp = await pc.newPage();
    const padErrors = [];
    watchErrors(pp, padErrors, { requests: true });
    await pp.addInitScript(() => {
      const pad = { id: 'stub pad', index: 0, connected: true, mapping: 'standard', timestamp: 0,
        axes: [0, 0, 0, 0], buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })) };
      window.__pad = pad;
      navigator.getGamepads = () => [pad, null, null, null];
    });
    await pp.goto(`${base}?seed=${SEED}`);
    await pp.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: READY_MS });
    const frames = (n) => pp.evaluate((k) => new Promise((r) => {
      const step = (i) => (i ? requestAnimationFrame(() => step(i - 1)) : r());
      step(k);
    }), n);
    const hold = async (what, n) => {
      await pp.evaluate((w) => { const [kind, i, v] = w; if (kind === 'b') window.__pad.buttons[i].pressed = v; else window.__pad.axes[i] = v; }, what);
      await frames(n);
    };
    const at = () => pp.evaluate(() => Array.from(window.cavesGame.player(), Number));
    await hold(['b', 9, true], 2); // Start
    await hold(['b', 9, false], 2);
    const start = await at();
    assert(start.length === 3, `Start did not begin a run: player() is ${JSON.stringify(start)}`);
    // Find a d-pad direction that moves (12 up, 13 down, 14 left, 15 right).
    let moved = null;
    for (const b of [15, 14, 13, 12]) {
      const before = await at();
      await hold(['b', b, true], 2);
      await hold(['b', b, false], 2);
      const after = await at();
      if (after.join() !== before.join()) { moved = { b, before, after }; break; }
    }
    assert(moved, 'no d-pad direction moved the player');
    const turn = () => pp.evaluate(() => window.cavesGame.actions());
    const t0 = await turn();
    await hold(['b', 0, true], 2); // A: wait
    await hold(['b', 0, false], 2);
    assert(await turn() === t0 + 1, 'A did not wait one turn');
    // The stick held toward where the d-pad went back: at least one move, and more while held.
    const back = { 15: [0, -1], 14: [0, 1], 13: [1, -1], 12: [1, 1] }[moved.b];
    const t1 = await turn();
    await hold(['a', back[0], back[1]], 40);
    await hold(['a', back[0], 0], 2);
    const moves = (await turn()) - t1;
    assert(moves >= 2, `the held stick made ${moves} moves in 40 frames`);
    // Over a dialog the pad does not play; B closes the dialog, as Escape does.
    await pp.keyboard.press('s'); // the share dialog
    await pp.waitForSelector('dialog[open]');
    const t2 = await turn();
    await hold(['b', 0, true], 2);
    await hold(['b', 0, false], 2);
    assert(await turn() === t2, 'A played a turn under an open dialog');
    await hold(['b', 1, true], 2);
    await hold(['b', 1, false], 2);
    assert(await pp.evaluate(() => !document.querySelector('dialog[open]')), 'B did not close the dialog');
    assert(padErrors.length === 0, padErrors.join(' | '));
    await pc.close();
  });

  // a) no errors over the whole run.
  await check('no console errors or page errors', async () => {
    if (errors.length) return `${errors.length}: ${errors.slice(0, 5).join(' | ')}`;
  });
}

try {
  await main();
} catch (e) {
  fail('e2e run', e);
}
await finish();
