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

let here = null; // a promise of true (a board answers at /api/) or false

/** Whether this page's origin has a board (asked once). */
export function boardHere() {
  if (!here) {
    here = fetch("board.json", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : { board: false }))
      .then((j) => j && j.board === true)
      .catch(() => false);
  }
  return here;
}

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

/** The name the player posts under, asked for the first time. Null when they decline. */
function askName() {
  const known = recall(NAME);
  if (known) return known;
  const name = (window.prompt("Your name on today's board (1 to 24 characters):", "") || "").trim();
  if (!name) return null;
  remember(NAME, name.slice(0, 24));
  return name.slice(0, 24);
}

/** Sends every queued run; a run leaves the queue once the board has answered for it. */
export async function sendQueued(say) {
  if (!(await boardHere())) return;
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

/** Queues the shown (ended, daily) run for the board and sends what is queued. */
export async function postRun(say) {
  if (!(await boardHere())) {
    say("There is no board here: this page is served without one.");
    return;
  }
  const bytes = guard(() => game.record_bytes(), new Uint8Array());
  if (!bytes.length) return;
  const name = askName();
  if (!name) return;
  const run = toText(bytes);
  const queue = readList(QUEUE).filter((q) => q.run !== run);
  queue.push({ run, name });
  remember(QUEUE, JSON.stringify(queue));
  say("Posting the run to today's board…");
  await sendQueued(say);
  if (readList(QUEUE).some((q) => q.run === run)) say("The board cannot be reached: the run will be posted later.");
}

let dialog = null;

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = String(text);
  row.appendChild(td);
}

async function watch(id, say) {
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
export async function showBoard(say) {
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = "board";
    dialog.setAttribute("aria-label", "Today's board");
    dialog.innerHTML = '<h2>Today\'s board</h2><p role="status"></p><table hidden><thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Outcome</th><th scope="col">Depth</th><th scope="col">Turns</th><th scope="col"><span class="unseen">Watch</span></th></tr></thead><tbody></tbody></table><p><button type="button" data-do="close">Close</button></p>';
    document.body.appendChild(dialog);
    dialog.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      if (b.dataset.do === "close") dialog.close();
      if (b.dataset.watch) watch(b.dataset.watch, say);
    });
    dialog.addEventListener("close", () => document.getElementById("game").focus());
  }
  const status = dialog.querySelector("p[role=status]");
  const table = dialog.querySelector("table");
  const body = dialog.querySelector("tbody");
  body.textContent = "";
  table.hidden = true;
  status.textContent = "Asking the board…";
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
  dialog.querySelector("button[data-do=close]").focus();
  if (!(await boardHere())) {
    status.textContent = "There is no board here: this page is served without one. Everything else works.";
    return;
  }
  const today = new Date().toISOString().slice(0, 10);
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
  if (!shown.length) {
    status.textContent = `No runs yet on the board of ${board.date}. Play today's caves (?daily) to be the first.`;
    return;
  }
  const own = entries.find((e) => mine.has(e.id));
  status.textContent = `The board of ${board.date}: ${entries.length} runs` + (own ? `; yours is rank ${own.rank}.` : ".");
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
