// One tab per run: this tab holds a Web Lock named after the run it plays, and tells the
// game which runs other tabs hold, and whether it holds the lock of the run it resumed (the
// game writes a resumed run only once it does). Without Web Locks every tab plays freely.

import { game, guard } from "./handle.js";

const locks = navigator.locks;
const LOCK = "caves-run-";
const NAMED = /^caves-run-(\d+)$/;
let held = null; // { id, release }

/** Whether this page holds its runs' locks (and answers the game's lock requests). */
export const locking = () => Boolean(locks);

/** Holds run `id`'s lock (released when another is held); `steal` takes it from another tab. */
export function holdRun(id, steal) {
  if (!locks) return;
  if (held && held.id === id) {
    guard(() => game.lock_held(id));
    return;
  }
  if (held) held.release();
  held = null;
  let release;
  const hold = new Promise((r) => (release = r));
  const mine = { id, release };
  let answered = false;
  const options = steal ? { steal: true } : { ifAvailable: true };
  locks.request(LOCK + id, options, (lock) => {
    answered = true;
    if (!lock) {
      // Another tab plays it: this tab goes back to its start menu, having written nothing.
      guard(() => game.lock_refused(id));
      queryBusy();
      return null;
    }
    held = mine;
    if (steal) guard(() => game.took_over(id));
    else guard(() => game.lock_held(id));
    return hold;
  }).catch(() => {
    if (!answered) {
      // The browser would not lock at all: play and save as without Web Locks.
      guard(() => game.lock_held(id));
    } else if (held === mine) {
      // Another tab took the lock (steal): this tab stops saving the run.
      held = null;
      guard(() => game.lock_lost());
    }
  });
}

/** Tells the game which runs other tabs hold now; resolves once it has (or in 2 s at most). */
export function queryBusy() {
  if (!locks || !locks.query) return Promise.resolve();
  const asked = locks.query().then((state) => {
    const mine = held ? held.id : null;
    const ids = (state.held || [])
      .map((l) => NAMED.exec(l.name || ""))
      .filter(Boolean)
      .map((m) => Number(m[1]))
      .filter((id) => id !== mine);
    guard(() => game.set_busy(ids));
  }, () => {});
  return Promise.race([asked, new Promise((r) => setTimeout(r, 2000))]);
}
