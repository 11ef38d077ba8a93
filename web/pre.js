// web/pre.js — runs in the page before qipan's main (emcc --pre-js).
//
// The page's file system: the shipped scripts, font and Chinese catalogue
// are preloaded at /qipan (qipan.data); the data folder, where the window keeps its
// autosave and settings, is /qipan-data, backed by the browser's IndexedDB
// (Emscripten's IDBFS).  It is read back before main starts, so a game left
// unfinished is offered back; the window calls Module.qpSync after each
// autosave (frontends/gui/gui_web.c) to write it out.  Save and Load go
// through the browser's download and file picker (below).
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

  // Load and Save through the browser (frontends/gui/gui_webio.h).  Load:
  // qpPick opens the file picker; the chosen file's first max + 1 bytes
  // (enough for the reader to refuse a larger one) wait in Module.qpPicked
  // until the window's frame loop takes them (qpPickedName, then
  // qpWritePicked into the page's file system).  Save: qpAskName asks the
  // name, qpDownload offers the file written as a download.
  Module.qpPicked = null;
  Module.qpPick = function (max) {
    var input = Module.qpFileInput;
    if (!input) {
      input = document.createElement('input');
      input.type = 'file';
      input.id = 'qipan-load';
      input.style.display = 'none';
      input.addEventListener('change', function () {
        var f = input.files[0];
        input.value = '';   // the same file may be picked again
        if (!f) return;
        f.slice(0, input.qpMax).arrayBuffer().then(function (buf) {
          Module.qpPicked = { name: f.name, bytes: new Uint8Array(buf) };
        }, function (e) {
          Module.qpPicked = { name: f.name, error: f.name + ': ' + ((e && e.message) || e) };
        });
      });
      document.body.appendChild(input);
      Module.qpFileInput = input;
    }
    input.qpMax = max + 1;
    // A browser opens a picker only just after a tap or click.  The
    // window acts at a tap's start, before the browser counts the tap
    // (at its end): then the picker opens when the tap ends.
    var ua = navigator.userActivation;
    if (!ua || ua.isActive) {
      input.click();
      return;
    }
    var timer;
    var end = function (ev) {   // the tap's end, or no end in 3 s: no picker
      document.removeEventListener('touchend', end, true);
      document.removeEventListener('pointerup', end, true);
      clearTimeout(timer);
      if (ev) input.click();
    };
    document.addEventListener('touchend', end, true);
    document.addEventListener('pointerup', end, true);
    timer = setTimeout(end, 3000);
  };
  // The picked file's name (or what went wrong) into the n bytes at buf:
  // 1 a name, -1 an error (the file is dropped), 0 nothing picked.
  Module.qpPickedName = function (buf, n) {
    var p = Module.qpPicked;
    if (!p) return 0;
    stringToUTF8(p.error || p.name, buf, n);
    if (p.error) Module.qpPicked = null;
    return p.error ? -1 : 1;
  };
  Module.qpWritePicked = function (path, err, n) {
    var p = Module.qpPicked;
    Module.qpPicked = null;
    try {
      FS.writeFile(path, p.bytes);
      return 0;
    } catch (e) {
      stringToUTF8(path + ': ' + ((e && e.message) || e), err, n);
      return -1;
    }
  };
  // Save's name: the browser's own text box, which a phone's on-screen
  // keyboard types into, offering name.  1 with the answer in the n bytes
  // at out; 0 when the player cancelled (or the browser shows no boxes).
  Module.qpAskName = function (label, name, out, n) {
    var s = window.prompt(label, name);
    if (typeof s !== 'string') return 0;
    stringToUTF8(s, out, n);
    return 1;
  };
  // 1 when the download was offered, -1 with the reason in err.
  Module.qpDownload = function (path, name, err, n) {
    try {
      var blob = new Blob([FS.readFile(path)], { type: 'application/octet-stream' });
      var url = URL.createObjectURL(blob), a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.style.display = 'none';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
      return 1;
    } catch (e) {
      stringToUTF8(path + ': cannot offer the download: ' + ((e && e.message) || e), err, n);
      return -1;
    }
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
