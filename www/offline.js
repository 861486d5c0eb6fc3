// Keeps the game playable offline: registers the service worker (sw.js) on secure http(s)
// pages, and says so when a newer build of the game has taken over. Where service workers
// are unavailable (file://, old browsers, some private modes) it does nothing.
(function () {
  "use strict";
  const BUILD = "unbuilt"; // this page's build, filled in by the build step as in sw.js
  const notice = document.getElementById("update");
  let workers = null;
  try {
    if (window.isSecureContext && /^https?:$/.test(location.protocol)) workers = navigator.serviceWorker;
  } catch (e) {
    // Reading navigator.serviceWorker throws where storage is blocked.
  }
  if (!workers || !notice) return;

  // A new worker says which build it keeps once it has taken over. If a worker controlled
  // this page already, that is an update: this page either runs that build or is stale.
  const hadWorker = !!workers.controller;
  workers.addEventListener("message", (event) => {
    const build = event.data && event.data.build;
    if (!hadWorker || !build) return;
    if (build === BUILD) {
      notice.textContent = "A new version of Caves was installed.";
      setTimeout(() => { notice.textContent = ""; }, 8000);
    } else {
      notice.textContent = "A new version of Caves is ready: reload the page to play it.";
    }
  });
  window.addEventListener("load", () => {
    workers.register("sw.js", { updateViaCache: "none" }).catch(() => {});
  });
})();
