// Browser end-to-end test of the daily board in the page: the board server serves the built
// page (--dist) and its API on 127.0.0.1, with a fresh SQLite file. A daily run is played to
// its end (leaving by the stair where it starts), posted with a name typed once, shown on the
// board with its rank, and watched again from the board; a run posted while the board cannot
// be reached is queued and sent on the next visit. Desktop keys and a 390x844 touch phone.
//
//   node tests/e2e/board.mjs     # after trunk build --release and cargo build --release -p caves-server

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, DIST, SHOTS, suite } from './harness.mjs';
import { launchChromium } from './serve.mjs';
import { startBoard, getJson } from '../board/serve.mjs';

const { check, notOk, hold, done } = suite('board', { limitMs: 180000 });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-board-e2e-'));

async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: 30000 });
}
const text = (page) => page.evaluate(() => norm0(window.cavesGame.text())).catch(() => '');

try {
  const board = await startBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${tmp}/board.db`, '--dist', DIST]);
  hold({ close: (done) => { board.stop().then(done); } });
  const browser = hold(await launchChromium());
  const base = board.base;
  const errors = [];

  const open = async (context, url) => {
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(() => { window.norm0 = (t) => t.replace(/[\u2500-\u257f]/g, ' ').replace(/\s+/g, ' '); });
    await page.goto(url);
    await ready(page);
    return page;
  };
  // Plays a daily run to its end: a new run, then out by the stair it starts on (asked twice).
  const playToEnd = async (page, keys) => {
    for (const k of keys) await page.keyboard.press(k);
    await page.waitForFunction(() => /GAME OVER|YOU WIN/.test(window.cavesGame.text()), null, { timeout: 10000 });
  };

  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let posted = null;
  await check('desktop: a finished daily run is posted with a name typed once, and the board ranks it', async () => {
    const page = await open(desk, `${base}?daily`);
    await playToEnd(page, ['n', '<', '<']);
    const end = await text(page);
    assert(/P post to today's board/.test(end), `the end screen does not offer to post: ${end.slice(0, 300)}`);
    await page.keyboard.press('P');
    await page.waitForSelector('dialog#board-name[open] input');
    await page.keyboard.type('Ada <b>');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('dialog#board[open] tbody tr'), null, { timeout: 15000 });
    const status = await page.textContent('dialog#board p[role=status]');
    assert(/rank 1/.test(status), `the board does not say the rank: ${status}`);
    const row = await page.textContent('dialog#board tbody tr');
    assert(row.includes('Ada <b>') && row.includes('lost'), `the board row: ${row}`);
    assert(await page.evaluate(() => !!document.querySelector('dialog#board tr.mine')), 'the own entry is not marked');
    await page.screenshot({ path: path.join(SHOTS, 'board-1280x800.png') });
    const today = (await getJson(base, 'api/health')).body.today;
    const api = await getJson(base, `api/daily/${today}`);
    assert(api.body.entries.length === 1 && api.body.entries[0].name === 'Ada <b>', JSON.stringify(api.body));
    posted = api.body.entries[0];
    assert(await page.evaluate(() => localStorage.getItem('caves.board.name')) === 'Ada <b>', 'the name is not remembered');
    // Watch it from the board.
    await page.click('dialog#board button[data-watch]');
    await page.waitForFunction(() => /Action \d+ of \d+/.test(window.cavesGame.text()), null, { timeout: 10000 });
    await page.close();
  });

  await check('offline: a run posted while the board cannot be reached is kept and sent on the next visit', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await open(ctx, `${base}?daily`);
    await page.evaluate(() => localStorage.setItem('caves.board.name', 'Bea'));
    await page.route('**/api/daily/runs**', (r) => r.abort('internetdisconnected'));
    await playToEnd(page, ['n', '.', '<', '<']);
    await page.keyboard.press('P');
    await page.waitForFunction(() => /posted later/.test((document.querySelector('dialog#board p[role=status]') || {}).textContent || ''), null, { timeout: 15000 });
    const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('caves.board.queue') || '[]').length);
    assert(queued === 1, `${queued} runs queued`);
    await page.unroute('**/api/daily/runs**');
    await page.goto(`${base}`);
    await ready(page);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('caves.board.queue') || '[]').length === 0, null, { timeout: 15000 });
    const today = (await getJson(base, 'api/health')).body.today;
    const names = (await getJson(base, `api/daily/${today}`)).body.entries.map((e) => e.name);
    assert(names.includes('Bea'), `the queued run is not on the board: ${names}`);
    await ctx.close();
  });

  await check("two players, two browsers: each sees both runs and watches the other's", async () => {
    const watchOther = async (context, other) => {
      const page = await open(context, base);
      await page.keyboard.press('B');
      await page.waitForFunction(() => document.querySelectorAll('dialog#board[open] tbody tr').length >= 2, null, { timeout: 15000 });
      const rows = await page.$$eval('dialog#board tbody tr', (trs) => trs.map((tr) => tr.textContent));
      assert(rows.some((r) => r.includes('Ada <b>')) && rows.some((r) => r.includes('Bea')), `rows: ${rows}`);
      await page.click(`dialog#board button[aria-label*="${other}"]`);
      await page.waitForFunction(() => /Action \d+ of \d+/.test(window.cavesGame.text()), null, { timeout: 10000 });
      const seed = await page.evaluate(() => window.cavesGame.seed());
      await page.close();
      return seed;
    };
    const a = await watchOther(desk, 'Bea');
    const bea = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const b = await watchOther(bea, 'Ada');
    await bea.close();
    assert(a === b, `the two runs are not the same daily caves: seeds ${a} and ${b}`);
  });

  await check('a 390x844 touch phone: the Board button shows the board, and a run can be watched by a tap', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await open(phone, base);
    await page.tap('#tools [data-tool="B"]');
    await page.waitForFunction(() => document.querySelectorAll('dialog#board[open] tbody tr').length >= 2, null, { timeout: 15000 });
    const box = await page.evaluate(() => { const r = document.querySelector('dialog#board').getBoundingClientRect(); return [r.left, r.right, window.innerWidth]; });
    assert(box[0] >= 0 && box[1] <= box[2], `the board is wider than the phone: ${box}`);
    await page.screenshot({ path: path.join(SHOTS, 'board-phone-390x844.png') });
    await page.tap('dialog#board button[data-watch]');
    try {
      // The phone's status line says "Replay N/M" where the desktop sidebar says "Action N of M".
      await page.waitForFunction(() => /Replay \d+\/\d+/.test(window.cavesGame.text()), null, { timeout: 10000 });
    } catch {
      throw new Error(`no replay after the tap: ${(await text(page)).slice(0, 300)}; dialog open: ${await page.evaluate(() => !!document.querySelector('dialog[open]'))}`);
    }
    assert(posted, 'no posted run to compare');
    await phone.close();
  });

  await check('no console errors', async () => {
    const real = errors.filter((e) => !/internetdisconnected|ERR_INTERNET_DISCONNECTED|Failed to fetch/i.test(e));
    assert(real.length === 0, real.slice(0, 3).join(' | '));
  });
} catch (e) {
  notOk('board e2e run', e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
await done();
