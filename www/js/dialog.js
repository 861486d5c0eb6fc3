// The share dialog: the link (or a daily run's card), selected, with Copy and Close. Made on
// first use.

let dialog = null;

/** True while one of the page's dialogs (share, board) is open: keys are then the dialog's. */
export const dialogOpen = () => document.querySelector("dialog[open]") !== null;

function copy(text) {
  const note = dialog.querySelector("span");
  const done = (ok) => { note.textContent = ok ? "Copied." : "Select the text and copy it."; };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => done(true), () => done(false));
  else done(false);
}

export function showLink(link) {
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = "share";
    dialog.setAttribute("aria-label", "Share this run");
    dialog.innerHTML = '<p></p><textarea readonly rows="6" cols="40"></textarea><p><button type="button" data-do="copy">Copy</button> <button type="button" data-do="close">Close</button> <span role="status"></span></p>';
    document.body.appendChild(dialog);
    dialog.addEventListener("click", (e) => {
      const what = e.target && e.target.dataset ? e.target.dataset.do : null;
      if (what === "close") dialog.close();
      if (what === "copy") copy(dialog.querySelector("textarea").value);
    });
    dialog.addEventListener("close", () => document.getElementById("game").focus());
  }
  const card = link.includes("\n");
  const box = dialog.querySelector("textarea");
  dialog.querySelector("p").textContent = card ? "Your day, without its caves:" : "Anyone who opens this link watches this run:";
  box.setAttribute("aria-label", card ? "Card of this daily run" : "Link to this run");
  box.rows = card ? 6 : 3;
  box.value = link;
  dialog.querySelector("span").textContent = "";
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
  box.select();
}
