// Browser end-to-end test of playing anywhere (the built page in dist/): on a 390 x 844 touch
// phone (devicePixelRatio 3) a tap starts the game, the layout is readable (cells at least 9
// CSS pixels, whole device pixels, status and log on screen), a tap travels along a path, a
// long press describes a cell, the page never scrolls, and the live region receives the log.
// On a desktop a mouse click travels and hovering previews the path. Last, a whole run is
// played to its end on the phone by taps alone, and a tap starts the next one.
//
// Prints `ok - name` / `not ok - name: reason` per check and `touch: N passed, M failed`;
// exits 1 if any check failed. Screenshots go to target/e2e/.

import path from 'node:path';
import { assert, norm, openGame as open, SHOTS, suite } from './harness.mjs';

// The whole run played by taps takes minutes on a loaded 2-core machine: a limit with room.
const { check, fail, serve, done } = suite('touch', { limitMs: 420000 });
// The page seed of the run played to its end by taps.
const RUN_SEED = 3;
// The page seed of the taps and clicks that travel: its start is quiet (no creature in view).
const SEED = 1;
const { base, browser } = await serve();

const text = (p) => p.evaluate(() => window.cavesGame.text());
const player = (p) => p.evaluate(() => Array.from(window.cavesGame.player(), Number));
const frames = (p, n = 2) => p.evaluate((n) => new Promise((r) => {
  const go = (k) => (k ? requestAnimationFrame(() => go(k - 1)) : r());
  go(n);
}), n);

// The canvas box and the size of one grid cell in CSS pixels.
async function geometry(p) {
  return p.evaluate(() => {
    const c = document.getElementById('game');
    const r = c.getBoundingClientRect();
    const [cols, rows] = window.cavesGame.grid();
    return { left: r.left, top: r.top, width: r.width, height: r.height, cols, rows, cw: r.width / cols, ch: r.height / rows, dpr: devicePixelRatio, vw: innerWidth, vh: innerHeight };
  });
}

// A remembered floor cell ('·') of the map at least `min` cells from the '@', by text.
function floorAway(t, min) {
  const lines = t.split('\n');
  const row = lines.findIndex((l) => l.includes('@'));
  const col = [...lines[row]].indexOf('@');
  let best = null;
  lines.forEach((l, y) => [...l].forEach((ch, x) => {
    const d = Math.max(Math.abs(x - col), Math.abs(y - row));
    if (ch === '·' && d >= min && d <= min + 4 && (!best || d < best.d)) best = { x, y, d };
  }));
  return { at: [col, row], to: best };
}

try {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true,
  });
  const p = await open(phone, `${base}?seed=${SEED}`);

  await check('the phone start screen says tap, and a tap starts the game', async () => {
    const t = norm(await text(p));
    assert(/Tap a line/i.test(t) && !/Press any key/.test(t), 'the start screen does not say tap');
    await p.screenshot({ path: path.join(SHOTS, 'phone-start-390x844.png') });
    const g = await geometry(p);
    await p.touchscreen.tap(g.left + g.width / 2, g.top + g.height * 0.3);
    await frames(p);
    assert(/Turn 0/.test(await text(p)), 'a tap did not start play');
  });

  await check('phone layout: cells of at least 9 CSS px at whole device pixels, all on screen', async () => {
    const g = await geometry(p);
    assert(g.cw >= 9 && g.ch >= 9, `cells are ${g.cw.toFixed(2)} x ${g.ch.toFixed(2)} CSS px`);
    const k = (g.cw * g.dpr) / 8;
    assert(Math.abs(k - Math.round(k)) < 0.01, `${k} device px per font px is not whole`);
    assert(g.left >= -0.01 && g.top >= -0.01 && g.left + g.width <= g.vw + 0.01 && g.top + g.height <= g.vh + 0.01, 'the canvas does not fit the screen');
    const lines = (await text(p)).split('\n');
    assert(lines.length === g.rows && [...lines[0]].length === g.cols, `text() is ${lines.length} x ${[...lines[0]].length}, the grid ${g.rows} x ${g.cols}`);
    const t = await text(p);
    assert(/HP \d+\/\d+/.test(t) && /Turn \d+/.test(t) && /Level 1/.test(t), 'status (HP, Turn, Level) not on screen');
    assert(/Log/.test(t) && /You climb down/.test(norm(t)), 'the log is not on screen');
    assert(t.includes('@'), 'the map is not on screen');
    const cut = await p.evaluate(() => [...document.querySelectorAll('#tools button')]
      .filter((b) => { const r = b.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight; })
      .map((b) => b.textContent));
    assert(cut.length === 0, `toolbar buttons cut off at the screen's edge: ${cut.join(', ')}`);
    await p.screenshot({ path: path.join(SHOTS, 'phone-play-390x844.png') });
  });

  await check('a tap on a floor cell some steps away walks there along a path', async () => {
    const before = await player(p);
    const { to } = floorAway(await text(p), 3);
    assert(to, 'no known floor cell 3+ steps away on screen');
    const g = await geometry(p);
    await p.touchscreen.tap(g.left + (to.x + 0.5) * g.cw, g.top + (to.y + 0.5) * g.ch);
    await p.waitForTimeout(900);
    const after = await player(p);
    const moved = Math.max(Math.abs(after[0] - before[0]), Math.abs(after[1] - before[1]));
    assert(moved >= 2, `the player moved ${moved} cells (${before} -> ${after})`);
  });

  await check('the live region receives new log lines', async () => {
    const n0 = await p.evaluate(() => document.getElementById('said').childElementCount);
    await p.evaluate(() => window.cavesGame.key('.'));
    const lines = await p.evaluate(() => [...document.getElementById('said').children].map((e) => e.textContent));
    assert(lines.length > n0 && lines[lines.length - 1] === 'You wait.', `live region: ${JSON.stringify(lines.slice(-3))}`);
    const live = await p.evaluate(() => document.getElementById('said').getAttribute('aria-live'));
    assert(live === 'polite', `aria-live is ${live}`);
  });

  await check('a long press describes the cell under the finger', async () => {
    const t = await text(p);
    const lines = t.split('\n');
    const row = lines.findIndex((l) => l.includes('@'));
    const col = [...lines[row]].indexOf('@');
    const g = await geometry(p);
    const x = (col + 0.5) * g.cw;
    const y = (row + 0.5) * g.ch;
    await p.evaluate(({ x, y }) => new Promise((r) => {
      const c = document.getElementById('game');
      const r0 = c.getBoundingClientRect();
      const opts = { bubbles: true, pointerType: 'touch', isPrimary: true, button: 0, clientX: r0.left + x, clientY: r0.top + y };
      c.dispatchEvent(new PointerEvent('pointerdown', opts));
      setTimeout(() => { c.dispatchEvent(new PointerEvent('pointerup', opts)); r(); }, 650);
    }), { x, y });
    await frames(p);
    const shown = norm(await text(p));
    // The whole description, in the panel over the map (the status bar has room for a line).
    assert(/Looking at you A treasure hunter with a torch\./.test(shown), `the screen does not describe the player: ${shown.slice(0, 200)}`);
    const said = await p.evaluate(() => document.getElementById('said').lastElementChild.textContent);
    assert(/treasure hunter/.test(said), `not announced: ${said}`);
  });

  await check('the page does not scroll or zoom under the game', async () => {
    const g = await geometry(p);
    for (let i = 0; i < 3; i++) {
      await p.touchscreen.tap(g.left + g.width / 2, g.top + g.height - 5);
    }
    const m = await p.evaluate(() => ({ y: scrollY, x: scrollX, scale: visualViewport ? visualViewport.scale : 1,
      touch: getComputedStyle(document.getElementById('game')).touchAction,
      over: getComputedStyle(document.documentElement).overscrollBehaviorY,
      zoomable: !/user-scalable=no|maximum-scale=1/.test(document.querySelector('meta[name=viewport]').content) }));
    assert(m.x === 0 && m.y === 0 && m.scale === 1, `scrolled to ${m.x},${m.y} at scale ${m.scale}`);
    assert(m.touch === 'none', `canvas touch-action is ${m.touch}`);
    assert(m.over === 'none', `overscroll-behavior is ${m.over}`);
    assert(m.zoomable, 'the viewport forbids pinch zoom');
  });

  await check('the pad is offered, plays, and is remembered', async () => {
    await p.click('[data-tool="pad"]');
    await frames(p);
    const before = await player(p);
    const turn0 = /Turn (\d+)/.exec(await text(p))[1];
    await p.click('#pad [data-key="."]');
    const turn1 = /Turn (\d+)/.exec(await text(p))[1];
    assert(Number(turn1) === Number(turn0) + 1, `the pad's wait did not take a turn (${turn0} -> ${turn1}, at ${before})`);
    const g = await geometry(p);
    assert(g.top + g.height <= g.vh, 'with the pad the canvas no longer fits');
    // Fire holds the torch out and asks for a cell beside the player; Menu lowers it.
    await p.click('#pad [data-key="f"]');
    assert(/Set alight: tap a cell beside you/.test(norm(await text(p))), `Fire did not ask for a cell: ${norm(await text(p)).slice(-160)}`);
    await p.click('#pad [data-key="Escape"]');
    assert(/You lower the torch/.test(norm(await text(p))), 'Menu did not lower the torch');
    await p.screenshot({ path: path.join(SHOTS, 'phone-pad-390x844.png') });
    await p.reload({ waitUntil: 'load' });
    await p.waitForFunction(() => document.body.dataset.state === 'ready');
    assert(await p.evaluate(() => !document.getElementById('pad').hidden), 'the pad choice was not remembered');
  });

  await check("the pad's Map button shows the overview, and a tap on it travels there", async () => {
    if (!/Turn \d+/.test(await text(p))) {
      // After the reload above: a tap continues the run.
      const s = await geometry(p);
      await p.touchscreen.tap(s.left + s.width / 2, s.top + s.height * 0.3);
      await frames(p);
    }
    await p.click('#pad [data-key="Map"]');
    await frames(p);
    const t = await text(p);
    assert(/Map: level 1/.test(t), `no overview in text(): ${norm(t).slice(0, 120)}`);
    await p.screenshot({ path: path.join(SHOTS, 'overview-phone.png') });
    const before = await player(p);
    const { to } = floorAway(t, 2);
    assert(to, 'no known floor two or more blocks from the player on the overview');
    const g = await geometry(p);
    await p.touchscreen.tap(g.left + (to.x + 0.5) * g.cw, g.top + (to.y + 0.5) * g.ch);
    await p.waitForFunction(() => !window.cavesGame.animating(), null, { timeout: 20000, polling: 20 });
    const after = await player(p);
    assert(/Turn \d+/.test(await text(p)) && !/Map: level/.test(await text(p)), 'the tap did not go back to play');
    const moved = Math.max(Math.abs(after[0] - before[0]), Math.abs(after[1] - before[1]));
    assert(moved >= 2, `the player moved ${moved} cells (${before} -> ${after})`);
  });
  await check("the pad's Explore stops saying why, and a tap on the log goes on with it", async () => {
    const turn = async () => Number(/Turn (\d+)/.exec(await text(p))[1]);
    const settle = () => p.waitForFunction(() => !window.cavesGame.animating(), null, { timeout: 20000, polling: 20 });
    let t = '';
    for (let i = 0; i < 30 && !/Tap here to/.test(t); i++) {
      await p.click('#pad [data-key="o"]');
      await settle();
      t = norm(await text(p));
    }
    assert(/(Travel stops: .+\. Tap here to go on\.|Tap here to explore on)/.test(t), `no stop that says why and how to go on: ${t.slice(-200)}`);
    assert(!/something happens/.test(t), 'a stop without its cause');
    await frames(p);
    await p.screenshot({ path: path.join(SHOTS, 'phone-stop-390x844.png') });
    const before = await turn();
    // The log's box is the screen's last rows: a tap on its bottom line.
    const g = await geometry(p);
    await p.touchscreen.tap(g.left + g.width / 2, g.top + g.height - g.ch * 1.5);
    await settle();
    assert((await turn()) > before, `the tap on the log took no step (turn ${before})`);
  });

  await check('phone: tap targets are at least 44 CSS px with their labels inside, and the status line keeps the torch with larger glyphs', async () => {
    const small = await p.evaluate(() => [...document.querySelectorAll('#tools button, #pad button')]
      .filter((b) => b.offsetParent !== null)
      .map((b) => { const r = b.getBoundingClientRect(); return { name: b.textContent, w: r.width, h: r.height }; })
      .filter((b) => b.w < 44 || b.h < 44));
    assert(small.length === 0, `small tap targets: ${JSON.stringify(small)}`);
    const spilt = await p.evaluate(() => [...document.querySelectorAll('#tools button, #pad button')]
      .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth)
      .map((b) => b.textContent));
    assert(spilt.length === 0, `labels wider than their buttons: ${JSON.stringify(spilt)}`);
    for (const larger of [false, true]) {
      if (larger) await p.click('[data-tool="Z"]');
      await frames(p);
      const top = (await text(p)).split('\n')[0];
      assert(/HP \d+\/\d+ Torch \d+/.test(top), `larger ${larger}: the status line is ${JSON.stringify(top)}`);
    }
    await p.screenshot({ path: path.join(SHOTS, 'phone-status-larger-390x844.png') });
    await p.click('[data-tool="Z"]');
    await frames(p);
  });

  await check('phone: the start menu labels sit in the middle of their tap bars', async () => {
    // With the pad closed: with it open the screen is short, and the bars get lower to keep
    // the title and the introduction in sight.
    const first = await open(phone, `${base}?seed=${SEED}`);
    await first.evaluate(() => localStorage.setItem('caves.pad', '0'));
    await first.close();
    const s = await open(phone, `${base}?seed=${SEED}`);
    const g = await geometry(s);
    const lines = (await text(s)).split('\n');
    const row = lines.findIndex((l) => /New run/.test(l));
    assert(row > 0, 'no "New run" line');
    // The bar's colour on the rows above and below the label, at the bar's left end.
    const shot = await s.screenshot({ clip: { x: g.left, y: g.top, width: g.width, height: g.height } });
    await s.screenshot({ path: path.join(SHOTS, 'phone-start-bars-390x844.png') });
    const px = await s.evaluate(({ row, cw, ch }) => {
      const c = document.getElementById('game');
      const ctx = c.getContext('2d');
      const k = c.width / c.getBoundingClientRect().width;
      const at = (r) => Array.from(ctx.getImageData(Math.floor(3.5 * cw * k), Math.floor((r + 0.5) * ch * k), 1, 1).data.slice(0, 3));
      return [at(row - 1), at(row), at(row + 1), at(row - 2)];
    }, { row, cw: g.cw, ch: g.ch });
    assert(shot.length > 0, 'no screenshot');
    const same = (a, b) => a.every((v, i) => v === b[i]);
    assert(same(px[0], px[1]) && same(px[1], px[2]), `the bar is not on the rows around its label: ${JSON.stringify(px)}`);
    assert(!same(px[3], px[1]), `the bar reaches two rows above its label: ${JSON.stringify(px)}`);
    await s.close();
  });
  assert(p.errors.length === 0, p.errors.join(' | '));
  await phone.close();

  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const d = await open(desk, `${base}?seed=${SEED}`);
  await check('desktop: hovering previews the path and a mouse click travels', async () => {
    await d.keyboard.press('Enter');
    const before = await player(d);
    const { to } = floorAway(await text(d), 3);
    assert(to, 'no floor cell 3+ steps away');
    const g = await geometry(d);
    const x = g.left + (to.x + 0.5) * g.cw;
    const y = g.top + (to.y + 0.5) * g.ch;
    await d.mouse.move(x, y);
    await frames(d);
    await d.screenshot({ path: path.join(SHOTS, 'desktop-path-1280x800.png') });
    await d.mouse.click(x, y);
    await d.waitForTimeout(900);
    const after = await player(d);
    const moved = Math.max(Math.abs(after[0] - before[0]), Math.abs(after[1] - before[1]));
    assert(moved >= 2, `a click moved the player ${moved} cells`);
  });

  await check('desktop: the look text of a creature stays inside the sidebar', async () => {
    // Explore until a creature is in view, then point at it.
    let creature = null;
    for (let i = 0; i < 40 && !creature; i++) {
      const lines = (await text(d)).split('\n');
      lines.forEach((l, y) => [...l].forEach((ch, x) => {
        if (x >= 18 && y < lines.length - 8 && /[a-zA-Z]/.test(ch) && !creature) creature = { x, y };
      }));
      if (!creature) {
        await d.keyboard.press('o');
        await d.waitForFunction(() => !window.cavesGame.animating(), null, { timeout: 20000, polling: 20 });
      }
    }
    assert(creature, 'no creature came into view');
    const g = await geometry(d);
    await d.mouse.move(g.left + (creature.x + 0.5) * g.cw, g.top + (creature.y + 0.5) * g.ch);
    await frames(d);
    const name = await d.evaluate(() => window.cavesGame.look_text());
    const lines = (await text(d)).split('\n');
    const looking = lines.findIndex((l) => /Looking at/.test(l));
    assert(looking > 0, `no look panel (${name})`);
    await d.screenshot({ path: path.join(SHOTS, 'desktop-look-1280x800.png') });
    const crossed = lines.slice(2, -1).filter((l) => [...l][17] !== '│');
    assert(crossed.length === 0, `the sidebar's border is written over: ${JSON.stringify(crossed[0])} (${name})`);
    await d.mouse.move(1, 1);
  });

  await check('desktop: Tab leaves the game, focus is visible, AltGr keys reach it', async () => {
    await d.focus('#game');
    await d.keyboard.press('Tab');
    const active = await d.evaluate(() => document.activeElement && document.activeElement.id);
    assert(active !== 'game', 'Tab did not leave the canvas');
    await d.keyboard.press('Shift+Tab');
    const ring = await d.evaluate(() => {
      const c = document.getElementById('game');
      return { focused: document.activeElement === c, visible: c.matches(':focus-visible'), outline: getComputedStyle(c).outlineStyle };
    });
    assert(ring.focused && ring.visible && ring.outline === 'solid', `keyboard focus on the game is not shown: ${JSON.stringify(ring)}`);
    await d.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: '>', ctrlKey: true, altKey: true, bubbles: true })));
    assert(/not on stairs down|walk down/.test(norm(await text(d))), 'an AltGr ">" did not reach the game');
  });

  await check('the colour-safe palette and larger glyphs switch and are remembered', async () => {
    const g0 = await geometry(d);
    await d.keyboard.press('Z');
    await frames(d);
    const g1 = await geometry(d);
    assert(g1.cw > g0.cw && g1.cols < g0.cols, `larger glyphs: cells ${g0.cw} -> ${g1.cw}, cols ${g0.cols} -> ${g1.cols}`);
    await d.keyboard.press('c');
    const prefs = await d.evaluate(() => localStorage.getItem('caves.prefs'));
    assert(/palette=safe/.test(prefs) && /larger/.test(prefs), `remembered ${prefs}`);
    await d.screenshot({ path: path.join(SHOTS, 'desktop-larger-safe-1280x800.png') });
    await d.reload({ waitUntil: 'load' });
    await d.waitForFunction(() => document.body.dataset.state === 'ready');
    const g2 = await geometry(d);
    assert(g2.cols === g1.cols, 'larger glyphs were not kept after a reload');
    await d.keyboard.press('Z');
    await d.keyboard.press('c');
  });
  assert(d.errors.length === 0, d.errors.join(' | '));
  await desk.close();

  // A 390x844 touch phone on a run of RUN_SEED, and a tap on a cell of its screen.
  const phoneRun = async () => {
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true,
    });
    const q = await open(ctx, `${base}?seed=${RUN_SEED}`);
    const tapCell = async (x, y) => {
      const g = await geometry(q);
      await q.touchscreen.tap(g.left + (x + 0.5) * g.cw, g.top + (y + 0.5) * g.ch);
    };
    return { ctx, q, tapCell };
  };

  await check('on a phone the end screen has a bar that watches the run again', async () => {
    const { ctx, q, tapCell } = await phoneRun();
    const find = async (what) => {
      const rows = (await text(q)).split('\n');
      const y = rows.findIndex((r) => r.includes(what));
      return [y < 0 ? -1 : [...rows[y]].indexOf(what), y];
    };
    await tapCell(10, 30);
    await frames(q);
    // Two taps on the player at the way out leave the caves: the run ends at once.
    const [px, py] = await find('@');
    await tapCell(px, py);
    await frames(q);
    await tapCell(px, py);
    await frames(q);
    const [bx, by] = await find('Watch the replay');
    assert(by >= 0, `no replay bar on the end screen: ${(await text(q)).slice(0, 400)}`);
    await q.screenshot({ path: path.join(SHOTS, 'phone-end-bar-390x844.png') });
    await tapCell(bx + 3, by);
    await frames(q);
    assert(/Replay \d+\/\d+/.test(await text(q)), `a tap on the bar did not watch the run: ${(await text(q)).slice(0, 300)}`);
    assert(q.errors.length === 0, q.errors.join(' | '));
    await ctx.close();
  });

  await check('taps alone play a run to its end and start the next one', async () => {
    const { ctx, q, tapCell } = await phoneRun();
    const settled = () => q.waitForFunction(() => !window.cavesGame.animating(), null, { timeout: 20000, polling: 20 });
    const actions = () => q.evaluate(() => window.cavesGame.actions());
    await tapCell(10, 30);
    await frames(q);
    if (await q.evaluate(() => document.getElementById('pad').hidden)) await q.locator('[data-tool="pad"]').tap();
    const button = (key) => q.locator(`#pad [data-key="${key}"]`).tap();
    // A simple player of taps: fight what stands next to it, else follow the stairs button
    // (it walks to the nearest known stairs on the run's way, down or, with the idol, up,
    // then takes them), else explore, else wait.
    let taps = 0;
    let ended = '';
    for (; taps < 3000 && !ended; taps++) {
      const lines = (await text(q)).split('\n').map((l) => [...l]);
      ended = /GAME OVER|YOU WIN/.exec(lines.map((l) => l.join('')).join('\n'))?.[0] || '';
      if (ended) break;
      const row = lines.findIndex((l) => l.includes('@'));
      const col = row < 0 ? -1 : lines[row].indexOf('@');
      let foe = null;
      for (let dy = -1; dy <= 1 && row >= 0; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (/[A-Za-z]/.test(lines[row + dy]?.[col + dx] || '')) foe = [col + dx, row + dy];
        }
      }
      const n = await actions();
      if (foe) await tapCell(...foe);
      if (!foe || (await actions()) === n) {
        for (const key of ['Stairs', 'o', '.']) {
          await button(key);
          await settled();
          if ((await actions()) !== n) break;
        }
      }
      await settled();
    }
    await q.screenshot({ path: path.join(SHOTS, 'phone-end-390x844.png') });
    assert(ended, `the run had not ended after ${taps} taps`);
    const seed = await q.evaluate(() => String(window.cavesGame.seed()));
    // A tap off the replay's bar (here on the title) starts the next run.
    const title = (await text(q)).split('\n').findIndex((r) => /GAME OVER|YOU WIN/.test(r));
    await tapCell(10, title);
    await frames(q);
    const t = await text(q);
    const next = await q.evaluate(() => String(window.cavesGame.seed()));
    assert(/Turn 0/.test(t) && next !== seed, `a tap on the end screen did not start a new run (${seed} -> ${next})`);
    assert(q.errors.length === 0, q.errors.join(' | '));
    await ctx.close();
  });
} catch (e) {
  fail('touch run', e);
}
await done();
