// Writing the run after each turn. A key's frame is painted first; the write follows in a
// task of its own, queued at once (so it still comes before the next input), and several
// inputs in one task share one write. The page also writes when it is hidden (main.js).

import { game, guard } from "./handle.js";

const channel = new MessageChannel();
let queued = false;

channel.port1.onmessage = () => {
  queued = false;
  guard(() => game.flush());
};

/** Queues the write of the run after the frame just painted. */
export function saveSoon() {
  if (queued) return;
  queued = true;
  channel.port2.postMessage(0);
}
