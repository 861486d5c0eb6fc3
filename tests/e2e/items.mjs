// Browser end-to-end test of items, the torch and scores (the built page in dist/): walk to
// the nearest potion of level 1 (found in the `dump` of the same seed), pick it up, see it by
// its look in the inventory, drink it and see it identified there; pick up another item and
// throw it by keys; douse and relight the torch; on a 390x844 touch phone, douse by the pad
// and throw by taps; then end a run and find its score on the end screen and in the start
// screen's table of best runs.
//
// Prints `ok - name` / `not ok - name: reason` per check and `items: N passed, M failed`;
// exits 1 if any check failed. Screenshots go to target/e2e/.

import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { assert, norm, ROOT, SHOTS, suite, watchErrors } from './harness.mjs';

const SEED = 42;
const { check, fail, serve, done } = suite('items');
const { base, browser } = await serve();

// Level 1 of the seed's world, with its items, from the dump.
const dump = execFileSync('cargo', ['run', '--quiet', '--example', 'dump', '--', '--seed', String(SEED)],
  { cwd: ROOT, encoding: 'utf8' });
const level1 = dump.split('\n').slice(1, 61);
const KEYS = { '-1,-1': 'y', '0,-1': 'k', '1,-1': 'u', '-1,0': 'h', '1,0': 'l', '-1,1': 'b', '0,1': 'j', '1,1': 'n' };
const walkable = (x, y) => y >= 0 && y < level1.length && x >= 0 && x < level1[y].length && '.<>frq!)[?*%+\''.includes(level1[y][x]); // a closed door opens at the first step into it

// The first step of a shortest path from (sx, sy) to the nearest cell `goal` accepts.
function firstStep(sx, sy, goal) {
  const prev = new Map([[`${sx},${sy}`, null]]);
  const queue = [[sx, sy]];
  while (queue.length) {
    const [x, y] = queue.shift();
    if (goal(x, y) && (x !== sx || y !== sy)) {
      let at = `${x},${y}`;
      while (prev.get(at) !== `${sx},${sy}`) at = prev.get(at);
      const [nx, ny] = at.split(',').map(Number);
      return KEYS[`${nx - sx},${ny - sy}`];
    }
    for (const [dx, dy] of Object.keys(KEYS).map((k) => k.split(',').map(Number))) {
      const k = `${x + dx},${y + dy}`;
      if (!prev.has(k) && walkable(x + dx, y + dy)) { prev.set(k, `${x},${y}`); queue.push([x + dx, y + dy]); }
    }
  }
  return null;
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(`${base}?seed=${SEED}`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
  const text = () => page.evaluate(() => window.cavesGame.text());
  const player = () => page.evaluate(() => Array.from(window.cavesGame.player(), Number));
  const key = (k) => page.evaluate((k) => window.cavesGame.key(k), k);

  // Walks (by keys) to the nearest cell of level 1 whose dump character is in `chars`; answers
  // that character.
  // Cells whose item was taken (the dump still shows it) are not walked to again.
  const taken = new Set();
  const wanted = (chars) => (gx, gy) => chars.includes(level1[gy][gx]) && !taken.has(`${gx},${gy}`);
  const walkTo = async (chars, keyFn = key, at = player) => {
    for (let presses = 0; presses < 1500; presses++) {
      const [x, y, z] = await at();
      assert(z === 0, 'left level 1');
      if (wanted(chars)(x, y)) {
        taken.add(`${x},${y}`);
        return level1[y][x];
      }
      const k = firstStep(x, y, wanted(chars));
      assert(k, `no path to one of ${chars} from ${x},${y}`);
      await keyFn(k);
    }
    throw new Error(`never reached one of ${chars}`);
  };

  await check('a potion shows by its look until drunk, then the inventory names it', async () => {
    await key('Enter');
    await walkTo('!');
    await key('g');
    const picked = /You pick up an? ([a-z]+ potion)/.exec(norm(await text()));
    assert(picked, 'no pick-up of an unknown potion');
    const look = picked[1];
    await key('i');
    const inv = norm(await text());
    assert(/Inventory/.test(inv) && /a\) ! [a-z]+ potion/.test(inv), 'the inventory does not list the potion by its look');
    assert(!/potion of/.test(inv), 'the potion is named before it is known');
    await page.screenshot({ path: path.join(SHOTS, 'inventory-unknown-1280x800.png') });
    await key('Escape');
    await key('q');
    await key('a');
    const after = norm(await text());
    assert(/You quaff the [a-z]+ potion/.test(after) && /It was a potion of/.test(after), `drinking said: ${after.slice(-300)}`);
    await key('Escape'); // finishes any moment on screen
    await key('i');
    const known = norm(await text());
    assert(/Identified/.test(known) && known.includes(`${look}: `), `the inventory does not list what was identified: ${known}`);
    await page.screenshot({ path: path.join(SHOTS, 'inventory-identified-1280x800.png') });
    await key('Escape');
  });

  await check('an item is thrown by keys: t, its letter, aim, Enter', async () => {
    await walkTo('!)[?%');
    await key('g');
    assert(/You pick up/.test(norm(await text())), 'no pick-up message');
    await key('t');
    assert(/Throw which item/.test(norm(await text())), 't does not ask what to throw');
    await key('a');
    assert(/Aim:/.test(norm(await text())), 'no aiming line');
    await key('l');
    await page.screenshot({ path: path.join(SHOTS, 'aim-1280x800.png') });
    await key('Enter');
    assert(/You throw the/.test(norm(await text())), 'Enter did not throw');
  });

  await check('T douses the torch and relights it', async () => {
    await key('T');
    let t = norm(await text());
    assert(/You douse your torch/.test(t) && /Torch doused/.test(t), 'T did not douse the torch');
    await page.screenshot({ path: path.join(SHOTS, 'doused-1280x800.png') });
    await key('T');
    t = norm(await text());
    assert(/You relight your torch/.test(t) && !/Torch doused/.test(t), 'T did not relight the torch');
  });

  await check('on a touch phone the pad douses the torch and taps throw', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const q = await phone.newPage();
    watchErrors(q, errors);
    await q.goto(`${base}?seed=${SEED}`, { waitUntil: 'load' });
    await q.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
    const qtext = () => q.evaluate(() => window.cavesGame.text());
    const qkey = (k) => q.evaluate((k) => window.cavesGame.key(k), k);
    const qplayer = () => q.evaluate(() => Array.from(window.cavesGame.player(), Number));
    await qkey('Enter');
    if (await q.evaluate(() => document.getElementById('pad').hidden)) await q.locator('[data-tool="pad"]').tap();
    await q.locator('#pad [data-key="T"]').tap();
    assert(/Doused/.test(norm(await qtext())), 'the Torch button did not douse');
    await q.locator('#pad [data-key="T"]').tap();
    await walkTo('!)[?%', qkey, qplayer);
    await qkey('g');
    await q.locator('#pad [data-key="t"]').tap();
    const g = await q.evaluate(() => {
      const r = document.getElementById('game').getBoundingClientRect();
      const [cols, rows] = window.cavesGame.grid();
      return { left: r.left, top: r.top, cw: r.width / cols, ch: r.height / rows };
    });
    const tapCell = (x, y) => q.touchscreen.tap(g.left + (x + 0.5) * g.cw, g.top + (y + 0.5) * g.ch);
    let lines = (await qtext()).split('\n');
    const row = lines.findIndex((l) => /a\) /.test(l));
    assert(row >= 0, 'the Throw button did not open the inventory');
    await tapCell([...lines[row]].findIndex((c, i, a) => c === 'a' && a[i + 1] === ')'), row);
    assert(/Aim: tap/.test(norm(await qtext())), 'no aiming line after tapping the item');
    lines = (await qtext()).split('\n');
    const me = lines.findIndex((l) => l.includes('@'));
    const col = [...lines[me]].indexOf('@');
    const cells = [[2, 0], [-2, 0], [0, 2], [0, -2], [2, 2], [-2, -2], [2, -2], [-2, 2]];
    const [dx, dy] = cells.find(([dx, dy]) => (lines[me + dy] || '')[col + dx] === '·') || [2, 0];
    const before = await q.evaluate(() => window.cavesGame.actions());
    await tapCell(col + dx, me + dy);
    // The phone's log is three lines: what follows a throw may push its words out, so the
    // record tells: one more action, and the pack is empty again.
    const thrown = norm(await qtext());
    assert(await q.evaluate(() => window.cavesGame.actions()) === before + 1 && !/Aim:/.test(thrown),
      `a tap at ${dx},${dy} did not throw: ${thrown}`);
    await qkey('i');
    assert(/You carry nothing/.test(norm(await qtext())), 'the thrown thing is still carried');
    await qkey('Escape');
    await q.screenshot({ path: path.join(SHOTS, 'throw-390x844.png') });
    await phone.close();
  });

  await check('the end screen shows the score, and the start screen the best runs', async () => {
    // Walk back to the way out and leave: the run ends (lost, without the idol).
    for (let presses = 0; presses < 1500; presses++) {
      const [x, y] = await player();
      if (level1[y][x] === '<') break;
      const k = firstStep(x, y, (gx, gy) => level1[gy][gx] === '<');
      assert(k, 'no path back to the way out');
      await key(k);
    }
    // The first '<' asks whether to leave without the idol; the second leaves.
    await key('<');
    assert(/Leave without the idol/.test(norm(await text())), 'no question before leaving');
    await key('<');
    const end = norm(await text());
    assert(/GAME OVER/.test(end) && /Score \d+/.test(end) && /Kills/.test(end), 'no summary with a score');
    await page.screenshot({ path: path.join(SHOTS, 'end-1280x800.png') });
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
    const start = norm(await text());
    assert(/Best runs/.test(start) && /lost/.test(start), 'no table of best runs on the start screen');
    await key('5');
    assert(/Action \d+ of \d+/.test(norm(await text())), '5 did not replay the best run');
  });
  await check('no console errors', () => assert(errors.length === 0, errors.join(' | ')));
  await context.close();
} catch (e) {
  fail('items run', e);
}
await done();
