// What the release build's steps (bundle.mjs, minify.mjs, precache.mjs, compress.mjs) share:
// the staged build they work on, its files, and the npm packages of tests/e2e they use.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The staged build step `step` works on: its argument, else Trunk's staging directory (exits
 * 1 when there is neither). With `releaseOnly`, a step Trunk runs for a debug build ends here,
 * doing nothing. */
export function stagedDir(step, releaseOnly = false) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error(`${step}: no directory given and TRUNK_STAGING_DIR is not set`);
    process.exit(1);
  }
  if (releaseOnly && !process.argv[2] && process.env.TRUNK_PROFILE !== 'release') process.exit(0);
  return dir;
}

/** Every file below `dir`, as paths relative to it joined by '/'. */
export const list = (dir, sub = '') =>
  fs.readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    return e.isDirectory() ? list(dir, rel) : [rel];
  });

/** The npm package `name` of tests/e2e; where it is not installed, step `step` says what
 * goes `without` it and ends there, without failing the build. */
export function npmTool(step, name, without) {
  try {
    return createRequire(path.join(root, 'tests', 'e2e', 'package.json'))(name);
  } catch {
    console.log(`${step}: ${name} not found: ${without} (npm ci in tests/e2e provides it)`);
    process.exit(0);
  }
}
