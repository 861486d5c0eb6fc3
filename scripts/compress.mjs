// Trunk post-build hook, release builds: writes each text file of the staged build beside
// itself compressed, brotli (`.br`, quality 11) and gzip (`.gz`, level 9), so that a server
// sends the bytes made here instead of compressing every answer again. The board serves them
// (`caves-server --dist`, tower-http's ServeDir: the encoding the browser accepts, with
// `Content-Encoding` and `Vary: Accept-Encoding`); a plain static host can ignore them.
//
//   node scripts/compress.mjs [dir]   # dir defaults to $TRUNK_STAGING_DIR
//
// Run after precache.mjs: the service worker's file list and the build version are of the
// files themselves, not of their compressed copies. Images that are compressed already (the
// app icons' PNGs) are left as they are; a copy that would not be smaller is not written.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { list, stagedDir } from './staged.mjs';

const dir = stagedDir('compress');

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.ico', '.svg', '.txt']);

const brotli = (data) =>
  zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
const gzip = (data) => zlib.gzipSync(data, { level: 9 });

let files = 0;
const totals = { raw: 0, br: 0, gz: 0 };
for (const file of list(dir)) {
  if (!TEXT.has(path.extname(file).toLowerCase())) continue;
  const full = path.join(dir, file);
  const data = fs.readFileSync(full);
  for (const [ending, squeeze] of [['br', brotli], ['gz', gzip]]) {
    const packed = squeeze(data);
    const kept = packed.length < data.length;
    if (kept) fs.writeFileSync(`${full}.${ending}`, packed);
    totals[ending] += kept ? packed.length : data.length;
  }
  totals.raw += data.length;
  files += 1;
}
console.log(`compress: ${files} files, ${totals.raw} bytes: ${totals.br} as brotli, ${totals.gz} as gzip`);
