// Browser end-to-end test of the daily board in the page: the board server serves the built
// page (--dist) and its API on 127.0.0.1, with a fresh SQLite file and a board day (--today)
// that is not this machine's date, so the page must take its day and seed from the board.
// A daily run is played to its end (leaving by the stair where it starts) and posted with the
// page's own player key (X-Caves-Token) and a name typed once, shown on the board with its
// rank, and watched again from the board. Each browser has its own key; a third imports the
// first's key in the board dialog and posts under its name, where a fresh key gets the 409.
// A refused run's reason is shown (at once in the open dialog, else the next time it opens);
// a run posted while the board cannot be reached, or is busy (503 with Retry-After), is kept
// and sent later. Once the player's own daily has ended, par: the bots' games under the
// entries, the card's line against them, the expert's score beside the player's in Your days,
// and Watch plays the expert's run with its notes (why it acts) in the log. Desktop keys and
// a 390x844 touch phone.
//
//   node tests/e2e/board.mjs              # after trunk build --release and cargo build --release -p caves-server
//   node tests/e2e/board.mjs --postgres   # the same, the board on a throwaway PostgreSQL cluster

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, DIST, SHOTS, suite } from './harness.mjs';
import { launchChromium } from './serve.mjs';
import { startBoard, startPostgres, getJson, request } from '../board/serve.mjs';

const PG = process.argv.includes('--postgres');
const { check, fail, hold, done } = suite(PG ? 'board on PostgreSQL' : 'board on SQLite', { limitMs: 420000 });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-board-e2e-'));
const REAL = new Date().toISOString().slice(0, 10);
const DAY = REAL === '2026-11-24' ? '2026-11-23' : '2026-11-24'; // the board's today
const KEY = /^[A-Za-z0-9_-]{43}$/;

// The public daily seed of a date (record::daily_seed: FNV-1a 64 of "daily DATE"), as text.
function publicSeed(date) {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(`daily ${date}`)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return String(h);
}

async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: 30000 });
}
const text = (page) => page.evaluate(() => norm0(window.cavesGame.text())).catch(() => '');
const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);
const norm = (t) => t.replace(/[\u2500-\u257f\s]+/g, ' ');
const listed = (page, key) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || '[]'), key);
const status = (page) => page.evaluate(() => (document.querySelector('dialog#board p[role=status]') || {}).textContent || '');
const waitStatus = (page, re, timeout = 15000) =>
  page.waitForFunction((s) => new RegExp(s).test((document.querySelector('dialog#board[open] p[role=status]') || {}).textContent || ''), re.source, { timeout })
    .catch(async () => { throw new Error(`the board's status never matched ${re}: "${await status(page)}"`); });

try {
  let db = `sqlite://${tmp}/board.db`;
  if (PG) {
    const pg = await startPostgres();
    if (!pg) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql); scripts/setup.sh installs it');
    hold({ close: (done) => { pg.stop(); done(); } });
    db = pg.url;
  }
  const board = await startBoard(['--listen', '127.0.0.1:0', '--db', db, '--dist', DIST, '--today', DAY], { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: '1000', CAVES_BOARD_LIVE_RUNS_PER_HOUR: '1000', CAVES_BOARD_NAMES_PER_DAY: '1000' });
  hold({ close: (done) => { board.stop().then(done); } });
  const browser = hold(await launchChromium());
  const base = board.base;
  // page.route does not see what a page sends through its service worker (Chromium passes it on
  // as the worker's own request), and the worker takes the page over at a moment of its own:
  // the board's checks cut the network with routes, so they run without the worker (the worker
  // and offline play are checked in offline.mjs).
  const newContext = (options) => browser.newContext({ ...options, serviceWorkers: 'block' });
  const errors = [];
  const today = (await getJson(base, 'api/daily/today')).body;
  const entries = async () => (await getJson(base, `api/daily/${DAY}`)).body.entries || [];

  const open = async (context, url) => {
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(() => { window.norm0 = (t) => t.replace(/[\u2500-\u257f]/g, ' ').replace(/\s+/g, ' '); });
    await page.goto(url);
    await ready(page);
    return page;
  };
  const desktop = () => newContext({ viewport: { width: 1280, height: 800 } });
  // Plays a daily run to its end: a new run, then out by the stair it starts on (asked twice).
  const playToEnd = async (page, keys) => {
    for (const k of keys) await page.keyboard.press(k);
    await page.waitForFunction(() => /GAME OVER|YOU WIN/.test(window.cavesGame.text()), null, { timeout: 10000 });
  };
  // Steps off the stair a daily run starts on and back: the start and the step taken.
  const stepOffAndBack = async (page) => {
    const start = await page.evaluate(() => window.cavesGame.player());
    for (const [k, back] of [['l', 'h'], ['h', 'l'], ['j', 'k'], ['k', 'j'], ['n', 'y'], ['y', 'n'], ['u', 'b'], ['b', 'u']]) {
      await page.keyboard.press(k);
      const now = await page.evaluate(() => window.cavesGame.player());
      if (now[0] !== start[0] || now[1] !== start[1]) {
        await page.keyboard.press(back);
        return [start, [now[0] - start[0], now[1] - start[1]]];
      }
    }
    return [start, null];
  };
  // Opens the replay of the run just ended (from the end or the start screen) paused at the
  // first action that took the player off the stair `start`: a replay plays as it opens, so
  // one caught past its first action is left and opened again; then it steps on while the
  // player stands on the stair (a first key may open a door or strike a creature beside the
  // stair: an action that moves no one).
  const replayOffStair = async (page, start) => {
    const player = () => page.evaluate(() => window.cavesGame.player());
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('r');
      await page.keyboard.press(' ');
      const at = await page.evaluate(() => Number((/(?:Action |Replay )(\d+)(?: of |\/)/.exec(window.cavesGame.text()) || [])[1]));
      if (at <= 1) {
        for (let k = 0; k < 10; k++) {
          const p = await player();
          if (p[0] !== start[0] || p[1] !== start[1]) return;
          await page.keyboard.press('ArrowRight');
        }
        throw new Error(`the replay never left the stair at ${start}`);
      }
      await page.keyboard.press('Escape');
    }
    throw new Error('the replay could not be caught at its start');
  };
  // Leaves what is on screen for the start screen, and opens Your days (Y).
  const yourDays = async (page) => {
    for (let i = 0; i < 5 && !/Your days/.test(await text(page)); i++) await page.keyboard.press('Escape');
    await page.keyboard.press('Y');
    await page.waitForFunction(() => /Daily runs \d+/.test(window.cavesGame.text()), null, { timeout: 5000 })
      .catch(async () => { throw new Error(`no Your days: ${(await text(page)).slice(0, 400)}`); });
  };
  // Posts the ended run: P, and the name when the page asks for it.
  const postAs = async (page, name) => {
    await page.keyboard.press('P');
    if (name) {
      await page.waitForSelector('dialog#board-name[open] input');
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
    }
  };

  await check('the board says its day and seed (GET api/daily/today)', async () => {
    assert(today.date === DAY && /^\d{1,20}$/.test(today.seed), JSON.stringify(today));
    assert(today.seed !== publicSeed(DAY), 'the board plays the public seed');
  });

  const desk = await desktop();
  const posts = [];
  let ada = null; // the first player's page
  let adaKey = '';
  await check("?daily on the board's page plays the board's day and seed, not the URL's ?seed", async () => {
    ada = await open(desk, `${base}?daily&seed=42`);
    ada.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('api/daily/runs')) posts.push(r.headers()); });
    const seed = await ada.evaluate(() => window.cavesGame.seed());
    assert(seed === today.seed, `the daily's seed is ${seed}, the board's ${today.seed}`);
    await ada.keyboard.press('n');
    const t = await text(ada);
    assert(/Daily caves/.test(t) && t.includes(DAY), `the sidebar does not show the board's day ${DAY}: ${t.slice(0, 300)}`);
  });

  await check('desktop: a finished daily run is posted with its player key and a name typed once, and the board ranks it', async () => {
    await playToEnd(ada, ['<', '<']);
    const end = await text(ada);
    assert(/P post to today's board/.test(end), `the end screen does not offer to post: ${end.slice(0, 300)}`);
    await postAs(ada, 'Ada <b>');
    // The board's rows may come before the post's answer (the dialog loads the board as it
    // opens): the status says the rank once the board has taken the run.
    await waitStatus(ada, /rank 1/);
    await ada.waitForFunction(() => document.querySelector('dialog#board[open] tbody tr'), null, { timeout: 15000 });
    const row = await ada.textContent('dialog#board tbody tr');
    assert(row.includes('Ada <b>') && row.includes('lost'), `the board row: ${row}`);
    assert(await ada.evaluate(() => !!document.querySelector('dialog#board tr.mine')), 'the own entry is not marked');
    adaKey = await stored(ada, 'caves.board.token');
    assert(KEY.test(adaKey), `the player key is not 43 base64url characters: ${adaKey}`);
    assert(posts.length === 1, `${posts.length} posts`);
    const h = posts[0];
    assert(h['x-caves-token'] === adaKey, `X-Caves-Token ${h['x-caves-token']}, the stored key ${adaKey}`);
    assert(h['content-type'] === 'application/octet-stream', `Content-Type ${h['content-type']}`);
    assert(!('x-caves-device' in h), 'the old X-Caves-Device header is still sent');
    assert(await ada.textContent('dialog#board code') === adaKey, 'the dialog does not show the player key');
    assert(await ada.isVisible('dialog#board h3:has-text("Your player key")'), 'no "Your player key" in the dialog');
    await ada.screenshot({ path: path.join(SHOTS, 'board-1280x800.png') });
    const list = await entries();
    assert(list.length === 1 && list[0].name === 'Ada <b>', JSON.stringify(list));
    assert(await stored(ada, 'caves.board.name') === 'Ada <b>', 'the name is not remembered');
    // The card of the run tells its rank on the board.
    await ada.click('dialog#board button[data-do=close]');
    await ada.keyboard.press('s');
    await ada.waitForSelector('dialog#share[open] textarea', { timeout: 5000 });
    const card = await ada.$eval('dialog#share textarea', (t) => t.value);
    assert(/^Depth 1, turns \d+, score \d+, rank 1$/m.test(card), `the card does not give the rank: ${JSON.stringify(card)}`);
    await ada.keyboard.press('Escape');
    // Watch it from the board.
    await ada.keyboard.press('B');
    await ada.waitForSelector('dialog#board[open] button[data-watch]', { timeout: 15000 });
    await ada.click('dialog#board button[data-watch]');
    await ada.waitForFunction(() => /Action \d+ of \d+/.test(window.cavesGame.text()), null, { timeout: 10000 });
    await ada.close();
  });

  await check("par: once the own daily has ended, the board shows the bots' games of today under its entries, and Watch plays the expert's run to its end", async () => {
    const page = await open(desk, `${base}?daily`);
    await page.keyboard.press('B');
    // The board makes par at its start; a page that asks while the bots play is told to ask
    // again (Retry-After) and shows it then.
    await page.waitForFunction(() => /^Par: the expert bot /.test((document.querySelector('dialog#board[open] section.par p') || {}).textContent || ''), null, { timeout: 90000 })
      .catch(async () => { throw new Error(`no par: "${await page.evaluate(() => (document.querySelector('dialog#board section.par') || {}).textContent)}"`); });
    const [said, mine] = await page.$$eval('dialog#board section.par p', (ps) => ps.map((p) => p.textContent));
    const par = await page.evaluate(async (day) => (await fetch(`api/daily/${day}/par`, { headers: { 'X-Caves-Token': localStorage.getItem('caves.board.token') } })).json(), DAY);
    const expert = par.bots.find((b) => b.bot === 'expert');
    const careful = par.bots.find((b) => b.bot === 'careful');
    assert(expert && expert.run && careful, `par: ${JSON.stringify(par)}`);
    assert(said.includes(`the expert bot ${expert.outcome === 'won' ? 'won' : ''}`) && said.includes('the careful bot'), `the par line: ${said}`);
    const mineIds = (await listed(page, 'caves.board.mine')).map((m) => m.id);
    const own = (await entries()).find((e) => mineIds.includes(e.id));
    assert(own && new RegExp(`^Your ${own.score.toLocaleString('en-US')} .*the expert bot`).test(mine), `the player's line against the bots: ${mine} (own ${JSON.stringify(own)})`);
    const box = await page.evaluate(() => document.querySelector('dialog#board section.par').getBoundingClientRect().top);
    const table = await page.evaluate(() => document.querySelector('dialog#board table').getBoundingClientRect().bottom);
    assert(box >= table, 'par is not under the entries');
    await page.screenshot({ path: path.join(SHOTS, 'board-par-1280x800.png') });
    // Par is kept for the card and Your days.
    const kept = await stored(page, 'caves.board.pars');
    assert(kept.includes(`${DAY} expert ${expert.score}`), `par kept for Your days: ${JSON.stringify(kept)}`);
    const note = (expert.notes || [])[0];
    assert(Array.isArray(note) && /^The expert bot /.test(note[1]), `the expert's game has no notes: ${JSON.stringify(expert).slice(0, 300)}`);
    const fetched = page.waitForResponse((r) => r.url().endsWith(`api/runs/${expert.run}`) && r.status() === 200, { timeout: 10000 });
    await page.click('dialog#board section.par button[data-watch]');
    await fetched;
    // The sidebar may break "Action N of M" across its lines.
    await page.waitForFunction(() => /Action \d+ of/.test(window.cavesGame.text()), null, { timeout: 10000 })
      .catch(async () => {
        await page.screenshot({ path: path.join(SHOTS, 'par-watch-failed-1280x800.png') });
        throw new Error(`no replay of the expert's run: ${(await text(page)).slice(0, 400)} | dialog: ${await page.evaluate(() => (document.querySelector('dialog#board p[role=status]') || {}).textContent)}`);
      });
    // Its first note joins the log as the replay reaches its action (played at 64x).
    for (let i = 0; i < 6; i++) await page.keyboard.press('+');
    const head = note[1].split(' ').slice(0, 5).join(' ');
    await page.waitForFunction((h) => window.cavesGame.text().replace(/[\u2500-\u257f\s]+/g, ' ').includes(h), head, { timeout: 60000 })
      .catch(async () => { throw new Error(`the note "${note[1]}" (action ${note[0]}) never showed: ${(await text(page)).slice(0, 600)}`); });
    await page.keyboard.press(' ');
    await page.screenshot({ path: path.join(SHOTS, 'par-note-1280x800.png') });
    await page.keyboard.press('End');
    // At its end: the turn par gives for the expert's game.
    await page.waitForFunction((turns) => new RegExp(`Turn ${turns}\\b`).test(window.cavesGame.text()), expert.turns, { timeout: 10000 })
      .catch(async () => { throw new Error(`the expert's replay did not reach turn ${expert.turns}: ${(await text(page)).slice(0, 400)}`); });
    await page.screenshot({ path: path.join(SHOTS, 'par-replay-1280x800.png') });
    // Your days: the player's score against the expert's on the board's day.
    await yourDays(page);
    const days = norm(await page.evaluate(() => window.cavesGame.text()));
    assert(days.includes('Score against the expert (|):') && days.includes(`${DAY.slice(5)} ${own.score} to ${expert.score}`), `Your days: ${days.slice(0, 900)}`);
    await page.screenshot({ path: path.join(SHOTS, 'days-par-1280x800.png') });
    await page.close();
  });

  const bea = await desktop();
  await check('offline: a run posted while the board cannot be reached is kept and sent on the next visit', async () => {
    const page = await open(bea, `${base}?daily`);
    await page.evaluate(() => localStorage.setItem('caves.board.name', 'Bea'));
    await page.route('**/api/daily/runs**', (r) => r.abort('internetdisconnected'));
    await playToEnd(page, ['n', '.', '<', '<']);
    await postAs(page, null);
    await waitStatus(page, /posted later/);
    const queued = (await listed(page, 'caves.board.queue')).length;
    assert(queued === 1, `${queued} runs queued`);
    await page.unroute('**/api/daily/runs**');
    await page.goto(`${base}`);
    await ready(page);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('caves.board.queue') || '[]').length === 0, null, { timeout: 15000 });
    const names = (await entries()).map((e) => e.name);
    assert(names.includes('Bea'), `the queued run is not on the board: ${names}`);
    const key = await stored(page, 'caves.board.token');
    assert(KEY.test(key) && key !== adaKey, `the second browser's key ${key} (the first's ${adaKey})`);
    await page.close();
  });

  await check("two players, two browsers: each sees both runs and watches the other's", async () => {
    const watchOther = async (context, other) => {
      const page = await open(context, base);
      await page.keyboard.press('B');
      await page.waitForFunction(() => document.querySelectorAll('dialog#board[open] tbody tr').length >= 2, null, { timeout: 15000 });
      const rows = await page.$$eval('dialog#board tbody tr', (trs) => trs.map((tr) => tr.textContent));
      assert(rows.some((r) => r.includes('Ada <b>')) && rows.some((r) => r.includes('Bea')), `rows: ${rows}`);
      await page.click(`dialog#board button[aria-label*="${other}"]`);
      // The sidebar may break "Action N of M" across its lines.
    await page.waitForFunction(() => /Action \d+ of/.test(window.cavesGame.text()), null, { timeout: 10000 });
      const seed = await page.evaluate(() => window.cavesGame.seed());
      await page.close();
      return seed;
    };
    const a = await watchOther(desk, 'Bea');
    const b = await watchOther(bea, 'Ada');
    assert(a === b && a === today.seed, `the two runs are not the board's daily caves: seeds ${a} and ${b}, the board's ${today.seed}`);
  });

  // Watching live: Cal plays the daily with keys; Ada (whose own daily has ended) watches it
  // from the board dialog. The lag is from a key on Cal's page to the first frame of Ada's
  // viewer that shows its action (both pages read one clock, Date.now()).
  const calCtx = await desktop();
  let cal = null;
  let calToken = '';
  let watcher = null;
  const played = []; // [actions after the key, Date.now() at the key]
  const lags = [];
  // A wait, or a blow at a creature beside the player: the board's caves are its own, so a
  // creature may come while Cal waits, and the run must not end under the test.
  const safeKey = (page) => page.evaluate(() => {
    const rows = window.cavesGame.text().split('\n');
    const y = rows.findIndex((r) => r.includes('@'));
    if (y < 0) return '.';
    const x = [...rows[y]].indexOf('@');
    const dirs = { h: [-1, 0], l: [1, 0], k: [0, -1], j: [0, 1], y: [-1, -1], u: [1, -1], b: [-1, 1], n: [1, 1] };
    for (const [k, [dx, dy]] of Object.entries(dirs)) if (/[a-zA-Z]/.test([...(rows[y + dy] || '')][x + dx] || '')) return k;
    return '.';
  });
  const keys = async (page, n, gap) => {
    for (let i = 0; i < n; i++) {
      const key = await safeKey(page);
      const t = Date.now();
      await page.keyboard.press(key);
      played.push([await page.evaluate(() => window.cavesGame.actions()), t]);
      await page.waitForTimeout(gap);
    }
  };
  await check('live: a player whose own daily has not ended is told why the live runs are not offered', async () => {
    await calCtx.addInitScript(() => localStorage.setItem('caves.board.name', 'Cal'));
    cal = await open(calCtx, `${base}?daily`);
    await cal.keyboard.press('B');
    await cal.waitForFunction(() => /own run of today's caves has ended/.test((document.querySelector('dialog#board[open] section:not(.par) p') || {}).textContent), null, { timeout: 15000 });
    assert(!(await cal.$('dialog#board button[data-live]')), 'a Watch button of a live run is offered before the own daily ended');
    await cal.screenshot({ path: path.join(SHOTS, 'board-live-not-yet-1280x800.png') });
    await cal.click('dialog#board button[data-do=close]');
    await cal.keyboard.press('n');
  });
  await check('live: the board dialog lists the daily played now, and a player whose daily has ended watches it as it is played, 20 turns behind', async () => {
    await keys(cal, 12, 250); // the list shows runs of 10 turns or more
    await cal.waitForTimeout(2500); // their batch (one every 2 s) has gone
    watcher = await open(desk, base);
    await watcher.keyboard.press('B');
    try {
      await watcher.waitForSelector('dialog#board[open] button[data-live][aria-label*="Cal"]', { timeout: 15000 });
    } catch {
      throw new Error(`no live run of Cal listed: ${await watcher.textContent('dialog#board section:not(.par)')}`);
    }
    const rows = await watcher.$$eval('dialog#board section:not(.par) tbody tr', (trs) => trs.map((tr) => tr.textContent.replace(/\s/g, '')));
    assert(rows.some((r) => /^Cal1\d+0Watch$/.test(r)), `the live rows (name, depth 1, turns, no watcher): ${rows}`);
    await watcher.screenshot({ path: path.join(SHOTS, 'board-live-1280x800.png') });
    await watcher.click('dialog#board button[data-live][aria-label*="Cal"]');
    await watcher.waitForFunction(() => /Live/.test(window.cavesGame.text()), null, { timeout: 10000 });
    // The viewer's frames, as their actions change.
    await watcher.evaluate(() => {
      window.frames_ = [];
      let last = -1;
      const f = () => {
        const n = window.cavesGame.actions();
        if (n !== last) window.frames_.push([(last = n), Date.now()]);
        requestAnimationFrame(f);
      };
      requestAnimationFrame(f);
    });
    await keys(cal, 30, 250);
    // The network drops for 5 s: play goes on, and the batches catch up afterwards.
    const drop = Date.now();
    await cal.route('**/api/live/**', (r) => r.abort('internetdisconnected'));
    await keys(cal, 10, 500);
    await cal.unroute('**/api/live/**');
    await keys(cal, 30, 250);
    // The board holds the last 20 turns back (every key here is a turn): the watcher gets up
    // to 20 actions before Cal's last, and never more.
    const total = played[played.length - 1][0];
    try {
      await watcher.waitForFunction((n) => window.cavesGame.actions() >= n, total - 20, { timeout: 10000 });
    } catch {
      throw new Error(`the watcher shows ${await watcher.evaluate(() => window.cavesGame.actions())} of ${total} actions`);
    }
    await watcher.waitForTimeout(2500);
    const seen = await watcher.evaluate(() => window.cavesGame.actions());
    assert(seen <= total - 20, `the watcher shows ${seen} of ${total} actions: the last 20 turns are not held back`);
    const frames = await watcher.evaluate(() => window.frames_);
    // The lag while the network is up: from the key that took Cal 20 turns past an action
    // (which lets watchers see it) to the watcher's frame showing it, for the keys whose
    // batch (sent at most every 2 s) could go before the drop, and those after it.
    const keyed = played.slice(12);
    const online = keyed.filter(([, t], i) => (i < 30 && t < drop - 2000) || i >= 40);
    for (const [m, t] of online) {
      const f = frames.find(([k]) => k >= m - 20);
      if (f && m - 20 > played[0][0]) lags.push(f[1] - t);
    }
    assert(lags.length >= online.length - 20, `${online.length - lags.length} actions never reached the viewer`);
    lags.sort((a, b) => a - b);
    const at = (q) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))];
    console.log(`# live lag, key to the watcher's frame, ${lags.length} keys: median ${at(0.5)} ms, p99 ${at(0.99)} ms (max ${lags[lags.length - 1]} ms)`);
    assert(at(0.5) < 2000, `the watcher is ${at(0.5)} ms behind at the median`);
    await watcher.screenshot({ path: path.join(SHOTS, 'live-1280x800.png') });
  });
  await check('live: the player sees how many watch, in words for screen readers too', async () => {
    await keys(cal, 2, 2100); // a batch after the watcher came: its answer counts it
    const said = await cal.evaluate(() => { const w = document.getElementById('watchers'); return w && !w.hidden ? w.textContent : ''; });
    assert(/\u25c9 1/.test(said) && /1 person watches your run live/.test(said), `the player's page says "${said}"`);
    await cal.screenshot({ path: path.join(SHOTS, 'live-player-1280x800.png') });
  });
  await check('live: a 390x844 touch phone lists the live run and watches it by a tap', async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await open(phone, `${base}?daily`);
    await playToEnd(page, ['n', '<', '<']);
    await page.waitForTimeout(3000); // its last live batch (every 2 s) ends its run on the board
    await page.tap('#tools [data-tool="B"]');
    await page.waitForSelector('dialog#board[open] button[data-live][aria-label*="Cal"]', { timeout: 15000 });
    const wide = await page.evaluate(() => { const d = document.querySelector('dialog#board'); return d.scrollWidth - d.clientWidth; });
    assert(wide <= 1, `the board scrolls sideways by ${wide} px`);
    await page.screenshot({ path: path.join(SHOTS, 'board-live-phone.png') });
    await page.tap('dialog#board button[data-live][aria-label*="Cal"]');
    try {
      await page.waitForFunction(() => /Live \d+\/\d+/.test(window.cavesGame.text()), null, { timeout: 10000 });
    } catch {
      throw new Error(`no live run on the phone: ${(await text(page)).slice(0, 300)}`);
    }
    await keys(cal, 6, 300);
    await page.waitForFunction((n) => window.cavesGame.actions() >= n, played[played.length - 1][0] - 20, { timeout: 10000 });
    await page.screenshot({ path: path.join(SHOTS, 'live-phone.png') });
    await phone.close();
  });
  await check("live: the run's end ends the watching, which shows the whole run", async () => {
    await cal.keyboard.press('<');
    await cal.keyboard.press('<');
    await cal.waitForFunction(() => /GAME OVER|YOU WIN/.test(window.cavesGame.text()), null, { timeout: 10000 });
    const total = await cal.evaluate(() => window.cavesGame.actions());
    calToken = await cal.evaluate(() => localStorage.getItem('caves.board.token'));
    try {
      // The board keeps Cal's run as it ends (no post): then its watchers get the rest.
      await watcher.waitForFunction((n) => { const t = window.cavesGame.text(); return window.cavesGame.actions() === n && /Replay/.test(t) && !/Live/.test(t); }, total, { timeout: 10000 });
    } catch {
      throw new Error(`the viewer after the end: ${await watcher.evaluate(() => window.cavesGame.actions())} of ${total} actions, ${(await text(watcher)).slice(0, 400)}`);
    }
    const badge = await cal.evaluate(() => { const w = document.getElementById('watchers'); return !!w && !w.hidden; });
    assert(!badge, 'the count of watchers stays after the run ended');
    await watcher.close();
    await calCtx.close();
  });

  // The fallen. Cy's daily steps off the stair and back, then leaves:
  // the lost runs before it all ended on that stair, so in Cy's replay, one step in, their
  // graves lie one cell from Cy.
  await check('the fallen: graves come after the own daily, lie where the replays of the runs end, are named on hover and watched on a click', async () => {
    const ctx = await desktop();
    const page = await open(ctx, `${base}?daily`);
    let early = 0; // requests for the fallen before the own daily ended
    const counting = (r) => r.url().includes('/fallen') && early++;
    page.on('request', counting);
    await page.keyboard.press('B');
    await waitStatus(page, /Graves of today's fallen show once your own daily run has ended/);
    await page.click('dialog#board button[data-do=close]');
    await page.keyboard.press('n');
    const [start, step] = await stepOffAndBack(page);
    assert(step, 'no step off the stair');
    await page.waitForTimeout(500);
    page.off('request', counting);
    assert(early === 0, `the page asked for the fallen ${early} times before its own daily ended`);
    // The fallen answer once the board has the run's end (its last live batch): 403 before.
    const fetched = page.waitForResponse((r) => r.url().includes(`api/daily/${DAY}/fallen`) && r.status() === 200).catch(() => null);
    await playToEnd(page, ['<', '<']);
    const fallen = (await (await fetched).json()).fallen;
    assert(fallen.length >= 2, `fallen: ${JSON.stringify(fallen)}`);
    await page.waitForFunction(() => /of today's fallen lie in these caves/.test(window.cavesGame.text()), null, { timeout: 5000 });
    // Posted (the later checks count Cy's run), the board counts the graves.
    await postAs(page, 'Cy');
    await waitStatus(page, /Posted to the board of/);
    await waitStatus(page, /\d+ of today's fallen lie where they fell/); // the board counts the graves
    await page.click('dialog#board button[data-do=close]');
    // The replay, off the stair: the graves of the runs that left by the stair.
    await replayOffStair(page, start);
    const rows = (await page.evaluate(() => window.cavesGame.text())).split('\n');
    const row = rows.findIndex((r) => r.includes('@'));
    const col = [...rows[row]].indexOf('@');
    const [gx, gy] = [col - step[0], row - step[1]];
    assert([...rows[gy]][gx] === '\u253c', `no grave where the runs ended: ${JSON.stringify([...rows[gy]][gx])} at ${gx},${gy} step ${step} start ${start}\n${rows.slice(Math.max(0, row - 3), row + 4).join('\n')}\n${JSON.stringify(fallen)}`);
    await page.screenshot({ path: path.join(SHOTS, 'graves-1280x800.png') });
    const box = await page.evaluate(() => { const r = document.getElementById('game').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
    const [cols, nrows] = await page.evaluate(() => window.cavesGame.grid());
    const px = box[0] + (gx + 0.5) * box[2] / cols;
    const py = box[1] + (gy + 0.5) * box[3] / nrows;
    await page.mouse.move(px, py);
    const first = fallen.find((f) => f.x === start[0] && f.y === start[1] && f.depth === start[2] + 1);
    assert(first, `no fallen at the stair ${start}: ${JSON.stringify(fallen)}`);
    const named = await page.evaluate(() => window.cavesGame.look_text());
    assert(named === `grave of ${first.name}`, `hover names "${named}", not ${first.name}`);
    // A click watches that run, which ends where its grave lies.
    const run = page.waitForResponse((r) => r.url().includes(`api/runs/${first.id}`)).catch(() => null);
    await page.mouse.click(px, py);
    await run;
    await page.keyboard.press('End');
    await page.waitForFunction(() => { const m = /Action (\d+) of (\d+)/.exec(window.cavesGame.text()); return m && m[1] === m[2]; }, null, { timeout: 10000 });
    const end = await page.evaluate(() => window.cavesGame.player());
    assert(end[0] === first.x && end[1] === first.y && end[2] === first.depth - 1, `the run ended at ${end}, its grave is at ${first.x},${first.y} on level ${first.depth}`);
    await page.keyboard.press('x');
    assert(await page.evaluate(() => window.cavesGame.look_text()) === `grave of ${first.name}`, 'look mode does not name the grave under the player');
    await page.keyboard.press('Escape');
    await ctx.close();
  });

  await check("a fresh key cannot post under another key's name: the 409 is shown in the open dialog", async () => {
    const ctx = await desktop();
    const page = await open(ctx, `${base}?daily`);
    await playToEnd(page, ['n', '.', '.', '.', '<', '<']);
    await postAs(page, 'Ada <b>');
    await waitStatus(page, /did not take your run of \d{4}-\d{2}-\d{2} as "Ada <b>": \S/);
    assert((await listed(page, 'caves.board.queue')).length === 0, 'the refused run is still queued');
    assert((await listed(page, 'caves.board.refused')).length === 0, 'a refusal shown at once is kept to show again');
    assert(!(await stored(page, 'caves.board.name')), 'the taken name is still remembered');
    assert((await entries()).filter((e) => e.name === 'Ada <b>').length === 1, 'a second "Ada <b>" is on the board');
    await ctx.close();
  });

  await check("another device takes the first player's key in the board dialog and posts under its name (after a 503)", async () => {
    const ctx = await desktop();
    const page = await open(ctx, `${base}?daily`);
    await page.keyboard.press('B');
    await page.waitForSelector('dialog#board[open] form input:visible');
    const own = await page.textContent('dialog#board code');
    assert(KEY.test(own) && own !== adaKey, `a new device's key: ${own}`);
    assert(/secret/.test(await page.textContent('dialog#board div')), 'the dialog does not say the key is secret');
    await page.fill('dialog#board form input', 'not a key!');
    await page.click('dialog#board form button');
    await waitStatus(page, /not a player key/);
    assert(await stored(page, 'caves.board.token') === own, 'a bad key was stored');
    await page.fill('dialog#board form input', adaKey);
    await page.click('dialog#board form button');
    await waitStatus(page, /now uses that key/);
    assert(await stored(page, 'caves.board.token') === adaKey, 'the key given is not stored');
    assert(await page.textContent('dialog#board code') === adaKey, 'the dialog does not show the key given');
    await page.click('dialog#board button[data-do=close]');
    // The board is busy once (503, Retry-After: 2): the run is kept and sent again by itself.
    const answers = [];
    page.on('response', (r) => { if (r.url().includes('api/daily/runs')) answers.push(r.status()); });
    let busy = 0;
    await page.route('**/api/daily/runs**', (r) => (busy++ === 0
      ? r.fulfill({ status: 503, headers: { 'Retry-After': '2', 'Content-Type': 'application/json' }, body: '{"error":"busy"}' })
      : r.continue()));
    await playToEnd(page, ['n', '.', '.', '<', '<']);
    await postAs(page, 'Ada <b>');
    await waitStatus(page, /busy/);
    assert((await listed(page, 'caves.board.queue')).length === 1, 'the run is not kept after the 503');
    await waitStatus(page, /Posted to the board of/, 15000);
    assert(answers.length === 2 && answers[0] === 503 && answers[1] < 300, `answers: ${answers}`);
    assert((await listed(page, 'caves.board.queue')).length === 0, 'the run is still queued');
    await ctx.close();
  });

  await check('a run refused while the board dialog is closed: its reason is kept and shown when the board opens', async () => {
    const ctx = await desktop();
    const page = await open(ctx, base);
    await page.evaluate((date) => localStorage.setItem('caves.board.queue', JSON.stringify([{ run: btoa('not a run'), name: 'Dee', date }])), DAY);
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('caves.board.queue') || '[]').length === 0, null, { timeout: 15000 });
    const kept = await listed(page, 'caves.board.refused');
    assert(kept.length === 1 && kept[0].name === 'Dee' && kept[0].date === DAY && kept[0].error, `refused: ${JSON.stringify(kept)}`);
    await page.keyboard.press('B');
    await waitStatus(page, /did not take your run of \d{4}-\d{2}-\d{2} as "Dee"/);
    assert((await status(page)).includes(kept[0].error.replace(/\.$/, '')), `the reason is not shown: ${await status(page)}`);
    assert((await listed(page, 'caves.board.refused')).length === 0, 'the shown refusal is still kept');
    await ctx.close();
  });

  await check("a board page whose board does not answer plays the public daily of the device's date", async () => {
    const ctx = await desktop();
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.route('**/api/daily/today', (r) => r.abort('failed'));
    await page.goto(`${base}?daily`);
    await ready(page);
    const seed = await page.evaluate(() => window.cavesGame.seed());
    assert(seed === publicSeed(REAL), `the seed is ${seed}, the public daily seed of ${REAL} ${publicSeed(REAL)}`);
    await ctx.close();
  });

  await check('a 390x844 touch phone: the Board button shows the board and the player key, and a run can be watched by a tap', async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await open(phone, `${base}?daily`);
    await page.tap('#tools [data-tool="B"]');
    await page.waitForFunction(() => document.querySelectorAll('dialog#board[open] tbody tr').length >= 2, null, { timeout: 15000 });
    // Before its own run of today has ended, the board says why it shows none of today's.
    await page.tap('dialog#board button[data-watch]');
    await page.waitForFunction(() => /once your own run of today/.test(document.querySelector('dialog#board p[role=status]').textContent), null, { timeout: 10000 });
    await page.tap('dialog#board button[data-do=close]');
    await playToEnd(page, ['n', '<', '<']);
    await page.waitForTimeout(3000); // its last live batch (every 2 s) ends it on the board
    await page.tap('#tools [data-tool="B"]');
    await page.waitForFunction(() => document.querySelectorAll('dialog#board[open] tbody tr').length >= 2, null, { timeout: 15000 });
    const box = await page.evaluate(() => {
      const d = document.querySelector('dialog#board');
      const r = d.getBoundingClientRect();
      return [r.left, r.right, window.innerWidth, d.scrollWidth - d.clientWidth];
    });
    assert(box[0] >= 0 && box[1] <= box[2], `the board is wider than the phone: ${box}`);
    assert(box[3] <= 1, `the board scrolls sideways by ${box[3]} px`);
    assert(KEY.test(await page.textContent('dialog#board code')), 'no player key on the phone');
    await page.screenshot({ path: path.join(SHOTS, 'board-phone.png') });
    // Par under the entries once the phone's own daily has ended.
    await page.waitForFunction(() => /^Par: the expert bot /.test((document.querySelector('dialog#board[open] section.par p') || {}).textContent || ''), null, { timeout: 60000 });
    const wide = await page.evaluate(() => document.querySelector('dialog#board').scrollWidth - document.querySelector('dialog#board').clientWidth);
    assert(wide <= 1, `the board with par scrolls sideways by ${wide} px`);
    await page.evaluate(() => document.querySelector('dialog#board section.par').scrollIntoView());
    await page.screenshot({ path: path.join(SHOTS, 'board-par-phone.png') });
    // The card of the run just ended says how it did against par (as Share gives it).
    const card = await page.evaluate(() => window.cavesGame.share_link());
    assert(/^(Beat the expert bot|Beat the careful bot|Under par: the careful bot scored \d+)$/m.test(card), `the card has no par line: ${JSON.stringify(card)}`);
    await page.tap('dialog#board button[data-watch]');
    try {
      // The phone's status line says "Replay N/M" where the desktop sidebar says "Action N of M".
      await page.waitForFunction(() => /Replay \d+\/\d+/.test(window.cavesGame.text()), null, { timeout: 10000 });
    } catch {
      throw new Error(`no replay after the tap: ${(await text(page)).slice(0, 300)}; dialog open: ${await page.evaluate(() => !!document.querySelector('dialog[open]'))}`);
    }
    await yourDays(page);
    const days = norm(await page.evaluate(() => window.cavesGame.text()));
    assert(/Against the expert, oldest first: \d\d-\d\d \d+ to \d+/.test(days), `Your days on the phone: ${days.slice(0, 900)}`);
    await page.screenshot({ path: path.join(SHOTS, 'days-par-phone.png') });
    await phone.close();
  });
  await check('a 390x844 touch phone: the graves in the replay', async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await open(phone, `${base}?daily`);
    // The fallen answer once the board has the run's end (its last live batch): 403 before.
    const fetched = page.waitForResponse((r) => r.url().includes(`api/daily/${DAY}/fallen`) && r.status() === 200).catch(() => null);
    await page.keyboard.press('n');
    const [start, step] = await stepOffAndBack(page);
    assert(step, 'no step off the stair');
    await playToEnd(page, ['<', '<']);
    await fetched;
    // The response is in; the graves are the game's once its end screen counts them (the
    // phone's narrow screen may wrap the line).
    await page.waitForFunction(() => /today's\s+fallen\s+lie\s+in/.test(window.cavesGame.text()), null, { timeout: 5000 });
    // The replay, off the stair: a grave on the stair, and a tap on it watches that run.
    await replayOffStair(page, start);
    const rows = (await page.evaluate(() => window.cavesGame.text())).split('\n');
    const gy = rows.findIndex((r) => r.includes('\u253c'));
    assert(gy >= 0, `no grave in the replay on the phone: ${rows.join('\n').slice(0, 800)}`);
    const gx = [...rows[gy]].indexOf('\u253c');
    await page.screenshot({ path: path.join(SHOTS, 'graves-phone.png') });
    const box = await page.evaluate(() => { const r = document.getElementById('game').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
    const [cols, nrows] = await page.evaluate(() => window.cavesGame.grid());
    const run = page.waitForResponse((r) => r.url().includes('api/runs/')).catch(() => null);
    await page.touchscreen.tap(box[0] + (gx + 0.5) * box[2] / cols, box[1] + (gy + 0.5) * box[3] / nrows);
    assert(await run, 'a tap on the grave fetched no run');
    await phone.close();
  });
  await desk.close();
  await bea.close();

  await check('live: what was played since the last batch goes to the board as the tab is closed', async () => {
    const ctx = await desktop();
    await ctx.addInitScript(() => localStorage.setItem('caves.board.name', 'Dee'));
    const page = await open(ctx, `${base}?daily`);
    await page.keyboard.press('n');
    const isBatch = (r) => /api\/live\/[^/]+\/actions$/.test(r.url()) && r.request().method() === 'POST';
    const batch = page.waitForResponse(isBatch, { timeout: 10000 });
    await page.keyboard.press('.');
    await batch; // the next batch is 2 s off
    for (let i = 0; i < 12; i++) await page.keyboard.press('.'); // listed from 10 turns on
    const turn = await page.evaluate(() => Number(/Turn (\d+)/.exec(window.cavesGame.text())[1]));
    // The tab is closed: the page's own batches end with it, so only the request sent as
    // it goes can bring the last actions (without it the board holds turn 1).
    await page.close({ runBeforeUnload: true });
    // Asked as Cal's page asks (its run of today has ended): today's list answers it.
    const calKey = { headers: { 'X-Caves-Token': calToken } };
    const dee = async () => ((await request(base, `api/live/${DAY}`, calKey)).body.runs || []).find((r) => r.name === 'Dee');
    let run = await dee();
    for (let i = 0; i < 30 && !(run && run.turns === turn); i++) {
      await new Promise((r) => setTimeout(r, 100));
      run = await dee();
    }
    assert(run && run.turns === turn, `the board holds Dee's run at turn ${run && run.turns}; the tab was closed at turn ${turn}`);
    await ctx.close();
  });

  // One try that counts: Eve's first daily run of the day's caves is her day's run. It ends,
  // she watches it (R) and leaves the replay (Escape), and reloads: it is still offered, in the
  // board dialog and on the start screen. A second run of the caves is practice: it never goes
  // live, and P on its end posts the day's run first, then the practice run, which the board
  // keeps as practice.
  await check("the day's run is offered to post after R, Escape and a reload; a later run is practice, never live, and posted after it", async () => {
    const ctx = await desktop();
    await ctx.addInitScript(() => localStorage.setItem('caves.board.name', 'Eve'));
    const page = await open(ctx, `${base}?daily`);
    const lives = [];
    page.on('request', (r) => { if (r.method() === 'POST' && /api\/live(\?|$)/.test(r.url())) lives.push(r.url()); });
    // Each run here waits a number of turns no other run of the day's caves waits, so that
    // no two records are the same (the board answers the same record with its first entry).
    await playToEnd(page, ['n', '.', '.', '.', '.', '<', '<']);
    const dayTurns = Number(/Turns (\d+)/.exec(await text(page))[1]);
    await page.keyboard.press('r');
    // The sidebar may break "Action N of M" across its lines.
    await page.waitForFunction(() => /Action \d+ of/.test(window.cavesGame.text()), null, { timeout: 10000 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('B');
    await page.waitForSelector('dialog#board[open] button[data-do=post]:not([hidden])', { timeout: 15000 });
    const label = await page.textContent('dialog#board button[data-do=post]');
    assert(label === `Post my daily run of ${DAY}`, `the board dialog's button says "${label}"`);
    await page.screenshot({ path: path.join(SHOTS, 'board-day-run-to-post-1280x800.png') });
    await page.click('dialog#board button[data-do=close]');
    await page.reload();
    await ready(page);
    try {
      await page.waitForFunction(() => /P Post daily \d{4}-\d{2}-\d{2}/.test(norm0(window.cavesGame.text())), null, { timeout: 10000 });
    } catch {
      throw new Error(`the start screen after a reload does not offer the day's run: ${(await text(page)).slice(-500)}`);
    }
    const start = await text(page);
    assert(start.includes(`New run: practice, daily ${DAY} try 2`), `the start screen's new run: ${start.slice(-500)}`);
    await page.screenshot({ path: path.join(SHOTS, 'daily-unposted-start-1280x800.png') });
    // Practice, while the day's run waits: no live run opens for it.
    const before = lives.length;
    for (const k of ['n', '.', '.', '.', '.', '.']) await page.keyboard.press(k);
    await page.waitForTimeout(2600); // a live batch would go within 2 s
    await playToEnd(page, ['<', '<']);
    await page.waitForTimeout(600);
    assert(lives.length === before, `a practice run opened ${lives.length - before} live runs`);
    let end = await text(page);
    assert(end.includes(`Daily ${DAY}, try 2 (practice)`) && /P post your day's run first/.test(end), `the practice end screen: ${end.slice(0, 600)}`);
    await page.screenshot({ path: path.join(SHOTS, 'practice-end-1280x800.png') });
    await postAs(page, null);
    await waitStatus(page, /Posted to the board of \S+: rank \d+/);
    let eve = (await entries()).filter((e) => e.name === 'Eve');
    assert(eve.length === 1 && eve[0].turns === dayTurns, `Eve on the board: ${JSON.stringify(eve)}, the day's run took ${dayTurns} turns`);
    await page.click('dialog#board button[data-do=close]');
    end = await text(page);
    assert(/P post as practice/.test(end), `after the day's run: ${end.slice(0, 600)}`);
    await postAs(page, null);
    await waitStatus(page, /as practice/);
    eve = (await entries()).filter((e) => e.name === 'Eve');
    assert(eve.length === 1 && eve[0].turns === dayTurns, `the practice run is counted: ${JSON.stringify(eve)}`);
    await page.click('dialog#board button[data-do=close]');
    await page.keyboard.press('s');
    await page.waitForSelector('dialog#share[open] textarea', { timeout: 5000 });
    const card = await page.$eval('dialog#share textarea', (t) => t.value);
    assert(card.startsWith(`Caves daily ${DAY}, try 2 (practice): lost\n`) && !/rank/.test(card), `the practice card: ${JSON.stringify(card)}`);
    await page.keyboard.press('Escape');
    // Taken by the board, the day's run is offered no more.
    await page.goto(base);
    await ready(page);
    await page.waitForTimeout(500);
    const after = await text(page);
    assert(!/Post daily/.test(after) && /B Today's board/.test(after), `the start screen after the board took the day's run: ${after.slice(-400)}`);
    await ctx.close();
  });

  await check("a 390x844 touch phone: the day's run left unposted is posted by a tap on the start screen, and a practice run's end says so", async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    await phone.addInitScript(() => localStorage.setItem('caves.board.name', 'Fay'));
    const page = await open(phone, `${base}?daily`);
    await playToEnd(page, ['n', '.', '.', '.', '.', '.', '.', '<', '<']);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => /Post daily/.test(window.cavesGame.text()), null, { timeout: 10000 });
    await page.screenshot({ path: path.join(SHOTS, 'daily-unposted-start-phone.png') });
    const row = await page.evaluate(() => window.cavesGame.text().split('\n').findIndex((l) => l.includes('Post daily')));
    const at = await page.evaluate((row) => { const c = document.getElementById('game').getBoundingClientRect(); const [, rows] = window.cavesGame.grid(); return { x: c.left + c.width / 2, y: c.top + (row + 0.5) * c.height / rows }; }, row);
    await page.touchscreen.tap(at.x, at.y);
    await waitStatus(page, /Posted to the board of \S+: rank \d+/);
    await page.screenshot({ path: path.join(SHOTS, 'board-day-run-posted-phone.png') });
    assert((await entries()).some((e) => e.name === 'Fay'), 'the day\'s run posted by a tap is not on the board');
    await page.click('dialog#board button[data-do=close]');
    await page.goto(`${base}?daily`);
    await ready(page);
    await playToEnd(page, ['n', '.', '.', '.', '.', '.', '.', '.', '<', '<']);
    const end = await text(page);
    assert(end.includes('try 2 (practice)') && /Board: post as practice/.test(end), `the practice end screen on the phone: ${end.slice(0, 600)}`);
    await page.screenshot({ path: path.join(SHOTS, 'practice-end-phone.png') });
    await phone.close();
  });

  await check('no console errors', async () => {
    // Chromium logs every 4xx/5xx answer and aborted request; those were meant here.
    const real = errors.filter((e) => !/internetdisconnected|ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|status of (400|403|409|503)/i.test(e));
    assert(real.length === 0, real.slice(0, 3).join(' | '));
  });
} catch (e) {
  fail('board e2e run', e);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
await done();
