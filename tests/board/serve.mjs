// Starting the board server (target/release/caves-server) and a throwaway PostgreSQL for
// the board's tests, and talking to it. Everything listens on loopback addresses only and is
// stopped at the end. A client can be bound to another loopback address (127.0.0.2, ...:
// Linux routes all of 127/8 to lo) to be "another address" for the server's per-address
// limits.

import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = path.join(ROOT, 'target', 'release', 'caves-server');
export const RUNS = path.join(ROOT, 'target', 'release', 'examples', 'runs');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------
// Tokens: the page makes 32 random bytes, sent as 43 base64url characters (X-Caves-Token).

/** A fixed token for `label` (the same label, the same player): 43 base64url characters. */
export function makeToken(label) {
  return crypto.createHash('sha256').update(`caves test token: ${label}`).digest('base64url');
}

/** A new random token, as the page makes one. */
export function randomToken() {
  return crypto.randomBytes(32).toString('base64url');
}

// ---------------------------------------------------------------------------------------
// Run files and the board's seeds.

/** The board's seed of `date` for the database `db` (`caves-server seed`), a decimal string. */
export function boardSeed(db, date) {
  const out = execFileSync(BIN, ['seed', '--db', db, '--date', date], { stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim();
  if (!/^\d+$/.test(out)) throw new Error(`caves-server seed printed ${JSON.stringify(out)}`);
  return out;
}

/** Writes `count` valid runs of `date` (played in the caves of the board's `seed` for it), the
 * forged ones, long-0 and its copies, and with `long: [n, turns]` n more long runs, into a new
 * folder (the `runs` example); its manifest, with every file's bytes. */
export function makeRuns(count, date, seed, { long = null } = {}) {
  if (seed === undefined || !/^\d+$/.test(String(seed))) throw new Error(`makeRuns: the board's seed of ${date}, not ${seed}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-runs-'));
  const args = [dir, String(count), date, String(seed)];
  if (long) args.push('--long', String(long[0]), String(long[1]));
  execFileSync(RUNS, args, { stdio: 'inherit' });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'runs.json'), 'utf8'));
  const read = (file) => fs.readFileSync(path.join(dir, file));
  const withBytes = (v) => ({ ...v, bytes: read(v.file) });
  return {
    dir,
    date,
    seed: String(seed),
    valid: manifest.valid.map(withBytes),
    forged: manifest.forged.map((kind) => ({ kind, bytes: read(`forged-${kind}.cavesrun`) })),
    long: withBytes(manifest.long),
    copies: manifest.copies.map(withBytes),
    moreLong: (manifest.more_long || []).map(withBytes),
    poison: withBytes(manifest.poison),
    armed: manifest.armed ? withBytes(manifest.armed) : null,
    synonym: manifest.synonym ? withBytes(manifest.synonym) : null,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE), as a run file's last four bytes hold it (little-endian) over the rest. */
export function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A run file with its final fingerprint (the 8 bytes before the checksum) changed by `n`
 * and its checksum made right: a forgery found only at the end of the replay. */
export function withFinalFingerprint(bytes, n) {
  const b = Buffer.from(bytes);
  const at = b.length - 12;
  b.writeBigUInt64LE((b.readBigUInt64LE(at) + BigInt(n) + 1n) & 0xffffffffffffffffn, at);
  b.writeUInt32LE(crc32(b.subarray(0, b.length - 4)), b.length - 4);
  return b;
}

// ---------------------------------------------------------------------------------------
// A run file's actions, as live batches carry them.

/** The actions of a run file: the record's action bytes, one Buffer per action. */
export function actionsOf(bytes) {
  let i = 5;
  const varint = () => { let v = 0; let shift = 0; for (;;) { const b = bytes[i++]; v += (b & 0x7f) * 2 ** shift; if (b < 0x80) return v; shift += 7; } };
  varint(); // ruleset
  i += 8; // seed
  varint(); varint(); varint(); varint(); varint(); // width height depth fill passes
  i += 1; // rule
  varint(); // min region
  const flags = bytes[i++];
  i += 1; // variant
  if (flags & 1) i += 1 + bytes[i];
  i += 1; // ended
  const n = varint();
  const out = [];
  for (let k = 0; k < n; k++) {
    const code = bytes[i];
    const len = 1 + (code >= 13 && code <= 15 ? 1 : code === 17 ? 2 : 0);
    out.push(bytes.subarray(i, i + len));
    i += len;
  }
  return out;
}
export const actionText = (actions) => Buffer.concat(actions).toString('base64url');

/** Counts the actions in base64url action text. */
export function countActions(b64) {
  const b = Buffer.from(b64, 'base64url');
  let n = 0;
  for (let i = 0; i < b.length; n++) i += 1 + (b[i] >= 13 && b[i] <= 15 ? 1 : b[i] === 17 ? 2 : 0);
  return n;
}

// ---------------------------------------------------------------------------------------
// The server.

function envWith(extra) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined || v === null) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Runs the server with `args`; resolves { base, proc, stop, out, err } once it listens.
 * `out` and `err` are arrays of the lines it wrote (kept when `logs` is true; else only the
 * start). `stop(signal)` resolves { code, signal, ms } when it has exited. An `env` value of
 * undefined removes that variable. */
export function startBoard(args, env = {}, { logs = false } = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(BIN, args, { env: envWith(env), stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    let outTail = '';
    let errTail = '';
    let started = false;
    const exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })));
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`the server did not start: ${err.join('\n')}`)); }, 30000);
    proc.stdout.on('data', (d) => {
      outTail += d;
      const lines = outTail.split('\n');
      outTail = lines.pop();
      for (const line of lines) {
        if (logs || !started) out.push(line);
        const m = !started && /listening on (http:\/\/[^/\s]+\/)/.exec(line);
        if (m) {
          started = true;
          clearTimeout(timer);
          const stop = async (signal = 'SIGTERM') => {
            const t = Date.now();
            if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
            const e = await exited;
            return { ...e, ms: Date.now() - t };
          };
          resolve({ base: m[1], proc, stop, exited, out, err });
        }
      }
    });
    proc.stderr.on('data', (d) => {
      errTail += d;
      const lines = errTail.split('\n');
      errTail = lines.pop();
      for (const line of lines) if (logs || err.length < 200) err.push(line);
    });
    proc.once('exit', (code) => {
      if (outTail) out.push(outTail);
      if (errTail) err.push(errTail);
      clearTimeout(timer);
      if (!started) reject(new Error(`the server exited (${code}): ${err.join(' ').trim()}`));
    });
  });
}

/** Runs the server (or one of its commands) with `args` expecting it to stop by itself;
 * resolves { code, stdout, stderr }. */
export function runBoard(args, env = {}, { timeout = 30000 } = {}) {
  return new Promise((resolve) => {
    const proc = spawn(BIN, args, { env: envWith(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.stderr.on('data', (d) => { err += d; });
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeout);
    proc.once('exit', (code, signal) => { clearTimeout(timer); resolve({ code, signal, stdout: out, stderr: err }); });
  });
}

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** The resident memory of process `pid`, in MB (VmRSS of /proc/PID/status). */
export function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

// ---------------------------------------------------------------------------------------
// PostgreSQL.

/** Debian's PostgreSQL server programs, or null when none is installed. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** A throwaway PostgreSQL cluster on 127.0.0.1 (as the postgres user when run as root);
 * resolves { url, port, stop, pause, resume, createDb } or null when PostgreSQL is not
 * installed. With `password`, connections over TCP need it (scram-sha-256) and `url` holds it. */
export async function startPostgres({ password = null } = {}) {
  const bin = postgresBin();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caves-pg-'));
  const root = process.getuid && process.getuid() === 0;
  if (root) execFileSync('chown', ['postgres', dir]);
  // runuser lives in /usr/sbin, which a PATH set up for a user other than root can leave out.
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((f) => fs.existsSync(f)) || 'runuser';
  const as = (cmd, args) => (root ? execFileSync(runuser, ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' }));
  const port = await freePort();
  const data = path.join(dir, 'data');
  if (password) {
    const pw = path.join(dir, 'pw');
    fs.writeFileSync(pw, `${password}\n`);
    if (root) execFileSync('chown', ['postgres', pw]);
    as(path.join(bin, 'initdb'), ['-D', data, '-U', 'caves', '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pw}`]);
  } else {
    as(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'caves']);
  }
  const opts = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  const start = () => as(path.join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  const halt = () => as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const auth = password ? `caves:${encodeURIComponent(password)}@` : 'caves@';
  const urlOf = (db) => `postgres://${auth}127.0.0.1:${port}/${db}`;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    /** Makes an empty database; its URL. */
    createDb: (name) => {
      as(path.join(bin, 'psql'), ['-h', dir, '-p', String(port), '-U', 'caves', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q', '-c', `CREATE DATABASE ${name}`]);
      return urlOf(name);
    },
    pause: halt,
    resume: start,
    stop: () => {
      try { halt(); } catch { /* already stopped */ }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------
// HTTP, with node:http so that a client can be bound to another loopback address.

const agents = new Map();
function agentFor(localAddress) {
  const key = localAddress || '';
  if (!agents.has(key)) {
    // Idle connections are let go after 4 s, before the server's 10 s.
    agents.set(key, new http.Agent({ keepAlive: true, timeout: 4000, maxSockets: Infinity, ...(localAddress ? { localAddress } : {}) }));
  }
  return agents.get(key);
}

/** One HTTP request; resolves { status, headers, text, body (JSON when it parses), raw (a
 * Buffer) }; rejects on a connection error or after `timeout` ms. A request on a kept-alive
 * connection that the server had just closed is sent once more on a new one. */
export function request(base, p, { method = 'GET', headers = {}, body = null, localAddress = null, timeout = 60000, agent } = {}) {
  const url = new URL(p, base);
  const once = () => new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method,
      headers: { ...(body ? { 'Content-Length': String(body.length) } : {}), ...headers },
      agent: agent === undefined ? agentFor(localAddress) : agent,
      ...(localAddress ? { localAddress } : {}),
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let parsed = text;
        try { parsed = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode, headers: res.headers, text, body: parsed, raw });
      });
      res.on('error', (e) => { clearTimeout(timer); reject(e); });
    });
    const timer = setTimeout(() => { req.destroy(new Error(`no answer in ${timeout} ms: ${method} ${p}`)); }, timeout);
    req.on('error', (e) => { clearTimeout(timer); e.reused = req.reusedSocket; reject(e); });
    if (body) req.end(body);
    else req.end();
  });
  return once().catch((e) => {
    if (e.reused && ['ECONNRESET', 'EPIPE'].includes(e.code)) return once();
    throw e;
  });
}

/** POSTs a run file to /api/daily/runs?name=NAME; resolves as `request` does. `token` must be
 * given (a `makeToken`/`randomToken` string, or null for none), so every call site says whose
 * run it is. `contentType` defaults to application/octet-stream (null: none); `headers` are
 * added; `extra` is appended to the query. */
export async function post(base, bytes, { name = 'Tester', token, contentType = 'application/octet-stream', headers = {}, extra = '', localAddress = null, timeout } = {}) {
  if (token === undefined) throw new Error('post: pass a token (makeToken(label), randomToken()) or null for none');
  const h = { ...headers };
  if (contentType !== null) h['Content-Type'] = contentType;
  if (token !== null) h['X-Caves-Token'] = token;
  return request(base, `api/daily/runs?name=${encodeURIComponent(name)}${extra}`, { method: 'POST', headers: h, body: bytes, localAddress, timeout });
}

/** The seconds a 503 or 429 asks to wait (its Retry-After), or null. */
export function retryAfter(r) {
  const v = r.headers && r.headers['retry-after'];
  if (v === undefined || !/^\d+$/.test(String(v).trim())) return null;
  return Number(v);
}

/** POSTs as `post` does, and like the page keeps the run and sends it again after a 503 or 429
 * that says when (Retry-After), for at most `within` ms; resolves the last answer with
 * `retries` (how many times it was sent again) and `waited` (ms). A 503 or 429 without
 * Retry-After is answered as it is. */
export async function postRetrying(base, bytes, opts, { within = 120000 } = {}) {
  const t = Date.now();
  let retries = 0;
  for (;;) {
    const r = await post(base, bytes, opts);
    const wait = retryAfter(r);
    if (!(r.status === 503 || r.status === 429) || wait === null || Date.now() - t + wait * 1000 > within) {
      return { ...r, retries, waited: Date.now() - t };
    }
    retries += 1;
    await sleep(Math.max(wait, 0) * 1000 + Math.floor(Math.random() * 250));
  }
}

export async function getJson(base, p, { localAddress = null, timeout } = {}) {
  return request(base, p, { localAddress, timeout });
}
