// Browser end-to-end test of runs as records (the built page in dist/): a reload continues the
// same game, damaged saves are kept and reported, a page whose storage throws still plays, a
// share link replays to the same final position, two tabs keep both their runs, and ?daily
// names the day.
//
// Prints `ok - name` / `not ok - name: reason` per check and `records: N passed, M failed`;
// exits 1 if any check failed. Screenshots go to target/e2e/.

import path from 'node:path';
import { assert, norm, openGame, SHOTS, suite } from './harness.mjs';

const { check, fail, serve, done } = suite('records');

// Slows page `p` of browser context `c` 20 times, as a busy phone runs it.
async function slowed(c, p) {
  const cdp = await c.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
}

const { base, browser } = await serve();

const open = openGame;
async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: 30000 });
}
const text = (page) => page.evaluate(() => window.cavesGame.text());
const player = (page) => page.evaluate(() => Array.from(window.cavesGame.player(), Number));
async function press(page, keys) {
  for (const k of keys) await page.keyboard.press(k);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}
const MOVES = ['l', 'l', 'j', 'n', '.', 'h', 'k', 'l', 'j', 'u', 'b', '.'];

try {
  // 1. Play, reload, Enter: the same screen.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(ctx, `${base}?seed=42`);
  let played = null;
  await check('play, reload, press Enter: the same screen', async () => {
    await press(page, ['Enter', ...MOVES]);
    played = { text: await text(page), player: await player(page) };
    assert(/Turn \d+/.test(played.text) && /HP \d+/.test(played.text), 'no Turn or HP on screen');
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    const start = await text(page);
    assert(/Press Enter to continue/.test(norm(start)), 'the start screen does not offer to continue');
    assert(/seed 42, level 1, turn \d+/.test(norm(start)), 'the offer does not show seed, level and turn');
    await page.screenshot({ path: path.join(SHOTS, 'continue-offer-1280x800.png') });
    await press(page, ['Enter']);
    const again = await text(page);
    assert(again === played.text, 'the continued screen differs from the one before the reload');
  });

  // 1b. A turn's frame is painted first and the turn written right after, before the next input.
  await check('each turn is written right after its frame, without a reload or flush', async () => {
    const slots = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('caves.run.'))
      .sort().map((k) => localStorage.getItem(k)).join('\n'));
    const before = await slots();
    const sameTask = await page.evaluate(() => {
      const read = () => Object.keys(localStorage).filter((k) => k.startsWith('caves.run.')).sort()
        .map((k) => localStorage.getItem(k)).join('\n');
      const was = read();
      window.cavesGame.key('.');
      return read() === was;
    });
    assert(sameTask, 'the write happened inside the key, before its frame was on screen');
    await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
    assert(await slots() !== before, 'the turn was not written after its frame');
  });

  // 2. The share link replays to the same final position.
  await check('a share link replays the run to the same final position', async () => {
    await page.waitForTimeout(300); // the deflated link is made in the background
    const link = await page.evaluate(() => window.cavesGame.share_link());
    assert(typeof link === 'string' && /#run=[A-Za-z0-9_-]+$/.test(link), `share_link() gave ${String(link).slice(0, 80)}`);
    const viewer = await open(ctx, link);
    const t = norm(await text(viewer));
    assert(/Action \d+ of \d+/.test(t), 'the link did not open the replay viewer');
    await press(viewer, ['End']);
    const end = await player(viewer);
    assert(end.join() === played.player.join(), `replay ends at ${end} but the run was at ${played.player}`);
    const m = /Action (\d+) of (\d+)/.exec(norm(await text(viewer)));
    assert(m && m[1] === m[2], 'End did not jump to the last action');
    await viewer.screenshot({ path: path.join(SHOTS, 'replay-1280x800.png') });
    // A key takes over and plays on from there.
    await press(viewer, ['Enter', '.']);
    assert(/Turn \d+/.test(await text(viewer)) && !/Action \d+ of/.test(norm(await text(viewer))), 'taking over did not start play');
    assert(viewer.errors.length === 0, viewer.errors.join(' | '));
    await viewer.close();
  });

  // 2b. A link that cannot be opened, in the middle of a run: the start menu it leaves lists the
  //     run as it is now (turn 33), not as it was when the page loaded (turn 3), and Enter goes
  //     on from there.
  await check('a link that cannot be opened mid-run leaves a menu of the run as it is now', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await open(c, `${base}?seed=1`);
    await press(p, ['Enter', '.', '.', '.']);
    await p.reload({ waitUntil: 'load' });
    await ready(p);
    await press(p, ['Enter', ...Array(30).fill('.')]);
    assert(await p.evaluate(() => window.cavesGame.actions()) === 33, 'the run did not reach 33 actions');
    for (const bad of ['#run=AAAA', `#raw=${'Q0FWRQ'}`]) {
      await p.evaluate((h) => { location.hash = h; }, bad);
      await p.waitForFunction(() => /cannot be shown/.test(window.cavesGame.text().replace(/\s+/g, ' ')), null, { timeout: 5000 });
      const menu = norm(await text(p));
      assert(/Continue seed 1, level 1, turn 33 /.test(menu), `${bad}: the menu lists the run as it was at the page's load: ${menu.slice(-300)}`);
      await press(p, ['Enter']);
      const at = await p.evaluate(() => window.cavesGame.actions());
      assert(at === 33, `${bad}: Enter resumed the run at ${at} actions, not 33`);
    }
    assert(p.errors.length === 0, p.errors.join(' | '));
    await c.close();
  });

  // 3. Two tabs: both play; neither loses the other's run.
  await check('two tabs both play and neither loses the other run', async () => {
    const second = await open(ctx, `${base}?seed=77`);
    const start = norm(await text(second));
    assert(/in another tab/.test(start), 'the second tab does not say the run is open elsewhere');
    await press(second, ['z', 'l', 'j', '.']);
    assert(/Seed 77/.test(await text(second)), 'the second tab did not start its own run');
    await press(page, ['h', '.']);
    const third = await open(ctx, `${base}`);
    const list = norm(await text(third));
    assert(/seed 42/.test(list) && /seed 77/.test(list), `both runs are not saved: ${list.slice(0, 300)}`);
    await third.close();
    await second.close();
  });

  // 3b. Two tabs on one seed, under load (the CPU slowed 20x): the first tab plays, the second
  //     starts a new run of the same seed and plays 3 turns, the first plays on to turn 18 and
  //     reloads. Enter there continues the first tab's run at turn 18, never the second's,
  //     whose tab still holds it.
  await check('two tabs on one seed under load: the reloaded first tab continues its own run', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const slow = (p) => slowed(c, p);
    const waits = (n) => Array(n).fill('.');
    // Each key on its own: its frame, then its write, as a player's keys come.
    const press = async (p, keys) => {
      for (const k of keys) {
        await p.keyboard.press(k);
        await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      }
    };
    const one = await open(c, `${base}?seed=61`);
    await slow(one);
    await press(one, ['Enter', ...waits(15)]);
    const two = await open(c, `${base}?seed=61`);
    await slow(two);
    await press(two, ['n', ...waits(3)]);
    assert(await two.evaluate(() => window.cavesGame.actions()) === 3, 'the second tab did not play 3 turns');
    await press(one, waits(3));
    const played = await one.evaluate(() => window.cavesGame.actions());
    assert(played === 18, `the first tab played ${played} actions, not 18`);
    const before = await text(one);
    // Enter comes the moment the reloaded page is ready, as a key pressed while it loads would
    // (before the page has heard back which runs other tabs hold).
    await one.addInitScript(() => {
      new MutationObserver((_, seen) => {
        if (document.body && document.body.dataset.state === 'ready') {
          seen.disconnect();
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-state'] });
    });
    await one.reload({ waitUntil: 'load' });
    await slow(one);
    await ready(one);
    await one.waitForFunction(() => /Turn \d+|in another tab/.test(window.cavesGame.text().replace(/\s+/g, ' ')), null, { timeout: 10000 });
    const now = await one.evaluate(() => window.cavesGame.actions());
    assert(now === 18, `Enter continued a run at ${now} actions, not the first tab's at 18: ${norm(await text(one)).slice(0, 200)}`);
    assert(await text(one) === before, 'the continued screen differs from the one before the reload');
    // The second tab's run is its own still: it plays on and is saved at turn 4.
    await press(two, ['.']);
    const third = await open(c, `${base}?seed=62`);
    const list = norm(await text(third));
    assert(/seed 61, level 1, turn 4 /.test(list) && /seed 61, level 1, turn 18 /.test(list), `the runs are not saved as played: ${list.slice(-400)}`);
    // Now the second tab's run is the one played last. The first tab reloads again, and Enter
    // still continues its own run: the second tab holds the other one.
    await one.reload({ waitUntil: 'load' });
    await slow(one);
    await ready(one);
    await one.waitForFunction(() => /Turn \d+|in another tab/.test(window.cavesGame.text().replace(/\s+/g, ' ')), null, { timeout: 10000 });
    const own = await one.evaluate(() => window.cavesGame.actions());
    assert(own === 18, `after the second tab played last, Enter continued a run at ${own} actions, not 18`);
    for (const q of [one, two, third]) assert(q.errors.length === 0, q.errors.join(' | '));
    await c.close();
  });

  // 3c. Under load, a tab whose menu is older than another tab's take of a run: its Enter
  //     continues that run, its lock is refused, and it goes back to its menu having written
  //     nothing, while the other tab's run goes on as that tab plays it.
  await check('a tab that continues a run another tab took meanwhile goes back to its menu and writes nothing', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const slow = (p) => slowed(c, p);
    const first = await open(c, `${base}?seed=63`);
    await press(first, ['Enter', '.', '.']);
    await first.close();
    const p = await open(c, `${base}?seed=64`);
    await slow(p);
    const q = await open(c, `${base}?seed=64`);
    await slow(q);
    await press(q, ['Enter', 'l']);
    assert(await q.evaluate(() => window.cavesGame.actions()) === 3, 'the other tab did not continue the run');
    // Its menu still offers the run (it has not asked which runs other tabs hold since): Enter
    // and a move, in one go, before anything can tell it.
    const stale = await p.evaluate(() => {
      if (!/Enter Continue seed 63/.test(window.cavesGame.text().replace(/\s+/g, ' '))) return false;
      for (const key of ['Enter', 'h']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
      return true;
    });
    assert(stale, 'the first tab heard of the take before its Enter: nothing to check');
    await p.waitForFunction(() => /in another tab/.test(window.cavesGame.text().replace(/\s+/g, ' ')), null, { timeout: 10000 })
      .catch(async () => { throw new Error(`not back on the start menu: ${norm(await text(p)).slice(0, 600)}`); });
    const menu = norm(await text(p));
    assert(/Take over seed 63/.test(menu) && /Press any key/i.test(menu), `not back on the start menu: ${menu.slice(-400)}`);
    await press(q, ['l']);
    const played = await text(q);
    await q.close();
    const r = await open(c, `${base}?seed=65`);
    await press(r, ['Enter']);
    assert(await text(r) === played, 'the run is not as the tab that holds it played it');
    for (const x of [p, r]) assert(x.errors.length === 0, x.errors.join(' | '));
    await c.close();
  });

  // 4. A damaged save is kept under its own key and reported.
  await check('a damaged save is kept and reported, never deleted', async () => {
    const bad = '5|2026-11-22|1|3|Q0FWRQEBdGhpcyBpcyBub3QgYSBydW4';
    await page.evaluate((v) => localStorage.setItem('caves.run.55.0', v), bad);
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    const t = norm(await text(page));
    assert(/could not be read/.test(t) && /press D to download/i.test(t), 'not reported on the start screen');
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => localStorage.getItem(k) === '5|2026-11-22|1|3|Q0FWRQEBdGhpcyBpcyBub3QgYSBydW4'));
    assert(kept.length === 1 && kept[0].startsWith('caves.kept.'), `kept under ${JSON.stringify(kept)}`);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 5000 }), page.keyboard.press('d')]);
    assert(/kept/.test(download.suggestedFilename()), `download named ${download.suggestedFilename()}`);
    await page.screenshot({ path: path.join(SHOTS, 'kept-1280x800.png') });
    assert(page.errors.length === 0, page.errors.join(' | '));
  });
  await ctx.close();

  // 5. Every kind of request the game hands the page (typed PageRequests), and the links
  //    the game writes and reads: export then import a run file, a plain (#raw=) link where
  //    the browser cannot deflate, links that are not runs, a take-over, and the lab.
  await check('a run exported as a file and imported again replays; the page gets each request', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await open(c, `${base}?seed=91`);
    await press(p, ['Enter', 'l', 'j', '.']);
    const [file] = await Promise.all([p.waitForEvent('download', { timeout: 5000 }), p.keyboard.press('e')]);
    assert(/^caves-seed-91-turn-\d+\.cavesrun$/.test(file.suggestedFilename()), `download named ${file.suggestedFilename()}`);
    const saved = path.join(SHOTS, 'export.cavesrun');
    await file.saveAs(saved);
    const viewer = await open(c, `${base}?seed=3`);
    // (A file chooser opened from a keydown never reaches Playwright here; from a call it does.)
    const [chooser] = await Promise.all([viewer.waitForEvent('filechooser', { timeout: 5000 }), viewer.evaluate(() => window.cavesGame.key('i'))]);
    await chooser.setFiles(saved);
    await viewer.waitForFunction(() => /Action \d+ of \d+/.test(window.cavesGame.text().replace(/\s+/g, ' ')), null, { timeout: 5000 });
    // The second tab takes the first one's run over; the first says so.
    const second = await open(c, `${base}?seed=92`);
    assert(/Take over/.test(norm(await text(second))), 'no take-over offer');
    await press(second, ['t']);
    await second.waitForFunction(() => /Seed 91/.test(window.cavesGame.text()), null, { timeout: 5000 });
    await press(p, ['.']);
    assert(/another tab/i.test(norm(await text(p))), 'the first tab does not say another tab took its run');
    // L on the start screen opens the lab on the start screen's seed.
    const lab = await open(c, `${base}?seed=93`);
    await Promise.all([lab.waitForURL(/\?lab&seed=93/, { timeout: 10000 }), lab.keyboard.press('L')]);
    await lab.waitForFunction(() => window.cavesLab && document.body.dataset.state === 'ready', null, { timeout: 30000 });
    for (const q of [p, viewer, second, lab]) assert(q.errors.length === 0, q.errors.join(' | '));
    await c.close();
  });

  await check('links: a plain #raw= link where the browser cannot deflate, and links that are not runs', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await c.addInitScript(() => { delete window.CompressionStream; });
    const p = await open(c, `${base}?seed=94`);
    await press(p, ['Enter', 'l', 'j', '.']);
    const link = await p.evaluate(() => window.cavesGame.share_link());
    assert(/#raw=[A-Za-z0-9_-]+$/.test(link), `share_link() gave ${link.slice(0, 80)}`);
    const v = await open(c, link);
    assert(/Action \d+ of \d+/.test(norm(await text(v))), 'the #raw= link did not open the replay viewer');
    for (const [hash, why] of [['#nonsense', 'not a Caves run link'], ['#raw=a', 'damaged or cut short'],
      ['#run=AAAA', 'cannot unpack compressed links'], ['#raw=Q0FWRQ', 'cannot be shown']]) {
      const bad = await open(c, `${base}?seed=95${hash}`);
      const t = norm(await text(bad));
      assert(t.includes(why), `${hash}: the start screen does not say "${why}": ${t.slice(0, 200)}`);
      assert(bad.errors.length === 0, bad.errors.join(' | '));
      await bad.close();
    }
    await c.close();
    const d = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const bad = await open(d, `${base}?seed=95#run=AAAA`);
    const t = norm(await text(bad));
    assert(t.includes('damaged or cut short'), `#run=AAAA: ${t.slice(0, 200)}`);
    await d.close();
  });

  // 6. Storage that throws: the game still plays and says saving is off.
  await check('storage that throws still lets the game play', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await c.addInitScript(() => {
      const no = () => { throw new DOMException('blocked', 'SecurityError'); };
      Storage.prototype.setItem = no;
      Storage.prototype.getItem = no;
      Storage.prototype.key = no;
    });
    const p = await open(c, `${base}?seed=5`);
    await press(p, ['Enter']);
    const before = await player(p);
    await press(p, ['l', 'j', 'h', 'k', 'n', 'y']);
    const t = norm(await text(p));
    assert(/Saving is off/.test(t), 'no "Saving is off" on screen');
    assert(/Turn [1-9]/.test(t), `turns did not advance (player ${before} -> ${await player(p)})`);
    assert(p.errors.length === 0, p.errors.join(' | '));
    await c.close();
  });

  // 7. ?daily gives the day's caves and names the date.
  await check('?daily names the UTC date and is the same caves for everyone', async () => {
    const c = await browser.newContext();
    const a = await open(c, `${base}?daily`);
    await press(a, ['Enter']);
    const today = new Date().toISOString().slice(0, 10);
    const t = await text(a);
    assert(/Daily caves/.test(t) && t.includes(today), 'the sidebar does not show the date');
    const seedA = await a.evaluate(() => window.cavesGame.seed());
    const c2 = await browser.newContext();
    const b = await open(c2, `${base}?daily`);
    await press(b, ['Enter']);
    const seedB = await b.evaluate(() => window.cavesGame.seed());
    assert(seedA === seedB, `two players got seeds ${seedA} and ${seedB}`);
    await c.close();
    await c2.close();
  });
} catch (e) {
  fail('records run', e);
}
await done();
