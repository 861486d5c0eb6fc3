// Draws the page's icons: the player's '@' from the CP437 8 x 8 font, in the idol's gold on
// the cave floor's colour, scaled up by whole pixels so it stays as crisp as in the game.
//
//   node scripts/icons.mjs   # writes www/favicon.ico and www/icons/*.png
//
// PNGs are written by hand (signature, IHDR, one zlib IDAT, IEND) so no package is needed;
// favicon.ico holds one 32 pixel PNG: every page visit downloads it, and a tab's 16 pixel
// icon is that one halved exactly (the '@' is drawn 4 pixels to a font pixel).

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const WWW = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'www');

// '@' (0x40) of the IBM CGA character ROM's 8 x 8 font, the glyph the game draws; the most
// significant bit is the leftmost pixel. Its lit pixels fill columns 1-6 of rows 0-6.
const GLYPH = [0x3c, 0x42, 0x5e, 0x52, 0x5e, 0x40, 0x3c, 0x00];
const INK = { left: 1, top: 0, width: 6, height: 7 };
const BACKGROUND = [0x1e, 0x23, 0x20, 0xff];
const GOLD = [0xff, 0xd7, 0x00, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

// A size x size RGBA PNG: the background, and the glyph's ink scaled by `scale` and centred.
function png(size, scale) {
  const x0 = Math.floor((size - INK.width * scale) / 2) - INK.left * scale;
  const y0 = Math.floor((size - INK.height * scale) / 2) - INK.top * scale;
  const stride = 1 + size * 4; // each row starts with filter type 0
  const raw = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const gx = Math.floor((x - x0) / scale);
      const gy = Math.floor((y - y0) / scale);
      const lit = gx >= 0 && gx < 8 && gy >= 0 && gy < 8 && (GLYPH[gy] >> (7 - gx)) & 1;
      raw.set(lit ? GOLD : BACKGROUND, y * stride + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// An ICO file whose images are PNGs (a 6-byte header, a 16-byte entry per image, the images).
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size % 256, 0); // 0 means 256
    e.writeUInt8(size % 256, 1);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

// The largest whole scale at which the ink's box fits in `fraction` of the icon's side.
const fit = (size, fraction) => Math.floor((size * fraction) / INK.height);
// Maskable icons keep the ink inside the central circle of 80% diameter that every mask shows.
const fitMaskable = (size) => Math.floor((size * 0.8) / Math.hypot(INK.width, INK.height));

const write = (file, data) => {
  fs.writeFileSync(path.join(WWW, file), data);
  console.log(`${file}: ${data.length} bytes`);
};

fs.mkdirSync(path.join(WWW, 'icons'), { recursive: true });
write('favicon.ico', ico([32].map((size) => ({ size, data: png(size, fit(size, 0.9)) }))));
for (const size of [192, 512]) {
  write(`icons/icon-${size}.png`, png(size, fit(size, 0.75)));
  write(`icons/maskable-${size}.png`, png(size, fitMaskable(size)));
}
