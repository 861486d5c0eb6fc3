// The daily board's test, against the real server (target/release/caves-server) and real
// databases: a SQLite file, and a throwaway PostgreSQL cluster (Debian's, started here). Runs
// are made by the game's rules (the `runs` example). Everything is on 127.0.0.1.
//
//   node tests/board/board.mjs        # after: cargo build --release -p caves-server --bins --examples
//
// Checks the command line's exits, the API's answers (verified scores, the same record again,
// names, one counted run per player token and day, at most 20 practice runs, forged and damaged
// runs, sizes, the rate limit, fetching runs, the page served with --dist), and feeds 10,000
// damaged, truncated, forged and oversized submissions: each must get a 4xx, nothing may be
// stored, the server must keep answering. Each database has its own secret seeds
// (`caves-server seed`), so its runs are made for it. Prints `ok - ...` / `not ok - ...` and
// exits 1 if any check failed. The attacks of the board's review are tests/board/attack.mjs.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, check, failed, finish, note } from '../checks.mjs';
import { ROOT, makeRuns, boardSeed, makeToken, startBoard, runBoard, startPostgres, post, getJson, request, retryAfter, freePort } from './serve.mjs';

const TODAY = '2026-11-24';
const YESTERDAY = '2026-11-23';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-board-'));
const UNLIMITED = { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: '1000000', CAVES_BOARD_NAMES_PER_DAY: '1000000' };
const ID = /^[0-9a-f]{32}$/;

// Runs made for a database's seeds, by database, day and count (made once each).
const made = new Map();
function runsFor(db, date, count) {
  const key = `${db} ${date} ${count}`;
  if (!made.has(key)) made.set(key, makeRuns(count, date, boardSeed(db, date)));
  return made.get(key);
}

/** The API's behaviour on a fresh database at `db`. */
async function apiChecks(label, db, fuzz) {
  const runs = runsFor(db, TODAY, 60);
  const old = runsFor(db, YESTERDAY, 2);
  const board = await startBoard(['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY], UNLIMITED);
  const base = board.base;
  const count = async () => (await getJson(base, 'api/health')).body.runs;
  try {
    await check(`${label}: health, and board.json tells the page it has a board`, async () => {
      const h = await getJson(base, 'api/health');
      assert(h.status === 200 && h.body.today === TODAY && h.body.runs === 0, JSON.stringify(h));
      const b = await getJson(base, 'board.json');
      assert(b.status === 200 && b.body.board === true && b.body.today === TODAY, JSON.stringify(b));
      const t = await getJson(base, 'api/daily/today');
      assert(t.status === 200 && t.body.date === TODAY && t.body.seed === runs.seed, `api/daily/today: ${JSON.stringify(t.body)}, caves-server seed: ${runs.seed}`);
    });

    const first = runs.valid[0];
    let firstId = null;
    await check(`${label}: a daily run is verified, scored by its replay and ranked; again, the same entry`, async () => {
      const a = await post(base, first.bytes, { name: 'Ada', token: makeToken('aaaa'), extra: '&score=999999' });
      assert(a.status === 201, JSON.stringify(a));
      assert(a.body.score === first.score && a.body.date === TODAY && a.body.rank === 1 && a.body.id === first.id && ID.test(a.body.id), JSON.stringify(a.body));
      firstId = a.body.id;
      // Again from its player: the same entry. From another key: a copy, refused, naming it.
      const again = await post(base, first.bytes, { name: 'Ada', token: makeToken('aaaa') });
      assert(again.status === 200 && again.body.id === firstId, JSON.stringify(again));
      const b = await post(base, first.bytes, { name: 'Someone else', token: makeToken('bbbb') });
      assert(b.status === 409 && b.body.original === firstId, JSON.stringify(b));
      assert(await count() === 1, 'the same record was stored twice');
    });

    await check(`${label}: the board lists it; the run file comes back byte for byte; unknown ids and bad dates`, async () => {
      const d = await getJson(base, `api/daily/${TODAY}`);
      assert(d.status === 200 && d.body.date === TODAY && typeof d.body.ruleset === 'number', JSON.stringify(d));
      const e = d.body.entries;
      assert(e.length === 1 && e[0].name === 'Ada' && e[0].score === first.score && e[0].rank === 1
        && e[0].outcome === 'lost' && e[0].depth === 1 && e[0].turns === first.turns && e[0].id === firstId, JSON.stringify(e));
      // A run file of today: for a player whose own run of today has ended, as Ada's has.
      const gated = await request(base, `api/runs/${firstId}`);
      assert(gated.status === 403, `GET /api/runs/ID of today without a key: ${gated.status}`);
      const r = await request(base, `api/runs/${firstId}`, { headers: { 'X-Caves-Token': makeToken('aaaa') } });
      const bytes = r.raw;
      assert(r.status === 200 && bytes.equals(first.bytes), `GET /api/runs/ID: ${r.status}, ${bytes.length} bytes`);
      assert((await getJson(base, 'api/runs/0123456789abcdef0123456789abcdef')).status === 404, 'an unknown id is not 404');
      assert((await getJson(base, 'api/runs/nothex')).status === 404, 'a malformed id is not 404');
      assert((await getJson(base, `api/runs/${firstId.slice(0, 16)}`)).status === 404, 'a short id (the old 16 hex) is not 404');
      for (const bad of ['2026-13-01', '2026-02-30', 'yesterday', '20261124', '2026-1-01']) {
        const g = await getJson(base, `api/daily/${bad}`);
        assert(g.status === 400 && typeof g.body.error === 'string', `${bad}: ${JSON.stringify(g)}`);
      }
      const empty = await getJson(base, 'api/daily/2026-01-01');
      assert(empty.status === 200 && empty.body.entries.length === 0, 'a day without runs is not an empty list');
    });

    await check(`${label}: one counted run per token and day; ties go to the earlier run; yesterday counts too`, async () => {
      const again = await post(base, runs.valid[1].bytes, { name: 'Ada', token: makeToken('aaaa') });
      assert(again.status === 201 && again.body.practice === true, `a second run of the token: ${JSON.stringify(again)}`);
      const other = await post(base, runs.valid[2].bytes, { name: 'Bob', token: makeToken('cccc') });
      assert(other.status === 201 && other.body.practice === false && other.body.rank === 2, JSON.stringify(other));
      const e = (await getJson(base, `api/daily/${TODAY}`)).body.entries;
      assert(e.length === 2 && e[0].name === 'Ada' && e[1].name === 'Bob', `board: ${JSON.stringify(e)}`);
      const y = await post(base, old.valid[0].bytes, { name: 'Cy', token: makeToken('dddd') });
      assert(y.status === 201 && y.body.date === YESTERDAY, JSON.stringify(y));
    });

    await check(`${label}: a token has at most 20 practice runs a day: then 429 with Retry-After, and nothing stored`, async () => {
      const token = makeToken(`practice ${label}`);
      const codes = [];
      for (let i = 0; i < 21; i++) {
        const r = await post(base, runs.valid[30 + i].bytes, { name: 'Practiser', token });
        codes.push(r.status === 201 ? (r.body.practice ? 'p' : 'c') : r.status);
      }
      assert(codes.join('') === `c${'p'.repeat(20)}`, `one counted then 20 practice: ${codes.join(' ')}`);
      const before = await count();
      const over = await post(base, runs.valid[51].bytes, { name: 'Practiser', token });
      assert(over.status === 429 && typeof over.body.error === 'string' && retryAfter(over) !== null, `the 22nd run of a token: ${over.status} ${over.text} retry-after ${over.headers['retry-after']}`);
      assert(await count() === before, 'the run over the cap was stored');
      // Another token is not held back by it.
      const fresh = await post(base, runs.valid[52].bytes, { name: 'Fresh', token: makeToken(`fresh ${label}`) });
      assert(fresh.status === 201 && fresh.body.practice === false, JSON.stringify(fresh));
    });

    await check(`${label}: tokens: none or malformed is 401 for an unclaimed name, 409 for a claimed one`, async () => {
      for (const token of [null, 'short', 'x'.repeat(21), 'bad token with spaces and more than 22', 'é'.repeat(30), 'x'.repeat(129)]) {
        const r = await post(base, runs.valid[4].bytes, { name: 'Nobody yet', token });
        assert(r.status === 401 && typeof r.body.error === 'string', `token ${JSON.stringify(token)}: ${r.status} ${r.text}`);
      }
      for (const [i, token] of [[53, 'x'.repeat(22)], [54, 'A-_z'.repeat(32)]]) {
        const r = await post(base, runs.valid[i].bytes, { name: `Edge ${token.length}`, token });
        assert(r.status === 201, `a ${token.length}-character token: ${r.status} ${r.text}`);
      }
      const r = await post(base, runs.valid[4].bytes, { name: 'Ada', token: null });
      assert(r.status === 409 && typeof r.body.error === 'string', `no token under a claimed name: ${r.status} ${r.text}`);
    });

    await check(`${label}: names: 1 to 24 printable characters, trimmed, shown as given in JSON`, async () => {
      for (const bad of ['', '   ', 'x'.repeat(25), 'bell\u0007', 'new\nline']) {
        const r = await post(base, runs.valid[3].bytes, { name: bad, token: makeToken('eeee') });
        assert(r.status === 400 && typeof r.body.error === 'string', `${JSON.stringify(bad)}: ${JSON.stringify(r)}`);
      }
      const r = await post(base, runs.valid[3].bytes, { name: '  <b>Zoë</b>  ', token: makeToken('eeee') });
      assert(r.status === 201, JSON.stringify(r));
      const e = (await getJson(base, `api/daily/${TODAY}`)).body.entries;
      assert(e.some((x) => x.name === '<b>Zoë</b>'), 'the trimmed name is not on the board as given');
    });

    await check(`${label}: forged runs are refused with 422 and words, and nothing is stored`, async () => {
      const before = await count();
      for (const f of runs.forged) {
        const r = await post(base, f.bytes, { name: 'Mallory', token: makeToken('ffff') });
        assert(r.status === 422 && typeof r.body.error === 'string' && r.body.error.length > 10, `${f.kind}: ${JSON.stringify(r)}`);
      }
      assert(await count() === before, 'a forged run was stored');
      const kinds = runs.forged.map((f) => f.kind);
      for (const k of ['explorer', 'padded', 'another-days-seed', 'another-day']) assert(kinds.includes(k), `no forged ${k} run`);
    });

    await check(`${label}: a request over 256 KB gets 413; a wrong content type 415`, async () => {
      const big = await post(base, Buffer.alloc(256 * 1024 + 1, 7), { name: 'Big', token: makeToken('big') });
      assert(big.status === 413 && typeof big.body.error === 'string', `${big.status} ${big.text}`);
      const form = await post(base, runs.valid[5].bytes, { name: 'Form', token: makeToken('form'), contentType: 'application/x-www-form-urlencoded' });
      assert(form.status === 415 && typeof form.body.error === 'string', `${form.status} ${form.text}`);
    });

    await check(`${label}: ${fuzz} damaged, truncated, forged and oversized submissions each get a 4xx; none is stored`, async () => {
      const before = await count();
      let seed = 12345;
      const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
      const statuses = new Map();
      const bad = [];
      const make = (i) => {
        const src = runs.valid[rand(runs.valid.length)].bytes;
        switch (i % 6) {
          case 0: return src.subarray(0, rand(src.length)); // truncated
          case 1: { const b = Buffer.from(src); for (let k = 0; k <= rand(3); k++) b[rand(b.length)] ^= 1 + rand(255); return b; }
          case 2: return Buffer.from(Array.from({ length: rand(400) }, () => rand(256))); // noise
          case 3: return runs.forged[rand(runs.forged.length)].bytes;
          case 4: return Buffer.concat([src, Buffer.from([rand(256), rand(256)])]); // extra bytes
          default: return i % 60 === 5 ? Buffer.alloc(256 * 1024 + 1 + rand(1000), 7) : Buffer.from(src).reverse();
        }
      };
      let next = 0;
      const worker = async () => {
        while (next < fuzz) {
          const i = next++;
          const bytes = make(i);
          if (bytes.length === runs.valid[0].bytes.length && runs.valid.some((v) => v.bytes.equals(bytes))) continue;
          const r = await post(base, bytes, { name: 'Fuzz', token: makeToken(`fuzz ${i % 50}`) });
          statuses.set(r.status, (statuses.get(r.status) || 0) + 1);
          if (r.status < 400 || r.status >= 500) bad.push(`${i}: ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      assert(bad.length === 0, `${bad.length} not 4xx, e.g. ${bad.slice(0, 3).join(' | ')}`);
      assert(await count() === before, 'a damaged run was stored');
      const h = await getJson(base, 'api/health');
      assert(h.status === 200, 'the server stopped answering');
      note(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
    });
  } finally {
    await board.stop();
  }
}

/** Kills the server with SIGKILL in the middle of a load of submissions, restarts it on the
 * same database, and checks that every run answered 201 is there and the board still works. */
async function crashCheck(label, db) {
  await check(`${label}: killed with SIGKILL mid-load and restarted, every accepted run is still there`, async () => {
    const args = ['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY];
    const crashRuns = runsFor(db, TODAY, 640);
    let board = await startBoard(args, UNLIMITED);
    const accepted = [];
    let next = 0;
    const load = crashRuns.valid.slice(0, 600);
    const writer = async (w) => {
      // A new player every 20 runs: one counted run and 19 practice (under the cap of 20).
      let k = 0;
      while (next < load.length) {
        const run = load[next++];
        const who = `${w}-${Math.floor(k++ / 20)}`;
        const token = makeToken(`crash ${label} ${who}`);
        try {
          const r = await post(board.base, run.bytes, { name: `Crash ${who}`, token });
          if (r.status === 201 || r.status === 200) accepted.push({ id: run.id, token });
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 20 }, (_, w) => writer(w));
    const deadline = Date.now() + 60000;
    while (accepted.length < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    assert(accepted.length >= 150, `only ${accepted.length} runs accepted in a minute`);
    board.proc.kill('SIGKILL');
    await Promise.all(writers);
    await new Promise((r) => setTimeout(r, 200));
    board = await startBoard(args, UNLIMITED);
    try {
      const missing = [];
      // Each asked for by its own player (today's run files open to those whose run ended).
      for (const { id, token } of accepted) {
        const r = await request(board.base, `api/runs/${id}`, { headers: { 'X-Caves-Token': token } });
        if (r.status !== 200) missing.push(id);
      }
      assert(missing.length === 0, `${missing.length} of ${accepted.length} accepted runs are gone`);
      const d = await getJson(board.base, `api/daily/${TODAY}`);
      assert(d.status === 200 && d.body.entries.length > 0, 'the board does not answer after the restart');
      const more = await post(board.base, crashRuns.valid[639].bytes, { name: 'After', token: makeToken(`after ${label}`) });
      assert(more.status === 201 || more.status === 200, `a submission after the restart: ${more.status}`);
      note(`${accepted.length} runs accepted before the kill, all kept`);
    } finally {
      await board.stop();
    }
  });
}

try {
  await check('the command line: bad flags, a port in use and an unreachable database exit 2 with one line', async () => {
    for (const args of [['--port', '1'], ['--listen'], ['--today', '2026-02-30'], ['--db', 'mysql://x'], ['--dist', '/no/such/dir']]) {
      const r = await runBoard(args);
      assert(r.code === 2 && r.stderr.trim().split('\n').length === 1, `${args.join(' ')}: exit ${r.code}, ${JSON.stringify(r.stderr)}`);
    }
    const busy = await startBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${tmp}/busy.db`]);
    const taken = busy.base.replace(/^http:\/\//, '').replace(/\/$/, '');
    const r = await runBoard(['--listen', taken, '--db', `sqlite://${tmp}/busy2.db`]);
    await busy.stop();
    assert(r.code === 2 && /cannot listen/.test(r.stderr), `port in use: exit ${r.code}, ${r.stderr}`);
    const port = await freePort();
    const u = await runBoard(['--db', `postgres://nobody@127.0.0.1:${port}/none`, '--listen', '127.0.0.1:0']);
    assert(u.code === 2 && /cannot open the database/.test(u.stderr) && u.stderr.trim().split('\n').length === 1, `unreachable database: exit ${u.code}, ${u.stderr}`);
  });

  await check('caves-server seed: a decimal seed per day, the same each time, another for another day or database', async () => {
    const a = `sqlite://${tmp}/seed-a.db`;
    const b = `sqlite://${tmp}/seed-b.db`;
    const s1 = boardSeed(a, TODAY);
    assert(s1 === boardSeed(a, TODAY), 'the seed of a day changed');
    assert(s1 !== boardSeed(a, YESTERDAY), 'two days have the same seed');
    assert(s1 !== boardSeed(b, TODAY), 'two boards have the same secret seed');
    const publicSeed = (() => { let h = 0xcbf29ce484222325n; for (const c of Buffer.from(`daily ${TODAY}`)) h = ((h ^ BigInt(c)) * 0x100000001b3n) & 0xffffffffffffffffn; return String(h); })();
    assert(s1 !== publicSeed, 'the board uses the public daily seed');
    const v = await runBoard(['--version']);
    assert(v.code === 0 && /^caves-server \d+\.\d+\.\d+\s*$/.test(v.stdout), `--version: ${v.code} ${JSON.stringify(v.stdout)}`);
  });

  await apiChecks('SQLite', `sqlite://${tmp}/board.db`, 10000);
  await crashCheck('SQLite', `sqlite://${tmp}/crash.db`);

  let pgError = null;
  const pg = await startPostgres().catch((e) => { pgError = e; return null; });
  if (pg) {
    try {
      await apiChecks('PostgreSQL', pg.url, 2000);
      await check('PostgreSQL: two servers over one database, submissions spread over both, give one board', async () => {
        const a = await startBoard(['--listen', '127.0.0.1:0', '--db', pg.url, '--today', TODAY], UNLIMITED);
        const b = await startBoard(['--listen', '127.0.0.1:0', '--db', pg.url, '--today', TODAY], UNLIMITED);
        try {
          const day = YESTERDAY;
          const extra = runsFor(pg.url, YESTERDAY, 10);
          const posts = extra.valid.slice(2);
          const results = await Promise.all(posts.map((run, i) => post(i % 2 ? a.base : b.base, run.bytes, { name: `Two ${i}`, token: makeToken(`two ${i}`) })));
          assert(results.every((r) => r.status === 201), results.map((r) => r.status).join(' '));
          const ba = (await getJson(a.base, `api/daily/${day}`)).body.entries;
          const bb = (await getJson(b.base, `api/daily/${day}`)).body.entries;
          assert(JSON.stringify(ba) === JSON.stringify(bb), 'the two servers show different boards');
          const names = new Set(ba.map((e) => e.name));
          assert(posts.every((_, i) => names.has(`Two ${i}`)), `missing runs: ${[...names]}`);
          // The same token through both servers: still one counted run.
          const today = runsFor(pg.url, TODAY, 640);
          const again = await post(a.base, today.valid[638].bytes, { name: 'Dup', token: makeToken('two dup') });
          const again2 = await post(b.base, today.valid[637].bytes, { name: 'Dup', token: makeToken('two dup') });
          assert(again.body.practice === false && again2.body.practice === true, `a token counted twice across servers: ${JSON.stringify([again.body, again2.body])}`);
          // A name claimed through one server is claimed on the other.
          const stolen = await post(b.base, today.valid[636].bytes, { name: 'dup', token: makeToken('two thief') });
          assert(stolen.status === 409, `a name claimed on the other server: ${stolen.status} ${stolen.text}`);
        } finally {
          await a.stop();
          await b.stop();
        }
      });
      await crashCheck('PostgreSQL', pg.url);
    } finally {
      pg.stop();
    }
  } else {
    await failed('PostgreSQL starts', pgError ? `it could not be started: ${pgError.message}` : 'it is not installed (Debian: apt-get install postgresql); the board must be tested on it');
  }

  await check('at most 30 submissions a minute from one address: the 31st gets 429 with Retry-After', async () => {
    const db = `sqlite://${tmp}/limit.db`;
    const runs = runsFor(db, TODAY, 40);
    // The default submission limit; the cap on new names lifted (each post is a player).
    const b = await startBoard(['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY], { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: undefined, CAVES_BOARD_NAMES_PER_DAY: '1000000' });
    try {
      const codes = [];
      for (let i = 0; i < 31; i++) codes.push((await post(b.base, runs.valid[i].bytes, { name: `Limit ${i}`, token: makeToken(`limit ${i}`) })).status);
      assert(codes.slice(0, 30).every((c) => c === 201) && codes[30] === 429, codes.join(' '));
      const r = await post(b.base, runs.valid[31].bytes, { name: 'Limit 31', token: makeToken('limit 31') });
      assert(r.status === 429 && /minute/.test(r.body.error) && retryAfter(r) !== null, `${r.status} ${r.text} retry-after ${r.headers['retry-after']}`);
    } finally {
      await b.stop();
    }
  });

  await check('--dist serves the built page and its board in one process', async () => {
    const dist = path.join(ROOT, 'dist');
    assert(fs.existsSync(path.join(dist, 'index.html')), 'no dist/ (run trunk build --release first)');
    const b = await startBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${tmp}/dist.db`, '--dist', dist]);
    try {
      const page = await request(b.base, '');
      assert(page.status === 200 && /<canvas[^>]*id="?game/.test(page.text), 'the page is not served at /');
      const j = await getJson(b.base, 'board.json');
      assert(j.body.board === true, 'board.json from the page, not the board');
      assert((await getJson(b.base, 'api/health')).status === 200, 'no API beside the page');
    } finally {
      await b.stop();
    }
  });
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const r of made.values()) r.remove();
}
finish();
