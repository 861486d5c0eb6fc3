// The replay clock: while the game animates (a replay playing, a journey walking), it is
// ticked once per animation frame with the time since the last.

import { game, guard } from "./handle.js";
import { announce } from "./announce.js";
import { saveSoon } from "./save.js";
import { playSounds } from "./sound.js";

let clock = 0;

export function startClock() {
  if (clock || !guard(() => game.animating(), false)) return;
  let last = performance.now();
  const frame = (now) => {
    guard(() => game.tick(now - last));
    last = now;
    announce();
    playSounds();
    saveSoon(); // a journey plays turns
    clock = guard(() => game.animating(), false) ? requestAnimationFrame(frame) : 0;
  };
  clock = requestAnimationFrame(frame);
}
