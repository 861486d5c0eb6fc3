// The board's review, finding by finding, as attacks on the real release server
// (target/release/caves-server) over loopback addresses, on SQLite, and on a throwaway
// PostgreSQL cluster (with a password) where the finding is about shared state or the database
// going away. Each finding is a check that fails on the old behaviour:
//
// - unfit runs: an Explorer run, a run file written with a padded varint, and copies of a
//   kept run (a wall bump added, another ending) are refused;
// - slowloris: a thousand connections trickling headers from one address do not lock anyone
//   else out, and the server closes them (header timeout);
// - stalled uploads: 400 uploads that stop sending do not swell the server, and are dropped;
//   100 trickled a byte every 2 s are cut off by the request timeout;
// - the flood: clients posting long runs without end do not get an honest run refused;
// - the stolen device: one counted run per token, names claimed by a token;
// - cross-site posts: content type, no CORS preflight, a token needed;
// - the /64: the rate limit per IPv6 /64 behind a trusted proxy, X-Forwarded-For ignored
//   otherwise, one limit shared by every copy on one PostgreSQL database;
// - --dist: no dotfiles, no symlinks out, no database files; a folder holding .git or the
//   database is refused;
// - names: invisible, bidi, mixed-script names refused; names compared after NFKC and case;
//   lookalikes of one script and letters under piles of accents; 30 names squatted from one
//   address in a second (capped);
// - reads: /fallen on a day of 100,000 runs, /api/health and /metrics on 1,000,000: every
//   answer right and whole while read in a loop (their times are printed as notes; a time is
//   the benchmarks' to measure, not a test's to assert);
// - faults: PostgreSQL stopped and started under load, SQLite read-only, a full file system;
// - SIGTERM under load: a clean exit within 10 s, nothing answered 201 lost;
// - export and import: SQLite to PostgreSQL, the same board and the same secret day seed;
// - /metrics, `caves-server health`, request logs (text and JSON), no password in the logs.
//
//   node tests/board/attack.mjs      # after: cargo build --release -p caves-server --bins --examples
//   ATTACK_ONLY=names,dist node tests/board/attack.mjs    # some of them (keys: see `suite`)
//
// Prints `ok - ...` / `not ok - ...` (and `ok - ... # SKIP why` for what this machine cannot
// do, which is not a pass), `# ...` notes with the figures, and exits 1 if any check failed.
// Must run as root for the file-system faults (chattr, mount); they are skipped otherwise.

import { execFileSync, execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { assert, check, failed, finish, note, skip } from '../checks.mjs';
import {
  ROOT, makeRuns, boardSeed, makeToken, randomToken, startBoard, runBoard, startPostgres, post, postRetrying,
  getJson, request, retryAfter, freePort, rssMb, withFinalFingerprint, sleep, actionsOf, actionText,
  countActions,
} from './serve.mjs';

const TODAY = '2026-11-24';
const FILL = path.join(ROOT, 'target', 'release', 'examples', 'fill');
const YESTERDAY = '2026-11-23';
const UNLIMITED = { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: '1000000', CAVES_BOARD_NAMES_PER_DAY: '1000000' };
// The caps a board has by default on what one address keeps (names, run bytes), the
// submission limit still lifted.
const DEFAULT_CAPS = { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: '1000000' };
// The submission limit a board has by default, the cap on new names lifted (each post here
// is a player of its own).
const DEFAULT_LIMIT = { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: undefined, CAVES_BOARD_NAMES_PER_DAY: '1000000' };
const ONLY = (process.env.ATTACK_ONLY || '').split(',').map((s) => s.trim()).filter(Boolean);
const ROOT_USER = process.getuid && process.getuid() === 0;

const oneLine = (s) => s.trim().length > 0 && s.trim().split('\n').length === 1;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-attack-'));
const cleanups = [];
const made = [];

/** A new SQLite database `name`, its seed of TODAY and `count` runs made for it. */
function fresh(name, { count = 40, long = null, dir = tmp } = {}) {
  const db = `sqlite://${dir}/${name}.db`;
  const seed = boardSeed(db, TODAY);
  const runs = makeRuns(count, TODAY, seed, { long });
  made.push(runs);
  return { db, seed, runs };
}

/** Runs made for the PostgreSQL database at `url`. */
function runsForDb(url, count, opts = {}) {
  const runs = makeRuns(count, TODAY, boardSeed(url, TODAY), opts);
  made.push(runs);
  return runs;
}

function serve(db, { args = [], env = UNLIMITED, logs = false } = {}) {
  const today = args.includes('--today') ? [] : ['--today', TODAY];
  return startBoard(['--listen', '127.0.0.1:0', '--db', db, ...today, ...args], env, { logs });
}

const portOf = (base) => Number(new URL(base).port);

/** A GET with the path sent exactly as given (no URL normalising of `..` or `%2e`). */
function getRaw(base, rawPath, { localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: portOf(base), path: rawPath, method: 'GET', agent: false, ...(localAddress ? { localAddress } : {}) }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(10000, () => req.destroy(new Error(`no answer to GET ${rawPath}`)));
    req.on('error', reject);
    req.end();
  });
}

/** A raw TCP connection to the server from `localAddress` that writes `head` once connected;
 * notes when it opened and when it was closed, and what came back. */
function openRaw(base, localAddress, head) {
  return new Promise((resolve) => {
    const c = { sock: null, openedAt: 0, closedAt: 0, error: null, data: '', connected: false };
    const sock = net.connect({ host: '127.0.0.1', port: portOf(base), localAddress });
    c.sock = sock;
    sock.setNoDelay(true);
    sock.on('connect', () => {
      c.connected = true;
      c.openedAt = Date.now();
      if (head) sock.write(head);
      resolve(c);
    });
    sock.on('data', (d) => { if (c.data.length < 2000) c.data += d; });
    sock.on('error', (e) => { c.error = e.code || e.message; });
    sock.on('close', () => {
      c.closedAt = Date.now();
      if (!c.connected) { c.openedAt = c.closedAt; resolve(c); }
    });
  });
}

/** Health from another address, on a new connection, within `ms`. */
async function healthWithin(base, localAddress, ms) {
  const t = Date.now();
  const r = await request(base, 'api/health', { localAddress, agent: false, timeout: ms });
  return { ...r, ms: Date.now() - t };
}

async function waitFor(what, fn, { within = 15000, every = 250 } = {}) {
  const t = Date.now();
  let last;
  while (Date.now() - t < within) {
    try {
      last = await fn();
      if (last === true || (last && last.ok)) return { ms: Date.now() - t, last };
    } catch (e) {
      last = e.message;
    }
    await sleep(every);
  }
  throw new Error(`${what}: not within ${within} ms (last: ${typeof last === 'object' ? JSON.stringify(last) : last})`);
}

function sh(cmd, args) {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** Makes `paths` immutable (chattr +i: root cannot write them either, even through files
 * already open) or writable again. */
function immutable(paths, on) {
  for (const p of paths) {
    if (fs.existsSync(p)) {
      try { sh('chattr', [on ? '+i' : '-i', p]); } catch (e) { if (on) throw e; }
    }
  }
}

// ---------------------------------------------------------------------------------------

let pg = null;
const PG_PASSWORD = `Caves-${crypto.randomBytes(6).toString('hex')}-pw`;
async function postgres() {
  if (pg === null) {
    pg = await startPostgres({ password: PG_PASSWORD }).catch((e) => { throw new Error(`PostgreSQL could not be started: ${e.message}`); });
    if (!pg) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
    cleanups.push(() => pg.stop());
  }
  return pg;
}
const pgLogs = [];

/** Opens a live run as `label` under `name`; its id (null when refused and `quiet`). */
async function liveOpen(base, name, label, localAddress = null, quiet = false) {
  const r = await request(base, `api/live?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'X-Caves-Token': makeToken(label) }, localAddress });
  if (quiet && r.status !== 201) return null;
  assert(r.status === 201, `live open ${name}: ${r.status} ${r.text}`);
  return r.body.id;
}

/** Sends `actions` (Buffers, one per action) of live run `id` from `from` as `label`. */
function liveBatch(base, id, label, from, actions, { end = false, localAddress = null } = {}) {
  const body = Buffer.from(JSON.stringify({ from, actions: actionText(actions), end }));
  return request(base, `api/live/${id}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Caves-Token': makeToken(label) }, body, localAddress });
}

/** Opens a stream of live run `id` with `ticket`; resolves { status, events, close } once
 * its head came; events gather as they come. */
function sseOpen(base, id, ticket, localAddress = null) {
  const url = new URL(`api/live/${id}/events?ticket=${ticket}`, base);
  return new Promise((resolve, reject) => {
    const events = [];
    let buf = '';
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent: false, headers: { Accept: 'text/event-stream' }, ...(localAddress ? { localAddress } : {}) }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (d) => {
        buf += d;
        let k;
        while ((k = buf.indexOf('\n\n')) >= 0) {
          const ev = { event: '', id: '', data: null };
          for (const line of buf.slice(0, k).split('\n')) {
            if (line.startsWith('event:')) ev.event = line.slice(6).trim();
            else if (line.startsWith('id:')) ev.id = line.slice(3).trim();
            else if (line.startsWith('data:')) { try { ev.data = JSON.parse(line.slice(5)); } catch { ev.data = line.slice(5); } }
          }
          buf = buf.slice(k + 2);
          if (ev.event) events.push(ev);
        }
      });
      res.on('error', () => {});
      resolve({ status: res.statusCode, events, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A stream of live run `id` read until `until(events)` holds (or `timeout` ms), then closed. */
async function sse(base, id, ticket, { until, localAddress = null, timeout = 15000 } = {}) {
  const s = await sseOpen(base, id, ticket, localAddress);
  const t = Date.now();
  while (s.status === 200 && !until(s.events) && Date.now() - t < timeout) await sleep(20);
  s.close();
  return s;
}

/** A fresh board of its own (`fresh(name, opts)`) served for `fn({ board, db, seed, runs })`,
 * and stopped after, however `fn` ends. */
async function onFresh(name, opts, fn) {
  const made = fresh(name, opts);
  const board = await serve(made.db);
  try {
    await fn({ ...made, board });
  } finally {
    await board.stop();
  }
}

const suite = {
  async unfit() {
    await onFresh('unfit', {}, async ({ board, runs }) => {
      const b = board.base;
      const kind = (k) => runs.forged.find((f) => f.kind === k).bytes;
      await check('unfit: an Explorer mode run (played by the rules, every fingerprint right) is refused 422', async () => {
        const r = await post(b, kind('explorer'), { name: 'Explorer', token: makeToken('unfit explorer') });
        assert(r.status === 422 && typeof r.body.error === 'string', `${r.status} ${r.text}`);
      });
      await check('unfit: a run file with its ruleset varint padded to two bytes (checksum right) is refused 422', async () => {
        const r = await post(b, kind('padded'), { name: 'Padder', token: makeToken('unfit padded') });
        assert(r.status === 422 && typeof r.body.error === 'string', `${r.status} ${r.text}`);
      });
      await check('unfit: copies of a kept run (a wall bump added; its first 80% then another end) get 409 naming the original', async () => {
        const long = await post(b, runs.long.bytes, { name: 'Original', token: makeToken('unfit original') });
        assert(long.status === 201 && long.body.id === runs.long.id, `long-0: ${long.status} ${long.text}`);
        for (const copy of runs.copies) {
          const r = await post(b, copy.bytes, { name: `Copier ${copy.kind}`, token: makeToken(`unfit copier ${copy.kind}`) });
          assert(r.status === 409 && r.body.original === runs.long.id && typeof r.body.error === 'string',
            `copy-${copy.kind}: ${r.status} ${r.text} (original ${runs.long.id})`);
        }
        const h = await getJson(b, 'api/health');
        assert(h.body.runs === 1, `${h.body.runs} runs kept, only the original expected`);
      });
    });
  },

  async claims() {
    // A live run is its player's: stolen while live or after its end, poisoned with a
    // practice run, on SQLite and across two copies on one PostgreSQL.
    const theft = async (label, bases, runs) => {
      const [home, away] = bases;
      const all = actionsOf(runs.long.bytes);
      const tag = `${label} ${Date.now()}`;
      // The thief has played today's caves (its run is kept): today's live runs open to it.
      const own = await post(away, runs.valid[0].bytes, { name: `Thief ${label}`, token: makeToken(`thief ${tag}`) });
      assert(own.status === 201, `the thief's own run: ${own.status} ${own.text}`);
      const id = await liveOpen(home, `Victim ${label}`, `victim ${tag}`);
      let from = 0;
      const send = async (upto) => {
        const r = await liveBatch(home, id, `victim ${tag}`, from, all.slice(from, upto));
        assert(r.status === 200, `a batch: ${r.status} ${r.text}`);
        from = upto;
        return r.body;
      };
      // The victim plays 220 of its 301 turns, 10 actions a batch; the thief watches it.
      for (let k = 10; k <= 220; k += 10) await send(k);
      const list = await request(away, `api/live/${TODAY}`, { headers: { 'X-Caves-Token': makeToken(`thief ${tag}`) } });
      const listed = list.body.runs && list.body.runs.find((r) => r.id === id);
      assert(list.status === 200 && listed, `the thief's list: ${list.status} ${list.text}`);
      const seen = await sse(away, id, listed.ticket, { until: (evs) => evs.some((e) => e.event === 'actions' && Number(e.id) >= 150) });
      const got = Number(seen.events.filter((e) => e.event === 'actions').pop().id);
      assert(got <= 200, `the thief sees ${got} actions of 220: not held back`);
      // The poison: the victim's first 200 turns and an ending of the thief's own, 250 turns
      // more: not a copy of anything (most of it is its own), kept as practice.
      const poison = await post(away, runs.poison.bytes, { name: `Thief ${label}`, token: makeToken(`thief ${tag}`) });
      assert(poison.status === 201 && poison.body.practice === true, `the poison: ${poison.status} ${poison.text}`);
      // Stolen while live: the victim's first 240 turns (the copy made from what watchers see,
      // with another ending), and it with a bump first: copies of the live run.
      await send(260);
      for (const copy of runs.copies) {
        const r = await post(away, copy.bytes, { name: `Thief ${label}`, token: makeToken(`thief ${tag}`) });
        assert(r.status === 409 && r.body.original === id && r.body.live === true, `${copy.kind} copy while live: ${r.status} ${r.text}`);
      }
      // The victim plays to its end (out of the caves): kept as its run, though the poison
      // shares a mark past half of it; the same bytes posted by the thief then: 409.
      const end = await send(all.length);
      assert(end.ended && end.kept && end.kept.id === runs.long.id, `the victim's run is not kept: ${JSON.stringify(end)}`);
      for (const bytes of [runs.long.bytes, runs.copies[0].bytes]) {
        const r = await post(away, bytes, { name: `Thief ${label}`, token: makeToken(`thief ${tag}`) });
        assert(r.status === 409 && r.body.original === runs.long.id, `stolen after the end: ${r.status} ${r.text}`);
      }
      const mine = await post(away, runs.long.bytes, { name: `Victim ${label}`, token: makeToken(`victim ${tag}`) });
      assert(mine.status === 200 && mine.body.id === runs.long.id && mine.body.practice === false, `the victim's own post: ${mine.status} ${mine.text}`);
    };
    await onFresh('claims', {}, async ({ board, runs }) => {
      await check('claims (SQLite): a live run watched and stolen (while live and after its end, in disguise too) is refused 409 as the player\'s; a poison posted from its start does not make the player\'s run a copy; the player\'s run is kept at its end', async () => {
        await theft('sqlite', [board.base, board.base], runs);
      });
    });
    const p = await postgres();
    const url = p.createDb('claims');
    const runs = runsForDb(url, 4);
    const a = await serve(url);
    const b = await serve(url);
    try {
      await check('claims (two copies on one PostgreSQL): the live run played on one copy is its player\'s on the other', async () => {
        await theft('postgres', [a.base, b.base], runs);
      });
    } finally {
      await a.stop();
      await b.stop();
    }
  },

  async synonym() {
    // A seed whose first level has a weapon or armour to use; a few fresh boards (each its
    // own secret seed) until one has.
    let made = null;
    for (let k = 0; k < 12 && !made; k++) {
      const f = fresh(`synonym-${k}`, { count: 2 });
      if (f.runs.armed && f.runs.synonym) made = f;
    }
    if (!made) return skip('synonym: a copy with a Use swapped for an Equip', 'no board of 12 had a weapon or armour on its first level');
    const board = await serve(made.db);
    try {
      await check('synonym: a kept run that uses a weapon (which wields it), posted again with that Use swapped for an Equip and re-sealed, is refused 409 naming the original', async () => {
        const r = await post(board.base, made.runs.armed.bytes, { name: 'Armed', token: makeToken('armed') });
        assert(r.status === 201 && r.body.id === made.runs.armed.id, `the armed run: ${r.status} ${r.text}`);
        const c = await post(board.base, made.runs.synonym.bytes, { name: 'Synonym', token: makeToken('synonym') });
        assert(c.status === 409 && c.body.original === made.runs.armed.id, `the synonym copy: ${c.status} ${c.text}`);
      });
    } finally {
      await board.stop();
    }
  },

  async gate() {
    await onFresh('gate', { count: 4 }, async ({ board, runs }) => {
      await check('gate: today\'s live list, streams, fallen and runs answer 403 (with the reason) until the asker\'s own run of today has ended; past days open to all', async () => {
        const b = board.base;
        const kept = await post(b, runs.valid[0].bytes, { name: 'Early', token: makeToken('gate early') });
        assert(kept.status === 201, `a run: ${kept.status}`);
        const id = await liveOpen(b, 'Player', 'gate player');
        const all = actionsOf(runs.long.bytes);
        assert((await liveBatch(b, id, 'gate player', 0, all.slice(0, 60))).status === 200, 'a batch');
        const asking = [`api/live/${TODAY}`, `api/daily/${TODAY}/fallen`, `api/runs/${kept.body.id}`];
        for (const who of [null, 'gate player']) {
          for (const p of asking) {
            const r = await request(b, p, { headers: who ? { 'X-Caves-Token': makeToken(who) } : {} });
            assert(r.status === 403 && /ended/.test(r.body.error), `${p} as ${who}: ${r.status} ${r.text}`);
          }
        }
        const stream = await sse(b, id, '', { until: () => true });
        assert(stream.status === 403, `a stream without a ticket: ${stream.status}`);
        for (const p of asking) {
          const r = await request(b, p, { headers: { 'X-Caves-Token': makeToken('gate early') } });
          assert(r.status === 200, `${p} for a player whose run is kept: ${r.status} ${r.text}`);
        }
        // The player's own live run ends (out of the caves): now it may look too.
        const end = await liveBatch(b, id, 'gate player', 60, all.slice(60));
        assert(end.status === 200 && end.body.ended, `the end: ${end.text}`);
        const r = await request(b, `api/live/${TODAY}`, { headers: { 'X-Caves-Token': makeToken('gate player') } });
        assert(r.status === 200, `after its own run ended: ${r.status} ${r.text}`);
        for (const p of [`api/live/${YESTERDAY}`, `api/daily/${YESTERDAY}/fallen`]) {
          const y = await request(b, p);
          assert(y.status === 200, `${p} without a key: ${y.status}`);
        }
      });
    });
  },

  async liveflood() {
    const { db, runs } = fresh('liveflood', { count: 4 });
    const board = await serve(db, { env: { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: undefined } });
    try {
      await check('live flood: 300 fake live runs opened in 3 s from 10 addresses (and 16 streams of one address on one) do not push an honest run off the list; one address stores at most its day\'s bytes; two tokens never go live under one name', async () => {
        const b = board.base;
        const all = actionsOf(runs.long.bytes);
        const honest = await liveOpen(b, 'Honest', 'flood honest', '127.0.0.70');
        assert((await liveBatch(b, honest, 'flood honest', 0, all.slice(0, 120), { localAddress: '127.0.0.70' })).status === 200, 'the honest batch');
        const t0 = Date.now();
        const opened = [];
        const statuses = new Map();
        await Promise.all(Array.from({ length: 300 }, async (_, k) => {
          const address = `127.0.0.${80 + (k % 10)}`;
          const r = await request(b, `api/live?name=${encodeURIComponent(`Fake ${k}`)}`, { method: 'POST', headers: { 'X-Caves-Token': makeToken(`fake ${k}`) }, localAddress: address });
          statuses.set(r.status, (statuses.get(r.status) || 0) + 1);
          if (r.status === 201) {
            opened.push(r.body.id);
            // A few turns each: real steps, but no real progress.
            await liveBatch(b, r.body.id, `fake ${k}`, 0, all.slice(0, 5), { localAddress: address });
          }
        }));
        note(`live flood: ${opened.length} fakes opened in ${Date.now() - t0} ms, ${JSON.stringify(Object.fromEntries(statuses))}`);
        const seer = { headers: { 'X-Caves-Token': makeToken('flood seer') } };
        assert((await post(b, runs.valid[0].bytes, { name: 'Seer', token: makeToken('flood seer') })).status === 201, 'the seer');
        let list = (await request(b, `api/live/${TODAY}`, seer)).body;
        assert(list.runs[0] && list.runs[0].id === honest, `the honest run is not first: ${JSON.stringify(list.runs.slice(0, 3))}`);
        assert(list.runs.length === 1, `${list.runs.length} runs listed: fakes without progress are listed`);
        // 16 streams of one address on a fake that plays on count as one watcher.
        const fake = opened[0];
        const k0 = 0;
        assert((await liveBatch(b, fake, `fake ${k0}`, 5, all.slice(5, 60), { localAddress: '127.0.0.80' })).status === 200, 'the fake plays on');
        list = (await request(b, `api/live/${TODAY}`, seer)).body;
        const ticket = list.runs.find((r) => r.id === fake).ticket;
        const streams = [];
        for (let k = 0; k < 17; k++) streams.push(await sseOpen(b, fake, ticket, '127.0.0.99'));
        assert(streams.slice(0, 16).every((s) => s.status === 200) && streams[16].status === 429, `17 streams of one address: ${streams.map((s) => s.status).join(' ')}`);
        const watcher = await sseOpen(b, honest, list.runs.find((r) => r.id === honest).ticket, '127.0.0.98');
        const second = await sseOpen(b, honest, list.runs.find((r) => r.id === honest).ticket, '127.0.0.97');
        list = (await request(b, `api/live/${TODAY}`, seer)).body;
        assert(list.runs[0].id === honest, `16 watchers of one address outrank 2 of two: ${JSON.stringify(list.runs.slice(0, 2))}`);
        for (const s of [...streams, watcher, second]) s.close();
        // Disk: one address storing all it can in a day gets 429 at the cap.
        let stored = 0;
        let refused = null;
        // Turnless actions (a Descend, code 9, on the stair up the run starts on): the player
        // never dies of them, and they are stored as any action is.
        const waits = Buffer.alloc(40000, 9);
        for (let k = 0; k < 120 && !refused; k++) {
          const id = await liveOpen(b, `Filler ${k}`, `filler ${k}`, `127.0.0.${110 + Math.floor(k / 25)}`, true);
          if (!id) continue;
          for (let from = 0; from < 80000 && !refused; from += 40000) {
            const r = await request(b, `api/live/${id}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Caves-Token': makeToken(`filler ${k}`) }, localAddress: '127.0.0.120', body: Buffer.from(JSON.stringify({ from, actions: waits.toString('base64url') })) });
            if (r.status === 200) stored += waits.toString('base64url').length;
            else if (r.status === 429) refused = r;
            else if (r.status === 422) break; // the player died waiting: the next run
            else throw new Error(`a filler batch: ${r.status} ${r.text}`);
          }
        }
        note(`live flood: one address stored ${(stored / 1048576).toFixed(1)} MB of live actions before ${refused ? `${refused.status} ${refused.text}` : "nothing"}`);
        assert(refused && stored <= 4 * 1048576, `one address stored ${stored} bytes: ${refused ? refused.text : 'never refused'}`);
        // A name live under one token is its: another token cannot go live under it.
        const other = await request(b, `api/live?name=honest`, { method: 'POST', headers: { 'X-Caves-Token': makeToken('flood other') }, localAddress: '127.0.0.71' });
        assert(other.status === 409, `another token live under Honest: ${other.status} ${other.text}`);
      });
    } finally {
      await board.stop();
    }
  },

  async catchup() {
    // A new board draws the day's seed at random, and in a few caves every try of a run that
    // stands 95,000 turns on the stair dies on the way (the fixture then fails): such a seed
    // is a fixture that could not be made, so a new board, with a new seed, is drawn.
    let db;
    let big;
    for (let tries = 1; !big; tries++) {
      const board = fresh(`catchup-${tries}`, { count: 2 });
      db = board.db;
      try {
        big = makeRuns(210, TODAY, board.seed, { long: [1, 95000] });
      } catch (e) {
        if (tries >= 3) throw e;
        note(`catch-up: no long run in the caves of seed ${board.seed}; drawing another board`);
      }
    }
    made.push(big);
    const board = await serve(db, { env: { ...UNLIMITED, CAVES_BOARD_LIVE_BATCHES_PER_MINUTE: '100000000', CAVES_BOARD_LIVE_BATCHES_PER_RUN: '100000000' } });
    try {
      await check('catch-up: a live run of ~95,000 actions read by 64 reconnecting watchers from one address, while honest posts go on: every post 201, none 503, p99 well under a second', async () => {
        const b = board.base;
        const all = actionsOf(big.moreLong[0].bytes).slice(0, -1); // not the climb out: it plays on
        const id = await liveOpen(b, 'Long', 'catchup long');
        // One-action batches at first: merged into one stored piece (a fresh stream's first
        // event holds all that is shown of them).
        for (let k = 0; k < 300; k++) {
          const r = await liveBatch(b, id, 'catchup long', k, all.slice(k, k + 1));
          assert(r.status === 200, `batch ${k}: ${r.status} ${r.text}`);
        }
        for (let from = 300; from < all.length; from += 30000) {
          const r = await liveBatch(b, id, 'catchup long', from, all.slice(from, from + 30000));
          assert(r.status === 200, `a big batch: ${r.status} ${r.text}`);
        }
        assert((await post(b, big.valid[0].bytes, { name: 'Reader', token: makeToken('catchup reader') })).status === 201, 'the reader');
        const list = (await request(b, `api/live/${TODAY}`, { headers: { 'X-Caves-Token': makeToken('catchup reader') } })).body;
        const ticket = list.runs.find((r) => r.id === id).ticket;
        const first = await sse(b, id, ticket, { until: (evs) => evs.length >= 1 });
        const n = countActions(first.events[0].data.actions);
        assert(n >= 280, `the first event of a fresh stream holds ${n} actions: the one-action batches were not merged`);
        let reading = true;
        const statuses = new Map();
        let reads = 0;
        const reader = async (w) => {
          while (reading) {
            const s = await sse(b, id, ticket, { localAddress: '127.0.0.150', until: (evs) => evs.length >= 3, timeout: 10000 }).catch(() => ({ status: 0 }));
            statuses.set(s.status, (statuses.get(s.status) || 0) + 1);
            reads += 1;
            if (s.status !== 200) await sleep(200);
          }
        };
        const readers = Array.from({ length: 64 }, (_, w) => reader(w));
        await sleep(2000);
        const times = [];
        const answers = new Map();
        for (let k = 1; k < 201; k++) {
          const t = performance.now();
          const r = await post(b, big.valid[k].bytes, { name: `Honest ${k}`, token: makeToken(`catchup honest ${k}`), localAddress: '127.0.0.160' });
          times.push(performance.now() - t);
          answers.set(r.status, (answers.get(r.status) || 0) + 1);
        }
        reading = false;
        await Promise.all(readers);
        times.sort((x, y) => x - y);
        const p = (q) => times[Math.min(times.length - 1, Math.floor((times.length * q) / 100))];
        note(`catch-up: 64 watchers from one address made ${reads} reads (${JSON.stringify(Object.fromEntries(statuses))}); 200 honest posts meanwhile ${JSON.stringify(Object.fromEntries(answers))}, p50 ${p(50).toFixed(1)} ms, p99 ${p(99).toFixed(1)} ms (target: under 200 ms)`);
        assert(answers.get(201) === 200, `honest posts: ${JSON.stringify(Object.fromEntries(answers))}`);
        assert(p(99) < 1000, `an honest post's p99 ${p(99).toFixed(0)} ms`);
      });
    } finally {
      await board.stop();
    }
  },

  async slowloris() {
    const { db, runs } = fresh('slowloris', { count: 4 });
    const board = await serve(db);
    const limit = Number(execSync('bash -c "ulimit -n"').toString().trim()) || 1024;
    const N = limit >= 1100 + 500 ? 1100 : 300;
    if (N < 1100) note(`slowloris: the open-file limit is ${limit}, so ${N} connections, not 1,100`);
    const conns = [];
    const timers = [];
    try {
      await check(`slowloris: ${N} connections from 127.0.0.1 sending a header line every 5 s lock no one else out, and are closed by the server within ~12 s`, async () => {
        const head = 'POST /api/daily/runs?name=Slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n';
        const t0 = Date.now();
        for (let i = 0; i < N; i += 100) {
          conns.push(...await Promise.all(Array.from({ length: Math.min(100, N - i) }, () => openRaw(board.base, '127.0.0.1', head))));
        }
        const opened = Date.now() - t0;
        let line = 0;
        timers.push(setInterval(() => {
          line += 1;
          for (const c of conns) if (!c.closedAt && !c.sock.destroyed) c.sock.write(`X-Slow-${line}: ${'a'.repeat(10)}\r\n`);
        }, 5000));
        await sleep(1000);
        const h1 = await healthWithin(board.base, '127.0.0.3', 2000);
        assert(h1.status === 200, `health from 127.0.0.3 during the attack: ${h1.status}`);
        await sleep(Math.max(0, 6000 - (Date.now() - t0)));
        const h2 = await healthWithin(board.base, '127.0.0.3', 2000);
        assert(h2.status === 200, `health from 127.0.0.3 after a header line: ${h2.status}`);
        const p = await post(board.base, runs.valid[0].bytes, { name: 'Honest', token: makeToken('slow honest'), localAddress: '127.0.0.3', timeout: 2000 });
        assert(p.status === 201, `an honest post from 127.0.0.3: ${p.status} ${p.text}`);
        // Every connection closed by the server within ~12 s of opening (header timeout 10 s).
        await sleep(Math.max(0, 13000 + opened - (Date.now() - t0)));
        const open = conns.filter((c) => !c.closedAt);
        const late = conns.filter((c) => c.closedAt && c.closedAt - c.openedAt > 12500);
        const atOnce = conns.filter((c) => c.closedAt && c.closedAt - c.openedAt < 1000).length;
        const answered = conns.filter((c) => /^HTTP\/1\.1 \d+/.test(c.data)).map((c) => c.data.slice(9, 12));
        const codes = answered.reduce((m, s) => ({ ...m, [s]: (m[s] || 0) + 1 }), {});
        note(`slowloris: ${N} opened in ${opened} ms; health answered in ${h1.ms} and ${h2.ms} ms; ${atOnce} closed within 1 s (over the per-address cap), answers ${JSON.stringify(codes)}, ${open.length} still open at 13 s`);
        assert(open.length === 0, `${open.length} of ${N} slow connections are still open after 13 s`);
        assert(late.length === 0, `${late.length} slow connections were closed after more than 12.5 s`);
        // The address is not shut out for good once they are gone.
        const again = await healthWithin(board.base, '127.0.0.1', 2000);
        assert(again.status === 200, `health from 127.0.0.1 afterwards: ${again.status}`);
      });
    } finally {
      for (const t of timers) clearInterval(t);
      for (const c of conns) c.sock.destroy();
      await board.stop();
    }
  },

  async stalled() {
    const { db, runs } = fresh('stalled', { count: 4 });
    const board = await serve(db);
    const conns = [];
    let sampling = true;
    try {
      await check('stalled uploads: 400 POSTs of a promised 200,000 bytes that stall keep the server under 150 MB, are dropped, and an honest post still gets in', async () => {
        const pid = board.proc.pid;
        await getJson(board.base, 'api/health');
        const base = rssMb(pid);
        let peak = base;
        const sampler = (async () => { while (sampling) { peak = Math.max(peak, rssMb(pid)); await sleep(100); } })();
        const t0 = Date.now();
        for (let i = 0; i < 400; i += 50) {
          conns.push(...await Promise.all(Array.from({ length: 50 }, (_, k) => {
            const n = i + k;
            const head = `POST /api/daily/runs?name=Stall${n} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n`
              + `X-Caves-Token: ${makeToken(`stall ${n}`)}\r\nContent-Length: 200000\r\n\r\nCAVE\u0001\u0003`;
            return openRaw(board.base, `127.0.0.${20 + (n % 10)}`, head);
          })));
        }
        await sleep(2000);
        const honest = await postRetrying(board.base, runs.valid[0].bytes, { name: 'Honest', token: makeToken('stalled honest'), localAddress: '127.0.0.4', timeout: 20000 }, { within: 30000 });
        assert(honest.status === 201, `an honest post from 127.0.0.4: ${honest.status} ${honest.text} after ${honest.retries} retries`);
        const during = rssMb(pid);
        await waitFor('the stalled uploads are dropped', () => conns.every((c) => c.closedAt), { within: 25000 });
        const dropped = Math.max(...conns.map((c) => c.closedAt - c.openedAt));
        await sleep(2000);
        const after = rssMb(pid);
        sampling = false;
        await sampler;
        const codes = conns.map((c) => (/^HTTP\/1\.1 (\d+)/.exec(c.data) || [, 'none'])[1]).reduce((m, s) => ({ ...m, [s]: (m[s] || 0) + 1 }), {});
        note(`stalled: RSS ${base.toFixed(1)} MB before, ${during.toFixed(1)} during, peak ${peak.toFixed(1)}, ${after.toFixed(1)} after; all dropped ${((Date.now() - t0) / 1000).toFixed(1)} s in (the last ${(dropped / 1000).toFixed(1)} s after it opened); answers ${JSON.stringify(codes)}; the honest post after ${honest.retries} retries, ${honest.waited} ms`);
        assert(peak < 150, `RSS peaked at ${peak.toFixed(1)} MB`);
        assert(after <= base + 40, `RSS did not fall back: ${after.toFixed(1)} MB after, ${base.toFixed(1)} before`);
        assert(dropped <= 20000, `a stalled upload was held ${dropped} ms (body idle timeout 15 s)`);
      });
      await check('trickled uploads: 100 POSTs sending a byte every 2 s (never idle for the body timeout) are answered 408 and closed by the request timeout (40 s), and an honest post still gets in', async () => {
        const trickled = [];
        for (let n = 0; n < 100; n++) {
          const head = `POST /api/daily/runs?name=Trickle${n} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n`
            + `X-Caves-Token: ${makeToken(`trickle ${n}`)}\r\nContent-Length: 200000\r\n\r\nC`;
          trickled.push(await openRaw(board.base, `127.0.0.${40 + (n % 10)}`, head));
        }
        conns.push(...trickled);
        const timer = setInterval(() => { for (const c of trickled) if (!c.closedAt) c.sock.write('A'); }, 2000);
        try {
          const honest = await postRetrying(board.base, runs.valid[1].bytes, { name: 'Honest Too', token: makeToken('trickled honest'), localAddress: '127.0.0.5', timeout: 20000 }, { within: 30000 });
          assert(honest.status === 201, `an honest post from 127.0.0.5: ${honest.status} ${honest.text}`);
          await waitFor('the trickled uploads are closed', () => trickled.every((c) => c.closedAt), { within: 60000 });
        } finally {
          clearInterval(timer);
        }
        const held = Math.max(...trickled.map((c) => c.closedAt - c.openedAt));
        const codes = trickled.map((c) => (/^HTTP\/1\.1 (\d+)/.exec(c.data) || [, 'none'])[1]).reduce((m, s) => ({ ...m, [s]: (m[s] || 0) + 1 }), {});
        note(`trickled: answers ${JSON.stringify(codes)}; the last closed ${(held / 1000).toFixed(1)} s after it opened`);
        assert(codes['408'] === trickled.length, `answers ${JSON.stringify(codes)}`);
        assert(held <= 50000, `a trickled upload was held ${held} ms (request timeout 40 s)`);
      });
    } finally {
      sampling = false;
      for (const c of conns) c.sock.destroy();
      await board.stop();
    }
  },

  async flood() {
    const { db, seed, runs } = fresh('flood', { count: 4, long: [6, 5000] });
    // An honest long game of 95,000 turns (the most is 100,000 actions): a quarter of a second
    // of replay alone, over a second of wall clock while sharing two cores with the flood, so
    // a wall-clock budget (the old 1 s) would refuse it for time.
    const big = makeRuns(1, TODAY, seed, { long: [1, 95000] });
    made.push(big);
    const board = await serve(db);
    let flooding = true;
    try {
      await check('the flood: while 8 clients keep posting 5,000-turn runs, an honest run and an honest 95,000-turn run get 201 (after 503s with Retry-After at most), never a 422', async () => {
        const b = board.base;
        // What each forged long run gets alone: its refusal is the fingerprint, not the time.
        // The refusal names the first action of the stretch whose fingerprint is wrong (the
        // last, which ends where the run ends), so each of the three runs has its own.
        const alone = [];
        for (const k of [0, 1, 2]) {
          const r = await post(b, withFinalFingerprint(runs.moreLong[k].bytes, k), { name: 'Alone', token: makeToken('flood alone') });
          assert(r.status === 422, `a forged long run alone: ${r.status} ${r.text}`);
          alone.push(r.body.error);
        }
        const statuses = new Map();
        const odd = [];
        let n = 1;
        let posted = 0;
        const flooder = async (c) => {
          while (flooding) {
            const i = n++;
            // Mostly forged long runs (each a whole replay: never the same bytes twice), now
            // and then a valid one (201 the first time, then 200 to the client that holds it
            // and 409 to the others). The forged ones are made of long runs never kept, so
            // none is a copy of a kept run.
            const forged = i % 5 !== 0;
            const bytes = forged ? withFinalFingerprint(runs.moreLong[i % 3].bytes, i) : runs.moreLong[3 + (i % 3)].bytes;
            let r;
            try {
              r = await post(b, bytes, { name: `Flood ${c}`, token: makeToken(`flood ${c}`), timeout: 30000 });
            } catch (e) {
              odd.push(e.message);
              continue;
            }
            posted += 1;
            statuses.set(r.status, (statuses.get(r.status) || 0) + 1);
            // The valid ones may be one game: long runs whose torch was lit at other turns of
            // the first few, for as long, leave the same state (the same fuel, the same
            // place, no creature near), and games are compared by their states.
            const copyOfKept = r.status === 409 && !forged && runs.moreLong.slice(3).some((v) => v.id === r.body.original);
            if (![200, 201, 422, 429, 503].includes(r.status) && !copyOfKept) odd.push(`${r.status} ${r.text.slice(0, 100)}`);
            if (r.status === 503 && retryAfter(r) === null) odd.push('a 503 without Retry-After');
            if (r.status === 422 && !forged) odd.push(`422 for a valid run: "${r.body.error}"`);
            if (r.status === 422 && forged && r.body.error !== alone[i % 3]) odd.push(`422 "${r.body.error}" (alone: "${alone[i % 3]}")`);
          }
        };
        const flooders = Array.from({ length: 8 }, (_, c) => flooder(c));
        await sleep(3000);
        const [honest, honestLong] = await Promise.all([
          postRetrying(b, runs.valid[0].bytes, { name: 'Honest', token: makeToken('flood honest'), localAddress: '127.0.0.6', timeout: 30000 }, { within: 60000 }),
          postRetrying(b, big.moreLong[0].bytes, { name: 'Patient', token: makeToken('flood patient'), localAddress: '127.0.0.6', timeout: 30000 }, { within: 60000 }),
        ]);
        await sleep(1000);
        flooding = false;
        await Promise.all(flooders);
        note(`flood: ${posted} long runs posted, ${JSON.stringify(Object.fromEntries(statuses))}; the honest run ${honest.status} after ${honest.retries} retries, ${honest.waited} ms; the honest ${big.moreLong[0].turns}-turn run ${honestLong.status} after ${honestLong.retries} retries, ${honestLong.waited} ms`);
        assert(honest.status === 201 && honest.body.id === runs.valid[0].id, `the honest run: ${honest.status} ${honest.text} after ${honest.retries} retries`);
        assert(honestLong.status === 201 && honestLong.body.id === big.moreLong[0].id, `the honest long run: ${honestLong.status} ${honestLong.text} after ${honestLong.retries} retries`);
        assert(odd.length === 0, `${odd.length} odd answers to the flood, e.g. ${odd.slice(0, 3).join(' | ')}`);
        assert(posted >= 16, `only ${posted} flood posts answered: no flood`);
      });
    } finally {
      flooding = false;
      await board.stop();
    }
  },

  async stolen() {
    await onFresh('stolen', {}, async ({ board, runs }) => {
      await check('the stolen device: another token under a claimed name gets 409; the victim\'s run counts though a thief posted first', async () => {
        const b = board.base;
        const victim = randomToken();
        const thief = randomToken();
        const t1 = await post(b, runs.valid[0].bytes, { name: 'Mallory', token: thief });
        assert(t1.status === 201 && t1.body.practice === false, `the thief's own run: ${t1.status} ${t1.text}`);
        const v1 = await post(b, runs.valid[1].bytes, { name: 'Victim', token: victim });
        assert(v1.status === 201 && v1.body.practice === false, `the victim's first run: ${v1.status} ${v1.text}`);
        for (const name of ['Victim', 'VICTIM', '  victim ']) {
          const r = await post(b, runs.valid[2].bytes, { name, token: thief });
          assert(r.status === 409 && typeof r.body.error === 'string', `the thief as ${JSON.stringify(name)}: ${r.status} ${r.text}`);
        }
        const v2 = await post(b, runs.valid[3].bytes, { name: 'Victim', token: victim });
        assert(v2.status === 201 && v2.body.practice === true, `the victim's second run: ${v2.status} ${v2.text}`);
        const e = (await getJson(b, `api/daily/${TODAY}`)).body.entries;
        const mine = e.filter((x) => x.name.toLowerCase() === 'victim');
        assert(mine.length === 1 && mine[0].id === v1.body.id, `the board's Victim entries: ${JSON.stringify(mine)}`);
        assert(!e.some((x) => x.id === runs.valid[2].id), 'the thief\'s run is on the board');
      });
    });
  },

  async crosssite() {
    await onFresh('crosssite', { count: 4 }, async ({ board, runs }) => {
      const b = board.base;
      await check('cross-site: a POST with Content-Type text/plain (or a form\'s) gets 415; nothing is kept', async () => {
        for (const contentType of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
          const r = await post(b, runs.valid[0].bytes, { name: 'Site', token: makeToken('site'), contentType, headers: { Origin: 'https://evil.example' } });
          assert(r.status === 415 && typeof r.body.error === 'string', `${contentType}: ${r.status} ${r.text}`);
          assert(!Object.keys(r.headers).some((h) => h.startsWith('access-control-')), `${contentType}: CORS headers ${JSON.stringify(r.headers)}`);
        }
        assert((await getJson(b, 'api/health')).body.runs === 0, 'a run was kept');
      });
      await check('cross-site: an OPTIONS preflight gets 405 with no Access-Control-* header', async () => {
        const r = await request(b, 'api/daily/runs?name=Site', {
          method: 'OPTIONS',
          headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-caves-token' },
        });
        const cors = Object.keys(r.headers).filter((h) => h.startsWith('access-control-'));
        assert(r.status === 405 && cors.length === 0, `${r.status}, ${cors.map((h) => `${h}: ${r.headers[h]}`).join(', ')}`);
      });
      await check('cross-site: a post without a token gets 401; with one, 201 (and no Access-Control-Allow-Origin)', async () => {
        const r = await post(b, runs.valid[0].bytes, { name: 'Site', token: null, headers: { Origin: 'https://evil.example' } });
        assert(r.status === 401 && typeof r.body.error === 'string', `${r.status} ${r.text}`);
        const ok = await post(b, runs.valid[0].bytes, { name: 'Site', token: makeToken('site'), headers: { Origin: 'https://evil.example' } });
        assert(ok.status === 201 && !('access-control-allow-origin' in ok.headers), `${ok.status} ${JSON.stringify(ok.headers)}`);
      });
    });
  },

  async slash64() {
    await check('the /64: with --trust-proxy, 40 posts from 40 addresses of 2001:db8:1:2::/64 get 429 after the 30th; other /64s are not held back', async () => {
      const { db, runs } = fresh('proxy', { count: 60 });
      const board = await serve(db, { args: ['--trust-proxy'], env: DEFAULT_LIMIT });
      try {
        const codes = [];
        let last = null;
        for (let i = 0; i < 40; i++) {
          // The client is the last entry; the first is what a client may have made up.
          const xff = `203.0.113.9, 2001:db8:1:2::${(i + 1).toString(16)}`;
          last = await post(board.base, runs.valid[i].bytes, { name: `Six ${i}`, token: makeToken(`six ${i}`), headers: { 'X-Forwarded-For': xff } });
          codes.push(last.status);
        }
        assert(codes.slice(0, 30).every((c) => c === 201) && codes.slice(30).every((c) => c === 429), codes.join(' '));
        assert(retryAfter(last) !== null, `429 without Retry-After: ${JSON.stringify(last.headers)}`);
        const others = [];
        for (let i = 0; i < 5; i++) {
          const r = await post(board.base, runs.valid[40 + i].bytes, { name: `Other ${i}`, token: makeToken(`six other ${i}`), headers: { 'X-Forwarded-For': `2001:db8:1:${(0x100 + i).toString(16)}::1` } });
          others.push(r.status);
        }
        const v4 = await post(board.base, runs.valid[45].bytes, { name: 'Four', token: makeToken('six four'), headers: { 'X-Forwarded-For': '198.51.100.7' } });
        assert(others.every((c) => c === 201) && v4.status === 201, `other /64s: ${others.join(' ')}, an IPv4 client: ${v4.status}`);
      } finally {
        await board.stop();
      }
    });
    await check('the /64: without --trust-proxy, X-Forwarded-For is ignored: the limit follows the real address', async () => {
      const { db, runs } = fresh('noproxy', { count: 40 });
      const board = await serve(db, { env: DEFAULT_LIMIT });
      try {
        const codes = [];
        for (let i = 0; i < 31; i++) {
          const r = await post(board.base, runs.valid[i].bytes, { name: `Spoof ${i}`, token: makeToken(`spoof ${i}`), headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` } });
          codes.push(r.status);
        }
        assert(codes.slice(0, 30).every((c) => c === 201) && codes[30] === 429, codes.join(' '));
        const other = await post(board.base, runs.valid[31].bytes, { name: 'Real', token: makeToken('spoof real'), localAddress: '127.0.0.7' });
        assert(other.status === 201, `another real address: ${other.status} ${other.text}`);
      } finally {
        await board.stop();
      }
    });
    await check('the /64: two servers on one PostgreSQL share the limit: 15 posts to each from one address, the 31st overall is 429', async () => {
      const p = await postgres();
      const url = p.createDb('ratelimit');
      const runs = runsForDb(url, 40);
      const a = await serve(url, { env: DEFAULT_LIMIT, logs: true });
      const b = await serve(url, { env: DEFAULT_LIMIT, logs: true });
      try {
        const codes = [];
        for (let i = 0; i < 31; i++) {
          const r = await post(i % 2 ? b.base : a.base, runs.valid[i].bytes, { name: `Shared ${i}`, token: makeToken(`shared ${i}`), localAddress: '127.0.0.5' });
          codes.push(r.status);
        }
        assert(codes.slice(0, 30).every((c) => c === 201) && codes[30] === 429, codes.join(' '));
      } finally {
        await a.stop();
        await b.stop();
        pgLogs.push(...a.out, ...a.err, ...b.out, ...b.err);
      }
    });
  },

  async dist() {
    const dist = path.join(tmp, 'dist');
    fs.mkdirSync(path.join(dist, 'sub'), { recursive: true });
    fs.mkdirSync(path.join(dist, '.hidden'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Caves</title><canvas id="game"></canvas>\n');
    fs.writeFileSync(path.join(dist, 'ok.txt'), 'fine\n');
    fs.writeFileSync(path.join(dist, '.env'), 'SECRET=env-secret\n');
    fs.writeFileSync(path.join(dist, '.hidden', 'config'), '[core] hidden-secret\n');
    fs.writeFileSync(path.join(dist, 'sub', '.env'), 'SECRET=sub-secret\n');
    // Database files below the top (a database file at the top makes the server refuse the
    // folder: below).
    fs.writeFileSync(path.join(dist, 'sub', 'caves-board.db'), 'SQLite format 3\u0000db-secret');
    fs.writeFileSync(path.join(dist, 'sub', 'caves-board.db-wal'), 'wal-secret');
    fs.writeFileSync(path.join(dist, 'sub', 'caves-board.db-shm'), 'shm-secret');
    fs.writeFileSync(path.join(dist, 'sub', 'old.sqlite3'), 'sqlite-secret');
    // Dumps and copies of a database, below the top as well.
    fs.writeFileSync(path.join(dist, 'sub', 'board.sql'), 'INSERT INTO runs VALUES (sql-secret);');
    fs.writeFileSync(path.join(dist, 'sub', 'backup.sqlite.bak'), 'SQLite format 3\u0000bak-secret');
    fs.writeFileSync(path.join(dist, 'sub', 'caves-board.db.1'), 'SQLite format 3\u0000rotated-secret');
    fs.writeFileSync(path.join(dist, 'sub', 'ok.txt'), 'fine\n');
    fs.symlinkSync('/etc/passwd', path.join(dist, 'passwd'));
    fs.symlinkSync('/etc', path.join(dist, 'etc'));
    const dbDir = path.join(tmp, 'dist-db');
    fs.mkdirSync(dbDir);
    const board = await serve(`sqlite://${dbDir}/board.db`, { args: ['--dist', dist] });
    try {
      await check('--dist: dotfiles, symlinks out of the folder and database files are 404; the page is served', async () => {
        const page = await getRaw(board.base, '/');
        assert(page.status === 200 && /<canvas id="game"/.test(page.text), `/: ${page.status}`);
        assert((await getRaw(board.base, '/ok.txt')).status === 200, '/ok.txt is not served');
        assert((await getRaw(board.base, '/sub/ok.txt')).status === 200, '/sub/ok.txt is not served');
        const bad = [];
        for (const p of ['/.env', '/.git/config', '/.hidden/config', '/sub/.env', '/passwd', '/etc/passwd', '/sub/caves-board.db', '/sub/caves-board.db-wal',
          '/sub/caves-board.db-shm', '/sub/old.sqlite3', '/sub/board.sql', '/sub/BOARD.SQL', '/sub/backup.sqlite.bak', '/sub/caves-board.db.1', '/sub/CAVES-BOARD.DB', '/sub/caves-board%2edb', '/%2eenv', '/%2Eenv', '/sub/..%2f.env', '/sub/%2e%2e/.env', '/..%2f..%2f..%2fetc%2fpasswd',
          '/../../../etc/passwd', '/.%2e/.%2e/etc/passwd', '/sub/../.env', '/sub/..%5c.env', '/sub%2f..%2f.env']) {
          const r = await getRaw(board.base, p);
          if (r.status !== 404 || /secret|root:/.test(r.text)) bad.push(`${p}: ${r.status} ${r.text.slice(0, 40)}`);
        }
        assert(bad.length === 0, bad.join(' | '));
      });
    } finally {
      await board.stop();
    }
    await check('--dist: a stray database file (not the server\'s) at the top of the folder is never served: the folder refused (exit 2, one line) or the file 404', async () => {
      const stray = path.join(tmp, 'dist-stray');
      fs.mkdirSync(stray);
      fs.writeFileSync(path.join(stray, 'index.html'), '<!doctype html>');
      fs.writeFileSync(path.join(stray, 'caves-board.db'), 'SQLite format 3\u0000db-secret');
      let b = null;
      try {
        b = await serve(`sqlite://${dbDir}/board.db`, { args: ['--dist', stray] });
      } catch (e) {
        assert(/exited \(2\)/.test(e.message) && /caves-board\.db/.test(e.message), e.message);
        note(`a stray database file: the folder is refused (${e.message.replace(/^.*?: /, '')})`);
        return;
      }
      try {
        const r = await getRaw(b.base, '/caves-board.db');
        assert(r.status === 404 && !/secret/.test(r.text), `/caves-board.db: ${r.status}`);
        note('a stray database file: the server starts, the file is 404');
      } finally {
        await b.stop();
      }
    });
    await check('--dist: a folder holding .git, or holding the SQLite database, is refused: exit 2, one line', async () => {
      const withGit = path.join(tmp, 'dist-git');
      fs.mkdirSync(path.join(withGit, '.git'), { recursive: true });
      fs.writeFileSync(path.join(withGit, 'index.html'), '<!doctype html>');
      fs.writeFileSync(path.join(withGit, '.git', 'config'), '[core]\n');
      const g = await runBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${dbDir}/board.db`, '--dist', withGit], {}, { timeout: 10000 });
      assert(g.code === 2 && oneLine(g.stderr), `.git: exit ${g.code}, ${JSON.stringify(g.stderr)}`);
      const withDb = path.join(tmp, 'dist-db-inside');
      fs.mkdirSync(withDb);
      fs.writeFileSync(path.join(withDb, 'index.html'), '<!doctype html>');
      boardSeed(`sqlite://${withDb}/board.db`, TODAY);
      const d = await runBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${withDb}/board.db`, '--dist', withDb], {}, { timeout: 10000 });
      assert(d.code === 2 && oneLine(d.stderr), `the database inside: exit ${d.code}, ${JSON.stringify(d.stderr)}`);
      // Also when named another way (a relative path through ..).
      const rel = path.relative(process.cwd(), withDb);
      const d2 = await runBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${rel}/../${path.basename(withDb)}/board.db`, '--dist', `${withDb}/`], {}, { timeout: 10000 });
      assert(d2.code === 2 && oneLine(d2.stderr), `the database inside, named with ..: exit ${d2.code}, ${JSON.stringify(d2.stderr)}`);
      // A database file whose name does not look like one (no .db): found as the database.
      const plain = path.join(tmp, 'dist-plain-db');
      fs.mkdirSync(plain);
      fs.writeFileSync(path.join(plain, 'index.html'), '<!doctype html>');
      boardSeed(`sqlite://${plain}/scores`, TODAY);
      const d3 = await runBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${plain}/scores`, '--dist', plain], {}, { timeout: 10000 });
      assert(d3.code === 2 && oneLine(d3.stderr), `the database "scores" inside: exit ${d3.code}, ${JSON.stringify(d3.stderr)}`);
    });
  },

  async names() {
    const { db, runs } = fresh('names', { count: 30 });
    await check('names: 30 common names claimed from one address in about a second: the first 10 kept, the rest 429; "alice" from another address 201', async () => {
      const squat = fresh('squat', { count: 31 });
      const s = await serve(squat.db, { env: DEFAULT_CAPS });
      try {
        const common = ['alice', 'bob', 'carol', 'dave', 'eve', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'nia', 'oscar', 'peggy', 'rupert',
          'sybil', 'trent', 'victor', 'walter', 'ada', 'alan', 'grace2', 'linus', 'ken', 'dennis', 'barbara', 'edsger', 'donald', 'tony', 'john'];
        const t = Date.now();
        const answers = await Promise.all(common.map((name, i) => post(s.base, squat.runs.valid[i].bytes, { name, token: randomToken(), localAddress: '127.0.0.21' })));
        const ms = Date.now() - t;
        const codes = answers.map((r) => r.status);
        const kept = codes.filter((c) => c === 201).length;
        const capped = answers.filter((r) => r.status === 429 && retryAfter(r) !== null).length;
        note(`squatting: 30 names from one address in ${ms} ms: ${kept} kept, ${capped} refused 429`);
        assert(kept === 10 && capped === 20, `answers ${JSON.stringify(codes)}`);
        const squatted = common.filter((_, i) => answers[i].status === 201);
        const free = common.find((_, i) => answers[i].status === 429);
        const honest = await post(s.base, squat.runs.valid[30].bytes, { name: free, token: randomToken(), localAddress: '127.0.0.22' });
        assert(honest.status === 201, `"${free}" from another address: ${honest.status} ${honest.text}`);
        assert(squatted.length === 10, 'ten names claimed');
      } finally {
        await s.stop();
      }
    });
    const board = await serve(db);
    try {
      const b = board.base;
      await check('names: zero-width, Cyrillic mixed with Latin, bidi override, invisible filler and only invisible names are refused 400', async () => {
        const bad = [];
        const names = ['Ada\u200b', '\u0410da', '\u202eadA', '\u3164', '\u200b\u200b', '\u2066Ada\u2069', '\ufeffAda', 'B\u03bfb', 'Ad\u200da'];
        for (const [i, name] of names.entries()) {
          const r = await post(b, runs.valid[i].bytes, { name, token: makeToken(`bad name ${i}`) });
          if (r.status !== 400 || typeof r.body.error !== 'string') bad.push(`${JSON.stringify(name)}: ${r.status} ${r.text}`);
        }
        assert(bad.length === 0, bad.join(' | '));
        assert((await getJson(b, 'api/health')).body.runs === 0, 'a run under a refused name was kept');
      });
      await check('names: compared after NFKC, case folding and trimming: "ADA", "ａｄａ", " ada " by another token after "Ada" claimed get 409', async () => {
        const ada = await post(b, runs.valid[10].bytes, { name: 'Ada', token: makeToken('names ada') });
        assert(ada.status === 201, `Ada: ${ada.status} ${ada.text}`);
        for (const [i, name] of ['ADA', '\uff41\uff44\uff41', ' ada ', 'Ada'].entries()) {
          const r = await post(b, runs.valid[11 + i].bytes, { name, token: makeToken('names other') });
          assert(r.status === 409 && typeof r.body.error === 'string', `${JSON.stringify(name)} by another token: ${r.status} ${r.text}`);
        }
        const again = await post(b, runs.valid[15].bytes, { name: 'ADA', token: makeToken('names ada') });
        assert(again.status === 201 && again.body.practice === true, `"ADA" by Ada's own token: ${again.status} ${again.text}`);
      });
      await check('names: lookalikes written in one script are the claimed name (Аԁа, ᎪᎠᎪ after Ada; AIice, ALICE after Alice): 409; an A under 23 accents: 400', async () => {
        const alice = await post(b, runs.valid[16].bytes, { name: 'Alice', token: makeToken('names alice') });
        assert(alice.status === 201, `Alice: ${alice.status} ${alice.text}`);
        const bad = [];
        for (const [i, name] of ['\u0410\u0501\u0430', '\u13aa\u13a0\u13aa', 'AIice', 'ALICE'].entries()) {
          const r = await post(b, runs.valid[24 + i].bytes, { name, token: makeToken('names lookalike') });
          if (r.status !== 409) bad.push(`${JSON.stringify(name)}: ${r.status} ${r.text}`);
        }
        const piled = `A${'\u0301'.repeat(23)}`;
        const r = await post(b, runs.valid[28].bytes, { name: piled, token: makeToken('names accents') });
        if (r.status !== 400) bad.push(`A with 23 accents: ${r.status} ${r.text}`);
        assert(bad.length === 0, bad.join(' | '));
      });
      await check('names: names of one script are kept (Зоя, 山田, Zoë, Ünal 2)', async () => {
        for (const [i, name] of ['Зоя', '山田', 'Zoë', 'Ünal 2'].entries()) {
          const r = await post(b, runs.valid[20 + i].bytes, { name, token: makeToken(`good name ${i}`) });
          assert(r.status === 201, `${name}: ${r.status} ${r.text}`);
        }
      });
    } finally {
      await board.stop();
    }
  },

  async reads() {
    // Large days, written by the `fill` example: 500 runs kept through the board, the rest
    // straight into the database.
    const fill = (db, runs) => {
      const t = Date.now();
      execFileSync(FILL, [db, TODAY, String(runs)], { stdio: ['ignore', 'ignore', 'pipe'] });
      return Date.now() - t;
    };
    const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
    /** `count` GETs of `p`, one after another over about `spread` ms; their times. */
    const timed = async (base, p, count, spread) => {
      const ms = [];
      for (let i = 0; i < count; i++) {
        const t = process.hrtime.bigint();
        const r = await request(base, p, { localAddress: '127.0.0.31' });
        ms.push(Number(process.hrtime.bigint() - t) / 1e6);
        assert(r.status === 200, `${p}: ${r.status} ${r.text.slice(0, 80)}`);
        await sleep(spread / count);
      }
      return ms;
    };
    const fallenOn = async (label, db) => {
      const filled = fill(db, 100000);
      // The board's today is the day after: the filled day's fallen are open to all (today's
      // open only to a player whose own run has ended, which the gate's own checks cover).
      const s = await serve(db, { args: ['--today', '2026-11-25'] });
      try {
        // The board's read first, so that the connections it reads with are open.
        await getJson(s.base, `api/daily/${TODAY}`);
        const first = await timed(s.base, `api/daily/${TODAY}/fallen`, 1, 0);
        const r = await getJson(s.base, `api/daily/${TODAY}/fallen`);
        assert(r.body.fallen.length > 0 && r.body.fallen.length <= 300, `${r.body.fallen.length} graves`);
        const ms = await timed(s.base, `api/daily/${TODAY}/fallen`, 200, 12000);
        const again = await getJson(s.base, `api/daily/${TODAY}/fallen`);
        assert(JSON.stringify(again.body) === JSON.stringify(r.body), 'the fallen changed between reads of a day nobody posted to');
        note(`/fallen on a 100,000-run day (${label}, filled in ${(filled / 1000).toFixed(1)} s): the first GET (read from the database) ${first[0].toFixed(1)} ms; 200 GETs over 12 s (one read from the database every 5 s) p50 ${pct(ms, 0.5).toFixed(1)} ms, p99 ${pct(ms, 0.99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms; ${r.body.fallen.length} graves`);
      } finally {
        await s.stop();
      }
    };
    await check('reads: /fallen on a day of 100,000 runs (SQLite) answers from the kept graves, the same answer on every read', async () => {
      await fallenOn('SQLite', `sqlite://${tmp}/fallen-100k.db`);
    });
    await check('reads: /fallen on a day of 100,000 runs (PostgreSQL) answers from the kept graves, the same answer on every read', async () => {
      const p = await postgres();
      await fallenOn('PostgreSQL', p.createDb('fallen_100k'));
    });
    await check('reads: /api/health and /metrics on a board of 1,000,000 runs (SQLite) answer from kept counts, every run counted', async () => {
      const db = `sqlite://${tmp}/health-1m.db`;
      const filled = fill(db, 1000000);
      const s = await serve(db);
      try {
        const health = await timed(s.base, 'api/health', 100, 3000);
        const metrics = await timed(s.base, 'metrics', 100, 3000);
        const h = await getJson(s.base, 'api/health');
        note(`a board of 1,000,000 runs (filled in ${(filled / 1000).toFixed(1)} s): /api/health p50 ${pct(health, 0.5).toFixed(1)} ms, p99 ${pct(health, 0.99).toFixed(1)} ms; /metrics p50 ${pct(metrics, 0.5).toFixed(1)} ms, p99 ${pct(metrics, 0.99).toFixed(1)} ms; runs ${h.body.runs}`);
        assert(h.body.runs === 1000000, `health counts ${h.body.runs} runs`);
      } finally {
        await s.stop();
      }
      fs.rmSync(`${tmp}/health-1m.db`, { force: true });
    });
  },

  async faults() {
    // PostgreSQL stopped under load, and started again.
    await check('faults: PostgreSQL stopped for 10 s under a load of posts: 503 meanwhile (no hang, no other 5xx), recovery without a restart, every 201 kept', async () => {
      const p = await postgres();
      const url = p.createDb('faults');
      const runs = runsForDb(url, 2000);
      const board = await serve(url, { logs: true });
      const answers = [];
      const odd = [];
      let next = 0;
      let going = true;
      try {
        const writer = async (w) => {
          let k = 0;
          while (going && next < runs.valid.length) {
            const run = runs.valid[next++];
            const who = `${w}-${Math.floor(k++ / 20)}`;
            const t = Date.now();
            try {
              const r = await post(board.base, run.bytes, { name: `Fault ${who}`, token: makeToken(`fault ${who}`), timeout: 15000, localAddress: `127.0.0.${40 + (w % 4)}` });
              answers.push({ id: run.id, token: makeToken(`fault ${who}`), status: r.status, at: t, ms: Date.now() - t });
              if (r.status >= 500 && r.status !== 503) odd.push(`${r.status} ${r.text.slice(0, 120)}`);
              if (r.status === 503 && retryAfter(r) === null) odd.push('503 without Retry-After');
              if (![200, 201, 503].includes(r.status)) odd.push(`${r.status} ${r.text.slice(0, 120)}`);
              if (r.status === 503) await sleep(200);
            } catch (e) {
              odd.push(`no answer: ${e.message}`);
            }
          }
        };
        const writers = Array.from({ length: 6 }, (_, w) => writer(w));
        await sleep(2000);
        const down = Date.now();
        p.pause();
        const healths = [];
        while (Date.now() - down < 10000) {
          const t = Date.now();
          try {
            const h = await request(board.base, 'api/health', { timeout: 5000, localAddress: '127.0.0.8' });
            healths.push(`${h.status}/${Date.now() - t}ms`);
            if (h.status !== 503) odd.push(`health while PostgreSQL is down: ${h.status}`);
          } catch (e) {
            odd.push(`health while PostgreSQL is down: ${e.message}`);
          }
          await sleep(1000);
        }
        p.resume();
        const up = Date.now();
        const back = await waitFor('a post after PostgreSQL is back', async () => {
          const r = await getJson(board.base, 'api/health', { localAddress: '127.0.0.8' });
          return r.status === 200;
        }, { within: 20000, every: 500 });
        await waitFor('a 201 after PostgreSQL is back', () => answers.some((a) => a.at > up && a.status === 201), { within: 20000 });
        going = false;
        await Promise.all(writers);
        const during = answers.filter((a) => a.at >= down && a.at < up);
        const s503 = during.filter((a) => a.status === 503).length;
        const slowest = Math.max(0, ...answers.map((a) => a.ms));
        note(`PostgreSQL down: ${answers.length} posts answered, ${during.length} sent while down (${s503} got 503), the slowest answer ${slowest} ms; health while down ${healths.join(' ')}; healthy again ${back.ms} ms after the restart`);
        assert(odd.length === 0, `${odd.length} odd answers, e.g. ${[...new Set(odd)].slice(0, 4).join(' | ')}`);
        assert(s503 > 0, 'no 503 while PostgreSQL was down');
        const kept = answers.filter((a) => a.status === 201);
        const missing = [];
        for (const a of kept) {
          const r = await request(board.base, `api/runs/${a.id}`, { headers: { 'X-Caves-Token': a.token } });
          if (r.status !== 200) missing.push(a.id);
        }
        assert(missing.length === 0, `${missing.length} of ${kept.length} runs answered 201 are not kept`);
      } finally {
        going = false;
        await board.stop();
        pgLogs.push(...board.out, ...board.err);
      }
    });

    if (!ROOT_USER) {
      skip('faults: SQLite read-only (a start on it, and a running server\'s file made read-only)', 'not root: as root, chattr +i makes the file read-only even to root');
    } else {
      await check('faults: SQLite read-only (chmod 444 the file and its folder, chattr +i as root): the server refuses to start, exit 2 with one line', async () => {
        const dir = path.join(tmp, 'ro');
        fs.mkdirSync(dir);
        const db = `sqlite://${dir}/board.db`;
        boardSeed(db, TODAY);
        const files = fs.readdirSync(dir).map((f) => path.join(dir, f));
        try {
          for (const f of files) fs.chmodSync(f, 0o444);
          fs.chmodSync(dir, 0o555);
          immutable([...files, dir], true);
          const r = await runBoard(['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY], {}, { timeout: 10000 });
          assert(r.code === 2 && oneLine(r.stderr), `exit ${r.code} ${r.signal || ''}, ${JSON.stringify(r.stderr)}`);
        } finally {
          immutable([...files, dir], false);
          fs.chmodSync(dir, 0o755);
        }
      });
      await check('faults: a running server whose SQLite file becomes read-only answers /api/health 503 and posts 503; writable again, 200 and 201', async () => {
        const dir = path.join(tmp, 'ro2');
        fs.mkdirSync(dir);
        const { db, runs } = fresh('ro2', { count: 6, dir });
        const file = db.replace('sqlite://', '');
        const board = await serve(db);
        const paths = [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
        let locked = [];
        try {
          const first = await post(board.base, runs.valid[0].bytes, { name: 'Before', token: makeToken('ro before') });
          assert(first.status === 201, `before: ${first.status} ${first.text}`);
          locked = paths.filter((f) => fs.existsSync(f));
          for (const f of locked) fs.chmodSync(f, 0o444);
          immutable([...locked, dir], true);
          const h = await waitFor('health 503 on a read-only file', async () => (await getJson(board.base, 'api/health')).status === 503, { within: 15000 });
          const r = await post(board.base, runs.valid[1].bytes, { name: 'During', token: makeToken('ro during') });
          assert(r.status === 503 && retryAfter(r) !== null, `a post on a read-only file: ${r.status} ${r.text}`);
          immutable([...locked, dir], false);
          for (const f of locked) fs.chmodSync(f, 0o644);
          const w = await waitFor('health 200 when writable again', async () => (await getJson(board.base, 'api/health')).status === 200, { within: 15000 });
          const after = await postRetrying(board.base, runs.valid[2].bytes, { name: 'After', token: makeToken('ro after') }, { within: 15000 });
          assert(after.status === 201, `a post when writable again: ${after.status} ${after.text}`);
          assert((await request(board.base, `api/runs/${first.body.id}`, { headers: { 'X-Caves-Token': makeToken('ro after') } })).status === 200, 'the run from before is gone');
          note(`read-only: health 503 after ${h.ms} ms; 200 again ${w.ms} ms after the file was writable`);
        } finally {
          immutable([...locked, dir], false);
          await board.stop();
        }
      });
    }

    // A full file system: a small tmpfs, filled up.
    const full = path.join(tmp, 'full');
    fs.mkdirSync(full);
    let mounted = false;
    let why = '';
    try {
      sh('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', full]);
      mounted = true;
    } catch (e) {
      why = (e.stderr ? e.stderr.toString() : e.message).trim().split('\n')[0];
    }
    if (!mounted) {
      skip('faults: a full file system', `mount -t tmpfs failed here: ${why}`);
    } else {
      cleanups.push(() => { try { sh('umount', [full]); } catch { /* gone */ } });
      await check('faults: a full file system (a 16 MB tmpfs filled up): /api/health 503, posts 503, the runs answered 201 before kept; room again, 201', async () => {
        const db = `sqlite://${full}/board.db`;
        const runs = makeRuns(10, TODAY, boardSeed(db, TODAY));
        made.push(runs);
        const board = await serve(db);
        const filler = path.join(full, 'filler');
        try {
          const before = [];
          for (let i = 0; i < 3; i++) {
            const r = await post(board.base, runs.valid[i].bytes, { name: `Full ${i}`, token: makeToken(`full ${i}`) });
            assert(r.status === 201, `before: ${r.status} ${r.text}`);
            before.push(r.body.id);
          }
          const fd = fs.openSync(filler, 'w');
          const chunk = Buffer.alloc(64 * 1024, 1);
          try { for (;;) fs.writeSync(fd, chunk); } catch (e) { if (e.code !== 'ENOSPC') throw e; }
          try { for (;;) fs.writeSync(fd, chunk.subarray(0, 512)); } catch (e) { if (e.code !== 'ENOSPC') throw e; }
          fs.closeSync(fd);
          const statuses = [];
          for (let i = 3; i < 6; i++) {
            const r = await post(board.base, runs.valid[i].bytes, { name: `Full ${i}`, token: makeToken(`full ${i}`) });
            statuses.push(r.status);
            if (r.status === 201) before.push(r.body.id);
          }
          const h = await waitFor('health 503 on a full file system', async () => (await getJson(board.base, 'api/health')).status === 503, { within: 15000 });
          const r = await post(board.base, runs.valid[6].bytes, { name: 'Full 6', token: makeToken('full 6') });
          note(`full file system: posts ${statuses.join(' ')} then ${r.status}; health 503 after ${h.ms} ms`);
          assert(r.status === 503 && retryAfter(r) !== null, `a post on a full file system: ${r.status} ${r.text}`);
          assert(statuses.every((s) => s === 503 || s === 201), `posts once full: ${statuses.join(' ')} (503 or a 201 that is kept)`);
          fs.rmSync(filler);
          await waitFor('health 200 with room again', async () => (await getJson(board.base, 'api/health')).status === 200, { within: 15000 });
          const again = await postRetrying(board.base, runs.valid[7].bytes, { name: 'Full 7', token: makeToken('full 7') }, { within: 15000 });
          assert(again.status === 201, `with room again: ${again.status} ${again.text}`);
          for (const id of before) assert((await request(board.base, `api/runs/${id}`, { headers: { 'X-Caves-Token': makeToken('full 7') } })).status === 200, `run ${id}, answered 201, is gone`);
        } finally {
          fs.rmSync(filler, { force: true });
          await board.stop();
        }
      });
    }
  },

  async sigterm() {
    await check('SIGTERM under load: 20 writers posting, the server exits 0 within 10 s; restarted, every run answered 201 is there', async () => {
      const { db, runs } = fresh('term', { count: 1200 });
      const board = await serve(db);
      const kept = [];
      const errors = [];
      let next = 0;
      let termAt = 0;
      const writer = async (w) => {
        let k = 0;
        while (next < runs.valid.length) {
          const run = runs.valid[next++];
          const who = `${w}-${Math.floor(k++ / 20)}`;
          const t = Date.now();
          try {
            const r = await post(board.base, run.bytes, { name: `Term ${who}`, token: makeToken(`term ${who}`), timeout: 15000 });
            if (r.status === 201) kept.push(run.id);
          } catch (e) {
            if (termAt && t < termAt) errors.push(e.code || e.message);
            if (termAt) return;
          }
        }
      };
      const writers = Array.from({ length: 20 }, (_, w) => writer(w));
      await waitFor('runs kept before the SIGTERM', () => kept.length >= 100, { within: 30000, every: 20 });
      termAt = Date.now();
      const stopped = await board.stop('SIGTERM');
      await Promise.all(writers);
      note(`SIGTERM: ${kept.length} runs answered 201; exit ${stopped.code} ${stopped.signal || ''} after ${stopped.ms} ms; ${errors.length} requests sent before the signal got no answer (${[...new Set(errors)].join(', ')})`);
      assert(stopped.code === 0, `exit ${stopped.code} ${stopped.signal || ''}`);
      assert(stopped.ms <= 10000, `${stopped.ms} ms to exit`);
      const again = await serve(db);
      try {
        const missing = [];
        // Today's runs are fetched with the key of a player whose own run is kept.
        const seer = { headers: { 'X-Caves-Token': makeToken('term 0-0') } };
        for (const id of kept) if ((await request(again.base, `api/runs/${id}`, seer)).status !== 200) missing.push(id);
        assert(missing.length === 0, `${missing.length} of ${kept.length} runs answered 201 are gone`);
      } finally {
        await again.stop();
      }
    });
  },

  async exportimport() {
    await check('export then import (SQLite to an empty PostgreSQL database): the same board, the same day seed', async () => {
      // The real date: an import keeps a run only with the time it came within its day (or
      // the day after), and a server posts with the real clock.
      const TODAY = new Date().toISOString().slice(0, 10);
      const YESTERDAY = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
      const db = `sqlite://${tmp}/export.db`;
      const runs = makeRuns(30, TODAY, boardSeed(db, TODAY));
      made.push(runs);
      const oldRuns = makeRuns(3, YESTERDAY, boardSeed(db, YESTERDAY));
      made.push(oldRuns);
      const board = await serve(db, { args: ['--today', TODAY] });
      const tokens = [];
      let source;
      let sourceOld;
      try {
        let n = 0;
        for (let player = 0; player < 6; player++) {
          const token = randomToken();
          tokens.push(token);
          for (let k = 0; k < 1 + (player % 3); k++) {
            const r = await post(board.base, runs.valid[n++].bytes, { name: `Export ${player}`, token });
            assert(r.status === 201, `${r.status} ${r.text}`);
          }
        }
        const y = await post(board.base, oldRuns.valid[0].bytes, { name: 'Export 0', token: tokens[0] });
        assert(y.status === 201, `yesterday: ${y.status} ${y.text}`);
        source = (await getJson(board.base, `api/daily/${TODAY}`)).body.entries;
        sourceOld = (await getJson(board.base, `api/daily/${YESTERDAY}`)).body.entries;
      } finally {
        await board.stop();
      }
      const day = await runBoard(['export', '--db', db, '--date', TODAY]);
      assert(day.code === 0, `export --date: exit ${day.code} ${day.stderr}`);
      const dayLines = day.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
      assert(dayLines.length === 12 && dayLines.every((l) => l.date === TODAY), `export --date ${TODAY}: ${dayLines.length} lines`);
      const all = await runBoard(['export', '--db', db]);
      assert(all.code === 0, `export: exit ${all.code} ${all.stderr}`);
      const lines = all.stdout.split('\n').filter(Boolean);
      const objs = lines.map((l) => JSON.parse(l));
      const keys = ['id', 'date', 'seed', 'name', 'token', 'practice', 'submitted', 'record'];
      assert(objs.length === 13 && objs.every((o) => keys.every((k) => k in o)), `${objs.length} lines; keys ${JSON.stringify(Object.keys(objs[0] || {}))}`);
      assert(objs.every((o) => /^\d+$/.test(o.seed) && /^[0-9a-f]{32}$/.test(o.id) && /^[A-Za-z0-9_-]+$/.test(o.record)), 'a line\'s seed, id or record is malformed');
      assert(objs.every((o) => !tokens.includes(o.token)), 'the export holds a raw token, not its hash');
      assert(objs.filter((o) => o.date === TODAY).every((o) => o.seed === runs.seed), 'the seed of a line is not the day\'s seed');
      const file = path.join(tmp, 'export.ndjson');
      fs.writeFileSync(file, all.stdout);
      const p = await postgres();
      const url = p.createDb('imported');
      const imp = await runBoard(['import', '--db', url, '--today', TODAY, file]);
      assert(imp.code === 0 && /\bimported 13\b/.test(imp.stdout) && /\brefused 0\b/.test(imp.stdout), `import: exit ${imp.code}, ${JSON.stringify(imp.stdout)} ${imp.stderr}`);
      assert(boardSeed(url, TODAY) === runs.seed, `the seed of ${TODAY}: ${boardSeed(url, TODAY)} on PostgreSQL, ${runs.seed} on SQLite`);
      assert(boardSeed(url, YESTERDAY) === oldRuns.seed, `the seed of ${YESTERDAY} differs`);
      const target = await serve(url, { logs: true, args: ['--today', TODAY] });
      try {
        const e = (await getJson(target.base, `api/daily/${TODAY}`)).body.entries;
        const o = (await getJson(target.base, `api/daily/${YESTERDAY}`)).body.entries;
        assert(JSON.stringify(e) === JSON.stringify(source), `the boards differ:\n${JSON.stringify(source)}\n${JSON.stringify(e)}`);
        assert(JSON.stringify(o) === JSON.stringify(sourceOld), 'yesterday\'s boards differ');
        // The imported tokens still hold their names, and the day takes runs of its seed.
        const thief = await post(target.base, runs.valid[25].bytes, { name: 'Export 1', token: randomToken() });
        assert(thief.status === 409, `a claimed name after the import: ${thief.status}`);
        const own = await post(target.base, runs.valid[26].bytes, { name: 'Export 1', token: tokens[1] });
        assert(own.status === 201 && own.body.practice === true, `a player's run after the import: ${own.status} ${own.text}`);
        const again = await runBoard(['import', '--db', url, '--today', TODAY, file]);
        note(`import again: exit ${again.code}, ${again.stdout.trim()}`);
      } finally {
        await target.stop();
        pgLogs.push(...target.out, ...target.err);
      }
    });
  },

  async observe() {
    const { db, runs } = fresh('observe', { count: 6 });
    const board = await serve(db, { logs: true });
    let stopped = false;
    try {
      await check('/metrics: Prometheus text with the caves_* series', async () => {
        await post(board.base, runs.valid[0].bytes, { name: 'Metric', token: makeToken('metric') });
        await post(board.base, runs.forged[0].bytes, { name: 'Metric', token: makeToken('metric') });
        await getJson(board.base, `api/daily/${TODAY}`);
        const m = await request(board.base, 'metrics');
        assert(m.status === 200 && /^text\/plain|openmetrics/.test(m.headers['content-type'] || ''), `${m.status} ${m.headers['content-type']}`);
        const missing = ['caves_submissions_total', 'caves_verify_seconds_bucket', 'caves_verify_pool_in_use', 'caves_board_reads_total', 'caves_database_errors_total', 'caves_runs_kept']
          .filter((name) => !new RegExp(`^${name}(\\{[^}]*\\})? `, 'm').test(m.text));
        assert(missing.length === 0, `missing: ${missing.join(', ')}`);
        const verdicts = [...m.text.matchAll(/^caves_submissions_total\{[^}]*verdict="([^"]+)"[^}]*\} (\d+)/gm)].map((x) => x[1]);
        assert(new Set(verdicts).size >= 2, `caves_submissions_total by verdict: ${verdicts.join(', ')}`);
        assert(/^caves_runs_kept(\{[^}]*\})? 1(\.0)?$/m.test(m.text), `caves_runs_kept: ${(/^caves_runs_kept.*$/m.exec(m.text) || [''])[0]}`);
      });
      await check('caves-server health --url: exit 0 on a live server, 1 on a dead port', async () => {
        const live = await runBoard(['health', '--url', board.base]);
        const port = await freePort();
        const dead = await runBoard(['health', '--url', `http://127.0.0.1:${port}/`]);
        assert(live.code === 0 && dead.code === 1, `live: exit ${live.code}, dead: exit ${dead.code} ${dead.stderr.trim()}`);
      });
      await check('logs: one line per request on stdout, with method, path, status and milliseconds', async () => {
        await getJson(board.base, 'api/daily/2026-01-03');
        await post(board.base, runs.valid[1].bytes, { name: 'Logged', token: makeToken('logged') });
        await sleep(300);
        const r = await board.stop();
        stopped = true;
        assert(r.code === 0, `exit ${r.code}`);
        const ms = /\d\s*ms\b|ms[=:"\s]+\d|millis/i;
        const get = board.out.filter((l) => l.includes('/api/daily/2026-01-03'));
        assert(get.length === 1 && /\bGET\b/.test(get[0]) && /\b200\b/.test(get[0]) && ms.test(get[0]), `the GET's lines: ${JSON.stringify(get)}`);
        // Three posts were made here: 201, 422, 201.
        const posts = board.out.filter((l) => l.includes('/api/daily/runs'));
        const codes = posts.map((l) => (/\b(201|422)\b/.exec(l) || [, '?'])[1]).join(' ');
        assert(posts.length === 3 && codes === '201 422 201' && posts.every((l) => /\bPOST\b/.test(l) && ms.test(l)), `the POSTs' lines: ${JSON.stringify(posts)}`);
        const metrics = board.out.filter((l) => /\bGET\b/.test(l) && l.includes('/metrics'));
        assert(metrics.length === 1, `the GET /metrics lines: ${JSON.stringify(metrics)}`);
        assert(!board.out.concat(board.err).some((l) => l.includes(makeToken('logged'))), 'a token is in the logs');
      });
    } finally {
      if (!stopped) await board.stop();
    }
    await check('logs: --log-format json writes JSON lines, the request among them', async () => {
      const j = await serve(db, { args: ['--log-format', 'json'], logs: true });
      await getJson(j.base, 'api/daily/2026-01-04');
      await sleep(300);
      await j.stop();
      const lines = j.out.filter((l) => l.trim());
      const bad = lines.filter((l) => { try { JSON.parse(l); return false; } catch { return true; } });
      assert(bad.length === 0, `not JSON: ${bad.slice(0, 2).join(' | ')}`);
      const req = lines.filter((l) => l.includes('/api/daily/2026-01-04'));
      assert(req.length === 1 && req[0].includes('200'), `the request's lines: ${JSON.stringify(req)}`);
    });
    await check('logs: no line of a PostgreSQL server\'s logs (or of a failed start) holds the database password', async () => {
      const p = await postgres();
      const s = await serve(p.url, { logs: true });
      await getJson(s.base, 'api/health');
      await s.stop();
      pgLogs.push(...s.out, ...s.err);
      const port = await freePort();
      const dead = await runBoard(['--listen', '127.0.0.1:0', '--db', `postgres://caves:${PG_PASSWORD}@127.0.0.1:${port}/none`]);
      assert(dead.code === 2 && oneLine(dead.stderr), `an unreachable database: exit ${dead.code} ${dead.stderr}`);
      const leaks = pgLogs.concat(dead.stdout.split('\n'), dead.stderr.split('\n')).filter((l) => l.includes(PG_PASSWORD) || l.includes(encodeURIComponent(PG_PASSWORD)));
      note(`${pgLogs.length} log lines of PostgreSQL servers looked at`);
      assert(leaks.length === 0, `${leaks.length} lines hold it, e.g. ${leaks[0]}`);
    });
  },
};

const started = Date.now();
const timings = [];
try {
  for (const [key, fn] of Object.entries(suite)) {
    if (ONLY.length && !ONLY.includes(key)) continue;
    const t = Date.now();
    try {
      await fn();
    } catch (e) {
      await failed(`${key}: could be run`, e);
    }
    timings.push(`${key} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
} finally {
  for (const c of cleanups.reverse()) { try { c(); } catch { /* best effort */ } }
  for (const r of made) r.remove();
  try { execFileSync('chattr', ['-R', '-i', tmp], { stdio: 'ignore' }); } catch { /* none set */ }
  fs.rmSync(tmp, { recursive: true, force: true });
}
note(`timings: ${timings.join(', ')}; all ${((Date.now() - started) / 1000).toFixed(1)} s`);
finish();
