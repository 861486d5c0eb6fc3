// Watching live (docs/board.md): a daily run played on a board's page goes to the board as it
// is played, and a player whose own daily run has ended can watch others' as they play.
//
// Sending: at most every 2 s, the actions played since the last batch go to the board, and
// once more as the page is left. The network never holds play up: a batch that fails is sent again, with everything since, 2 s
// later (10 s when the board is busy); a 409 names how many actions the board holds, and the
// next batch starts there (or, for a live run the board has ended, a new live run starts).
// Every batch's answer says how many watch, shown beside the game.
//
// Watching: the run's actions come as server-sent events into the replay viewer, 20 turns
// behind the player (the board holds the rest back until the run is over and kept); the
// browser reconnects by itself, with the last event's id, and the `end` event ends the stream.

import { game, guard } from "./handle.js";
import { startClock } from "./replay-clock.js";

let player = null; // () => { token, name }
let seed = ""; // the board's seed of the day
let run = ""; // the page's run id the live run carries, or the run that ended
let id = ""; // the live run's id on the board ("" while none is open)
let sent = 0; // actions the board holds
let wait = 0; // no batch before this time
let busy = false;
let shown = null; // the count of watchers on the page
let source = null; // the stream watched

/** Sends this page's run of the board's daily caves `day` ({ date, seed }) to the board. */
export function goLive(day, who) {
  [seed, player] = [day.seed, who];
  setInterval(() => busy || Date.now() < wait || ((busy = true), send().catch(() => {}).finally(() => (busy = false))), 250);
  // What was played since the last batch goes as the page is left, in a request that outlives it.
  addEventListener("pagehide", () => {
    const [now, actions] = guard(() => game.live(seed, sent), "").split(" ");
    if (id && now === run && actions) post(`api/live/${id}/actions`, JSON.stringify({ from: sent, actions }), true).catch(() => {});
  });
}

const post = (url, body, keepalive = false) =>
  fetch(url, { method: "POST", keepalive, headers: { "Content-Type": "application/json", "X-Caves-Token": player().token }, body });

async function send() {
  const [now, actions] = guard(() => game.live(seed, sent), "").split(" ");
  if (!now) return shown && (shown.hidden = true); // no daily run played here
  wait = Date.now() + 2000;
  if (now !== run) {
    const p = player();
    const r = await fetch(`api/live?name=${encodeURIComponent(p.name)}`, { method: "POST", headers: { "X-Caves-Token": p.token } });
    if (!r.ok) return void ((wait += 8000), r.status < 500 && r.status !== 429 && (run = now)); // refused: not live
    [{ id }, run, sent] = [await r.json(), now, 0];
  }
  if (!id || !actions) return; // its live run is over, or nothing new
  const r = await post(`api/live/${id}/actions`, JSON.stringify({ from: sent, actions }));
  const b = await r.json();
  if (r.status === 409) {
    if (b.actions > sent) sent = b.actions; // the board missed a batch: from what it holds
    else run = ""; // the board ended this live run (idle): a new one
    wait = 0;
  } else if (r.ok) {
    sent = b.actions;
    if (b.ended) id = "";
    count(b.ended ? -1 : b.watchers);
  } else wait += 8000;
}

/** Shows how many watch (nothing once the live run has ended). */
function count(n) {
  if (!shown) {
    shown = document.createElement("p");
    shown.id = "watchers";
    shown.setAttribute("role", "status");
    document.querySelector("main").appendChild(shown);
  }
  shown.hidden = n < 0;
  shown.innerHTML = `<span aria-hidden="true">\u25c9 ${n}</span><span class="unseen">${n === 1 ? "1 person watches" : n + " people watch"} your run live</span>`;
}

/** Watches live run `liveId` of the daily caves `day` ({ date, seed }) in the replay viewer,
 * with the `ticket` the board's list gave it (today's runs are watched with one). */
export function watchLive(liveId, day, ticket) {
  if (source) source.close();
  if (!guard(() => game.watch_live(day.date, day.seed), false)) return;
  startClock();
  const s = (source = new EventSource(`api/live/${liveId}/events?ticket=${encodeURIComponent(ticket || "")}`));
  // More of the run; the stream closes once the viewer has left it (checked every 2 s too).
  const more = (text, end) => {
    if (!guard(() => game.live_more(text, end), false) || end) s.close(), clearInterval(left);
    startClock();
  };
  const left = setInterval(more, 2000, "", false);
  s.addEventListener("actions", (e) => more(JSON.parse(e.data).actions, false));
  s.addEventListener("end", () => more("", true));
  s.onerror = () => s.readyState > 1 && more("", true); // refused (an unknown run): not live
}
