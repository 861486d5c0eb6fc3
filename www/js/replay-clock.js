// The replay clock: while the game animates (a replay playing, a journey walking), it is
// ticked once per animation frame with the time since the last, and its output carried out.

import { game, guard } from "./handle.js";
import { carryOut } from "./after-input.js";

let clock = 0;

/** Starts the clock if the game animates (`moving`, when the caller knows it). */
export function startClock(moving = guard(() => game.animating(), false)) {
  if (clock || !moving) return;
  let last = performance.now();
  const frame = (now) => {
    guard(() => game.tick(now - last));
    last = now;
    // Sounds, words, the write of a journey's turns; and whether it still animates.
    clock = carryOut() ? requestAnimationFrame(frame) : 0;
  };
  clock = requestAnimationFrame(frame);
}
