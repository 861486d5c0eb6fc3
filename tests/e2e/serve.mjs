// Tiny static file server for the browser scripts (e2e.mjs, bench-browser.mjs): serves one
// directory (the built dist/) on 127.0.0.1 at a random free port, no caching.
//
//   const server = await startServer(dir);            // base URL: http://127.0.0.1:PORT/
//   const server = await startServer(dir, headers);   // extra response headers on every file
//   const server = await startServer(dir, {}, { gzip: true }); // gzip (level 9) as a web host would

import http from 'node:http';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export function startServer(dir, headers = {}, { gzip = false } = {}) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (urlPath.endsWith('/')) urlPath += 'index.html';
    const file = path.resolve(root, '.' + urlPath);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        if (urlPath === '/favicon.ico') {
          // Chromium asks for it on its own; the page need not have one.
          res.writeHead(204).end();
          return;
        }
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      const squeeze = gzip && /\bgzip\b/.test(req.headers['accept-encoding'] || '') && type !== 'image/png';
      const body = squeeze ? zlib.gzipSync(data, { level: 9 }) : data;
      res.writeHead(200, {
        ...headers,
        'Content-Type': type,
        'Cache-Control': 'no-store',
        ...(squeeze ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Debian's Chromium (or $CHROMIUM), headless, with the flags that behave on a machine
// without outside network access.
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
