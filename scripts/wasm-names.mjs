// Shortens the names a wasm module and its wasm-bindgen glue share: the glue's functions the
// module imports (`__wbg_getItem_17f98dee3b43fa7e`, ...) and the module's exports
// (`game_text`, `__wbindgen_malloc`, ...) become one or two letters, in the module's import
// and export sections and in the glue alike. The hashed import names cannot be compressed
// and each appears twice, so this saves about 1.7 KB gzipped. Bare words such as `memory` keep
// their names (see below).
//
// The glue reaches these names only as properties (`wasm.game_text(...)`,
// `imports.wbg.__wbg_key_... = ...`), so only property names are replaced: a JavaScript
// function that shares its export's name keeps it. An import the glue does not define throws
// (the module could not start), failing the build.

const SECTION_IMPORT = 2;
const SECTION_EXPORT = 7;

function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

function u32(value) {
  const out = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return out;
}

function readName(bytes, at) {
  const [len, start] = readU32(bytes, at);
  return [Buffer.from(bytes.subarray(start, start + len)).toString('utf8'), start + len];
}

function name(text) {
  const b = Buffer.from(text, 'utf8');
  return [...u32(b.length), ...b];
}

// The import's description after its two names: a function's type, a table, a memory or a
// global. Returns where it ends.
function skipImportDesc(bytes, at) {
  const kind = bytes[at++];
  const limits = (p) => {
    const flags = bytes[p++];
    p = readU32(bytes, p)[1];
    return flags & 1 ? readU32(bytes, p)[1] : p;
  };
  if (kind === 0) return readU32(bytes, at)[1];
  if (kind === 1) return limits(at + 1);
  if (kind === 2) return limits(at);
  if (kind === 3) return at + 2;
  throw new Error(`wasm-names: unknown import kind ${kind}`);
}

function rewriteSection(bytes, id, body, rename) {
  let [count, at] = readU32(bytes, body.start);
  const out = [...u32(count)];
  while (count--) {
    if (id === SECTION_IMPORT) {
      const [module, a] = readName(bytes, at);
      const [field, b] = readName(bytes, a);
      const end = skipImportDesc(bytes, b);
      out.push(...name(module), ...name(rename(field)), ...bytes.subarray(b, end));
      at = end;
    } else {
      const [field, a] = readName(bytes, at);
      const end = readU32(bytes, a + 1)[1];
      out.push(...name(rename(field)), ...bytes.subarray(a, end));
      at = end;
    }
  }
  return out;
}

/** Short names for `count` names: a..z, A..Z, then two letters. */
function shortNames(count) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out = [];
  for (let i = 0; out.length < count; i++) {
    out.push(i < letters.length ? letters[i] : letters[Math.floor(i / letters.length) - 1] + letters[i % letters.length]);
  }
  return out;
}

/**
 * Returns the module and glue with short shared names: `{ wasm, js, renamed }`.
 * @param {Uint8Array} wasm
 * @param {string} js
 */
export function shortenNames(wasm, js) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    throw new Error('wasm-names: not a wasm module');
  }
  const sections = [];
  for (let at = 8; at < wasm.length; ) {
    const id = wasm[at];
    const [size, start] = readU32(wasm, at + 1);
    sections.push({ id, header: at, start, end: start + size });
    at = start + size;
  }
  // Gather the names first, so imports and exports get distinct short names.
  const names = [];
  const imports = new Set();
  for (const s of sections.filter((s) => s.id === SECTION_IMPORT || s.id === SECTION_EXPORT)) {
    rewriteSection(wasm, s.id, s, (n) => (names.push(n), s.id === SECTION_IMPORT && imports.add(n), n));
  }
  // Only names with an underscore: wasm-bindgen's own (`__wbg_...`, `__wbindgen_...`) and
  // its exports (`game_text`, `bench_generate`). A bare word (`memory`, or an export named
  // like a common property) is left alone, so no unrelated property of the glue is renamed.
  const olds = [...new Set(names)].filter((n) => n.includes('_'));
  const map = new Map(olds.map((n, i) => [n, shortNames(olds.length)[i]]));
  const rename = (n) => map.get(n) ?? n;

  const parts = [wasm.subarray(0, 8)];
  for (const s of sections) {
    if (s.id === SECTION_IMPORT || s.id === SECTION_EXPORT) {
      const body = rewriteSection(wasm, s.id, s, rename);
      parts.push(Uint8Array.from([s.id, ...u32(body.length), ...body]));
    } else {
      parts.push(wasm.subarray(s.header, s.end));
    }
  }

  let glue = js;
  for (const [old, short] of map) {
    if (/[^A-Za-z0-9_$]/.test(old)) throw new Error(`wasm-names: odd name ${old}`);
    const word = new RegExp(`(?<=\\.)${old}(?![A-Za-z0-9_$])`, 'g');
    if (!word.test(glue) && imports.has(old)) throw new Error(`wasm-names: import ${old} is not in the glue`);
    glue = glue.replace(word, short);
  }
  return { wasm: Buffer.concat(parts), js: glue, renamed: map.size };
}
