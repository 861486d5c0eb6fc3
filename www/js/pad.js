// The touch screens' toolbar (pad on or off, remembered; then the game's keys: colours,
// larger glyphs, sound, share, board, help) and the pad, whose buttons are the game's keys.

import { game, guard } from "./handle.js";
import { afterInput } from "./after-input.js";
import { fit } from "./fit.js";
import { remember } from "./storage.js";

// A button pressing the game's key `k.key`, as its `data-` field `field` says.
function button(k, field) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset[field] = k.key;
  if (k.name) b.setAttribute("aria-label", k.name);
  b.textContent = k.label;
  return b;
}

// The pad's buttons and the toolbar's after its Pad button, in order, from the game's keys
// (Game.bindings).
export function listenPad(bindings) {
  const pad = document.getElementById("pad");
  pad.replaceChildren(...bindings.pad.map((k) => button(k, "key")));
  document.getElementById("tools").append(...bindings.tool.map((k) => button(k, "tool")));
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
