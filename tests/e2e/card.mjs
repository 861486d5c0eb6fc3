// Browser end-to-end test of sharing a run's end (the built page in dist/, no board): a daily
// run played to its end (out by the stair it starts on) shares its card, a few lines that tell
// the day without its caves: the date, won or lost, a square per level, the numbers and the
// game's address, and no link to the run. The end screen says so, on a desktop (S) and on a
// 390 x 844 touch phone (Share under the map). Any other run still shares its link. Your days
// (Y, its row of the start menu once a daily run has ended, or a gamepad's right bumper)
// shows the daily runs kept.
//
// Prints `ok - name` / `not ok - name: reason` and `card: N passed, M failed`; exits 1 if any
// check failed. Screenshots go to target/e2e/ (card-*.png).

import path from 'node:path';
import { assert, built, norm, openGame as open, SHOTS, suite } from './harness.mjs';

const { check, fail, notOk, serve, done } = suite('card');

// The share box's text, once it is open.
const shared = async (page) => {
  await page.waitForSelector('dialog#share[open] textarea', { timeout: 5000 });
  return page.$eval('dialog#share textarea', (t) => t.value);
};
// Plays a run to its end: the keys (a new run, then out by the stair it starts on, asked twice).
const playToEnd = async (page, keys) => {
  for (const k of keys) await page.keyboard.press(k);
  await page.waitForFunction(() => /GAME OVER|YOU WIN/.test(window.cavesGame.text()), null, { timeout: 10000 });
};
const text = (p) => p.evaluate(() => window.cavesGame.text());

// The card of the daily of `date` shared from `base`: its lines, or why it is not one.
function cardProblem(card, date, base) {
  const lines = card.split('\n');
  if (lines.length < 6) return `the card has ${lines.length} lines: ${JSON.stringify(card)}`;
  if (!new RegExp(`^Caves daily ${date}: (won|lost( to an? [a-z ]+)?)$`).test(lines[0])) return `its first line is "${lines[0]}"`;
  if (!/^[\u{1F7E9}\u{1F7E5}\u2B1B]+\u{1F3C6}?$/u.test(lines[1])) return `its level row is "${lines[1]}"`;
  if (!/\u{1F7E5}/u.test(lines[1]) && !/\u{1F3C6}/u.test(lines[1])) return `the row "${lines[1]}" marks no end`;
  // The same row in plain text, for wherever no emoji font draws the squares.
  if (!/^\[[#x $]\]( \[[#x $]\])*$/.test(lines[2])) return `its plain row is "${lines[2]}"`;
  const squares = [...lines[1]].length;
  if (lines[2].length !== 4 * squares - 1) return `the plain row "${lines[2]}" has not a square for each of ${squares}`;
  if (/\u{1F7E5}/u.test(lines[1]) !== /\[x\]/.test(lines[2])) return `the plain row "${lines[2]}" does not mark the end as "${lines[1]}" does`;
  if (!/^Depth \d+, turns \d+, score \d+/.test(lines[3])) return `its numbers are "${lines[3]}"`;
  if (!/^Daily streak: 1$/.test(lines[4])) return `its streak is "${lines[4]}"`;
  if (lines[lines.length - 1] !== base) return `it ends with "${lines[lines.length - 1]}", not the address ${base}`;
  if (/#(run|raw)=/.test(card)) return 'it links to the run, and so gives the caves away';
  return null;
}

try {
  if (built(notOk)) {
    const { base, browser } = await serve();
    const date = new Date().toISOString().slice(0, 10);

    await check('desktop: a daily run ended shares its card (date, level row, numbers, streak, address)', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await open(ctx, `${base}?daily`);
      await playToEnd(page, ['n', '<', '<']);
      const t = norm(await text(page));
      assert(/S copy your card/.test(t), `the end screen does not say S copies the card: ${t.slice(0, 400)}`);
      await page.screenshot({ path: path.join(SHOTS, 'card-end-1280x800.png') });
      await page.keyboard.press('s');
      const card = await shared(page);
      const problem = cardProblem(card, date, base);
      assert(!problem, problem);
      const label = await page.$eval('dialog#share textarea', (t) => t.getAttribute('aria-label'));
      assert(label === 'Card of this daily run', `the box is labelled "${label}"`);
      await page.screenshot({ path: path.join(SHOTS, 'card-share-1280x800.png') });
      assert(page.errors.length === 0, page.errors.join('; '));
      await ctx.close();
    });

    await check('390x844 touch: the end screen says Share copies the card, and Share under the map gives it', async () => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
      const page = await open(phone, `${base}?daily`);
      await playToEnd(page, ['n', '<', '<']);
      const t = norm(await text(page));
      assert(/Share: copy your card/.test(t), `the end screen does not say Share copies the card: ${t.slice(0, 400)}`);
      await page.screenshot({ path: path.join(SHOTS, 'card-end-390x844.png') });
      await page.tap('#tools [data-tool="s"]');
      const card = await shared(page);
      const problem = cardProblem(card, date, base);
      assert(!problem, problem);
      const wide = await page.evaluate(() => { const d = document.querySelector('dialog#share'); return d.scrollWidth - d.clientWidth; });
      assert(wide <= 1, `the share box scrolls sideways by ${wide} px`);
      await page.screenshot({ path: path.join(SHOTS, 'card-share-390x844.png') });
      assert(page.errors.length === 0, page.errors.join('; '));
      await phone.close();
    });

    await check('Your days: Y on the start menu (and, once a daily run has ended, a tap on its row on a phone) shows the daily runs kept, in figures, a plot and words', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await open(ctx, `${base}?daily`);
      await page.keyboard.press('Y');
      let t = norm(await text(page));
      assert(/Your days/.test(t) && /Daily runs 0, won 0/.test(t) && /No daily runs yet/.test(t), `before a daily: ${t.slice(0, 300)}`);
      await page.keyboard.press('Escape');
      await playToEnd(page, ['n', '<', '<']);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Y');
      t = norm(await text(page));
      assert(/Daily runs 1, won 0, best score \d+\. In a row: now 1, at most 1\./.test(t), `after a daily: ${t.slice(0, 400)}`);
      assert(/\u2588/.test(t) && /In words, oldest first: 1\b/.test(t), `no plot or words: ${t.slice(0, 600)}`);
      await page.screenshot({ path: path.join(SHOTS, 'days-1280x800.png') });
      await ctx.close();
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
      const p2 = await open(phone, `${base}?daily`);
      assert(!/Your days/.test(await text(p2)), 'the start menu offers Your days before any daily run has ended');
      await playToEnd(p2, ['n', '<', '<']);
      await p2.keyboard.press('Escape');
      await p2.screenshot({ path: path.join(SHOTS, 'days-start-390x844.png') });
      const row = await p2.evaluate(() => window.cavesGame.text().split('\n').findIndex((l) => l.includes('Your days')));
      assert(row >= 0, 'no Your days row on the phone');
      const box = await p2.evaluate((row) => { const c = document.getElementById('game').getBoundingClientRect(); const [, rows] = window.cavesGame.grid(); return { x: c.left + c.width / 2, y: c.top + (row + 0.5) * c.height / rows }; }, row);
      await p2.touchscreen.tap(box.x, box.y);
      t = norm(await text(p2));
      assert(/Daily runs 1/.test(t), `a tap on the row: ${t.slice(0, 300)}`);
      await p2.screenshot({ path: path.join(SHOTS, 'days-390x844.png') });
      await phone.close();
    });

    await check("Your days: a gamepad's right bumper opens it on the start screen, B closes it", async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await ctx.addInitScript(() => {
        const pad = { id: 'stub pad', index: 0, connected: true, mapping: 'standard', timestamp: 0,
          axes: [0, 0, 0, 0], buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })) };
        window.__pad = pad;
        navigator.getGamepads = () => [pad, null, null, null];
      });
      const page = await open(ctx, `${base}?daily`);
      const press = async (i) => {
        for (const v of [true, false]) {
          await page.evaluate(([i, v]) => { window.__pad.buttons[i].pressed = v; }, [i, v]);
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        }
      };
      await press(5); // RB
      assert(/Your days/.test(norm(await text(page))), `RB: ${norm(await text(page)).slice(0, 200)}`);
      await press(1); // B
      assert(!/Your days/.test(norm(await text(page))), 'B did not close Your days');
      await ctx.close();
    });

    await check("a second run of the day's caves is practice: its end and card say try 2, Your days and the best runs count the day's run once", async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const first = await open(ctx, `${base}?daily`);
      await playToEnd(first, ['n', '.', '.', '<', '<']);
      await first.close();
      const page = await open(ctx, `${base}?daily`);
      let t = norm(await text(page));
      assert(t.includes(`New run: practice, daily ${date} try 2`), `the start screen's new run: ${t.slice(-500)}`);
      await playToEnd(page, ['n', '<', '<']);
      t = norm(await text(page));
      assert(t.includes(`Daily ${date}, try 2 (practice)`) && !/ P post/.test(t), `the practice end screen: ${t.slice(0, 500)}`);
      await page.screenshot({ path: path.join(SHOTS, 'card-practice-end-1280x800.png') });
      await page.keyboard.press('s');
      const card = await shared(page);
      assert(card.startsWith(`Caves daily ${date}, try 2 (practice): lost\n`), `the practice card: ${JSON.stringify(card)}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      const rows = (await text(page)).split('\n');
      const best = rows.slice(rows.findIndex((r) => r.includes('Best runs')), rows.findIndex((r) => r.includes('Recent runs')));
      const listed = best.filter((r) => r.includes(`daily ${date}`));
      assert(listed.length === 1 && !listed[0].includes('try'), `the best runs: ${best.join('\n')}`);
      assert(rows.some((r) => r.includes(`daily ${date} try 2`)), `the recent runs do not name the practice run: ${rows.join('\n')}`);
      await page.screenshot({ path: path.join(SHOTS, 'card-practice-start-1280x800.png') });
      await page.keyboard.press('Y');
      t = norm(await text(page));
      assert(/Daily runs 1, won 0/.test(t), `Your days after a practice run: ${t.slice(0, 300)}`);
      await ctx.close();
    });

    await check('a run that is not a daily still shares its link', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await open(ctx, `${base}?seed=3`);
      await playToEnd(page, ['Enter', '<', '<']);
      const t = norm(await text(page));
      assert(/S share E export/.test(t) && !/card/.test(t), `the end screen of a run not a daily: ${t.slice(0, 400)}`);
      await page.keyboard.press('s');
      const link = await shared(page);
      assert(link.startsWith(base) && /#(run|raw)=[A-Za-z0-9_-]+$/.test(link) && !link.includes('\n'), `Share gave ${JSON.stringify(link.slice(0, 120))}`);
      await ctx.close();
    });
  }
} catch (e) {
  fail('card run', e);
}
await done();
