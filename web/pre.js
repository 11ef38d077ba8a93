// web/pre.js — runs in the page before qipan's main (emcc --pre-js).
//
// The page's file system: the shipped scripts, font and Chinese catalogue
// are preloaded at /qipan (qipan.data); the data folder, where the window keeps its
// autosave and settings, is /qipan-data, backed by the browser's IndexedDB
// (Emscripten's IDBFS).  It is read back before main starts, so a game left
// unfinished is offered back; the window calls Module.qpSync after each
// autosave (frontends/gui/gui_web.c) to write it out.
if (typeof ENVIRONMENT_IS_PTHREAD === 'undefined' || !ENVIRONMENT_IS_PTHREAD) {
  Module.preRun = [].concat(Module.preRun || []);
  Module.preRun.push(function () {
    ENV.QIPAN_SCRIPTS = '/qipan/scripts';
    ENV.QIPAN_LOCALE = '/qipan/locale';
    ENV.QIPAN_FONT = '/qipan/fonts/wqy-microhei.ttc';
    ENV.HOME = '/qipan-data';
    ENV.XDG_DATA_HOME = '/qipan-data/share';
    ENV.XDG_CONFIG_HOME = '/qipan-data/config';
    FS.mkdir('/qipan-data');
    FS.mount(IDBFS, {}, '/qipan-data');
    addRunDependency('qipan-idbfs');
    FS.syncfs(true, function (err) {
      if (err) console.warn('qipan: cannot read the stored games: ' + err);
      removeRunDependency('qipan-idbfs');
    });
  });

  // One write at a time; a request during a write is done after it.
  // Module.qpStored: no write waiting or running (the browser test waits
  // on it before a reload).
  var qpSyncBusy = false, qpSyncAgain = false;
  Module.qpStored = true;
  Module.qpSync = function () {
    Module.qpStored = false;
    if (qpSyncBusy) { qpSyncAgain = true; return; }
    qpSyncBusy = true;
    FS.syncfs(false, function (err) {
      qpSyncBusy = false;
      if (err) console.warn('qipan: cannot store the game: ' + err);
      if (qpSyncAgain) { qpSyncAgain = false; Module.qpSync(); }
      else Module.qpStored = true;
    });
  };
}

// SDL 2.26's Web Audio code calls this helper of newer Emscriptens (3.1.6
// lacks it): a suspended audio context resumes on the first key, click or
// touch, as browsers allow sound only after one.
function autoResumeAudioContext(ctx) {
  ['keydown', 'mousedown', 'touchstart'].forEach(function (ev) {
    document.addEventListener(ev, function resume() {
      if (ctx.state === 'suspended') ctx.resume();
      document.removeEventListener(ev, resume, true);
    }, true);
  });
}

// ... and calls C callbacks through this one, also missing from 3.1.6's
// default library: a function pointer is an index into the wasm table.
function dynCall(sig, ptr, args) {
  return wasmTable.get(ptr).apply(null, args || []);
}
