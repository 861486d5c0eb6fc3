// The README's screenshot, remade from the built page (dist/, `trunk build --release`):
// seed 42 (or SEED) at 1280x800, exploring (the `o` key) until a creature comes into view, then the
// picture goes to docs/screenshot.png. Not part of the test command; run it by hand when the
// screen changes: `node tests/e2e/screenshot.mjs`.

import path from 'node:path';
import { norm, openGame, ROOT, suite } from './harness.mjs';

const SEED = Number(process.env.SEED || 42);
const { check, serve, done } = suite('screenshot');
const { base, browser } = await serve();

await check('docs/screenshot.png shows a run with a creature in view', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, `${base}?seed=${SEED}`);
  const key = async (k) => {
    await page.keyboard.press(k);
    await page.waitForTimeout(250); // let a walk or an animation finish
  };
  const text = () => page.evaluate(() => String(window.cavesGame.text()));
  await key('Enter');
  for (let i = 0; i < 60; i++) {
    await key('o');
    await key('.');
    if (/In view/.test(norm(await text()))) break;
  }
  if (!/In view/.test(norm(await text()))) return 'no creature came into view';
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(ROOT, 'docs', 'screenshot.png') });
  if (page.errors.length) return page.errors.join('; ');
});

await done();
