// Share links. The game writes and reads them (src/web/link.rs); the page only streams the
// record through the browser's "deflate-raw" compressor and decompressor, which are
// asynchronous. The newest deflated copy is made in the background once input pauses; until
// it is there, share_text gives an uncompressed link, which works as well. An ended daily
// run's share text is its card instead (the day without its caves).

import { game, guard } from "./handle.js";
import { startClock } from "./replay-clock.js";
import { parOf, rankOf } from "./board.js";

const canDeflate = typeof CompressionStream === "function" && typeof DecompressionStream === "function";
const pageUrl = () => location.origin + location.pathname;

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The shown run's card when it is an ended daily run, else its link; "" when there is none. */
export const shareLink = () => guard(() => game.share_text(pageUrl(), rankOf(game.record_bytes()), parOf()), "");

let deflating = false;

/** Deflates the shown run's record for its link, until the link has the newest one. */
export async function deflateLink() {
  if (!canDeflate || deflating) return;
  deflating = true;
  try {
    for (let record; (record = guard(() => game.to_deflate())); ) {
      const bytes = await pipe(record, new CompressionStream("deflate-raw"));
      guard(() => game.set_deflated(record, bytes));
    }
  } catch (e) {
    // Links stay uncompressed; they still work.
  } finally {
    deflating = false;
  }
}

/** Opens the run of the address's link, if it has one, in the replay viewer. */
export async function openLink() {
  const link = guard(() => game.read_link(location.hash));
  if (!link) return;
  let bytes = link.bytes;
  const deflated = link.deflated;
  link.free();
  if (deflated) {
    bytes = canDeflate ? await pipe(bytes, new DecompressionStream("deflate-raw")).catch(() => null) : null;
    if (!bytes) {
      const why = canDeflate ? "the link is damaged or cut short" : "this browser cannot unpack compressed links";
      guard(() => game.unreadable(why));
      return;
    }
  }
  guard(() => game.open_replay(bytes, new Uint32Array(0), ""));
  startClock();
}
