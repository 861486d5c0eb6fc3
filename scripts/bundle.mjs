// Release build step (run by scripts/post-build.sh, before the minifier): the page's
// modules, copied by Trunk from www/js/ into js/, become one file, js/main.js, and the lab's
// page code (lab/start.js, which imports two of them) a file of its own. A phone on a slow
// network then fetches one script where it fetched twenty, found import by import a round
// trip at a time, and the modules compressed together are about a third smaller than each
// compressed alone. esbuild is an npm package of tests/e2e: where it is not installed, the
// modules stay as they are (one note, no failure); debug builds (`trunk serve`) keep them
// too, file by file.
//
//   node scripts/bundle.mjs [dir]   # dir defaults to $TRUNK_STAGING_DIR

import fs from 'node:fs';
import path from 'node:path';
import { npmTool, stagedDir } from './staged.mjs';

const dir = stagedDir('bundle', true);

const esbuild = npmTool('bundle', 'esbuild', 'the page keeps its modules file by file');

// Each entry is written over itself; the modules it took in are then left out of the build.
const bundle = async (entry) => {
  const file = path.join(dir, entry);
  if (!fs.existsSync(file)) return [];
  const built = await esbuild.build({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    // The page's own floor: module scripts, top-level await, optional chaining.
    target: 'es2022',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.keys(built.metafile.inputs).map((input) => path.resolve(input));
};

// The lab first: it reads two of the page's modules, which the page's bundle then takes in.
const taken = [...(await bundle('lab/start.js')), ...(await bundle('js/main.js'))];
const kept = new Set([path.resolve(dir, 'js/main.js'), path.resolve(dir, 'lab/start.js')]);
let gone = 0;
for (const input of new Set(taken)) {
  if (!kept.has(input) && input.startsWith(path.resolve(dir, 'js') + path.sep)) {
    fs.rmSync(input);
    gone += 1;
  }
}
console.log(`bundle: js/main.js now holds ${gone + 1} modules`);
