// Load on the daily board, on loopback addresses: 100 concurrent clients post 10,000 different
// valid daily runs (made by the game's rules for the board's secret seed of the day) while 10
// others read the board, against the server on a SQLite file (and on PostgreSQL with `--pg`).
// The clients are spread over 8 loopback addresses (127.0.0.2 to 127.0.0.9), as players are,
// so the server's 64 connections per address hold; each client is a new player (token and
// name) every 20 runs: one counted run and 19 practice, under the cap of 20. Like the page, a
// client sends a run again after a 503 or 429 once its Retry-After has passed, and the retries
// are counted. Checks that nothing is lost (every run is kept: counted or practice, with the
// id and score of its replay), that each answer is as expected and none is a 5xx other than a
// retried 503; prints throughput and latencies as `@ board.<db>.<key> <value>` lines.
//
//   node tests/board/load.mjs [--pg]     # after: cargo build --release -p caves-server --bins --examples
//   LOAD_RUNS=N LOAD_READERS=R node tests/board/load.mjs [--pg]   # other counts (R=0: submissions alone)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeRuns, boardSeed, makeToken, startBoard, startPostgres, postRetrying, getJson, request } from './serve.mjs';

const TODAY = '2026-11-24';
const RUNS = Number(process.env.LOAD_RUNS) || 10000;
const WRITERS = 100;
const READERS = process.env.LOAD_READERS === undefined ? 10 : Number(process.env.LOAD_READERS);
const PER_PLAYER = 20;
const ADDRESSES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
const usePg = process.argv.includes('--pg');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-load-'));
let pg = null;
let runs = null;
let failed = false;
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] : NaN; };
try {
  pg = usePg ? await startPostgres() : null;
  if (usePg && !pg) throw new Error('PostgreSQL is not installed');
  const label = pg ? 'postgres' : 'sqlite';
  const db = pg ? pg.url : `sqlite://${tmp}/load.db`;
  runs = makeRuns(RUNS, TODAY, boardSeed(db, TODAY));
  // 500 players behind 8 addresses, as behind a carrier's shared addresses: the limits per
  // address (submissions, new names) lifted.
  const board = await startBoard(['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY], { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: '100000000', CAVES_BOARD_NAMES_PER_DAY: '100000000' });
  try {
    const submit = [];
    const read = [];
    const statuses = new Map();
    const count = (s) => statuses.set(s, (statuses.get(s) || 0) + 1);
    let retried = 0;
    let retriedRuns = 0;
    let players = 0;
    let next = 0;
    let writing = true;
    const start = performance.now();
    const writer = async (w) => {
      const localAddress = ADDRESSES[w % ADDRESSES.length];
      let k = 0;
      while (next < runs.valid.length) {
        const run = runs.valid[next++];
        const player = `${w}-${Math.floor(k / PER_PLAYER)}`;
        const first = k % PER_PLAYER === 0;
        if (first) players += 1;
        k += 1;
        const t = performance.now();
        let r;
        try {
          r = await postRetrying(board.base, run.bytes, { name: `Player ${player}`, token: makeToken(`load ${player}`), localAddress });
        } catch (e) {
          failed = true;
          console.error(`${run.file}: ${e.message}`);
          continue;
        }
        submit.push(performance.now() - t);
        count(r.status);
        retried += r.retries;
        if (r.retries) retriedRuns += 1;
        if (r.status !== 201 || r.body.id !== run.id || r.body.score !== run.score || r.body.practice !== !first) {
          failed = true;
          console.error(`${run.file}: ${r.status} ${JSON.stringify(r.body)} (a ${first ? 'first' : 'practice'} run, after ${r.retries} retries)`);
        }
      }
    };
    const reader = async (i) => {
      while (writing) {
        const t = performance.now();
        const r = await getJson(board.base, `api/daily/${TODAY}`, { localAddress: ADDRESSES[i % ADDRESSES.length] });
        read.push(performance.now() - t);
        count(r.status);
        if (r.status !== 200) { failed = true; console.error(`read: ${r.status} ${r.text.slice(0, 200)}`); }
      }
    };
    const readers = Array.from({ length: READERS }, (_, i) => reader(i));
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    writing = false;
    await Promise.all(readers);
    const seconds = (performance.now() - start) / 1000;
    const kept = (await getJson(board.base, 'api/health')).body.runs;
    const entries = (await getJson(board.base, `api/daily/${TODAY}`)).body.entries.length;
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const say = (k, v) => console.log(`@ board.${label}.${k} ${v}`);
    say('runs', runs.valid.length);
    say('kept', kept);
    say('players', players);
    say('counted_shown', entries);
    say('5xx', fivexx);
    say('retried', retried);
    say('retried_runs', retriedRuns);
    say('seconds', seconds.toFixed(2));
    say('submit.per_second', (runs.valid.length / seconds).toFixed(0));
    say('submit.p50', pct(submit, 50).toFixed(1));
    say('submit.p99', pct(submit, 99).toFixed(1));
    say('read.count', read.length);
    say('read.p50', pct(read, 50).toFixed(1));
    say('read.p99', pct(read, 99).toFixed(1));
    if (kept !== runs.valid.length) { failed = true; console.error(`load: ${kept} of ${runs.valid.length} runs kept`); }
    if (entries !== Math.min(players, 100)) { failed = true; console.error(`load: ${entries} counted runs shown, one per player (${players}, at most 100) expected`); }
    // Every run kept is there: a sample fetched back byte for byte.
    for (let i = 0; i < runs.valid.length; i += Math.max(1, Math.floor(runs.valid.length / 50))) {
      // Today's runs answer a player whose own run of today is kept (the first writer's first player).
      const r = await request(board.base, `api/runs/${runs.valid[i].id}`, { headers: { 'X-Caves-Token': makeToken('load 0-0') } });
      if (r.status !== 200 || !r.raw.equals(runs.valid[i].bytes)) { failed = true; console.error(`load: ${runs.valid[i].file} is not served back (${r.status})`); }
    }
    if (fivexx) { failed = true; console.error(`load: ${fivexx} answers were 5xx (after retries)`); }
    console.log(`load (${label}): ${failed ? 'FAILED' : 'ok'}: ${runs.valid.length} runs in ${seconds.toFixed(1)} s, ${retried} retries (of ${retriedRuns} runs), final statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  } finally {
    await board.stop();
  }
} catch (e) {
  failed = true;
  console.log(`load: FAILED: ${e.message}`);
} finally {
  if (pg) pg.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (runs) runs.remove();
}
process.exit(failed ? 1 : 0);
