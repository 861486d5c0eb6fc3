// Live runs against the real server (target/release/caves-server) on a throwaway PostgreSQL
// cluster, everything on loopback addresses:
//
// 1. Two server copies over one database: a run is streamed to copy A in batches while it is
//    watched on copy B through server-sent events (copies tell each other by NOTIFY). Every
//    action arrives once and in order, across a reconnect with Last-Event-ID; the `end`
//    event comes; A's list counts B's watcher. The lag from a batch's POST to its event on
//    the other copy is measured (median, p99).
// 2. Load: 1,000 watchers on 50 live runs against one copy, each run sending a batch a
//    second: the watchers' lag (p50, p99) and the server's resident memory; then SIGTERM with
//    the 1,000 streams open (the server must stop at once, not after its 8 s grace).
//
// Prints `ok - ...` / `not ok - ...`, the figures as a Markdown table, and exits 1 if a check
// failed.
//
//   node tests/board/live.mjs     # after: cargo build --release -p caves-server --bins --examples
//   LIVE_LOAD_SECONDS=S LIVE_WATCHERS=W LIVE_RUNS=R node tests/board/live.mjs

import http from 'node:http';
import os from 'node:os';
import { assert, check, failed, finish, note } from '../checks.mjs';
import { makeRuns, boardSeed, makeToken, startBoard, startPostgres, request, getJson, post, rssMb, sleep, actionsOf, actionText as text, countActions } from './serve.mjs';

const TODAY = '2026-11-24';
const LOAD_SECONDS = Number(process.env.LIVE_LOAD_SECONDS) || 40;
const WATCHERS = Number(process.env.LIVE_WATCHERS) || 1000;
const LIVE_RUNS = Number(process.env.LIVE_RUNS) || 50;
const UNLIMITED = { CAVES_BOARD_SUBMISSIONS_PER_MINUTE: '100000000', CAVES_BOARD_LIVE_BATCHES_PER_MINUTE: '100000000', CAVES_BOARD_LIVE_BATCHES_PER_RUN: '100000000' };
// Streams one address may have open on one copy (the board's LIVE_STREAMS_PER_ADDRESS).
const STREAMS_PER_ADDRESS = 16;

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] : NaN; };
const ms = (x) => `${x.toFixed(1)} ms`;

async function open(base, name, label, localAddress = null) {
  const r = await request(base, `api/live?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'X-Caves-Token': makeToken(label) }, localAddress });
  assert(r.status === 201 && /^[0-9a-f]{32}$/.test(r.body.id) && r.body.date === TODAY, `open: ${r.status} ${r.text}`);
  return r.body.id;
}

async function batch(base, id, label, from, actions, { end = false, localAddress = null } = {}) {
  const body = Buffer.from(JSON.stringify({ from, actions: text(actions), end }));
  return request(base, `api/live/${id}/actions`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Caves-Token': makeToken(label) }, body, localAddress });
}

/** Today's live runs as `label` (a player whose own run of today has ended) sees them: each
 * run's ticket by id. */
async function tickets(base, label) {
  const r = await request(base, `api/live/${TODAY}`, { headers: { 'X-Caves-Token': makeToken(label) } });
  assert(r.status === 200, `the list: ${r.status} ${r.text}`);
  return new Map(r.body.runs.map((x) => [x.id, x.ticket]));
}

/** A server-sent-events stream of live run `id` (with its `ticket`); `onEvent({event, id,
 * data, at})` for each event; resolves { status, close, closed } once the answer's head came. */
function watch(base, id, { ticket = '', last = null, localAddress = null, onEvent = () => {} } = {}) {
  const url = new URL(`api/live/${id}/events?ticket=${ticket}`, base);
  return new Promise((resolve, reject) => {
    let closed;
    const done = new Promise((r) => { closed = r; });
    const req = http.request({
      host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', agent: false,
      headers: { Accept: 'text/event-stream', ...(last !== null ? { 'Last-Event-ID': String(last) } : {}) },
      ...(localAddress ? { localAddress } : {}),
    }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        const at = performance.now();
        buf += d;
        let k;
        while ((k = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, k);
          buf = buf.slice(k + 2);
          const ev = { event: '', id: '', data: null, at };
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) ev.event = line.slice(6).trim();
            else if (line.startsWith('id:')) ev.id = line.slice(3).trim();
            else if (line.startsWith('data:')) ev.data = JSON.parse(line.slice(5));
          }
          if (ev.event) onEvent(ev);
        }
      });
      res.on('end', () => closed('end'));
      res.on('error', () => closed('error'));
      resolve({ status: res.statusCode, close: () => req.destroy(), closed: done });
    });
    req.on('error', (e) => { closed('error'); reject(e); });
    req.end();
  });
}

const figures = [];
let pg = null;
try {
  pg = await startPostgres();
  if (!pg) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql); live runs must be tested on it');
  const db = pg.url;
  const runs = makeRuns(2, TODAY, boardSeed(db, TODAY), { long: [1, 3000] });
  const all = actionsOf(runs.moreLong[0].bytes);
  const finished = runs.valid.map((v) => v.bytes); // short runs that end at once, for watchers
  runs.remove();
  note(`a run of ${all.length} actions to stream`);

  const a = await startBoard(['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY], UNLIMITED);
  const b = await startBoard(['--listen', '127.0.0.1:0', '--db', db, '--today', TODAY], UNLIMITED);
  try {
    // The watchers have played today's caves: their runs are kept, so today's runs open to them.
    const w = await post(a.base, finished[0], { name: 'Watcher', token: makeToken('watcher') });
    assert(w.status === 201, `the watcher's own run: ${w.status} ${w.text}`);
    await check('two copies on one PostgreSQL: a run streamed to one is watched on the other, 20 turns behind, every action once, across a reconnect, to its end once it is kept', async () => {
      const id = await open(a.base, 'Streamer', 'streamer');
      const BATCH = 10;
      const BATCHES = Math.min(120, Math.floor(all.length / BATCH) - 1);
      const posted = []; // [time the batch's POST began, actions shown to watchers after it]
      const arrived = new Map(); // actions shown -> when the event carrying them came on B
      const errors = [];
      const received = [];
      let count = 0;
      let ended = null;
      let from = 0;
      const onEvent = (ev) => {
        if (ev.event === 'end') { ended = ev; return; }
        if (ev.event !== 'actions' || ev.data.from !== count) errors.push(`a gap or repeat: ${ev.event} from ${ev.data && ev.data.from} after ${count}`);
        received.push(Buffer.from(ev.data.actions, 'base64url'));
        count += countActions(ev.data.actions);
        if (String(count) !== ev.id) errors.push(`id ${ev.id} after ${count} actions`);
        arrived.set(count, ev.at);
      };
      const send = async (actions, end = false) => {
        const t = performance.now();
        const r = await batch(a.base, id, 'streamer', from, actions, { end });
        assert(r.status === 200, `batch: ${r.status} ${r.text}`);
        // Held back: the last 20 turns of the replay (a rest is many turns in one action).
        if (!r.body.ended) assert(r.body.shown < from + actions.length, `nothing held back: ${r.text}`);
        posted.push([t, r.body.shown]);
        from += actions.length;
        return r;
      };
      await send(all.slice(0, BATCH));
      // Without the ticket the list gives, no stream of today's run.
      const refused = await watch(b.base, id, { onEvent });
      assert(refused.status === 403, `a stream without its ticket: ${refused.status}`);
      refused.close();
      const ticket = (await tickets(a.base, 'watcher')).get(id);
      assert(ticket, 'the run is not listed');
      let w = await watch(b.base, id, { ticket, onEvent });
      assert(w.status === 200, `events: ${w.status}`);
      let listed = null;
      for (let k = 1; k < BATCHES; k++) {
        if (k === Math.floor(BATCHES / 2)) {
          // The watcher drops; batches go on; it comes back with the last id it saw.
          w.close();
          const last = count;
          for (let j = 0; j < 3; j++, k++) await send(all.slice(from, from + BATCH));
          w = await watch(b.base, id, { ticket, last, onEvent });
          assert(w.status === 200, `reconnect: ${w.status}`);
        }
        await send(all.slice(from, from + BATCH));
        if (k === 30) {
          await sleep(4500); // the copies write their count of watchers every 2 s
          listed = (await request(a.base, `api/live/${TODAY}`, { headers: { 'X-Caves-Token': makeToken('watcher') } })).body;
        }
        await sleep(100);
      }
      // The rest at once: the run's replay ends it (out of the caves), it is kept as the
      // streamer's run, and the watchers get the rest and the end.
      const r = await send(all.slice(from));
      assert(r.body.ended === true && r.body.outcome === 'lost' && r.body.kept && r.body.kept.id, `the last batch: ${r.text}`);
      const deadline = Date.now() + 5000;
      while (!ended && Date.now() < deadline) await sleep(20);
      assert(ended && ended.data.outcome === 'lost' && ended.id === String(all.length), `no end event: ${JSON.stringify(ended)}`);
      assert(errors.length === 0, errors.slice(0, 3).join(' | '));
      assert(Buffer.concat(received).equals(Buffer.concat(all)), 'the actions watched are not the actions sent');
      assert(await w.closed === 'end', 'the stream did not close after the end');
      const mine = listed && listed.runs.find((x) => x.id === id);
      assert(mine && mine.watchers === 1 && mine.name === 'Streamer', `copy A's list does not count copy B's watcher: ${JSON.stringify(listed)}`);
      // The lag: from the start of the POST of a batch that showed more to the event on B.
      const lags = [];
      let before = 0;
      for (const [t, shown] of posted) {
        if (shown > before && arrived.has(shown)) lags.push(arrived.get(shown) - t);
        before = Math.max(before, shown);
      }
      lags.sort((x, y) => x - y);
      note(`${lags.length} batches timed from POST on A to the event on B`);
      assert(lags.length >= BATCHES - 15, `only ${lags.length} lags measured`);
      figures.push(['two copies: a batch POSTed to A, its event on B', `${lags.length} batches of ${BATCH}`, ms(pct(lags, 50)), ms(pct(lags, 99)), '']);
      assert(pct(lags, 99) < 2000, `p99 lag ${pct(lags, 99)} ms`);
    });

    await check('the fallen of a day and the live list: dates checked like the board\'s; today\'s only for a player whose run has ended', async () => {
      for (const bad of ['2026-13-01', 'yesterday']) {
        const f = await getJson(a.base, `api/daily/${bad}/fallen`);
        assert(f.status === 400 && typeof f.body.error === 'string', `fallen ${bad}: ${f.status}`);
        const l = await getJson(a.base, `api/live/${bad}`);
        assert(l.status === 400 && typeof l.body.error === 'string', `live ${bad}: ${l.status}`);
      }
      const no = await getJson(b.base, `api/daily/${TODAY}/fallen`);
      assert(no.status === 403 && typeof no.body.error === 'string', `today's fallen without a key: ${no.status}`);
      const f = await request(b.base, `api/daily/${TODAY}/fallen`, { headers: { 'X-Caves-Token': makeToken('watcher') } });
      assert(f.status === 200 && Array.isArray(f.body.fallen), JSON.stringify(f.body));
    });
  } finally {
    await b.stop();
  }

  await check(`load: ${WATCHERS} watchers on ${LIVE_RUNS} live runs against one copy, a batch a second each for ${LOAD_SECONDS} s; then SIGTERM with them open`, async () => {
    const base = a.base;
    const rss0 = rssMb(a.proc.pid);
    const ids = [];
    for (let r = 0; r < LIVE_RUNS; r++) ids.push(await open(base, `Load ${r}`, `load ${r}`, `127.0.0.${2 + (r % 8)}`));
    const BATCH = 5;
    // A first batch each, of 20 actions, so that the list (runs of 10 turns or more) gives
    // their tickets.
    const FIRST = 20;
    for (let r = 0; r < LIVE_RUNS; r++) {
      const res = await batch(base, ids[r], `load ${r}`, 0, all.slice(0, FIRST), { localAddress: `127.0.0.${2 + (r % 8)}` });
      assert(res.status === 200, `first batch: ${res.status} ${res.text}`);
    }
    const passes = await tickets(base, 'watcher');
    // Watchers spread over loopback addresses, STREAMS_PER_ADDRESS to an address (the
    // server's cap).
    const events = ids.map(() => []); // per run: [actions shown, when it came]
    const counts = new Array(WATCHERS).fill(0);
    const gaps = [];
    const watchers = [];
    for (let k = 0; k < WATCHERS; k++) {
      const r = k % LIVE_RUNS;
      const localAddress = `127.0.1.${1 + Math.floor(k / STREAMS_PER_ADDRESS)}`;
      watchers.push(watch(base, ids[r], {
        ticket: passes.get(ids[r]),
        localAddress,
        onEvent: (ev) => {
          if (ev.event !== 'actions') return;
          if (ev.data.from !== counts[k]) gaps.push(`${k}: from ${ev.data.from} after ${counts[k]}`);
          counts[k] = Number(ev.id);
          events[r].push([counts[k], ev.at]);
        },
      }));
      if (k % 100 === 99) await sleep(50);
    }
    const streams = await Promise.all(watchers);
    assert(streams.every((s) => s.status === 200), `streams: ${streams.filter((s) => s.status !== 200).map((s) => s.status).join(' ')} not 200`);
    await sleep(500);
    const rssIdle = rssMb(a.proc.pid);
    const metricsText = (await request(base, 'metrics')).text;
    const gauge = (name) => { const m = new RegExp(`^${name} (\\d+)`, 'm').exec(metricsText); return m ? Number(m[1]) : NaN; };
    assert(gauge('caves_live_watchers') === WATCHERS, `caves_live_watchers ${gauge('caves_live_watchers')}`);
    assert(gauge('caves_live_runs') === LIVE_RUNS, `caves_live_runs ${gauge('caves_live_runs')}`);

    let peak = rssIdle;
    const sampler = setInterval(() => { try { peak = Math.max(peak, rssMb(a.proc.pid)); } catch { /* gone */ } }, 250);
    const until = performance.now() + LOAD_SECONDS * 1000;
    const errors = [];
    const posted = ids.map(() => []); // per run: [when the batch's POST began, actions shown after it]
    let batches = 0;
    const poster = async (r) => {
      await sleep(Math.floor((1000 * r) / LIVE_RUNS)); // spread over the second
      let from = FIRST;
      let shown = 0;
      while (performance.now() < until && from + BATCH <= all.length) {
        const t = performance.now();
        const res = await batch(base, ids[r], `load ${r}`, from, all.slice(from, from + BATCH), { localAddress: `127.0.0.${2 + (r % 8)}` });
        if (res.status !== 200) errors.push(`${res.status} ${res.text}`);
        else {
          batches += 1;
          posted[r].push([t, res.body.shown]);
          shown = res.body.shown;
        }
        from += BATCH;
        await sleep(Math.max(0, 1000 - (performance.now() - t)));
      }
      return shown;
    };
    const ends = await Promise.all(ids.map((_, r) => poster(r)));
    await sleep(1000);
    clearInterval(sampler);
    assert(errors.length === 0, `${errors.length} batches refused, e.g. ${errors.slice(0, 3).join(' | ')}`);
    assert(gaps.length === 0, `${gaps.length} gaps or repeats, e.g. ${gaps.slice(0, 3).join(' | ')}`);
    const behind = counts.filter((c, k) => c !== ends[k % LIVE_RUNS]).length;
    assert(behind === 0, `${behind} watchers did not get every action shown`);
    // The lag: from the start of the POST of a batch that showed more to each watcher's event.
    const lags = [];
    for (let r = 0; r < LIVE_RUNS; r++) {
      const began = new Map();
      for (const [t, shown] of posted[r]) if (!began.has(shown)) began.set(shown, t);
      for (const [shown, at] of events[r]) if (began.has(shown)) lags.push(at - began.get(shown));
    }
    lags.sort((x, y) => x - y);
    const cpus = os.cpus();
    note(`${batches} batches, ${lags.length} events timed; ${cpus.length} CPUs (${cpus[0] ? cpus[0].model : '?'})`);
    figures.push([`one copy: ${WATCHERS} watchers on ${LIVE_RUNS} runs, a batch of ${BATCH} a second each, ${LOAD_SECONDS} s`, `${lags.length} events`, ms(pct(lags, 50)), ms(pct(lags, 99)),
      `${rss0.toFixed(1)} MB before, ${rssIdle.toFixed(1)} MB with the streams open, ${peak.toFixed(1)} MB at most`]);
    assert(pct(lags, 99) < 2000, `p99 lag ${pct(lags, 99)} ms`);

    // SIGTERM with every stream open: they end at once and the server exits 0.
    const stopped = await a.stop('SIGTERM');
    const closed = await Promise.race([Promise.all(streams.map((s) => s.closed)), sleep(2000).then(() => null)]);
    assert(stopped.code === 0 && stopped.ms < 4000, `SIGTERM with ${WATCHERS} streams open: exit ${stopped.code} after ${stopped.ms} ms`);
    assert(closed !== null, 'streams still open after the stop');
    figures.push([`SIGTERM with ${WATCHERS} streams open`, '', '', '', `exit 0 in ${stopped.ms} ms`]);
  });
  await a.stop();
} catch (e) {
  await failed('live runs could be tested', e);
} finally {
  if (pg) pg.stop();
}
if (figures.length) {
  console.log('\n| live runs on PostgreSQL | measured | lag p50 | lag p99 | server |');
  console.log('|---|---:|---:|---:|---|');
  for (const f of figures) console.log(`| ${f.join(' | ')} |`);
  console.log('');
}
finish();
