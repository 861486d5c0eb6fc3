// Loading benchmark (part of scripts/bench.sh): the time from navigation to the first
// playable frame in headless Chromium on a slow phone's connection, cold cache every time,
// from two hosts side by side: a plain static host that gzips every answer (level 9) as it
// sends it, and the daily board (`caves-server --dist`), which sends the compressed copies
// the release build made (brotli or gzip, whichever the browser accepts).
//
//   node tests/e2e/bench-load.mjs     # needs the release build in dist/, and for the board
//                                     # target/release/caves-server (cargo build --release -p caves-server)
//
// Each run is a new browser context (no cache, no service worker, no storage) with the
// network throttled to 1.6 Mbps down, 750 kbps up and 150 ms round trips, and the CPU slowed
// 4x (Chrome DevTools' throttling); the hosts take turns, run by run. "First playable frame"
// is the page's `caves-ready` mark: the game has painted its start screen and listens for
// keys. Then every file the page fetched is asked of the board once with each encoding alone
// (`Accept-Encoding: br`, then `gzip`), and the bytes of the bodies are summed. Prints
// `@ load.<host>.<key> <value>` lines (host: static, board) and `@ load.board.<br|gzip>.bytes`.

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, startServer } from './serve.mjs';
import { BIN, startBoard } from '../board/serve.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(process.env.E2E_DIST || path.join(HERE, '..', '..', 'dist'));
const RUNS = Number(process.env.LOAD_RUNS) || 5;

const hosts = [];
const server = await startServer(DIST, {}, { gzip: true });
hosts.push({ name: 'static', url: `http://127.0.0.1:${server.address().port}/` });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-load-page-'));
let board = null;
if (fs.existsSync(BIN)) {
  board = await startBoard(['--listen', '127.0.0.1:0', '--db', `sqlite://${tmp}/board.db`, '--dist', DIST]);
  hosts.push({ name: 'board', url: board.base });
} else {
  console.error(`bench-load: ${BIN} not built: the board is not measured (cargo build --release -p caves-server)`);
}
const browser = await launchChromium();
const out = (k, v) => console.log(`@ load.${k} ${v}`);
const times = new Map(hosts.map((h) => [h.name, []]));
const bytes = new Map();
const encodings = new Map();
let fetched = [];

async function load(host) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6e6 / 8),
    uploadThroughput: (750e3 / 8),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let received = 0;
  const urls = [];
  const encoding = new Set();
  cdp.on('Network.loadingFinished', (e) => { received += e.encodedDataLength; });
  cdp.on('Network.responseReceived', (e) => {
    urls.push(e.response.url);
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    encoding.add(h['content-encoding'] || 'identity');
  });
  await page.goto(host.url, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('caves-ready').length > 0, null, { timeout: 60000, polling: 50 });
  const ms = await page.evaluate(() => performance.getEntriesByName('caves-ready')[0].startTime);
  await context.close();
  return { ms, received, urls, encoding: [...encoding].sort().join('+') };
}

// The bytes of the body the board sends for `url` when the request accepts `encoding` alone.
function bodyBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (d) => { n += d.length; });
      res.on('end', () => resolve(res.statusCode === 200 ? n : 0));
    }).on('error', reject);
  });
}

try {
  for (let i = 0; i < RUNS; i++) {
    for (const host of hosts) {
      const r = await load(host);
      times.get(host.name).push(r.ms);
      bytes.set(host.name, r.received);
      encodings.set(host.name, r.encoding);
      if (host.name === 'board') fetched = r.urls;
      console.error(`load ${i + 1}/${RUNS}, ${host.name}: ${r.ms.toFixed(0)} ms, ${r.received} bytes over the wire (${r.encoding})`);
    }
  }
  if (board) {
    const paths = [...new Set(fetched.map((u) => new URL(u).pathname))].filter((p) => p !== '/favicon.ico' || fs.existsSync(path.join(DIST, 'favicon.ico')));
    for (const encoding of ['br', 'gzip']) {
      let n = 0;
      for (const p of paths) n += await bodyBytes(new URL(p, board.base).href, encoding);
      out(`board.${encoding}.bytes`, n);
      out(`board.${encoding}.files`, paths.length);
    }
  }
} finally {
  await browser.close().catch(() => {});
  server.close();
  if (board) await board.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
for (const [name, ts] of times) {
  ts.sort((a, b) => a - b);
  out(`${name}.median`, ts[ts.length >> 1].toFixed(0));
  out(`${name}.min`, ts[0].toFixed(0));
  out(`${name}.max`, ts[ts.length - 1].toFixed(0));
  out(`${name}.bytes`, bytes.get(name));
  out(`${name}.encoding`, encodings.get(name));
  out(`${name}.runs`, ts.length);
}
