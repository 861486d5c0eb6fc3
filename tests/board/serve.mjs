// Starting the board server (target/release/caves-server) and a throwaway PostgreSQL for
// the board's tests. Everything listens on 127.0.0.1 only and is stopped at the end.

import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = path.join(ROOT, 'target', 'release', 'caves-server');
export const RUNS = path.join(ROOT, 'target', 'release', 'examples', 'runs');

/** Writes `count` valid runs of `date` and the forged ones into a new folder; its manifest. */
export function makeRuns(count, date) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-runs-'));
  execFileSync(RUNS, [dir, String(count), date], { stdio: 'inherit' });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'runs.json'), 'utf8'));
  const read = (file) => fs.readFileSync(path.join(dir, file));
  return {
    dir,
    date,
    valid: manifest.valid.map((v) => ({ ...v, bytes: read(v.file) })),
    forged: manifest.forged.map((kind) => ({ kind, bytes: read(`forged-${kind}.cavesrun`) })),
  };
}

/** Runs the server with `args`; resolves { base, proc, stop } once it listens. */
export function startBoard(args, env = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(BIN, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => { proc.kill(); reject(new Error(`the server did not start: ${err}`)); }, 30000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^/\s]+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ base: m[1], proc, stop: () => new Promise((r) => { proc.once('exit', r); proc.kill(); }) });
      }
    });
    proc.stderr.on('data', (d) => { err += d; });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}): ${err.trim()}`)); });
  });
}

/** Runs the server with `args` expecting it to stop at once; resolves { code, stderr }. */
export function runBoard(args, env = {}) {
  return new Promise((resolve) => {
    const proc = spawn(BIN, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d) => { err += d; });
    const timer = setTimeout(() => proc.kill(), 30000);
    proc.once('exit', (code) => { clearTimeout(timer); resolve({ code, stderr: err }); });
  });
}

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** Debian's PostgreSQL server programs, or null when none is installed. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** A throwaway PostgreSQL cluster on 127.0.0.1 (as the postgres user when run as root);
 * resolves { url, stop }. */
export async function startPostgres() {
  const bin = postgresBin();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-pg-'));
  const root = process.getuid && process.getuid() === 0;
  if (root) execFileSync('chown', ['postgres', dir]);
  const as = (cmd, args) => (root ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' }));
  const port = await freePort();
  as(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'caves']);
  as(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-o', `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://caves@127.0.0.1:${port}/postgres`,
    stop: () => {
      try { as(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'fast', 'stop']); } catch { /* already stopped */ }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** POSTs a run file; resolves { status, body }. */
export async function post(base, bytes, { name = 'Tester', device = null, extra = '' } = {}) {
  const headers = { 'Content-Type': 'application/octet-stream' };
  if (device) headers['X-Caves-Device'] = device;
  const r = await fetch(`${base}api/daily/runs?name=${encodeURIComponent(name)}${extra}`, { method: 'POST', headers, body: bytes });
  const text = await r.text();
  let body = null;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: r.status, body };
}

export async function getJson(base, p) {
  const r = await fetch(base + p);
  const text = await r.text();
  let body = null;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: r.status, body };
}
