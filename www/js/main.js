// The page's entry module: once Trunk's loader has the wasm module ready, starts the game
// (or, for ?lab, the cave lab) and connects it to the page. Each concern is a module of its
// own; wasm decides everything about the game, these only carry browser events to it and
// its requests back. A failure to load becomes a readable message, never a blank screen.

import { game, guard, hold, fail, why } from "./handle.js";
import { afterInput } from "./after-input.js";
import { fit } from "./fit.js";
import { listenKeys } from "./keys.js";
import { locking, queryBusy } from "./lock.js";
import { listenPad } from "./pad.js";
import { listenGamepad } from "./gamepad.js";
import { boardDaily, boardHere, fallen, player, sendQueued, showPars } from "./board.js";
import { goLive } from "./live.js";
import { listenPointer } from "./pointer.js";
import { openLink, shareLink } from "./share.js";
import { recall } from "./storage.js";
import { listenSound, showSound } from "./sound.js";

let starting = false;

// The test and review handle (a stable contract: tests/e2e drive the page through it).
function expose(canvas) {
  window.cavesGame = {
    key: (k) => { const used = guard(() => game.key(String(k)), false); afterInput(); return used; },
    text: () => guard(() => game.text(), ""),
    player: () => guard(() => game.player(), []),
    seed: () => guard(() => game.seed(), ""),
    share_link: () => shareLink(),
    actions: () => guard(() => game.actions(), 0),
    animating: () => guard(() => game.animating(), false),
    flush: () => guard(() => game.flush()),
    look_text: () => guard(() => game.look_text(), ""),
    repaint_all: () => guard(() => game.repaint_all()),
    grid: () => guard(() => Array.from(game.grid(), Number), []),
    tap: (x, y) => { const used = guard(() => game.tap(x, y, canvas.clientWidth, canvas.clientHeight), false); afterInput(); return used; },
  };
}

// ?daily on a board plays the board's day and seed (asked first, so this start may wait);
// elsewhere, or when the board does not answer, the public seed of this device's UTC date.
async function startGame(bindings) {
  const canvas = document.getElementById("game");
  const query = new URLSearchParams(window.location.search);
  let today = new Date().toISOString().slice(0, 10);
  let seed = query.get("seed");
  let daily = null;
  let board = null;
  if (query.has("daily")) {
    board = await boardDaily();
    if (board) today = board.date;
    daily = today;
    seed = board ? board.seed : null;
  }
  try {
    hold(new bindings.Game("game", seed, daily, today, window.location.search));
  } catch (e) {
    fail("The game could not start: " + why(e));
    return;
  }
  guard(() => game.set_locking(locking()));
  // Which runs other tabs hold, before any key can choose one to continue.
  await queryBusy();
  expose(canvas);
  listenKeys();
  window.addEventListener("resize", fit);
  window.addEventListener("blur", () => guard(() => game.set_focused(false)));
  window.addEventListener("focus", () => { guard(() => game.set_focused(document.hasFocus())); queryBusy(); });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") guard(() => game.flush());
    else queryBusy();
  });
  window.addEventListener("pagehide", () => guard(() => game.flush()));
  window.addEventListener("hashchange", () => openLink());
  window.addEventListener("online", () => sendQueued());
  guard(() => game.set_prefs(recall("caves.prefs")));
  listenSound();
  listenPointer(canvas);
  const keys = { pad: [], tool: [], gamepad: [], stick: [] };
  for (const line of guard(() => game.bindings(), "").split("\n")) {
    const [kind, a, b, c] = line.split("\t");
    if (kind === "pad") keys.pad.push({ key: a, label: b, name: c });
    else if (kind === "tool") keys.tool.push({ key: a, label: b });
    else if (kind === "gamepad") keys.gamepad.push({ button: Number(a), key: b });
    else if (kind === "stick") keys.stick.push(a);
  }
  listenPad(keys);
  showSound();
  listenGamepad(keys);
  fit();
  canvas.focus();
  document.body.dataset.state = "ready";
  performance.mark("caves-ready"); // the first playable frame is painted (benchmarks read it)
  openLink();
  boardHere().then(showPars); // daily runs are offered to post on a board; par kept for Your days
  sendQueued(); // runs posted while the board could not be reached
  if (board) goLive(board, player); // the daily run goes to the board as it is played
  fallen(); // today's fallen, when the player's own daily run has ended
}

// The cave lab: its bundle and the code that runs it load only for ?lab.
function startLab() {
  import(new URL("../lab/start.js", import.meta.url).href)
    .then((lab) => lab.startLab())
    .catch((e) => fail("The cave lab could not start: " + why(e)));
}

function start(bindings) {
  if (starting || document.body.dataset.state === "error") return;
  starting = true;
  if (new URLSearchParams(window.location.search).has("lab")) startLab();
  else startGame(bindings).catch((e) => fail("The game could not start: " + why(e)));
}

if (typeof WebAssembly !== "object") {
  fail("This browser cannot run WebAssembly, which the game needs. Try a current Firefox, Chrome, Edge or Safari.");
} else {
  window.addEventListener("TrunkApplicationStarted", () => start(window.wasmBindings));
  if (window.wasmBindings) start(window.wasmBindings);
  window.addEventListener("error", (e) => {
    if (!game) fail("The game could not load: " + e.message);
  });
  window.addEventListener("unhandledrejection", (e) => {
    if (!game) fail("The game could not load: " + why(e.reason));
  });
  setTimeout(() => {
    if (!game && document.body.dataset.state === "loading") {
      fail("The game did not load within 30 seconds. Check the connection and reload the page.");
    }
  }, 30000);
}
