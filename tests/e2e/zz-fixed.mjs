import fs from 'node:fs';
import { launchChromium, startServer } from './serve.mjs';
const survivor = fs.readFileSync('tests/records/survivor.txt', 'utf8').trim();
const server = await startServer('dist', {'Cross-Origin-Opener-Policy': 'same-origin','Cross-Origin-Embedder-Policy': 'require-corp'});
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
for (const what of ['z','resume','resume','resume','resume','resume','resume','resume','resume','resume']) {
  const p = await context.newPage();
  await p.goto(base); await p.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
  await p.evaluate((t) => { localStorage.clear(); if (t) localStorage.setItem('caves.run.9.0', `1|2026-11-22|1|1|${t}`); }, what === 'resume' ? survivor : null);
  await p.reload(); await p.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
  const ms = await p.evaluate((k) => { const t = performance.now(); window.cavesGame.key(k); const a = performance.now() - t; const t2 = performance.now(); window.cavesGame.key('l'); const b = performance.now() - t2; return [a, b]; }, what === 'resume' ? 'Enter' : 'z');
  console.log(what, ms.map(x => x.toFixed(2)).join(' '));
  await p.close();
}
await browser.close(); server.close();
