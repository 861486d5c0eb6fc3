// Service worker: keeps every file of one build in a cache named after that build, so the
// game starts without a network once it has been loaded online.
//   - Files with a content hash in their name never change: cache first.
//   - The rest (the page, its modules in js/, offline.js, the manifest, icons): network first, and
//     this build's copy only when the network fails, so nothing is served stale while online.
// Only files of the build are answered; every other request goes to the network untouched.
// The build step (scripts/precache.mjs) fills in BUILD and FILES.
"use strict";
const BUILD = "unbuilt";
const FILES = [];
const CACHE = "caves-" + BUILD;
const HASHED = /-[0-9a-f]{16}(_bg)?\.\w+$/;
const PATHS = new Set(FILES.map((file) => new URL(file, self.location).pathname));

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server: never a stale copy, and no second download of
  // a file the page has just fetched when the server answers 304.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Deletes older builds' caches, takes over the open pages, and tells them which build it
  // keeps, so a page can say whether it runs that build or should be reloaded.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("caves-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
      .then(() => self.clients.matchAll())
      .then((pages) => pages.forEach((page) => page.postMessage({ build: BUILD }))),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const path = url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname;
  if (!PATHS.has(path)) return;
  const cached = () => caches.open(CACHE).then((cache) => cache.match(path));
  event.respondWith(
    HASHED.test(path)
      ? cached().then((response) => response || fetch(request))
      : fetch(request).catch((error) => cached().then((response) => response || Promise.reject(error))),
  );
});
