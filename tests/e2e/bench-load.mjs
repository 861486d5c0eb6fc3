// Loading benchmark (part of scripts/bench.sh): the time from navigation to the first
// playable frame in headless Chromium on a slow phone's connection, cold cache every time.
//
//   node tests/e2e/bench-load.mjs     # needs the release build in dist/
//
// Each run is a new browser context (no cache, no service worker, no storage) with the
// network throttled to 1.6 Mbps down, 750 kbps up and 150 ms round trips, and the CPU slowed
// 4x (Chrome DevTools' throttling). Files are served gzipped (level 9), as a web host would.
// "First playable frame" is the page's `caves-ready` mark: the game has painted its start
// screen and listens for keys. Prints `@ load.<key> <value>` lines.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, startServer } from './serve.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(process.env.E2E_DIST || path.join(HERE, '..', '..', 'dist'));
const RUNS = Number(process.env.LOAD_RUNS) || 5;

const server = await startServer(DIST, {}, { gzip: true });
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const out = (k, v) => console.log(`@ load.${k} ${v}`);
const times = [];
let bytes = 0;
try {
  for (let i = 0; i < RUNS; i++) {
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
    cdp.on('Network.loadingFinished', (e) => { received += e.encodedDataLength; });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('caves-ready').length > 0, null, { timeout: 60000, polling: 50 });
    const ms = await page.evaluate(() => performance.getEntriesByName('caves-ready')[0].startTime);
    times.push(ms);
    bytes = received;
    console.error(`load ${i + 1}/${RUNS}: ${ms.toFixed(0)} ms, ${received} bytes over the wire`);
    await context.close();
  }
} finally {
  await browser.close().catch(() => {});
  server.close();
}
times.sort((a, b) => a - b);
out('median', times[times.length >> 1].toFixed(0));
out('min', times[0].toFixed(0));
out('max', times[times.length - 1].toFixed(0));
out('bytes', bytes);
out('runs', times.length);
