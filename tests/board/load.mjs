// Load on the daily board, on 127.0.0.1: 100 concurrent clients post 10,000 different valid
// daily runs (made by the game's rules) while 10 others read the board, against the server
// on a SQLite file (and on PostgreSQL with `--pg`). Checks that nothing is lost (every run is
// kept: counted or practice) and no answer is a 5xx; prints throughput and latencies as
// `@ board.<db>.<key> <value>` lines.
//
//   node tests/board/load.mjs [--pg]     # after: cargo build --release -p caves-server --bins --examples

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeRuns, startBoard, startPostgres, post, getJson } from './serve.mjs';

const TODAY = '2026-11-24';
const RUNS = Number(process.env.LOAD_RUNS) || 10000;
const WRITERS = 100;
const READERS = 10;
const usePg = process.argv.includes('--pg');

const runs = makeRuns(RUNS, TODAY);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-load-'));
let pg = null;
let failed = false;
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]; };
try {
  pg = usePg ? await startPostgres() : null;
  if (usePg && !pg) throw new Error('PostgreSQL is not installed');
  const label = pg ? 'postgres' : 'sqlite';
  const db = pg ? pg.url : `sqlite://${tmp}/load.db`;
  const board = await startBoard(['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY], { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: '100000000' });
  try {
    const submit = [];
    const read = [];
    const statuses = new Map();
    let next = 0;
    let writing = true;
    const start = performance.now();
    const writer = async (w) => {
      while (next < runs.valid.length) {
        const run = runs.valid[next++];
        const t = performance.now();
        const r = await post(board.base, run.bytes, { name: `Player ${w}`, device: `device-load-${String(w).padStart(4, '0')}` });
        submit.push(performance.now() - t);
        statuses.set(r.status, (statuses.get(r.status) || 0) + 1);
        if (r.status !== 201 || r.body.id !== run.id || r.body.score !== run.score) {
          failed = true;
          console.error(`${run.file}: ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
    };
    const reader = async () => {
      while (writing) {
        const t = performance.now();
        const r = await getJson(board.base, `api/daily/${TODAY}`);
        read.push(performance.now() - t);
        statuses.set(r.status, (statuses.get(r.status) || 0) + 1);
        if (r.status !== 200) failed = true;
      }
    };
    const readers = Array.from({ length: READERS }, reader);
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
    say('counted', entries);
    say('5xx', fivexx);
    say('seconds', seconds.toFixed(2));
    say('submit.per_second', (runs.valid.length / seconds).toFixed(0));
    say('submit.p50', pct(submit, 50).toFixed(1));
    say('submit.p99', pct(submit, 99).toFixed(1));
    say('read.count', read.length);
    say('read.p50', pct(read, 50).toFixed(1));
    say('read.p99', pct(read, 99).toFixed(1));
    if (kept !== runs.valid.length) { failed = true; console.error(`load: ${kept} of ${runs.valid.length} runs kept`); }
    if (entries !== Math.min(WRITERS, 100)) { failed = true; console.error(`load: ${entries} counted runs, one per device expected`); }
    if (fivexx) failed = true;
    console.log(`load (${label}): ${failed ? 'FAILED' : 'ok'}: ${runs.valid.length} runs in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  } finally {
    await board.stop();
  }
} catch (e) {
  failed = true;
  console.log(`load: FAILED: ${e.message}`);
} finally {
  if (pg) pg.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(runs.dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
