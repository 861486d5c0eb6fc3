// One tab per run: this tab holds a Web Lock named after the run it plays, and tells the
// game which runs other tabs hold. Without Web Locks every tab plays freely.

import { game, guard } from "./handle.js";

const locks = navigator.locks;
const LOCK = "caves-run-";
const NAMED = /^caves-run-(\d+)$/;
let held = null; // { id, release }

/** Holds run `id`'s lock (released when another is held); `steal` takes it from another tab. */
export function holdRun(id, steal) {
  if (!locks) return;
  if (held && held.id === id) return;
  if (held) held.release();
  let release;
  const hold = new Promise((r) => (release = r));
  const mine = { id, release };
  const options = steal ? { steal: true } : { ifAvailable: true };
  locks.request(LOCK + id, options, (lock) => {
    if (!lock) {
      guard(() => game.lock_lost());
      return null;
    }
    held = mine;
    if (steal) guard(() => game.took_over(id));
    return hold;
  }).catch(() => {
    // Another tab took the lock (steal): this tab stops saving the run.
    if (held === mine) {
      held = null;
      guard(() => game.lock_lost());
    }
  });
}

/** Tells the game which runs other tabs hold now. */
export function queryBusy() {
  if (!locks || !locks.query) return;
  locks.query().then((state) => {
    const mine = held ? held.id : null;
    const ids = (state.held || [])
      .map((l) => NAMED.exec(l.name || ""))
      .filter(Boolean)
      .map((m) => Number(m[1]))
      .filter((id) => id !== mine);
    guard(() => game.set_busy(ids));
  }, () => {});
}
