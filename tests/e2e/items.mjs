// Browser end-to-end test of items and scores (the built page in dist/): walk to the nearest
// item of level 1 (found in the `dump` of the same seed), pick it up, open the inventory and
// use it; then end a run and find its score on the end screen and in the start screen's table
// of best runs.
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
const walkable = (x, y) => y >= 0 && y < level1.length && x >= 0 && x < level1[y].length && '.<>fr!)[?*'.includes(level1[y][x]);

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

  await check('walk to an item, pick it up, open the inventory and use it', async () => {
    await key('Enter');
    const isItem = (x, y) => '!)[?'.includes(level1[y][x]);
    let item = null;
    for (let presses = 0; presses < 1500; presses++) {
      const [x, y, z] = await player();
      assert(z === 0, 'left level 1');
      assert(!/GAME OVER/.test(await text()), 'died on the way');
      if (isItem(x, y)) { item = level1[y][x]; break; }
      const k = firstStep(x, y, isItem);
      assert(k, `no path to an item from ${x},${y}`);
      await key(k);
    }
    assert(item, 'never reached an item');
    await key('g');
    assert(/You pick up/.test(norm(await text())), 'no pick-up message');
    await key('i');
    const inv = norm(await text());
    assert(/Inventory/.test(inv) && /a\)/.test(inv), 'the inventory does not list the item');
    await page.screenshot({ path: path.join(SHOTS, 'inventory-1280x800.png') });
    await key('a');
    const after = norm(await text());
    assert(!/Inventory/.test(after), 'the inventory did not close');
    assert(/You (drink|read|wield|wear|feel)/.test(after), `using ${item} said nothing: ${after.slice(-300)}`);
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
