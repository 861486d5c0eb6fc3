// Carries out what the game asks of the page (the `requests` of Game.output: each a kind and
// its argument).

import { game, guard } from "./handle.js";
import { download, importFile } from "./files.js";
import { fit } from "./fit.js";
import { holdRun } from "./lock.js";
import { shareLink } from "./share.js";
import { showLink } from "./dialog.js";
import { remember } from "./storage.js";
import { fallen, postRun, showBoard, watchGrave } from "./board.js";
import { showSound } from "./sound.js";

function record() {
  const bytes = guard(() => game.record_bytes(), new Uint8Array());
  if (bytes.length) download(guard(() => game.record_name(), "caves.cavesrun"), bytes, "application/octet-stream");
}

const DO = {
  lock: (r) => holdRun(r.run, false),
  takeover: (r) => holdRun(r.run, true),
  share: () => { const link = shareLink(); if (link) showLink(link); },
  export: record,
  import: importFile,
  kept: (r) => download("caves-kept-save-" + r.kept + ".txt", guard(() => game.kept_text(r.kept), ""), "text/plain"),
  lab: (r) => window.location.assign("./?lab&seed=" + r.seed),
  prefs: () => { remember("caves.prefs", guard(() => game.prefs(), "")); showSound(); fit(); },
  board: () => showBoard(),
  post: () => postRun(),
  fallen,
  watch: (r) => watchGrave(r.run),
};

export function handleRequests(requests) {
  for (const r of requests) DO[r.kind](r);
}
