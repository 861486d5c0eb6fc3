import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, startServer } from './serve.mjs';
const ROOT = path.resolve('.');
const DIST = path.join(ROOT, 'dist');
const survivor = fs.readFileSync('tests/records/survivor.txt', 'utf8').trim();
const server = await startServer(DIST, {'Cross-Origin-Opener-Policy': 'same-origin','Cross-Origin-Embedder-Policy': 'require-corp'});
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
for (let round = 0; round < 3; round++) {
const p = await context.newPage();
await p.goto(base); await p.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
await p.evaluate((t) => { localStorage.clear(); localStorage.setItem('caves.run.9.0', `1|2026-11-22|1|1|${t}`); }, survivor);
await p.reload(); await p.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
const cdp = await context.newCDPSession(p);
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const ms = await p.evaluate(() => { const t = performance.now(); window.cavesGame.key('Enter'); return performance.now() - t; });
const { profile } = await cdp.send('Profiler.stop');
const self = new Map(); const dt = profile.timeDeltas; const byId = new Map(profile.nodes.map(n => [n.id, n]));
profile.samples.forEach((id, i) => { const n = byId.get(id); const k = n.callFrame.functionName || n.callFrame.url || '(anon)'; self.set(k, (self.get(k) || 0) + (dt[i] || 0) / 1000); });
console.log('resume ms', ms);
[...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log(v.toFixed(2).padStart(8), k));
await p.close();
}
await browser.close(); server.close();
