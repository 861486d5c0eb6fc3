// Trunk post-build hook: makes the staged build its own offline copy. Lists every file Trunk
// staged, hashes their paths and contents into a build version, and writes the list and
// the version into sw.js (the files to keep, and the cache's name) and the version into
// offline.js (so a page can tell whether it runs the newest build).
//
//   node scripts/precache.mjs [dir]   # dir defaults to $TRUNK_STAGING_DIR
//
// Hashed names (caves-<hash>.js) change with every build, so the list cannot be written by
// hand. Exits 1, failing the build, if a placeholder to fill in is missing.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { list, stagedDir } from './staged.mjs';

const dir = stagedDir('precache');
// The brotli and gzip copies the release build writes beside each file after this hook
// (scripts/compress.mjs) are the same files for a server to send: not listed, and not in the
// version, so the hook run again on a finished build gives the same list and version.
const all = list(dir)
  .filter((file) => !/\.(br|gz)$/.test(file))
  .sort();

// The version covers every file as staged, the two to be filled in included.
const hash = crypto.createHash('sha256');
for (const file of all) hash.update(`${file}\0`).update(fs.readFileSync(path.join(dir, file))).update('\0');
const version = hash.digest('hex').slice(0, 16);
// The lab's bundle is left out: it is large, loads only for ?lab, and needs no offline copy.
const files = all.filter((file) => file !== 'sw.js' && !file.startsWith('lab/'));

function fill(file, replacements) {
  const target = path.join(dir, file);
  let text = fs.readFileSync(target, 'utf8');
  for (const [from, to] of replacements) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${file}: expected "${from}" once, found it ${count} times`);
    text = text.replace(from, () => to);
  }
  fs.writeFileSync(target, text);
}

try {
  const build = `const BUILD = ${JSON.stringify(version)};`;
  fill('sw.js', [['const BUILD = "unbuilt";', build], ['const FILES = [];', `const FILES = ${JSON.stringify(files)};`]]);
  fill('offline.js', [['const BUILD = "unbuilt";', build]]);
} catch (e) {
  console.error(`precache: ${e.message}`);
  process.exit(1);
}
console.log(`precache: build ${version}, ${files.length} files`);
