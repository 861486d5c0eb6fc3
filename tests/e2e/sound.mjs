// Sound in the built page (dist/, made by `trunk build --release`), in headless Chromium.
// Web Audio is watched, not replaced: every started tone is counted.
//   - No sound before the first gesture; after a key, the torch doused by `T` plays tones.
//   - `m` turns sound off: the Sound button says so, the log line says so, the choice is
//     remembered across a reload, and a doused torch then plays nothing; `m` turns it on.
//   - On a 390x844 touch phone, the toolbar's Sound button turns it off and on.
// Prints one line per check and a final `sound: N passed, M failed`; exits 1 if any failed.
//
// Environment: CHROMIUM (browser binary, default /usr/bin/chromium),
//              E2E_DIST (built directory, default dist/),
//              E2E_TIMEOUT_MS (overall limit, default 120000).

import path from 'node:path';
import { assert, built, norm, openGame, SHOTS, suite } from './harness.mjs';

const { check, fail, serve, done, notOk } = suite('sound', { limitMs: 120000 });

// Counts the tones the page starts (oscillators and noise bursts).
function countTones() {
  window.tones = 0;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.tones += 1;
    return start.apply(this, args);
  };
}

try {
  if (built(notOk)) {
    const { base, browser } = await serve();
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await desk.addInitScript(countTones);
    let page = await openGame(desk, `${base}?seed=42`);
    const tones = () => page.evaluate(() => window.tones);
    const pressed = () => page.evaluate(() => document.querySelector('[data-tool="Sound"]').getAttribute('aria-pressed'));
    const text = async () => norm(await page.evaluate(() => window.cavesGame.text()));
    const press = async (k) => {
      await page.keyboard.press(k);
      await page.waitForTimeout(150);
    };

    await check('no sound before a gesture; after one, dousing the torch plays tones', async () => {
      assert((await tones()) === 0, 'a tone before any key');
      await press('Enter');
      assert(/Turn \d+/.test(await text()), 'Enter did not start a run');
      const before = await tones();
      await press('T');
      assert(/douse/i.test(await text()), 'the torch was not doused');
      assert((await tones()) > before, 'dousing the torch played no tone');
    });

    await check('"m" turns sound off, says so, is remembered, and a doused torch is then silent', async () => {
      assert((await pressed()) === 'true', 'the Sound button does not say sound is on');
      await press('m');
      assert((await pressed()) === 'false', 'the Sound button still says sound is on');
      assert(/Sound off/.test(await text()), 'no words say that sound is off');
      const quiet = await page.evaluate(() => localStorage.getItem('caves.prefs'));
      assert(/quiet/.test(quiet || ''), `the choice was not remembered: ${quiet}`);
      const before = await tones();
      await press('T');
      await press('T');
      assert((await tones()) === before, 'a tone played with sound off');
      await page.reload({ waitUntil: 'load' });
      await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.cavesGame);
      assert((await pressed()) === 'false', 'after a reload sound is on again');
      await press('Enter');
      await press('m');
      assert((await pressed()) === 'true', '"m" did not turn sound back on');
      const now = await tones();
      await press('T');
      assert((await tones()) > now, 'no tone once sound is back on');
    });

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
    });
    await phone.addInitScript(countTones);
    page = await openGame(phone, `${base}?seed=42`);

    await check('on a touch phone the toolbar\'s Sound button turns sound off and on', async () => {
      await page.touchscreen.tap(195, 300);
      await page.waitForTimeout(150);
      const button = page.locator('[data-tool="Sound"]');
      assert(await button.isVisible(), 'no Sound button on the toolbar');
      await button.tap();
      await page.waitForTimeout(150);
      assert((await pressed()) === 'false', 'the tap did not turn sound off');
      await page.screenshot({ path: path.join(SHOTS, 'sound-off-390x844.png') });
      await button.tap();
      await page.waitForTimeout(150);
      assert((await pressed()) === 'true', 'the tap did not turn sound on');
      assert(page.errors.length === 0, page.errors.join('; '));
    });
  }
} catch (e) {
  fail('sound suite', e);
}
await done();
