import { launchChromium, startServer } from './serve.mjs';
const server = await startServer(process.env.E2E_DIST || 'dist');
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
let lines = '';
for (let d = 0; d < 34; d++) {
  const day = new Date(Date.UTC(2026, 9, 24 + d)).toISOString().slice(0, 10);
  const won = d % 7 === 3;
  lines += `${day}\t1\t${won ? 'won' : 'lost'}\t900\t${won ? 6 : 1 + (d * 7) % 6}\t${100 * d}\t\n`;
}
for (const [tag, opts] of [['desk', { viewport: { width: 1280, height: 800 } }], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }]]) {
  const ctx = await browser.newContext(opts);
  await ctx.addInitScript((l) => localStorage.setItem('caves.days', l), lines);
  const page = await ctx.newPage();
  await page.goto(base);
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame, null, { timeout: 30000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/days-start-${tag}.png` });
  await page.keyboard.press('Y');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/days-${tag}.png` });
  console.log(tag, (await page.evaluate(() => String(window.cavesGame.text()))).split('\n').slice(0, 14).join('\n'));
  await ctx.close();
}
await browser.close();
server.close();
