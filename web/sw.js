// sw.js — the page's service worker: keeps a copy of every file of the
// page, so it installs and plays offline after the first visit.
// web/build.sh writes the build's checksum over @VERSION@: a new build is a
// new cache, and the old one is dropped once the new one is in place.
var CACHE = 'qipan-@VERSION@';
var FILES = ['./', 'index.html', 'qipan.html', 'qipan.js', 'qipan.worker.js', 'qipan.wasm', 'qipan.data',
             'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png'];

self.addEventListener('install', function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(FILES); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener('activate', function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('qipan-') === 0 && k !== CACHE; })
                           .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// The network first (a fresh build wins), the copy when offline.  The
// copy keeps the COOP/COEP headers it was served with, which the page's
// threads need.
self.addEventListener('fetch', function (e) {
  if (e.request.method !== 'GET' || new URL(e.request.url).origin !== location.origin) return;
  e.respondWith(fetch(e.request).then(function (r) {
    if (r.ok) {
      var copy = r.clone();
      caches.open(CACHE).then(function (c) { c.put(e.request, copy); });
    }
    return r;
  }).catch(function () {
    return caches.match(e.request, {ignoreSearch: true}).then(function (r) {
      return r || new Response('offline, and not in the copy', {status: 503});
    });
  }));
});
