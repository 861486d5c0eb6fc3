// Starts the game once the wasm module is ready and connects it to the page: keys, focus,
// pointer, canvas size, the run's lock against other tabs, share links, run files and the
// replay clock. Any failure becomes a readable message on the page instead of a blank screen.
(function () {
  "use strict";
  const status = document.getElementById("status");
  let game = null;

  function fail(message) {
    document.body.dataset.state = "error";
    status.textContent = message;
  }

  // Runs a call into the game; a crash shows a message instead of freezing silently.
  function guard(f, fallback) {
    if (!game) return fallback;
    try {
      return f();
    } catch (e) {
      game = null;
      fail("The game stopped because of an internal error: " + (e && e.message ? e.message : e) + ". Reload the page to play again. Your run was saved up to the last turn.");
      return fallback;
    }
  }

  // The height the toolbar and the pad take, when shown, is not the canvas's.
  // The layout viewport (not innerWidth: a phone zooms out while the page is wider than it).
  function fit() {
    const root = document.documentElement;
    const w = root.clientWidth || window.innerWidth;
    let h = root.clientHeight || window.innerHeight;
    for (const id of ["tools", "pad"]) {
      const el = document.getElementById(id);
      if (el && !el.hidden) h -= el.offsetHeight + 4;
    }
    guard(() => game.fit(w, Math.max(h, 100), window.devicePixelRatio || 1));
  }

  // ---- remembered choices (storage may be missing: then they last for the visit)

  function remember(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch (e) {
      // Storage is off; the game says so elsewhere.
    }
  }
  function recall(key) {
    try {
      return localStorage.getItem(key) || "";
    } catch (e) {
      return "";
    }
  }

  // ---- words for screen readers: new log lines go to a polite live region

  function announce() {
    const said = document.getElementById("said");
    const text = guard(() => game.announcements(), "");
    if (!said || !text) return;
    for (const line of text.split("\n")) {
      const p = document.createElement("p");
      p.textContent = line;
      said.appendChild(p);
    }
    while (said.childElementCount > 20) said.firstElementChild.remove();
  }

  // ---- touch, pen and mouse: a tap or click acts, a long press looks

  function setTouch() {
    if (document.body.dataset.touch === "1") return;
    document.body.dataset.touch = "1";
    document.getElementById("tools").hidden = false;
    document.getElementById("pad").hidden = recall("caves.pad") !== "1";
    guard(() => game.set_touch(true));
    fit();
  }

  function setupPointer(canvas) {
    let down = null;
    const at = (e) => [e.offsetX, e.offsetY, canvas.clientWidth, canvas.clientHeight];
    canvas.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "touch" || e.pointerType === "pen") setTouch();
      if (e.button !== 0) return;
      canvas.focus();
      guard(() => game.set_focused(true));
      const start = at(e);
      down = { x: e.clientX, y: e.clientY, looked: false, timer: 0 };
      const mine = down;
      down.timer = setTimeout(() => {
        mine.looked = true;
        guard(() => game.press(...start));
        announce();
      }, 500);
    });
    canvas.addEventListener("pointermove", (e) => {
      if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) > 10) {
        clearTimeout(down.timer);
        down.looked = true;
      }
      if (e.pointerType === "mouse") guard(() => game.hover(...at(e)));
    });
    canvas.addEventListener("pointerup", (e) => {
      if (!down) return;
      clearTimeout(down.timer);
      const looked = down.looked;
      down = null;
      if (!looked) guard(() => game.tap(...at(e)));
      afterInput();
    });
    canvas.addEventListener("pointercancel", () => {
      if (down) clearTimeout(down.timer);
      down = null;
    });
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    canvas.addEventListener("mouseleave", () => guard(() => game.hover(-1, -1, 1, 1)));
    if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) setTouch();
  }

  function setupTools() {
    const pad = document.getElementById("pad");
    const padButton = document.querySelector('[data-tool="pad"]');
    padButton.setAttribute("aria-pressed", String(!pad.hidden));
    document.getElementById("tools").addEventListener("click", (e) => {
      const tool = e.target.closest("button");
      if (!tool) return;
      const what = tool.dataset.tool;
      if (what === "pad") {
        pad.hidden = !pad.hidden;
        remember("caves.pad", pad.hidden ? "0" : "1");
        padButton.setAttribute("aria-pressed", String(!pad.hidden));
        fit();
      } else {
        guard(() => game.key(what));
        afterInput();
      }
    });
    pad.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      guard(() => game.key(b.dataset.key));
      afterInput();
    });
  }

  function isTyping(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  // AltGr arrives as Ctrl+Alt on Windows: let it through, so layouts that type < and > with
  // AltGr can take the stairs. Ctrl or Alt alone, or Meta, are the browser's and the system's.
  function isShortcut(e) {
    const altGr = (e.ctrlKey && e.altKey) || (e.getModifierState && e.getModifierState("AltGraph"));
    return e.metaKey || (!altGr && (e.ctrlKey || e.altKey));
  }

  // ---- base64url and deflate for share links

  function toBase64url(bytes) {
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const out = new Uint8Array(b.length);
    for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
    return out;
  }

  async function pipe(bytes, stream) {
    const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await out.arrayBuffer());
  }

  const canDeflate = typeof CompressionStream === "function" && typeof DecompressionStream === "function";
  const pageUrl = () => location.origin + location.pathname;

  // The newest deflated link, made in the background after each turn; share_link() falls
  // back to an uncompressed one when the newest turn is not deflated yet.
  let deflated = { bytes: "", link: "" };
  function shareLink() {
    const bytes = guard(() => game.record_bytes(), new Uint8Array());
    if (!bytes.length) return "";
    const key = toBase64url(bytes);
    return deflated.bytes === key ? deflated.link : pageUrl() + "#raw=" + key;
  }
  let deflating = false;
  async function refreshLink() {
    if (!canDeflate || deflating) return;
    deflating = true;
    try {
      for (;;) {
        const bytes = guard(() => game.record_bytes(), new Uint8Array());
        const key = toBase64url(bytes);
        if (!bytes.length || key === deflated.bytes) break;
        const z = await pipe(bytes, new CompressionStream("deflate-raw"));
        deflated = { bytes: key, link: pageUrl() + "#run=" + toBase64url(z) };
      }
    } catch (e) {
      // Links stay uncompressed; they still work.
    } finally {
      deflating = false;
    }
  }

  async function openLink() {
    const hash = location.hash;
    const m = /^#(run|raw)=([A-Za-z0-9_-]*)$/.exec(hash);
    if (!hash || hash === "#") return;
    if (!m) {
      guard(() => game.unreadable("the link is not a Caves run link"));
      return;
    }
    try {
      let bytes = fromBase64url(m[2]);
      if (m[1] === "run") {
        if (!canDeflate) {
          guard(() => game.unreadable("this browser cannot unpack compressed links"));
          return;
        }
        bytes = await pipe(bytes, new DecompressionStream("deflate-raw"));
      }
      guard(() => game.open_replay(bytes));
      startClock();
    } catch (e) {
      guard(() => game.unreadable("the link is damaged or cut short"));
    }
  }

  // ---- the share dialog, run files

  let dialog = null;
  function showLink(link) {
    if (!dialog) {
      dialog = document.createElement("dialog");
      dialog.id = "share";
      dialog.setAttribute("aria-label", "Share this run");
      dialog.innerHTML = '<p>Anyone who opens this link watches this run:</p><input readonly aria-label="Link to this run"><p><button type="button" data-do="copy">Copy</button> <button type="button" data-do="close">Close</button> <span role="status"></span></p>';
      document.body.appendChild(dialog);
      dialog.addEventListener("click", (e) => {
        const what = e.target && e.target.dataset ? e.target.dataset.do : null;
        if (what === "close") dialog.close();
        if (what === "copy") copy(dialog.querySelector("input").value);
      });
      dialog.addEventListener("close", () => document.getElementById("game").focus());
    }
    dialog.querySelector("input").value = link;
    dialog.querySelector("span").textContent = "";
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    dialog.querySelector("input").select();
  }
  function copy(text) {
    const note = dialog && dialog.querySelector("span");
    const done = (ok) => { if (note) note.textContent = ok ? "Copied." : "Select the link and copy it."; };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => done(true), () => done(false));
    else done(false);
  }

  function download(name, data, type) {
    const url = URL.createObjectURL(new Blob([data], { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function importFile() {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".cavesrun,application/octet-stream";
    input.addEventListener("change", () => {
      const file = input.files && input.files[0];
      if (!file) return;
      file.arrayBuffer().then(
        (buf) => { guard(() => game.open_replay(new Uint8Array(buf))); startClock(); },
        () => guard(() => game.unreadable("the file could not be read")),
      );
    });
    input.click();
  }

  // ---- one tab per run: a Web Lock named after the run

  const locks = navigator.locks;
  const LOCK = "caves-run-";
  let held = null; // { id, release }

  function holdRun(id, steal) {
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

  function queryBusy() {
    if (!locks || !locks.query) return;
    locks.query().then((state) => {
      const mine = held ? held.id : null;
      const ids = (state.held || [])
        .map((l) => l.name || "")
        .filter((n) => n.startsWith(LOCK))
        .map((n) => Number(n.slice(LOCK.length)))
        .filter((id) => id !== mine);
      guard(() => game.set_busy(ids.join(" ")));
    }, () => {});
  }

  function handleRequests() {
    const asked = guard(() => game.take_requests(), "");
    for (const r of asked.split(" ")) {
      if (!r) continue;
      const [what, arg] = r.split(":");
      if (what === "lock") holdRun(Number(arg), false);
      else if (what === "takeover") holdRun(Number(arg), true);
      else if (what === "share") { const link = shareLink(); if (link) showLink(link); }
      else if (what === "export") {
        const bytes = guard(() => game.record_bytes(), new Uint8Array());
        if (bytes.length) download(guard(() => game.record_name(), "caves.cavesrun"), bytes, "application/octet-stream");
      } else if (what === "import") importFile();
      else if (what === "kept") download("caves-kept-save-" + arg + ".txt", guard(() => game.kept_text(Number(arg)), ""), "text/plain");
      else if (what === "lab") window.location.assign("./?lab&seed=" + arg);
      else if (what === "prefs") {
        remember("caves.prefs", guard(() => game.prefs(), ""));
        fit();
      }
    }
  }

  // ---- the replay clock

  let clock = 0;
  function startClock() {
    if (clock || !guard(() => game.animating(), false)) return;
    let last = performance.now();
    const frame = (now) => {
      guard(() => game.tick(now - last));
      last = now;
      announce();
      clock = guard(() => game.animating(), false) ? requestAnimationFrame(frame) : 0;
    };
    clock = requestAnimationFrame(frame);
  }

  // The link is deflated once input pauses, not on every key: encoding the whole record
  // again on each key would double the work the save already does.
  let linkTimer = 0;
  function afterInput() {
    handleRequests();
    announce();
    startClock();
    clearTimeout(linkTimer);
    linkTimer = setTimeout(refreshLink, 150);
  }

  // ---- the cave lab: its bundle and the code that runs it load only for ?lab

  function startLab() {
    const started = (lab) => (game = lab);
    return import(new URL("lab/start.js", document.baseURI).href)
      .then((lab) => lab.startLab({ fail, guard, isTyping, isShortcut, started }))
      .catch((e) => fail("The cave lab could not start: " + (e && e.message ? e.message : e)));
  }

  function start(bindings) {
    if (game || document.body.dataset.state === "error") return;
    if (new URLSearchParams(window.location.search).has("lab")) {
      if (!start.lab) start.lab = startLab();
      return;
    }
    const canvas = document.getElementById("game");
    const query = new URLSearchParams(window.location.search);
    const today = new Date().toISOString().slice(0, 10);
    const daily = query.has("daily") ? today : null;
    try {
      game = new bindings.Game("game", query.get("seed"), daily, today, window.location.search);
    } catch (e) {
      fail("The game could not start: " + (e && e.message ? e.message : e));
      return;
    }
    window.cavesGame = {
      key: (k) => { const used = guard(() => game.key(String(k)), false); afterInput(); return used; },
      text: () => guard(() => game.text(), ""),
      player: () => guard(() => game.player(), []),
      seed: () => guard(() => game.seed(), ""),
      share_link: () => shareLink(),
      actions: () => guard(() => game.actions(), 0),
      animating: () => guard(() => game.animating(), false),
      flush: () => guard(() => game.flush()),
      look_text: () => guard(() => game.look_text(), ""),
      repaint_all: () => guard(() => game.repaint_all()),
      grid: () => guard(() => Array.from(game.grid(), Number), []),
      tap: (x, y) => { const c = document.getElementById("game"); const used = guard(() => game.tap(x, y, c.clientWidth, c.clientHeight), false); afterInput(); return used; },
    };
    window.addEventListener("keydown", (e) => {
      if (isTyping(e.target) || isShortcut(e) || (dialog && dialog.open)) return;
      if (e.target && e.target.closest && e.target.closest("#tools, #pad") && (e.key === "Enter" || e.key === " ")) return;
      // Shift with an arrow runs; the key name alone cannot say so.
      const key = e.shiftKey && e.key.startsWith("Arrow") ? "Shift+" + e.key : e.key;
      if (guard(() => game.key(key), false)) e.preventDefault();
      afterInput();
    });
    window.addEventListener("resize", fit);
    window.addEventListener("blur", () => guard(() => game.set_focused(false)));
    window.addEventListener("focus", () => { guard(() => game.set_focused(document.hasFocus())); queryBusy(); });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") guard(() => game.flush());
      else queryBusy();
    });
    window.addEventListener("pagehide", () => guard(() => game.flush()));
    window.addEventListener("hashchange", () => openLink());
    guard(() => game.set_prefs(recall("caves.prefs")));
    setupPointer(canvas);
    setupTools();
    fit();
    canvas.focus();
    document.body.dataset.state = "ready";
    queryBusy();
    openLink();
  }

  if (typeof WebAssembly !== "object") {
    fail("This browser cannot run WebAssembly, which the game needs. Try a current Firefox, Chrome, Edge or Safari.");
    return;
  }
  window.addEventListener("TrunkApplicationStarted", () => start(window.wasmBindings));
  if (window.wasmBindings) start(window.wasmBindings);
  window.addEventListener("error", (e) => {
    if (!game) fail("The game could not load: " + e.message);
  });
  window.addEventListener("unhandledrejection", (e) => {
    if (!game) fail("The game could not load: " + (e.reason && e.reason.message ? e.reason.message : e.reason));
  });
  setTimeout(() => {
    if (!game && document.body.dataset.state === "loading") {
      fail("The game did not load within 30 seconds. Check the connection and reload the page.");
    }
  }, 30000);
})();
