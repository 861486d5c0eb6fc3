// Today's board: the daily caves' shared scores, kept by the server that serves the page
// (its /api/). The page asks once, quietly, whether there is one: `board.json` is a file of
// every build saying "no board", which the board server answers itself. So a static host
// shows "no board here" without a failed request.
//
// A daily run that ends is offered to the board: the game says which run posting gives it
// (`post_bytes`): the day's run (the first run begun of the day's caves), or a practice run
// once the board has taken the day's run, so the board, which counts a player's first run,
// counts the day's run. A day's run the board has not taken stays offered, on the start
// screen and in this dialog, until the board takes it (`posted`). The player names themselves
// once (the name is remembered); the run goes in a queue in storage first and leaves it only
// when the board has answered, so a run posted offline is sent later and never lost: a busy
// board (503, 429) is asked again after its Retry-After, and a refusal (another 4xx) leaves
// the queue only once its reason is shown (at once in the open board dialog, else the next
// time it opens).
//
// The player key (32 random bytes, base64url, kept in storage) is the player's secret: sent
// with every post, it proves a name on the board is theirs. The dialog shows it to copy and
// takes one from another device. On a board, ?daily plays the board's day and seed.

import { makeDialog, openDialog } from "./dialog.js";
import { game, guard } from "./handle.js";
import { recall, remember } from "./storage.js";
import { startClock } from "./replay-clock.js";
import { watchLive } from "./live.js";

const QUEUE = "caves.board.queue";
const NAME = "caves.board.name";
const TOKEN = "caves.board.token";
const REFUSED = "caves.board.refused";
const MINE = "caves.board.mine";
const RANKED = "caves.board.ranked"; // [the run posted last, as text, and its rank on its board]
const PAR = "caves.board.par"; // par of the last day asked for, as the card reads it: "DATE BOT SCORE ..."
const PARS = "caves.board.pars"; // par of each day asked for, a line a day as PAR, for Your days
const PARS_KEPT = 60; // days of par kept for Your days
const KEY = /^[A-Za-z0-9_-]{22,128}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

let here = null; // a promise of what board.json says: { board: true, today } or { board: false }
let dialog = null;

/** Tells the player what the board said: in the board dialog when it is open, and always to
 * screen readers (the page's live region of game messages). */
function say(text) {
  const status = dialog && dialog.open ? dialog.querySelector("p[role=status]") : null;
  if (status) status.textContent = text;
  const said = document.getElementById("said");
  if (said) {
    const p = document.createElement("p");
    p.textContent = text;
    said.appendChild(p);
  }
}

function ask() {
  if (!here) {
    here = fetch("board.json", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : { board: false }))
      .then((j) => (j && j.board === true ? j : { board: false }))
      .catch(() => ({ board: false }));
  }
  return here;
}

/** Whether this page's origin has a board (asked once). */
export const boardHere = () => ask().then((j) => j.board);

/** The board's today (the server's date), or this device's UTC date. */
const boardToday = () => ask().then((j) => (DAY.test(j.today) ? j.today : new Date().toISOString().slice(0, 10)));

/** The board's day and seed ({ date, seed }) for ?daily, or null without a board (or on any
 * failure, or after 5 s): the page then plays the public daily seed of its own date. */
export const boardDaily = () =>
  Promise.race([
    ask()
      .then((j) => j.board && fetch("api/daily/today", { cache: "no-store" }).then((r) => r.json()))
      .then((d) => (d && DAY.test(d.date) && /^\d{1,20}$/.test(d.seed) ? d : null))
      .catch(() => null),
    new Promise((r) => setTimeout(r, 5000, null)),
  ]);

let key = ""; // the key for this visit when storage is off

/** The player key, made on first use. */
function token() {
  key = recall(TOKEN) || key;
  if (!KEY.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    key = toText(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
    remember(TOKEN, key);
  }
  return key;
}

/** The player key, and the name a live run shows: the name posted under, else one made from
 * the key. */
export function player() {
  const t = token();
  return { token: t, name: recall(NAME) || "Player " + t.replace(/[-_]/g, "").slice(0, 5) };
}

function readList(key) {
  try {
    const v = JSON.parse(recall(key) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

const toText = (bytes) => btoa(String.fromCharCode(...bytes));
const fromText = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The name the player posts under, asked the first time (a small form). Null when they
 * decline. The board takes 1 to 24 printable characters, trimmed. */
function askName() {
  const known = recall(NAME);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const d = makeDialog("board-name", "Your name on the board", '<form method="dialog"><p><label>Your name on today\'s board (1 to 24 characters): <input name="name" maxlength="24" required autocomplete="nickname"></label></p><p><button value="post">Post</button> <button value="cancel" formnovalidate>Not now</button></p></form>');
    d.addEventListener("close", () => {
      const name = d.returnValue === "post" ? d.querySelector("input").value.trim().slice(0, 24) : "";
      d.remove();
      if (name) remember(NAME, name);
      resolve(name || null);
    });
    openDialog(d);
    d.querySelector("input").focus();
  });
}

let sending = null;
let timer = 0;
let kept = ""; // what became of the last run that stayed queued

const refusal = (r) => `The board did not take your run of ${r.date} as "${r.name}": ${String(r.error).replace(/\.$/, "")}.`;

/** Sends every queued run (one send at a time); a run leaves the queue once the board has
 * answered for it. */
export function sendQueued() {
  return sending || (sending = send().finally(() => (sending = null)));
}

/** The board's rank of the run of record `bytes` when it was posted from this browser (the
 * last run posted), else 0. */
export function rankOf(bytes) {
  const [run, rank] = readList(RANKED);
  return run === toText(bytes) ? rank >>> 0 : 0;
}

/** Par of the last day the board gave it, for the card ("DATE BOT SCORE ...", the strongest
 * bot first; the game uses it only for a run of that day). */
export const parOf = () => recall(PAR) || "";

/** Par of the days kept for Your days, a line a day ("DATE BOT SCORE ..."); lines that do
 * not read so (damaged storage) are left out. */
const parsKept = () =>
  recall(PARS)
    .split("\n")
    .filter((l) => /^\d{4}-\d\d-\d\d( [a-z]+ \d+)+$/.test(l));

/** Tells the game whether the page has a board (`board`), and the expert's score of each day
 * kept, for Your days. */
export function showPars(board) {
  const days = parsKept().map((l) => l.split(" ")).filter((w) => w.includes("expert"));
  const experts = Uint32Array.from(days, (w) => w[w.indexOf("expert") + 1] >>> 0);
  guard(() => game.set_board(board, days.map((w) => w[0]).join("\n"), experts));
}

/** Keeps par of `date` for the card and Your days: the expert's and the careful bot's scores. */
function keepPar(date, bots) {
  const shown = bots.filter((b) => b.bot === "expert" || b.bot === "careful");
  if (shown.length) {
    const words = `${date} ${shown.map((b) => `${b.bot} ${b.score >>> 0}`).join(" ")}`;
    remember(PAR, words);
    const days = parsKept().filter((l) => !l.startsWith(`${date} `));
    remember(PARS, [...days, words].sort().slice(-PARS_KEPT).join("\n"));
    showPars(true);
  }
  return shown;
}

async function send() {
  if (!readList(QUEUE).length || !(await boardHere())) return;
  const tried = new Set();
  for (let item; (item = readList(QUEUE).find((q) => !tried.has(q.run))); ) {
    tried.add(item.run);
    let r, body;
    try {
      r = await fetch(`api/daily/runs?name=${encodeURIComponent(item.name)}`, {
        method: "POST",
        headers: { "Content-Type": "application/octet-stream", "X-Caves-Token": token() },
        body: fromText(item.run),
      });
      body = await r.json().catch(() => ({}));
    } catch {
      kept = "The board cannot be reached now: your run is kept and will be posted later.";
      return; // offline: the run stays queued
    }
    if (r.status === 429 || r.status >= 500) {
      const wait = Math.min(600, Math.max(1, parseInt(r.headers.get("Retry-After"), 10) || 30));
      clearTimeout(timer);
      timer = setTimeout(sendQueued, wait * 1000);
      kept = (r.status === 429 && body.error ? body.error + " Your" : "The board is busy: your") + ` run is kept and will be posted in ${wait} seconds.`;
      return;
    }
    if (r.ok) {
      guard(() => game.posted(fromText(item.run))); // a day's run is not offered again
      const mine = readList(MINE).filter((m) => m.id !== body.id);
      mine.push({ id: body.id, date: body.date });
      remember(MINE, JSON.stringify(mine.slice(-30)));
      if (!body.practice) remember(RANKED, JSON.stringify([item.run, body.rank]));
      say(`Posted to the board of ${body.date}: ` + (body.practice ? `score ${body.score}, as practice (only your first run of a day counts).` : `rank ${body.rank}, score ${body.score}.`));
    } else {
      // Refused: its reason is shown (or kept to show) before the run leaves the queue.
      const no = { date: item.date || "", name: item.name, error: body.error || `status ${r.status}` };
      if (dialog && dialog.open) say(refusal(no));
      else remember(REFUSED, JSON.stringify(readList(REFUSED).concat(no)));
      if (r.status === 409 && !body.original) remember(NAME, ""); // a name taken: asked anew next time
    }
    remember(QUEUE, JSON.stringify(readList(QUEUE).filter((q) => q.run !== item.run)));
  }
}

/** Queues the daily run the game offers to post (the ended run shown, or a day's run the
 * board has not taken), sends what is queued, and shows the board with the answer. */
export async function postRun() {
  if (!(await boardHere())) {
    await showBoard();
    return;
  }
  const bytes = guard(() => game.post_bytes(), new Uint8Array());
  if (!bytes.length) return;
  const name = await askName();
  if (!name) return;
  const run = toText(bytes);
  const queue = readList(QUEUE).filter((q) => q.run !== run);
  queue.push({ run, name, date: await boardToday() });
  remember(QUEUE, JSON.stringify(queue));
  await showBoard();
  say("Posting your run…");
  await sendQueued();
  if (readList(QUEUE).some((q) => q.run === run)) {
    say(kept);
  } else {
    await fillBoard(statusText());
  }
}

let graves; // how many of today's fallen the game shows (undefined: not before the own daily ends)
let ids = []; // the graves' runs

/** Hands the board's fallen of its day to the game once the player's own daily run of that day
 * has ended: their graves show where they fell, and `watchGrave(n)` watches grave n's run. */
export async function fallen() {
  const d = await boardDaily();
  if (!d || !guard(() => game.daily_done(d.seed), false)) return;
  try {
    // The board answers today's fallen only to a player whose own run of today has ended: a
    // run that has just ended here reaches it with the live run's last batch, within seconds.
    let r;
    for (let tries = 0; tries < 8; tries++) {
      r = await fetch(`api/daily/${d.date}/fallen`, { cache: "no-store", headers: { "X-Caves-Token": token() } });
      if (r.status !== 403) break;
      await new Promise((go) => setTimeout(go, 1000));
    }
    if (!r.ok) return;
    const f = (await r.json()).fallen;
    const at = [];
    let words = "";
    ids = [];
    for (const g of f) {
      ids.push(g.id);
      at.push(g.depth, g.x, g.y);
      words += `grave of ${g.name}\n${/\.$/.test(g.cause) ? g.cause : `Killed by the ${g.cause}.`} Turn ${g.turns}. Enter or a tap watches the run.\n`;
    }
    guard(() => game.set_fallen(d.seed, Uint8Array.from(at), words));
    graves = f.length;
    // Par of the day, for the card (the board dialog shows it).
    const p = await fetch(`api/daily/${d.date}/par`, { cache: "no-store", headers: { "X-Caves-Token": token() } });
    if (p.ok) keepPar(d.date, (await p.json()).bots || []);
  } catch {
    // No graves this time; the game plays on.
  }
}

export const watchGrave = (n) => ids[n] && watch(ids[n]);

const statusText = () => (dialog ? dialog.querySelector("p[role=status]").textContent : "");

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = String(text);
  row.appendChild(td);
}

/** A Watch button in a cell of `row`, with its data and its words for screen readers. */
function button(row, data, label) {
  const td = document.createElement("td");
  const b = document.createElement("button");
  b.type = "button";
  Object.assign(b.dataset, data);
  b.textContent = "Watch";
  b.setAttribute("aria-label", label);
  td.appendChild(b);
  row.appendChild(td);
}

/** Notes of par's bots' runs by run id, as the game takes them: [the index of each note's
 * action, their texts a line each]. */
const parNotes = new Map();
const NO_NOTES = [new Uint32Array(0), ""];

/** A par bot's notes ([[index, "text"], ...]) as the game takes them: in the order of their
 * actions, at most 200 of 120 characters; whatever does not read so is left out. */
function notesOf(notes) {
  let last = -1;
  const kept = (Array.isArray(notes) ? notes : [])
    .filter((n) => Array.isArray(n) && Number.isInteger(n[0]) && n[0] > last && n[0] < 2 ** 32 && typeof n[1] === "string" && ((last = n[0]), true))
    .slice(0, 200);
  return [Uint32Array.from(kept, (n) => n[0]), kept.map((n) => n[1].replace(/\s+/g, " ").slice(0, 120)).join("\n")];
}

/** Watches the board's run `id` in the replay viewer (from the board, a grave, or par with
 * its bot's notes in the log). */
async function watch(id) {
  try {
    const r = await fetch(`api/runs/${encodeURIComponent(id)}`, { headers: { "X-Caves-Token": token() } });
    if (!r.ok) throw new Error((await r.json().catch(() => ({}))).error || `status ${r.status}`);
    const bytes = new Uint8Array(await r.arrayBuffer());
    if (dialog) dialog.close();
    const [at, notes] = parNotes.get(id) || NO_NOTES;
    if (guard(() => game.open_replay(bytes, at, notes), false)) startClock();
  } catch (e) {
    say(`That run could not be fetched: ${String(e.message).replace(/\.$/, "")}.`);
  }
}

let day = null; // the board's day and seed: { date, seed }

/** Lists today's live runs, each with a Watch button, once the player's own daily run has
 * ended: before, watching could spoil the caves. */
async function fillLive(today) {
  const p = dialog.querySelector("section:not(.par) p");
  const table = p.nextSibling;
  p.parentNode.hidden = false;
  day = await boardDaily();
  if (!day || !guard(() => game.daily_done(day.seed), false)) {
    p.textContent = "Today's runs can be watched live once your own run of today's caves has ended, so that they spoil nothing.";
    return;
  }
  const r = await fetch(`api/live/${today}`, { cache: "no-store", headers: { "X-Caves-Token": token() } });
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) {
    // The board's own reason (a 403 until the board knows this player's run has ended).
    p.textContent = answer.error || `Today's live runs cannot be listed now (status ${r.status}).`;
    return;
  }
  const runs = answer.runs || [];
  p.textContent = runs.length ? "" : "No one is playing today's caves right now.";
  for (const e of runs) {
    const row = document.createElement("tr");
    for (const v of [e.name, e.depth, e.turns, e.watchers]) cell(row, v);
    button(row, { live: e.id, ticket: e.ticket || "" }, `Watch ${e.name} live`);
    table.tBodies[0].appendChild(row);
  }
  table.hidden = !runs.length;
}

/** Opens today's board: the top ten, and the player's own entry if it is further down. */
export async function showBoard() {
  if (!dialog) {
    dialog = makeDialog("board", "Today's board", '<h2>Today\'s board</h2><p role="status"></p><table hidden><thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Outcome</th><th scope="col">Depth</th><th scope="col">Turns</th><th scope="col"><span class="unseen">Watch</span></th></tr></thead><tbody></tbody></table><section class="par" hidden><h3>Par</h3><p></p><p></p><ul></ul></section><section hidden><h3>Playing now</h3><p></p><table hidden><thead><tr><th scope="col">Name</th><th scope="col">Depth</th><th scope="col">Turns</th><th scope="col">Watching</th><th scope="col"><span class="unseen">Watch</span></th></tr></thead><tbody></tbody></table></section><p><button type="button" data-do="post" hidden>Post my run</button> <button type="button" data-do="close">Close</button></p><div hidden><h3>Your player key</h3><p>It proves that your name on the board is yours: keep it secret, and give it only to your own devices. <code></code> <button type="button" data-do="copy">Copy</button></p><form><label>Use a key from another device: <input name="key" autocomplete="off" spellcheck="false"></label> <button>Use</button></form></div>');
    const code = dialog.querySelector("code");
    dialog.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      if (b.dataset.do === "close") dialog.close();
      if (b.dataset.watch) watch(b.dataset.watch);
      if (b.dataset.live) dialog.close(), watchLive(b.dataset.live, day, b.dataset.ticket);
      if (b.dataset.do === "post") postRun();
      if (b.dataset.do === "copy") {
        const copied = (ok) => say(ok ? "Your player key is copied." : "Select your player key and copy it.");
        getSelection().selectAllChildren(code);
        if (navigator.clipboard) navigator.clipboard.writeText(code.textContent).then(() => copied(true), () => copied(false));
        else copied(false);
      }
    });
    dialog.querySelector("form").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = e.target.key;
      const given = input.value.trim();
      if (!KEY.test(given)) {
        say("That is not a player key: a key is 22 to 128 letters, digits, - and _.");
        return;
      }
      remember(TOKEN, (key = code.textContent = given));
      input.value = "";
      say("This device now uses that key: you can post under the names it holds. Keep it secret.");
    });
  }
  openDialog(dialog);
  dialog.querySelector("button[data-do=close]").focus();
  const refused = readList(REFUSED);
  remember(REFUSED, "[]");
  await fillBoard(refused.map(refusal).join(" "));
}

/** Fills the open board dialog: no board here, the board unreachable, or today's entries. */
async function fillBoard(note) {
  const status = dialog.querySelector("p[role=status]");
  const table = dialog.querySelector("table");
  const body = table.tBodies[0];
  const post = dialog.querySelector("button[data-do=post]");
  post.hidden = true;
  body.textContent = "";
  table.hidden = true;
  const lead = note ? note + " " : "";
  const live = dialog.querySelector("section:not(.par) p");
  live.textContent = "";
  live.parentNode.hidden = live.nextSibling.hidden = true;
  live.nextSibling.tBodies[0].textContent = "";
  dialog.querySelector("section.par").hidden = true;
  status.textContent = lead + "Asking the board…";
  if (!(await boardHere())) {
    status.textContent = "There is no board here: this page is served without one. Everything else works.";
    return;
  }
  dialog.querySelector("div").hidden = false;
  dialog.querySelector("code").textContent = token();
  post.textContent = guard(() => game.post_label(), "");
  post.hidden = !post.textContent;
  const today = await boardToday();
  fillLive(today).catch(() => (live.textContent = "Today's live runs cannot be listed now."));
  let board;
  try {
    const r = await fetch(`api/daily/${today}`, { cache: "no-store" });
    if (!r.ok) throw new Error(`status ${r.status}`);
    board = await r.json();
  } catch (e) {
    status.textContent = `${lead}The board cannot be reached now (${e.message}).`;
    return;
  }
  const mine = new Set(readList(MINE).map((m) => m.id));
  const entries = board.entries || [];
  const shown = entries.filter((e, i) => i < 10 || mine.has(e.id));
  const own = entries.find((e) => mine.has(e.id));
  if (!shown.length) {
    status.textContent = `${lead}No runs yet on the board of ${board.date}. Play today's caves (?daily) to be the first.`;
    return;
  }
  const runs = entries.length === 1 ? "1 run" : `${entries.length} runs`;
  const dead = graves === undefined ? "Graves of today's fallen show once your own daily run has ended." : `${graves} of today's fallen lie where they fell: their graves show in the replay of your run.`;
  status.textContent = `${lead}The board of ${board.date}: ${runs}` + (own ? `; yours is rank ${own.rank}. ` : ". ") + dead;
  for (const e of shown) {
    const row = document.createElement("tr");
    if (mine.has(e.id)) row.className = "mine";
    cell(row, e.rank);
    cell(row, e.name); // textContent: names are shown as text, never as markup
    cell(row, e.score);
    cell(row, e.outcome);
    cell(row, e.depth);
    cell(row, e.turns);
    button(row, { watch: e.id }, `Watch the run of ${e.name}, rank ${e.rank}`);
    body.appendChild(row);
  }
  table.hidden = false;
  fillPar(board.date, own).catch(() => {});
}

const number = (n) => Number(n).toLocaleString("en-US");
const article = (noun) => (/^[aeiou]/i.test(noun) ? "an " : "a ") + noun;

/** How a bot's game of par went, in words: "the expert bot won with 5,927 in 2,119 turns". */
function parWords(b) {
  const who = `the ${b.bot} bot`;
  if (b.outcome === "won") return `${who} won with ${number(b.score)} in ${number(b.turns)} turns`;
  if (!b.run) return `${who} did not finish (${b.cause})`;
  if (/empty-handed/.test(b.cause)) return `${who} left the caves empty-handed with ${number(b.score)}`;
  if (/\.$/.test(b.cause)) return `${who} lost on level ${b.depth} with ${number(b.score)}`;
  return `${who} fell on level ${b.depth} to ${article(b.cause)}`;
}

/** How the player's own entry did against each bot of par. */
function against(own, bots) {
  const beat = bots.filter((b) => own.score > b.score).map((b) => `the ${b.bot} bot`);
  const short = bots.filter((b) => own.score < b.score).map((b) => `the ${b.bot} bot (${number(b.score)})`);
  const tied = bots.filter((b) => own.score === b.score).map((b) => `the ${b.bot} bot`);
  const parts = [];
  if (beat.length) parts.push(`beat ${beat.join(", ")}`);
  if (tied.length) parts.push(`tied ${tied.join(", ")}`);
  if (short.length) parts.push(`fell short of ${short.join(", ")}`);
  return `Your ${number(own.score)} ${parts.join("; ")}.`;
}

/** Par, under the day's entries once the player's own daily run has ended: how the bots did
 * in the day's caves, how the player's entry compares, and a Watch button for each bot's run.
 * The board answers it only to a player whose run has ended (403 before: a run that has just
 * ended reaches it with the live run's last batch), and 503 while the bots play. */
async function fillPar(date, own) {
  const section = dialog.querySelector("section.par");
  const [said, mine] = section.querySelectorAll("p");
  const list = section.querySelector("ul");
  const d = await boardDaily();
  if (!d || d.date !== date || !guard(() => game.daily_done(d.seed), false)) return;
  let r;
  for (let tries = 0; tries < 8; tries++) {
    r = await fetch(`api/daily/${date}/par`, { cache: "no-store", headers: { "X-Caves-Token": token() } });
    if (r.status !== 403) break;
    await new Promise((go) => setTimeout(go, 1000));
  }
  const answer = await r.json().catch(() => ({}));
  if (!dialog.open) return;
  section.hidden = false;
  list.textContent = "";
  mine.textContent = "";
  if (r.status === 503) {
    said.textContent = "The bots are playing today's caves: par shows here in a minute.";
    const wait = Math.min(Number(r.headers.get("Retry-After")) || 30, 60);
    setTimeout(() => dialog.open && fillPar(date, own).catch(() => {}), wait * 1000);
    return;
  }
  if (!r.ok) {
    said.textContent = answer.error || `Par cannot be shown now (status ${r.status}).`;
    return;
  }
  const bots = answer.bots || [];
  const shown = keepPar(date, bots);
  said.textContent = `Par: ${shown.map(parWords).join("; ")}.`;
  if (own) mine.textContent = against(own, shown);
  for (const b of bots) {
    const li = document.createElement("li");
    li.textContent = `The ${b.bot} bot: ${b.outcome}, level ${b.depth}, ${number(b.turns)} turns, score ${number(b.score)} `;
    if (b.run) {
      parNotes.set(b.run, notesOf(b.notes));
      const w = document.createElement("button");
      w.type = "button";
      w.dataset.watch = b.run;
      w.textContent = "Watch";
      w.setAttribute("aria-label", `Watch the ${b.bot} bot's run of ${date}`);
      li.appendChild(w);
    }
    list.appendChild(li);
  }
}
