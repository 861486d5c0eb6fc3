// What follows every input, and every frame of the replay clock: the game answers with one
// output (Game.output), taken in one call: its requests, new words for screen readers, sounds,
// whether it animates (the replay clock), whether a turn waits to be written (after the
// frame), and whether the shown record changed. Its share link is then deflated once input
// pauses (not on every key: encoding the whole record again on each key would double the work
// the save already does; nor on the clock's frames).

import { game, guard } from "./handle.js";
import { handleRequests } from "./requests.js";
import { announce } from "./announce.js";
import { startClock } from "./replay-clock.js";
import { deflateLink } from "./share.js";
import { saveSoon } from "./save.js";
import { playSounds } from "./sound.js";

let linkTimer = 0;
let linkStale = false;

/** Carries out the game's output; answers whether it animates. */
export function carryOut() {
  const out = guard(() => game.output(), null);
  if (!out) return false;
  handleRequests(out.requests);
  announce(out.said);
  playSounds(out.sounds);
  if (out.save) saveSoon();
  linkStale ||= out.link;
  return out.animating;
}

/** What follows an input: its output, the replay clock, and the share link once input pauses. */
export function afterInput() {
  if (carryOut()) startClock(true);
  clearTimeout(linkTimer);
  if (linkStale) {
    linkTimer = setTimeout(() => {
      linkStale = false;
      deflateLink();
    }, 150);
  }
}
