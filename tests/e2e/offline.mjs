// Test of the installable, offline page: the precache hook, then the built page (dist/, made
// by `trunk build --release`) in headless Chromium.
//
// Without a browser, scripts/precache.mjs on a small staged build: it lists every file,
// names the build after their contents (the same files give the same name, one changed byte
// another) and fails the build when a placeholder is missing.
//
// In Chromium, a copy of dist/ is served from target/offline/site at one address (every
// build served is stamped again by the hook, which must give dist/ its own version):
//   - online: the service worker takes control and keeps every file; /favicon.ico, the
//     manifest and its icons answer 200 and decode;
//   - offline: the browser is set offline and the server cuts every connection it is
//     offered, unanswered (the network taken away for real: a browser's offline emulation
//     need not cover a service worker's own fetch, and Chromium 148's does not), so only the
//     worker's cache can answer; a reload starts the game and a key moves the player;
//   - a new build (index.html changed, the hook run again) is picked up by an online reload:
//     the page runs it, a notice says it was installed, old caches are gone, and an offline
//     reload serves it;
//   - a page left on an older build (loaded offline) says "reload" when a newer build takes
//     over, and a reload runs that build.
// No console errors are allowed. Last, where service workers are unavailable (file://, a
// navigator.serviceWorker that throws or is missing) nothing is registered, nothing is
// reported, and the game still starts. The notice's screenshot goes to target/e2e/.
//
// Prints one line per check (`ok - name` / `not ok - name: reason`) and a final
// `offline: N passed, M failed`; exits 1 if any check failed.
//
// Environment: CHROMIUM (browser binary, default /usr/bin/chromium),
//              E2E_DIST (built directory, default dist/),
//              E2E_TIMEOUT_MS (overall limit, default 120000).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { assert, built, watchErrors, DIST, ROOT, SHOTS, suite } from './harness.mjs';

const SITE = path.join(ROOT, 'target', 'offline', 'site');
const HOOK = path.join(ROOT, 'scripts', 'precache.mjs');
const READY_MS = 30000;


// ---------------------------------------------------------------- builds

// The version and file list the hook wrote into a built directory's sw.js.
function stamped(dir) {
  const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const build = /const BUILD = "([0-9a-f]{16})";/.exec(sw);
  const files = /const FILES = (\[.*\]);/.exec(sw);
  assert(build && files, `${dir}/sw.js has no build version and file list`);
  return { version: build[1], files: JSON.parse(files[1]) };
}

function runHook(dir) {
  return spawnSync(process.execPath, [HOOK, dir], { encoding: 'utf8' });
}

// Serves a build at the same address: a copy of dist/ (whose body carries `mark`, unless it
// is null) stamped again by the hook as Trunk would: placeholders back, then the hook.
function deploy(mark) {
  fs.rmSync(SITE, { recursive: true, force: true });
  fs.cpSync(DIST, SITE, { recursive: true });
  const edit = (file, f) => fs.writeFileSync(path.join(SITE, file), f(fs.readFileSync(path.join(SITE, file), 'utf8')));
  edit('sw.js', (t) => t.replace(/const BUILD = ".*";/, 'const BUILD = "unbuilt";').replace(/const FILES = .*;/, 'const FILES = [];'));
  edit('offline.js', (t) => t.replace(/const BUILD = ".*";/, 'const BUILD = "unbuilt";'));
  if (mark !== null) edit('index.html', (t) => t.replace('<body ', `<body data-test-build="${mark}" `));
  execFileSync(process.execPath, [HOOK, SITE], { encoding: 'utf8' });
}

// ---------------------------------------------------------------- the hook, without a browser

async function hookChecks() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-precache-'));
  const stage = (name, files) => {
    const dir = path.join(tmp, name);
    fs.mkdirSync(path.join(dir, 'icons'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'lab'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'www', 'sw.js'), path.join(dir, 'sw.js'));
    fs.copyFileSync(path.join(ROOT, 'www', 'offline.js'), path.join(dir, 'offline.js'));
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    return dir;
  };
  const build = {
    'index.html': '<!doctype html><title>Caves</title>',
    'caves-0123456789abcdef.js': 'export default 1;',
    'caves-0123456789abcdef_bg.wasm': '\0asm',
    'icons/icon-192.png': 'png',
    'lab/lab.js': 'export default 2;',
  };
  try {
    let first = null;
    await check('hook: lists every staged file but sw.js and the lab, and names the build in sw.js and offline.js', () => {
      const dir = stage('a', build);
      const run = runHook(dir);
      assert(run.status === 0, `exit ${run.status}: ${run.stderr}`);
      first = stamped(dir);
      const want = [...Object.keys(build), 'offline.js'].filter((f) => !f.startsWith('lab/')).sort();
      assert(JSON.stringify(first.files) === JSON.stringify(want),
        `FILES is ${JSON.stringify(first.files)}, want ${JSON.stringify(want)}`);
      const page = fs.readFileSync(path.join(dir, 'offline.js'), 'utf8');
      assert(page.includes(`const BUILD = "${first.version}";`), 'offline.js does not carry the build version of sw.js');
    });
    await check('hook: the same files give the same build version', () => {
      assert(first, 'no first build');
      const dir = stage('b', build);
      assert(runHook(dir).status === 0, 'hook failed');
      const again = stamped(dir).version;
      assert(again === first.version, `${again} != ${first.version}`);
    });
    await check('hook: one changed byte in one file gives another build version', () => {
      assert(first, 'no first build');
      const dir = stage('c', { ...build, 'caves-0123456789abcdef_bg.wasm': '\0asn' });
      assert(runHook(dir).status === 0, 'hook failed');
      const changed = stamped(dir).version;
      assert(changed !== first.version, `still ${changed}`);
    });
    await check('hook: a missing placeholder fails the build', () => {
      const dir = stage('d', build);
      fs.writeFileSync(path.join(dir, 'offline.js'), '// no placeholder\n');
      const run = runHook(dir);
      assert(run.status === 1, `exit ${run.status}, want 1`);
      assert(/offline\.js/.test(run.stderr), `stderr does not name offline.js: ${run.stderr}`);
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- main

const { check, fail, notOk, serve, done: finish } = suite('offline', { limitMs: 120000 });

async function main() {
  await hookChecks();

  if (!built(notOk)) return;
  deploy(null);
  const v1 = stamped(SITE);
  await check("the hook, run again on dist/, gives the build version of Trunk's build", () => {
    const built = stamped(DIST).version;
    assert(v1.version === built, `${v1.version} != ${built}`);
  });

  const { server, base, browser } = await serve(SITE);
  // The network, taken away and given back: while cut, the server closes every connection
  // it is offered without reading it, and the ones open when it was cut (keep-alive).
  const sockets = new Set();
  let cut = false;
  server.on('connection', (socket) => {
    if (cut) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const served = []; // every request the server answered
  server.on('request', (req) => served.push(req.url));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);

  const errors = [];
  watchErrors(page, errors, { requests: true });

  // ---- helpers
  const controlled = () => page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: READY_MS });
  const gameReady = () =>
    page.waitForFunction(() => document.body.dataset.state === 'ready' && !!window.cavesGame, null, { timeout: READY_MS });
  const cacheNames = () => page.evaluate(() => caches.keys());
  const pageBuild = () => page.evaluate(() => document.body.dataset.testBuild || null);
  const notice = () => page.evaluate(() => document.getElementById('update').textContent);
  const waitNotice = (re) =>
    page.waitForFunction((src) => new RegExp(src).test(document.getElementById('update').textContent), re.source, { timeout: READY_MS });
  const reload = async () => {
    await page.reload({ waitUntil: 'load' });
    await gameReady();
  };
  const settle = () =>
    page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  const goOffline = async () => {
    cut = true;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await context.setOffline(true);
  };
  const goOnline = async () => {
    cut = false;
    await context.setOffline(false);
  };

  // ---- online: the worker takes control and keeps the build.
  await page.goto(`${base}?seed=42`, { waitUntil: 'load', timeout: 20000 });
  let online = false;
  await check('online: the game loads and the service worker controls the page', async () => {
    await gameReady();
    await controlled();
    online = true;
  });
  const needOnline = () => assert(online, 'the first online load failed');

  await check('online: one cache, named after the build, holds every file of the build', async () => {
    needOnline();
    const names = await cacheNames();
    assert(JSON.stringify(names) === JSON.stringify([`caves-${v1.version}`]), `caches are ${JSON.stringify(names)}`);
    const kept = await page.evaluate((name) =>
      caches.open(name).then((c) => c.keys()).then((rs) => rs.map((r) => new URL(r.url).pathname.slice(1)).sort()), names[0]);
    const want = fs.readdirSync(DIST, { recursive: true })
      .filter((f) => fs.statSync(path.join(DIST, f)).isFile() && f !== 'sw.js')
      .map((f) => f.split(path.sep).join('/')).filter((f) => !f.startsWith('lab/') && !/\.(br|gz)$/.test(f)).sort();
    assert(JSON.stringify(kept) === JSON.stringify(want), `cache holds ${JSON.stringify(kept)}, dist/ has ${JSON.stringify(want)}`);
  });

  await check('/favicon.ico answers 200 with an icon, and the page links it', async () => {
    const resp = await page.request.get(`${base}favicon.ico`);
    assert(resp.status() === 200, `HTTP ${resp.status()}`);
    const body = await resp.body();
    assert(body.length > 6 && body.readUInt16LE(0) === 0 && body.readUInt16LE(2) === 1, 'not an ICO file');
    const href = await page.evaluate(() => (document.querySelector('link[rel="icon"]') || {}).href);
    assert(href === `${base}favicon.ico`, `link rel=icon is ${href}`);
  });

  let manifest = null;
  await check('the manifest answers 200 and Chromium reads it without errors', async () => {
    needOnline();
    const resp = await page.request.get(`${base}manifest.webmanifest`);
    assert(resp.status() === 200, `HTTP ${resp.status()}`);
    manifest = await resp.json();
    const cdp = await context.newCDPSession(page);
    const read = await cdp.send('Page.getAppManifest');
    assert(read.url === `${base}manifest.webmanifest`, `the page's manifest is ${JSON.stringify(read.url)}`);
    assert(read.errors.length === 0, read.errors.map((e) => e.message).join('; '));
    const m = manifest;
    assert(m.name === 'Caves' && m.short_name && m.start_url === '.' && m.display === 'standalone'
      && m.background_color && m.theme_color, `fields: ${JSON.stringify({ ...m, icons: undefined })}`);
  });

  await check('the manifest has 192 and 512 icons, plain and maskable, and each one loads', async () => {
    assert(manifest, 'no manifest');
    const have = manifest.icons.map((i) => `${i.sizes} ${i.purpose || 'any'}`).sort();
    for (const want of ['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']) {
      assert(have.includes(want), `no ${want} icon in ${JSON.stringify(have)}`);
    }
    for (const icon of manifest.icons) {
      const url = new URL(icon.src, `${base}manifest.webmanifest`).href;
      assert((await page.request.get(url)).status() === 200, `${icon.src}: not 200`);
      const size = await page.evaluate((src) => {
        const img = new Image();
        img.src = src;
        return img.decode().then(() => `${img.naturalWidth}x${img.naturalHeight}`);
      }, url);
      assert(size === icon.sizes, `${icon.src} is ${size}, the manifest says ${icon.sizes}`);
    }
  });

  // ---- offline: the game starts from the cache.
  await check('offline: with the server answering nothing, a reload starts the game from the cache', async () => {
    needOnline();
    await goOffline();
    const before = served.length;
    await reload();
    assert(served.length === before, `the server answered ${served.slice(before).join(' ')}`);
  });

  await check('offline: the game answers keys (Enter, then a move changes player())', async () => {
    needOnline();
    await page.keyboard.press('Enter');
    await settle();
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'h', 'j', 'k', 'l']) {
      const b = await page.evaluate(() => Array.from(window.cavesGame.player(), Number).join());
      await page.keyboard.press(key);
      await settle();
      const a = await page.evaluate(() => Array.from(window.cavesGame.player(), Number).join());
      if (a !== b) return;
    }
    return 'no movement key changed player()';
  });

  // ---- a new build: picked up by the next online load, and said so.
  deploy(2);
  const v2 = stamped(SITE);
  await check('a changed build gets another build version from the hook', () => {
    assert(v2.version !== v1.version, `both are ${v1.version}`);
  });

  await check('online again: a reload runs the new build and says it was installed', async () => {
    needOnline();
    await goOnline();
    await reload();
    assert((await pageBuild()) === '2', 'the page is not the new build');
    await waitNotice(/^A new version of Caves was installed\.$/);
    await page.screenshot({ path: path.join(SHOTS, 'offline-update-notice.png') });
  });

  await check('the notice is a role="status" region that does not take the mouse', async () => {
    const info = await page.evaluate(() => {
      const el = document.getElementById('update');
      const r = el.getBoundingClientRect();
      const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { role: el.getAttribute('role'), w: r.width, h: r.height, hitsNotice: !!under && el.contains(under) };
    });
    assert(info.role === 'status', `role is ${info.role}`);
    assert(info.w > 0 && info.h > 0, 'the notice is not shown');
    assert(!info.hitsNotice, 'a click on the notice lands on the notice, not on what is under it');
  });

  await check('the new build controls the page: only its cache is left', async () => {
    const names = await cacheNames();
    assert(JSON.stringify(names) === JSON.stringify([`caves-${v2.version}`]), `caches are ${JSON.stringify(names)}`);
  });

  await check('offline: a reload serves the new build', async () => {
    await goOffline();
    await reload();
    assert((await pageBuild()) === '2', `the page is build ${await pageBuild()}`);
    assert((await notice()) === '', `notice says ${JSON.stringify(await notice())}`);
  });

  // ---- a page on an older build is told to reload.
  deploy(3);
  await check('a page loaded offline on an older build says "reload" when a newer one takes over', async () => {
    await reload();
    assert((await pageBuild()) === '2', `offline, the page is build ${await pageBuild()}`);
    await goOnline();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await waitNotice(/reload/);
    assert((await pageBuild()) === '2', 'the page changed without a reload');
  });

  await check('after that reload the newer build runs, with no notice', async () => {
    await reload();
    assert((await pageBuild()) === '3', `the page is build ${await pageBuild()}`);
    assert((await notice()) === '', `notice says ${JSON.stringify(await notice())}`);
  });

  await check('no console errors or page errors', async () => {
    if (errors.length) return `${errors.length}: ${errors.slice(0, 5).join(' | ')}`;
  });

  // ---- where service workers are unavailable: silent, and the game still starts.
  // Each probe is a fresh context whose register() calls are counted; `setup` runs first.
  const probe = async (url, setup) => {
    const ctx = await browser.newContext();
    try {
      await ctx.addInitScript(`(${setup})();
        window.registerCalls = 0;
        if (window.ServiceWorkerContainer) {
          const register = ServiceWorkerContainer.prototype.register;
          ServiceWorkerContainer.prototype.register = function (...args) {
            window.registerCalls += 1;
            return register.apply(this, args);
          };
        }`);
      const p = await ctx.newPage();
      const problems = [];
      p.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      p.on('console', (msg) => {
        if (msg.type() === 'error' && /serviceworker|sw\.js|offline\.js/i.test(msg.text())) problems.push(msg.text());
      });
      await p.goto(url, { waitUntil: 'load' });
      if (url.startsWith('http')) await p.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: READY_MS });
      await p.waitForTimeout(300);
      return { problems, registerCalls: await p.evaluate(() => window.registerCalls) };
    } finally {
      await ctx.close();
    }
  };
  await check('http: offline.js registers the worker once (the probe counts it)', async () => {
    const r = await probe(base, () => {});
    assert(r.registerCalls === 1, `register() called ${r.registerCalls} times`);
    assert(r.problems.length === 0, r.problems.join(' | '));
  });
  await check('file://: nothing is registered and offline.js reports nothing', async () => {
    const r = await probe(`file://${SITE}/index.html`, () => {});
    assert(r.registerCalls === 0, `register() called ${r.registerCalls} times`);
    assert(r.problems.length === 0, r.problems.join(' | '));
  });
  await check('where reading navigator.serviceWorker throws, the game starts without an error', async () => {
    const r = await probe(base, () => {
      Object.defineProperty(Navigator.prototype, 'serviceWorker', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
      });
    });
    assert(r.problems.length === 0, r.problems.join(' | '));
  });
  await check('without service workers at all, the game starts without an error', async () => {
    const r = await probe(base, () => {
      delete Navigator.prototype.serviceWorker;
      delete window.ServiceWorkerContainer;
    });
    assert(r.problems.length === 0, r.problems.join(' | '));
  });
}

try {
  await main();
} catch (e) {
  fail('offline run', e);
}
await finish();
