// What follows every input: the game's requests, new words for screen readers, sounds, the replay
// clock, writing the run (after the frame), and the share link deflated once input pauses (not on every key: encoding the
// whole record again on each key would double the work the save already does).

import { handleRequests } from "./requests.js";
import { announce } from "./announce.js";
import { startClock } from "./replay-clock.js";
import { deflateLink } from "./share.js";
import { saveSoon } from "./save.js";
import { playSounds } from "./sound.js";

let linkTimer = 0;

export function afterInput() {
  handleRequests();
  announce();
  playSounds();
  startClock();
  saveSoon();
  clearTimeout(linkTimer);
  linkTimer = setTimeout(deflateLink, 150);
}
