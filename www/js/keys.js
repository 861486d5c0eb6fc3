// The keyboard: which keys are the game's (not while typing in a field, not the browser's
// and the system's shortcuts), and their names as the game reads them.

import { game, guard } from "./handle.js";
import { afterInput } from "./after-input.js";
import { dialogOpen } from "./dialog.js";

export function isTyping(target) {
  return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

// AltGr arrives as Ctrl+Alt on Windows: let it through, so layouts that type < and > with
// AltGr can take the stairs. Ctrl or Alt alone, or Meta, are the browser's and the system's.
export function isShortcut(e) {
  const altGr = (e.ctrlKey && e.altKey) || (e.getModifierState && e.getModifierState("AltGraph"));
  return e.metaKey || (!altGr && (e.ctrlKey || e.altKey));
}

export function listenKeys() {
  window.addEventListener("keydown", (e) => {
    if (isTyping(e.target) || isShortcut(e) || dialogOpen()) return;
    // Enter and Space on the toolbar and the pad press their buttons.
    if (e.target && e.target.closest && e.target.closest("#tools, #pad") && (e.key === "Enter" || e.key === " ")) return;
    // Shift with an arrow runs; the key name alone cannot say so.
    const key = e.shiftKey && e.key.startsWith("Arrow") ? "Shift+" + e.key : e.key;
    if (guard(() => game.key(key), false)) e.preventDefault();
    afterInput();
  });
}
