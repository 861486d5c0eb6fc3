// Today's board: the daily caves' shared scores, kept by the server that serves the page
// (its /api/). The page asks once, quietly, whether there is one: `board.json` is a file of
// every build saying "no board", which the board server answers itself. So a static host
// shows "no board here" without a failed request.
//
// A daily run that ends is offered to the board. The player names themselves once (the name
// is remembered); the run goes in a queue in storage first and leaves it only when the board
// has answered, so a run posted offline is sent later and never lost. A device id (random,
// kept in storage) lets the board count one run per player per day.

import { game, guard } from "./handle.js";
import { recall, remember } from "./storage.js";
import { startClock } from "./replay-clock.js";

const QUEUE = "caves.board.queue";
const NAME = "caves.board.name";
const DEVICE = "caves.device";
const MINE = "caves.board.mine";

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
const boardToday = () => ask().then((j) => (/^\d{4}-\d{2}-\d{2}$/.test(j.today || "") ? j.today : new Date().toISOString().slice(0, 10)));

function device() {
  let id = recall(DEVICE);
  if (!id) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    remember(DEVICE, id);
  }
  return id;
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
    const d = document.createElement("dialog");
    d.id = "board-name";
    d.setAttribute("aria-label", "Your name on the board");
    d.innerHTML = '<form method="dialog"><p><label>Your name on today\'s board (1 to 24 characters): <input name="name" maxlength="24" required autocomplete="nickname"></label></p><p><button value="post">Post</button> <button value="cancel" formnovalidate>Not now</button></p></form>';
    document.body.appendChild(d);
    d.addEventListener("close", () => {
      const name = d.returnValue === "post" ? d.querySelector("input").value.trim().slice(0, 24) : "";
      d.remove();
      document.getElementById("game").focus();
      if (name) remember(NAME, name);
      resolve(name || null);
    });
    if (typeof d.showModal === "function") d.showModal();
    else d.setAttribute("open", "");
    d.querySelector("input").focus();
  });
}

/** Sends every queued run; a run leaves the queue once the board has answered for it. */
export async function sendQueued() {
  if (!readList(QUEUE).length || !(await boardHere())) return;
  for (const item of readList(QUEUE)) {
    let answer;
    try {
      const r = await fetch(`api/daily/runs?name=${encodeURIComponent(item.name)}`, {
        method: "POST",
        headers: { "Content-Type": "application/octet-stream", "X-Caves-Device": device() },
        body: fromText(item.run),
      });
      answer = { status: r.status, body: await r.json().catch(() => ({})) };
    } catch {
      return; // offline: the run stays queued
    }
    if (answer.status >= 500 || answer.status === 429) return; // try again later
    remember(QUEUE, JSON.stringify(readList(QUEUE).filter((q) => q.run !== item.run)));
    if (answer.status === 200 || answer.status === 201) {
      const mine = readList(MINE).filter((m) => m.id !== answer.body.id);
      mine.push({ id: answer.body.id, date: answer.body.date });
      remember(MINE, JSON.stringify(mine.slice(-30)));
      say(`Posted to the board of ${answer.body.date}: rank ${answer.body.rank}, score ${answer.body.score}.`);
    } else {
      say(`The board did not take the run: ${answer.body.error || "status " + answer.status}.`);
    }
  }
}

/** Queues the shown (ended, daily) run for the board, sends what is queued, and shows the
 * board with the answer. */
export async function postRun() {
  if (!(await boardHere())) {
    await showBoard();
    return;
  }
  const bytes = guard(() => game.record_bytes(), new Uint8Array());
  if (!bytes.length) return;
  const name = await askName();
  if (!name) return;
  const run = toText(bytes);
  const queue = readList(QUEUE).filter((q) => q.run !== run);
  queue.push({ run, name });
  remember(QUEUE, JSON.stringify(queue));
  await showBoard();
  say("Posting your run…");
  await sendQueued();
  if (readList(QUEUE).some((q) => q.run === run)) {
    say("The board cannot be reached now: your run is kept and will be posted later.");
  } else {
    await fillBoard(statusText());
  }
}

const statusText = () => (dialog ? dialog.querySelector("p[role=status]").textContent : "");

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = String(text);
  row.appendChild(td);
}

async function watch(id) {
  try {
    const r = await fetch(`api/runs/${encodeURIComponent(id)}`);
    if (!r.ok) throw new Error(`status ${r.status}`);
    const bytes = new Uint8Array(await r.arrayBuffer());
    dialog.close();
    if (guard(() => game.open_replay(bytes), false)) startClock();
  } catch (e) {
    say(`That run could not be fetched (${e.message}).`);
  }
}

/** Opens today's board: the top ten, and the player's own entry if it is further down. */
export async function showBoard() {
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = "board";
    dialog.setAttribute("aria-label", "Today's board");
    dialog.innerHTML = '<h2>Today\'s board</h2><p role="status"></p><table hidden><thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Outcome</th><th scope="col">Depth</th><th scope="col">Turns</th><th scope="col"><span class="unseen">Watch</span></th></tr></thead><tbody></tbody></table><p><button type="button" data-do="post" hidden>Post my run</button> <button type="button" data-do="close">Close</button></p>';
    document.body.appendChild(dialog);
    dialog.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      if (b.dataset.do === "close") dialog.close();
      if (b.dataset.watch) watch(b.dataset.watch);
      if (b.dataset.do === "post") postRun();
    });
    dialog.addEventListener("close", () => document.getElementById("game").focus());
  }
  if (typeof dialog.showModal === "function") {
    if (!dialog.open) dialog.showModal();
  } else dialog.setAttribute("open", "");
  dialog.querySelector("button[data-do=close]").focus();
  await fillBoard("");
}

/** Fills the open board dialog: no board here, the board unreachable, or today's entries. */
async function fillBoard(note) {
  const status = dialog.querySelector("p[role=status]");
  const table = dialog.querySelector("table");
  const body = dialog.querySelector("tbody");
  const post = dialog.querySelector("button[data-do=post]");
  post.hidden = true;
  body.textContent = "";
  table.hidden = true;
  status.textContent = "Asking the board…";
  if (!(await boardHere())) {
    status.textContent = "There is no board here: this page is served without one. Everything else works.";
    return;
  }
  post.hidden = !guard(() => game.daily_ended(), false);
  const today = await boardToday();
  let board;
  try {
    const r = await fetch(`api/daily/${today}`, { cache: "no-store" });
    if (!r.ok) throw new Error(`status ${r.status}`);
    board = await r.json();
  } catch (e) {
    status.textContent = `The board cannot be reached now (${e.message}).`;
    return;
  }
  const mine = new Set(readList(MINE).map((m) => m.id));
  const entries = board.entries || [];
  const shown = entries.filter((e, i) => i < 10 || mine.has(e.id));
  const own = entries.find((e) => mine.has(e.id));
  const lead = note ? note + " " : "";
  if (!shown.length) {
    status.textContent = `${lead}No runs yet on the board of ${board.date}. Play today's caves (?daily) to be the first.`;
    return;
  }
  const runs = entries.length === 1 ? "1 run" : `${entries.length} runs`;
  status.textContent = `${lead}The board of ${board.date}: ${runs}` + (own ? `; yours is rank ${own.rank}.` : ".");
  for (const e of shown) {
    const row = document.createElement("tr");
    if (mine.has(e.id)) row.className = "mine";
    cell(row, e.rank);
    cell(row, e.name); // textContent: names are shown as text, never as markup
    cell(row, e.score);
    cell(row, e.outcome);
    cell(row, e.depth);
    cell(row, e.turns);
    const td = document.createElement("td");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.watch = e.id;
    b.textContent = "Watch";
    b.setAttribute("aria-label", `Watch the run of ${e.name}, rank ${e.rank}`);
    td.appendChild(b);
    row.appendChild(td);
    body.appendChild(row);
  }
  table.hidden = false;
}
