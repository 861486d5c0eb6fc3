// The touch screens' toolbar (pad on or off, remembered; colours, larger glyphs, share,
// help) and the pad, whose buttons are keys.

import { game, guard } from "./handle.js";
import { afterInput } from "./after-input.js";
import { fit } from "./fit.js";
import { remember } from "./storage.js";

export function listenPad() {
  const pad = document.getElementById("pad");
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
