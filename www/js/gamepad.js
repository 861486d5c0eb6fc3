// A gamepad plays the game (the Gamepad API, "standard" mapping): the left stick or the d-pad
// moves (eight ways on the stick), and the buttons are keys the game already knows. While a
// pad is connected it is read once per animation frame; a held direction repeats, as a held
// key does.

import { game, guard } from "./handle.js";
import { afterInput } from "./after-input.js";
import { dialogOpen } from "./dialog.js";

// Standard-mapping button index -> the game's key name.
export const BUTTON_KEYS = {
  0: ".", // A / cross: wait a turn (and confirm on the start and end screens: see below)
  1: "Escape", // B / circle: back, menu
  2: "x", // X / square: look
  3: "i", // Y / triangle: inventory
  4: "g", // LB: pick up
  5: "Stairs", // RB: walk to the stairs on your way and take them
  6: "R", // LT: rest
  7: "o", // RT: explore
  8: "?", // Back / Select: help
  9: "Enter", // Start: start or continue a run, and go on with a journey that stopped
  10: "T", // L3 (left stick pressed): douse or relight the torch
  11: "t", // R3 (right stick pressed): throw (then aim with the stick, A throws)
  16: "Map", // Home / Guide, where the browser passes it on: the map (the stick moves its cursor, A goes there)
};
const DPAD = { 12: "k", 13: "j", 14: "h", 15: "l" };
// Stick directions by octant, counter-clockwise from east (screen y grows downward).
const OCTANTS = ["l", "u", "k", "y", "h", "b", "j", "n"];
const DEAD = 0.5;
const FIRST_REPEAT_MS = 260;
const REPEAT_MS = 110;

let polling = 0;
const held = new Map(); // key name -> time it repeats next

function press(key) {
  guard(() => game.key(key));
  afterInput();
}

function stickKey(x, y) {
  if (Math.hypot(x, y) < DEAD) return null;
  const turn = Math.atan2(-y, x) / (Math.PI / 4);
  return OCTANTS[(Math.round(turn) + 8) % 8];
}

/** The keys a pad holds down now. */
export function padKeys(pad) {
  const keys = new Set();
  pad.buttons.forEach((b, i) => {
    if (!(b && b.pressed)) return;
    if (BUTTON_KEYS[i]) keys.add(BUTTON_KEYS[i]);
    if (DPAD[i]) keys.add(DPAD[i]);
  });
  const stick = stickKey(pad.axes[0] || 0, pad.axes[1] || 0);
  if (stick) keys.add(stick);
  return keys;
}

const MOVES = new Set(["h", "j", "k", "l", "y", "u", "b", "n"]);

function connected() {
  try {
    return Array.from(navigator.getGamepads() || []).filter(Boolean);
  } catch (e) {
    return []; // the page's permissions policy may forbid gamepads
  }
}

function poll(now) {
  const pads = connected();
  if (!pads.length) {
    polling = 0;
    held.clear();
    return;
  }
  const down = new Set();
  for (const pad of pads) for (const k of padKeys(pad)) down.add(k);
  for (const k of held.keys()) if (!down.has(k)) held.delete(k);
  if (dialogOpen()) {
    // Over a dialog (share, board) B closes it, as Escape does; other buttons wait for it.
    if (down.has("Escape") && !held.has("Escape")) {
      const open = document.querySelectorAll("dialog[open]");
      if (open.length) open[open.length - 1].close();
    }
    for (const k of down) if (!held.has(k)) held.set(k, now + FIRST_REPEAT_MS);
  } else {
    for (const k of down) {
      if (!held.has(k)) {
        held.set(k, now + FIRST_REPEAT_MS);
        press(k);
      } else if (MOVES.has(k) && now >= held.get(k)) {
        held.set(k, now + REPEAT_MS);
        press(k);
      }
    }
  }
  polling = requestAnimationFrame(poll);
}

export function listenGamepad() {
  if (!navigator.getGamepads) return;
  const start = () => {
    if (!polling) polling = requestAnimationFrame(poll);
  };
  window.addEventListener("gamepadconnected", start);
  if (connected().length) start();
}
