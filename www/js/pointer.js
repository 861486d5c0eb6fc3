// Touch, pen and mouse on the canvas: a tap or click acts, a long press (half a second, the
// finger still) looks, the mouse names what it hovers. The first touch turns on the touch
// screens' toolbar.

import { game, guard } from "./handle.js";
import { afterInput } from "./after-input.js";
import { fit } from "./fit.js";
import { recall } from "./storage.js";

function setTouch() {
  if (document.body.dataset.touch === "1") return;
  document.body.dataset.touch = "1";
  document.getElementById("tools").hidden = false;
  document.getElementById("pad").hidden = recall("caves.pad") !== "1";
  guard(() => game.set_touch(true));
  fit();
}

export function listenPointer(canvas) {
  let down = null;
  const at = (e) => [e.offsetX, e.offsetY, canvas.clientWidth, canvas.clientHeight];
  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch" || e.pointerType === "pen") setTouch();
    if (e.button !== 0) return;
    canvas.focus();
    guard(() => game.set_focused(true));
    const start = at(e);
    down = { x: e.clientX, y: e.clientY, looked: false, timer: 0 };
    const mine = down;
    down.timer = setTimeout(() => {
      mine.looked = true;
      guard(() => game.press(...start));
      afterInput();
    }, 500);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) > 10) {
      clearTimeout(down.timer);
      down.looked = true;
    }
    if (e.pointerType === "mouse") guard(() => game.hover(...at(e)));
  });
  canvas.addEventListener("pointerup", (e) => {
    if (!down) return;
    clearTimeout(down.timer);
    const looked = down.looked;
    down = null;
    if (!looked) guard(() => game.tap(...at(e)));
    afterInput();
  });
  canvas.addEventListener("pointercancel", () => {
    if (down) clearTimeout(down.timer);
    down = null;
  });
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("mouseleave", () => guard(() => game.hover(-1, -1, 1, 1)));
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) setTouch();
}
