// The touch screens' toolbar (pad on or off, remembered; colours, larger glyphs, share,
// help) and the pad, whose buttons are the game's keys.

import { game, guard } from "./handle.js";
import { afterInput } from "./after-input.js";
import { fit } from "./fit.js";
import { remember } from "./storage.js";

// The pad's buttons, in order, from the game's keys (Game.bindings).
function buildPad(pad, keys) {
  pad.replaceChildren(...keys.map((k) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.key = k.key;
    b.setAttribute("aria-label", k.name);
    b.textContent = k.label;
    return b;
  }));
}

export function listenPad(bindings) {
  const pad = document.getElementById("pad");
  buildPad(pad, bindings.pad);
  const padButton = document.querySelector('[data-tool="pad"]');
  padButton.setAttribute("aria-pressed", String(!pad.hidden));
  document.getElementById("tools").addEventListener("click", (e) => {
    const tool = e.target.closest("button");
    if (!tool) return;
    const what = tool.dataset.tool;
    if (what === "pad") {
      pad.hidden = !pad.hidden;
      remember("caves.pad", pad.hidden ? "0" : "1");
      padButton.setAttribute("aria-pressed", String(!pad.hidden));
      fit();
    } else {
      guard(() => game.key(what));
      afterInput();
    }
  });
  pad.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    guard(() => game.key(b.dataset.key));
    afterInput();
  });
}
