// Release build step (run by scripts/post-build.sh): minifies every staged JavaScript file
// with terser, and writes the web app manifest without indentation. Trunk's own minifier
// does not reach the modules copied from www/js/ and reads no newer syntax, and the
// JavaScript is a good part of the page's download. terser is an npm package of tests/e2e:
// where it is not installed, the JavaScript stays as it is (one note, no failure).
// index.html asks Trunk for no integrity hashes (the files are same-origin), so none needs
// updating here. sw.js and offline.js keep their placeholders as they are: the next step
// fills in their build version.
//
//   node scripts/minify.mjs [dir]   # dir defaults to $TRUNK_STAGING_DIR

import fs from 'node:fs';
import path from 'node:path';
import { list, npmTool, stagedDir } from './staged.mjs';

const dir = stagedDir('minify', true);

// The web app manifest is JSON: written again without its indentation.
for (const file of list(dir).filter((f) => f.endsWith('.webmanifest'))) {
  const full = path.join(dir, file);
  fs.writeFileSync(full, JSON.stringify(JSON.parse(fs.readFileSync(full, 'utf8'))));
}

const { minify } = npmTool('minify', 'terser', 'JavaScript left unminified');

const stamped = new Set(['sw.js', 'offline.js']);
for (const file of list(dir).filter((f) => f.endsWith('.js') && !stamped.has(f))) {
  const full = path.join(dir, file);
  const code = fs.readFileSync(full, 'utf8');
  const module = /^\s*(import|export)\b|\bimport\.meta\b/m.test(code);
  const out = await minify(code, { module, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof out.code !== 'string') throw new Error(`minify: ${file} gave no output`);
  fs.writeFileSync(full, out.code);
}

// sw.js and offline.js are minified too, but their placeholders must survive as the next
// step expects them: each constant keeps its name and its own declaration (nothing inlined
// or joined), and goes back to its spaced form on a line of its own.
for (const file of [...stamped].filter((f) => fs.existsSync(path.join(dir, f)))) {
  const full = path.join(dir, file);
  const compress = { passes: 2, reduce_vars: false, join_vars: false, collapse_vars: false };
  const out = await minify(fs.readFileSync(full, 'utf8'), {
    compress,
    mangle: { reserved: ['BUILD', 'FILES'] },
    format: { comments: false },
  });
  if (typeof out.code !== 'string') throw new Error(`minify: ${file} gave no output`);
  const code = out.code
    .replace('const BUILD="unbuilt";', '\nconst BUILD = "unbuilt";\n')
    .replace('const FILES=[];', '\nconst FILES = [];\n');
  fs.writeFileSync(full, code);
}

