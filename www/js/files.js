// Run files: a download made from bytes or text, and a record file chosen to watch.

import { game, guard } from "./handle.js";
import { startClock } from "./replay-clock.js";

export function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function importFile() {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".cavesrun,application/octet-stream";
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file) return;
    file.arrayBuffer().then(
      (buf) => { guard(() => game.open_replay(new Uint8Array(buf), new Uint32Array(0), "")); startClock(); },
      () => guard(() => game.unreadable("the file could not be read")),
    );
  });
  input.click();
}
