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

/** Carries out the game's output (its lines: see Game.output); answers whether it animates. */
export function carryOut() {
  const [flags, ...lines] = guard(() => game.output(), "000").split("\n");
  const requests = [];
  const said = [];
  const sounds = [];
  for (const line of lines) {
    const [what, a, b] = line.split("\t");
    if (what === "r") requests.push({ kind: a, run: Number(b), kept: Number(b), seed: b });
    else if (what === "s") said.push(a);
    else if (what === "c") sounds.push(a);
  }
  handleRequests(requests);
  announce(said);
  playSounds(sounds);
  if (flags[1] === "1") saveSoon();
  linkStale ||= flags[2] === "1";
  return flags[0] === "1";
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
