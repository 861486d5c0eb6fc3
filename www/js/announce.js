// Words for screen readers: new log lines go to a polite live region (the last 20 kept).

import { game, guard } from "./handle.js";

export function announce() {
  const said = document.getElementById("said");
  const text = guard(() => game.announcements(), "");
  if (!said || !text) return;
  for (const line of text.split("\n")) {
    const p = document.createElement("p");
    p.textContent = line;
    said.appendChild(p);
  }
  while (said.childElementCount > 20) said.firstElementChild.remove();
}
