// The running game (or lab) handle, and the rule that a failure never leaves a blank or
// frozen page: every call into wasm goes through guard(), and a crash becomes a message.

const status = document.getElementById("status");

/** The wasm handle (`Game` or `Lab`); null before it starts and after a crash. */
export let game = null;

export function hold(handle) {
  game = handle;
}

/** An error's words. */
export const why = (e) => (e && e.message ? e.message : e);

export function fail(message) {
  document.body.dataset.state = "error";
  status.textContent = message;
}

/** Runs `f`, a call into the game, and answers its result (`fallback` without a game). */
export function guard(f, fallback) {
  if (!game) return fallback;
  try {
    return f();
  } catch (e) {
    game = null;
    fail("The game stopped because of an internal error: " + why(e) + ". Reload the page to play again. Your run was saved up to the last turn.");
    return fallback;
  }
}
