// rot.js cave generation benchmark, the baseline for our generator (part of
// `bash scripts/bench.sh`, not of the tests).
//
//   node tests/e2e/bench-gen-rot.mjs     # prints `@ gen.<case>.rotnode.<median|min|runs> <v>`
//
// The two functions below are self-contained (they use no imports or outer variables) so
// bench-browser.mjs can inject their source into the page and time the very same code in
// Chromium, next to our wasm.
//
// Import: rot-js 2.2.1 has no "exports" and no "type": "module", so node resolves the bare
// specifier to its "main", the UMD bundle dist/rot.js, and exposes its names as ESM named
// exports (lib/*.js are ES modules but node would load them as CommonJS and fail).

import * as ROT from 'rot-js';
import { pathToFileURL } from 'node:url';

// One generation: `levels` maps of `w` x `h`, each: random fill (half floor), 8 cellular
// steps, optionally connect(). Returns the number of floor cells so the work is observable.
//
// Our rule: a cell becomes floor when at least 5 of the 9 cells of its 3x3 block (itself
// included) are floor. rot.js counts the 8 neighbours only, and value 1 = alive; with
// alive = floor: a wall becomes floor with >= 5 floor neighbours (born 5..8) and a floor stays
// floor with neighbours + 1 >= 5 (survive 4..8). Inside the map that is exactly our rule; at
// the border rot.js skips cells outside the map (so they act as wall, like our FiveOfNine),
// while our default Majority rule counts only the cells inside.
//
// connect(callback, value) treats cells equal to `value` as open space (default 0) and digs
// its tunnels with that value, so it is called with 1 = floor. rot.js has no small-region
// removal (connect joins every region instead), no levels and no stairs.
export function rotGenerate(ROT, w, h, levels, connect, seed) {
  ROT.RNG.setSeed(seed);
  let floors = 0;
  const collect = (x, y, v) => {
    floors += v;
  };
  for (let z = 0; z < levels; z++) {
    const map = new ROT.Map.Cellular(w, h, { born: [5, 6, 7, 8], survive: [4, 5, 6, 7, 8] });
    map.randomize(0.5);
    for (let i = 0; i < 8; i++) map.create(i === 7 ? collect : null);
    if (connect) map.connect(collect, 1);
  }
  return floors;
}

// Times `fn(seed)`: `warmup` untimed runs and at least `warmMs` ms of them (seeds from
// 1,000,001 on), then `runs` timed ones on seeds 1, 2, ... (the same worlds however long the
// warm-up took). Returns { median, min, runs } in ms (performance.now()). The time
// floor is for the browser: its optimising compiler works on background threads, and on a
// busy machine a count of warm-up runs can end before the optimised code is in, so that the
// timed runs measured the baseline compiler's code.
export function timeRuns(fn, warmup, runs, warmMs = 0) {
  let sink = 0;
  const warmEnd = performance.now() + warmMs;
  for (let i = 0; i < warmup || performance.now() < warmEnd; i++) sink += fn(1000001 + i);
  let seed = 1;
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    sink += fn(seed++);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const mid = ms.length >> 1;
  const median = ms.length % 2 ? ms[mid] : (ms[mid - 1] + ms[mid]) / 2;
  return { median, min: ms[0], runs, sink };
}

// The rot.js cases: [name, width, height, levels, connect]. Our 1024x1024 "full recipe"
// has no rot.js row: connect() on 1024x1024 did not finish one run in 5 minutes (it
// scans string-keyed objects of every open cell for each region it joins).
export const ROT_CASES = [
  ['default', 100, 60, 6, true],
  ['fill1024', 1024, 1024, 1, false],
];

export const WARMUP = 3;
// The least time spent warming up each case (`timeRuns`).
export const WARM_MS = 1000;
export const RUNS = Number(process.env.BENCH_RUNS) > 0 ? Number(process.env.BENCH_RUNS) : 15;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [name, w, h, levels, connect] of ROT_CASES) {
    const r = timeRuns((seed) => rotGenerate(ROT, w, h, levels, connect, seed), WARMUP, RUNS, WARM_MS);
    console.log(`@ gen.${name}.rotnode.median ${r.median.toFixed(3)}`);
    console.log(`@ gen.${name}.rotnode.min ${r.min.toFixed(3)}`);
    console.log(`@ gen.${name}.rotnode.runs ${r.runs}`);
  }
}
