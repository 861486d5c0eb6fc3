// The cave lab's page code, served as lab/start.js and loaded by js/main.js only for ?lab
// (the game page does not download it): starts the lab's own bundle on the canvas and
// connects keys, the touch pad, the window size and the address bar to it.

import { fail, guard, hold, why } from "../js/handle.js";
import { isShortcut, isTyping } from "../js/keys.js";

export async function startLab() {
  const canvas = document.getElementById("game");
  let lab;
  try {
    const bundle = await import(new URL("lab.js", import.meta.url).href);
    await bundle.default({ module_or_path: new URL("lab_bg.wasm", import.meta.url).href });
    window.labBindings = bundle;
    lab = new bundle.Lab("game", window.location.search);
  } catch (e) {
    fail("The cave lab could not start: " + why(e));
    return;
  }
  hold(lab);
  window.cavesLab = lab;
  let pumping = false;
  const sync = () => guard(() => {
    history.replaceState(null, "", "?" + lab.query());
    if (lab.take_request() === "play") window.location.assign("./?" + lab.play_query());
  });
  const pump = () => {
    pumping = guard(() => lab.pending() && lab.work(8), false);
    if (pumping) requestAnimationFrame(pump);
  };
  const keepWorking = () => {
    if (!pumping && guard(() => lab.pending(), false)) {
      pumping = true;
      requestAnimationFrame(pump);
    }
  };
  window.addEventListener("keydown", (e) => {
    if (isTyping(e.target) || isShortcut(e)) return;
    if (e.target.closest && e.target.closest("#pad") && (e.key === "Enter" || e.key === " ")) return;
    if (guard(() => lab.key(e.key), false)) {
      e.preventDefault();
      sync();
      keepWorking();
    }
  });
  // On a touch screen the lab's own buttons fill the pad (they stand in for its keys).
  const pad = document.getElementById("pad");
  const buttons = guard(() => lab.buttons(), "").split("\n").filter(Boolean);
  if (buttons.length && window.matchMedia && window.matchMedia("(pointer: coarse)").matches) {
    pad.className = "lab";
    const style = document.createElement("style");
    style.textContent = "#pad.lab{grid-template-columns:repeat(5,1fr);width:100%}#pad.lab button{font-size:14px;padding:0 2px}" +
      "@media (orientation:landscape){#pad.lab{grid-template-columns:repeat(15,1fr)}#pad.lab button{font-size:12px}}";
    document.head.append(style);
    pad.setAttribute("aria-label", "Lab controls");
    pad.replaceChildren(...buttons.map((line) => {
      const [label, key, spoken] = line.split("\t");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.dataset.key = key;
      if (spoken) b.setAttribute("aria-label", spoken);
      return b;
    }));
    pad.hidden = false;
    guard(() => lab.set_buttons(true));
    pad.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (b && guard(() => lab.key(b.dataset.key), false)) {
        sync();
        keepWorking();
      }
    });
  }
  const fitLab = () => guard(() => lab.fit(window.innerWidth, window.innerHeight - (pad.hidden ? 0 : pad.offsetHeight + 4), window.devicePixelRatio || 1));
  window.addEventListener("resize", fitLab);
  fitLab();
  sync();
  keepWorking();
  canvas.focus();
  document.body.dataset.state = "ready";
}
