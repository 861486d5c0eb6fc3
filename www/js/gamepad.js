// A gamepad plays the game (the Gamepad API, "standard" mapping): the left stick or the d-pad
// moves (eight ways on the stick), and the buttons are keys the game already knows. While a
// pad is connected it is read once per animation frame; a held direction repeats, as a held
// key does.

import { game, guard } from "./handle.js";
import { afterInput } from "./after-input.js";
import { dialogOpen } from "./dialog.js";

// Standard-mapping button index -> the game's key name, and the stick's directions by
// octant, counter-clockwise from east (screen y grows downward): from Game.bindings.
let buttonKeys = new Map();
let octants = [];
let moves = new Set();
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
  return octants[(Math.round(turn) + 8) % 8];
}

/** The keys a pad holds down now. */
export function padKeys(pad) {
  const keys = new Set();
  pad.buttons.forEach((b, i) => {
    if (!(b && b.pressed)) return;
    if (buttonKeys.has(i)) keys.add(buttonKeys.get(i));
  });
  const stick = stickKey(pad.axes[0] || 0, pad.axes[1] || 0);
  if (stick) keys.add(stick);
  return keys;
}

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
      } else if (moves.has(k) && now >= held.get(k)) {
        held.set(k, now + REPEAT_MS);
        press(k);
      }
    }
  }
  polling = requestAnimationFrame(poll);
}

export function listenGamepad(bindings) {
  buttonKeys = new Map(bindings.gamepad.map((b) => [b.button, b.key]));
  octants = bindings.stick;
  moves = new Set(octants);
  if (!navigator.getGamepads) return;
  const start = () => {
    if (!polling) polling = requestAnimationFrame(poll);
  };
  window.addEventListener("gamepadconnected", start);
  if (connected().length) start();
}
