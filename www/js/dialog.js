// The page's dialogs: how one is made and opened (the board's too), and the share dialog: the
// link (or a daily run's card), selected, with Copy and Close, made on first use.

let dialog = null;

/** True while one of the page's dialogs (share, board) is open: keys are then the dialog's. */
export const dialogOpen = () => document.querySelector("dialog[open]") !== null;

/** A dialog of the page, `id`, named `label` for screen readers and holding `html`, added to
 * the page: once closed, the game has the keys again. */
export function makeDialog(id, label, html) {
  const d = document.createElement("dialog");
  d.id = id;
  d.setAttribute("aria-label", label);
  d.innerHTML = html;
  document.body.appendChild(d);
  d.addEventListener("close", () => document.getElementById("game").focus());
  return d;
}

/** Opens `d` as a modal dialog, or plainly where the browser has no modal ones. */
export function openDialog(d) {
  if (typeof d.showModal !== "function") d.setAttribute("open", "");
  else if (!d.open) d.showModal();
}

function copy(text) {
  const note = dialog.querySelector("span");
  const done = (ok) => { note.textContent = ok ? "Copied." : "Select the text and copy it."; };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => done(true), () => done(false));
  else done(false);
}

export function showLink(link) {
  if (!dialog) {
    dialog = makeDialog("share", "Share this run", '<p></p><textarea readonly rows="6" cols="40"></textarea><p><button type="button" data-do="copy">Copy</button> <button type="button" data-do="close">Close</button> <span role="status"></span></p>');
    dialog.addEventListener("click", (e) => {
      const what = e.target && e.target.dataset ? e.target.dataset.do : null;
      if (what === "close") dialog.close();
      if (what === "copy") copy(dialog.querySelector("textarea").value);
    });
  }
  const card = link.includes("\n");
  const box = dialog.querySelector("textarea");
  dialog.querySelector("p").textContent = card ? "Your day, without its caves:" : "Anyone who opens this link watches this run:";
  box.setAttribute("aria-label", card ? "Card of this daily run" : "Link to this run");
  box.rows = card ? 6 : 3;
  box.value = link;
  dialog.querySelector("span").textContent = "";
  openDialog(dialog);
  box.select();
}
