// Starts the game once the wasm module is ready, forwards keys and focus, and keeps the
// canvas sized. Any failure becomes a readable message on the page instead of a blank screen.
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
      fail("The game stopped because of an internal error: " + (e && e.message ? e.message : e) + ". Reload the page to play again.");
      return fallback;
    }
  }

  function fit() {
    guard(() => game.fit(window.innerWidth, window.innerHeight, window.devicePixelRatio || 1));
  }

  function isTyping(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function start(bindings) {
    if (game || document.body.dataset.state === "error") return;
    const canvas = document.getElementById("game");
    const seed = new URLSearchParams(window.location.search).get("seed");
    try {
      game = new bindings.Game("game", seed);
    } catch (e) {
      fail("The game could not start: " + (e && e.message ? e.message : e));
      return;
    }
    window.cavesGame = game;
    window.addEventListener("keydown", (e) => {
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (guard(() => game.key(e.key), false)) e.preventDefault();
    });
    window.addEventListener("resize", fit);
    window.addEventListener("blur", () => guard(() => game.set_focused(false)));
    window.addEventListener("focus", () => guard(() => game.set_focused(document.hasFocus())));
    canvas.addEventListener("mousedown", () => {
      canvas.focus();
      guard(() => game.set_focused(true));
    });
    canvas.addEventListener("mousemove", (e) => {
      guard(() => game.hover(e.offsetX, e.offsetY, canvas.clientWidth, canvas.clientHeight));
    });
    canvas.addEventListener("mouseleave", () => guard(() => game.hover_end()));
    fit();
    canvas.focus();
    document.body.dataset.state = "ready";
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
