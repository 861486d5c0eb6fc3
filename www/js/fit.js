// Fits the game to the window: the layout viewport (not innerWidth: a phone zooms out while
// the page is wider than it), less the toolbar and the pad where they are shown.

import { game, guard } from "./handle.js";

export function fit() {
  const root = document.documentElement;
  const w = root.clientWidth || window.innerWidth;
  let h = root.clientHeight || window.innerHeight;
  for (const id of ["tools", "pad"]) {
    const el = document.getElementById(id);
    if (el && !el.hidden) h -= el.offsetHeight + 4;
  }
  guard(() => game.fit(w, Math.max(h, 100), window.devicePixelRatio || 1));
}
