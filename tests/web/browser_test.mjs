// browser_test.mjs — the web build played in headless Chromium, driven
// through the DevTools protocol over a WebSocket made with Node's built-in
// modules (no npm package).
//
//   node tests/web/browser_test.mjs QIPAN_BIN WEB_DIR [--bench | --bench=ARGS...] [--bench-only]
//
// For a phone (390x844, touch) and a desktop window (1280x800), on a fresh
// browser profile each: load the page from `qipan serve`, wait for the
// board, take a screenshot, play Zhonggong c3c4 by taps (touch on the phone,
// clicks on the desktop), check the move list (the page's qp_web_state
// hook, frontends/gui/gui_web.h), check the page answers while the
// computer thinks (at level 10 on the desktop), let it answer, wait until the game is stored, reload and
// check the game is offered back; on the desktop, stop the server and
// reload (the service worker's copy).  Save and Load through the browser
// (frontends/gui/gui_webio.h), by touch and by mouse: on the phone the
// buttons are a finger's size; Save asks the name in the browser's text
// box (answered through the DevTools protocol: Cancel saves nothing, a
// name typed is made a safe file name, .sgf asks for SGF); a game played
// and saved arrives as a download under that name, which the native
// program reads with the moves played; the
// file picker (its chooser intercepted, a file set on it) loads an XQF
// record of Xiangqi, the download back, a bad file and one too large,
// whose errors show as on the desktop.
// --bench also runs `qipan bench
// zhonggong` and `qipan bench xiangqi` in the page and natively, checks
// they searched the same nodes and prints both speeds; each --bench=ARGS
// runs `qipan bench ARGS` instead ('xiangqi --depth 13': the default
// xiangqi bench lasts some 20 ms natively, too short to time); with
// --bench-only nothing else is run.  Prints a
// line per step and the figures; exits 1 naming the step that failed.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const [qipan, webDir, ...flags] = process.argv.slice(2);
if (!qipan || !webDir) {
  console.error('usage: node browser_test.mjs QIPAN_BIN WEB_DIR [--bench | --bench=ARGS...] [--bench-only]');
  process.exit(2);
}
const chromiumBin = process.env.CHROMIUM || '/usr/bin/chromium';
const children = [];
const profile = mkdtempSync(join(tmpdir(), 'qipan-chromium-'));

let lastPage = null;   // its console is shown when a step fails
function fail(msg) {
  console.error('browser test: FAILED: ' + msg);
  if (lastPage && lastPage.console.length)
    console.error('the page said:\n  ' + lastPage.console.slice(-30).join('\n  '));
  cleanup();
  process.exit(1);
}
function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  try { rmSync(profile, { recursive: true, force: true }); } catch (e) { /* chromium may still hold it */ }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts cmd and resolves with the first match of re in its output.
function startAndMatch(cmd, args, re, stream) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(p);
    const rl = createInterface({ input: stream === 'stderr' ? p.stderr : p.stdout });
    const timer = setTimeout(() => reject(new Error(cmd + ' printed no ' + re)), 30000);
    rl.on('line', (l) => {
      const m = re.exec(l);
      if (m) { clearTimeout(timer); resolve(m); }
    });
    (stream === 'stderr' ? p.stdout : p.stderr).resume();
    p.on('exit', (code) => reject(new Error(cmd + ' exited ' + code)));
  });
}

// ---- a WebSocket client (RFC 6455, the client's half) ---------------------
// Node has no WebSocket client before version 22 (Debian's is 18), so the
// few lines the DevTools connection needs are here: the upgrade, masked
// text frames out, text frames in (possibly in pieces), close.
class MiniSocket {
  constructor(url) {
    const u = new URL(url);
    this.onmessage = null;
    this.ready = new Promise((resolve, reject) => {
      const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, headers: {
        Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64') } });
      req.on('upgrade', (res, socket, head) => {
        this.socket = socket;
        this.buf = head;
        this.parts = [];
        socket.on('data', (d) => { this.buf = Buffer.concat([this.buf, d]); this.parse(); });
        socket.on('error', () => {});
        this.parse();
        resolve();
      });
      req.on('error', reject);
      req.end();
    });
  }
  parse() {
    for (;;) {
      const b = this.buf;
      if (b.length < 2) return;
      let len = b[1] & 127, off = 2;
      if (len === 126) { if (b.length < 4) return; len = b.readUInt16BE(2); off = 4; }
      else if (len === 127) { if (b.length < 10) return; len = Number(b.readBigUInt64BE(2)); off = 10; }
      if (b.length < off + len) return;
      const fin = (b[0] & 128) !== 0, op = b[0] & 15, data = b.subarray(off, off + len);
      this.buf = b.subarray(off + len);
      if (op === 1 || op === 0) {
        this.parts.push(data);
        if (fin) {
          const text = Buffer.concat(this.parts).toString('utf8');
          this.parts = [];
          if (this.onmessage) this.onmessage({ data: text });
        }
      }
    }
  }
  frame(op, payload) {
    const n = payload.length, mask = randomBytes(4);
    const head = n < 126 ? Buffer.from([128 | op, 128 | n])
      : n < 65536 ? Buffer.from([128 | op, 128 | 126, n >> 8, n & 255])
      : Buffer.concat([Buffer.from([128 | op, 128 | 127]), (() => { const x = Buffer.alloc(8); x.writeBigUInt64BE(BigInt(n)); return x; })()]);
    const body = Buffer.from(payload);
    for (let i = 0; i < n; i++) body[i] ^= mask[i & 3];
    this.socket.write(Buffer.concat([head, mask, body]));
  }
  send(text) { this.frame(1, Buffer.from(text, 'utf8')); }
  close() { try { this.frame(8, Buffer.alloc(0)); this.socket.end(); } catch (e) { /* gone already */ } }
}

// ---- the DevTools protocol ------------------------------------------------
class Cdp {
  constructor(url) {
    this.ws = new MiniSocket(url);
    this.id = 0;
    this.names = new Map();   // id: the method, for error messages
    this.pending = new Map();
    this.handlers = [];
    this.ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.id && this.pending.has(m.id)) {
        const { resolve, reject } = this.pending.get(m.id);
        this.pending.delete(m.id);
        m.error ? reject(new Error(this.names.get(m.id) + ": " + JSON.stringify(m.error))) : resolve(m.result);
      } else if (m.method) {
        for (const h of this.handlers) h(m);
      }
    };
  }
  open() { return this.ws.ready; }
  send(method, params = {}, sessionId) {
    const id = ++this.id;
    this.names.set(id, method);
    this.ws.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      setTimeout(() => { if (this.pending.delete(id)) reject(new Error(method + ' timed out')); }, 120000);
    });
  }
}

class Page {
  constructor(cdp, sessionId) { this.cdp = cdp; this.sid = sessionId; }
  send(method, params) { return this.cdp.send(method, params, this.sid); }
  async eval(expr) {
    const r = await this.send('Runtime.evaluate', { expression: expr, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(expr + ': ' + r.exceptionDetails.text);
    return r.result.value;
  }
  async state() {
    const s = await this.eval("typeof Module == 'object' && Module.calledRun && Module.ccall ? " +
                              "Module.ccall('qp_web_state', 'string', [], []) : ''");
    return s ? JSON.parse(s) : null;
  }
  async waitFor(what, fn, ms) {
    const t0 = Date.now();
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() - t0 > ms) fail(what + ' (waited ' + ms + ' ms)');
      await sleep(50);
    }
  }
  async point(sq) {
    const p = await this.eval(`Module.ccall('qp_web_point', 'string', ['string'], ['${sq}'])`);
    if (!p) fail('no board point ' + sq);
    const [x, y] = p.split(' ').map(Number);
    return { x, y };
  }
  // The CSS box of a button (gui_web.h): { x, y, w, h }.
  async button(name) {
    const b = await this.eval(`Module.ccall('qp_web_button', 'string', ['string'], ['${name}'])`);
    if (!b) fail('no button ' + name);
    const [x, y, w, h] = b.split(' ').map(Number);
    return { x, y, w, h };
  }
  async press(name, touch) {
    const b = await this.button(name);
    await this.tapAt(b.x + b.w / 2, b.y + b.h / 2, touch);
  }
  async tap(sq, touch) {
    const { x, y } = await this.point(sq);
    await this.tapAt(x, y, touch);
  }
  async tapAt(x, y, touch) {
    if (touch) {
      await this.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await sleep(60);
      await this.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } else {
      await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
      await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
      await sleep(60);
      await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
    }
    await sleep(150);
  }
  async screenshot(file) {
    const r = await this.send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(file, Buffer.from(r.data, 'base64'));
  }
}

async function newPage(cdp, device) {
  const { browserContextId } = await cdp.send('Target.createBrowserContext', {});
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  const page = new Page(cdp, sessionId);
  page.targetId = targetId;
  page.contextId = browserContextId;
  await page.send('Page.enable');
  await page.send('Runtime.enable');
  page.console = [];
  lastPage = page;
  cdp.handlers.push((m) => {
    if (m.sessionId === sessionId && m.method === 'Runtime.consoleAPICalled')
      page.console.push(m.params.args.map((a) => a.value).join(' '));
    if (m.sessionId === sessionId && m.method === 'Runtime.exceptionThrown')
      page.console.push('exception: ' + JSON.stringify(m.params.exceptionDetails.exception?.description || m.params.exceptionDetails.text));
  });
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: device.w, height: device.h, deviceScaleFactor: device.dpr, mobile: device.touch });
  if (device.touch) await page.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  return page;
}

async function load(page, url) {
  const t0 = Date.now();
  await page.send('Page.navigate', { url });
  const st = await page.waitFor('the board on ' + url, () => page.state(), 60000);
  return { st, ms: Date.now() - t0 };
}

// ---- one device -------------------------------------------------------------
async function playOn(cdp, origin, device) {
  const tag = device.name;
  const page = await newPage(cdp, device);   // in a fresh browser context: nothing stored yet
  const url = origin + '/' + (device.query || '');
  const { st, ms } = await load(page, url);
  console.log(`${tag}: board after ${ms} ms (${st.width}x${st.height} CSS px, ${st.wide ? 'wide' : 'standing'} layout)`);
  if (st.game !== 'zhonggong') fail(`${tag}: the page opened ${st.game}, not zhonggong`);
  if (st.len !== 0 || st.dialog !== '') fail(`${tag}: a fresh profile starts with ${st.len} moves, dialog '${st.dialog}'`);
  if (device.touch === st.wide) fail(`${tag}: the ${st.wide ? 'wide' : 'standing'} layout on a ${st.width}x${st.height} page`);
  await sleep(300);
  await page.screenshot(join(webDir, `test-${tag}.png`));

  await page.tap('c3', device.touch);
  await page.tap('c4', device.touch);
  const after = await page.waitFor(`${tag}: c3c4 in the move list`, async () => {
    const s = await page.state();
    return s && s.len >= 1 ? s : null;
  }, 10000);
  if (after.moves[0] !== 'c3c4') fail(`${tag}: the move list starts ${JSON.stringify(after.moves)}`);
  console.log(`${tag}: played c3c4 by ${device.touch ? 'touch' : 'mouse'}`);

  // While the computer thinks the page answers: each look at the game is
  // a round trip through the page's main thread, which the window's frames
  // share; a blocked main thread would show as a long one.
  let worst = 0, thinking = false;
  const t0 = Date.now();
  for (;;) {
    const t = Date.now();
    const s = await page.state();
    worst = Math.max(worst, Date.now() - t);
    if (s.thinking) thinking = true;
    if (s.len >= 2) {
      console.log(`${tag}: the computer answered ${s.moves[1]} after ${Date.now() - t0} ms; the page answered ` +
                  `within ${worst} ms meanwhile${thinking ? '' : ' (it answered before a check saw it think)'}`);
      break;
    }
    if (Date.now() - t0 > 90000) fail(`${tag}: no answer from the computer in 90 s`);
    await sleep(20);
  }
  if (worst > 2000) fail(`${tag}: the page froze for ${worst} ms while the computer thought`);
  if (device.query && !thinking) fail(`${tag}: at level 10 no check saw the computer think`);
  // stored: the autosave after the answer went to IndexedDB
  await page.waitFor(`${tag}: the game stored in the browser`, () => page.eval('Module.qpStored === true'), 10000);
  await sleep(500);
  await page.screenshot(join(webDir, `test-${tag}-played.png`));

  const again = await load(page, url);
  await page.waitFor(`${tag}: the game offered back after a reload`, async () => {
    const s = await page.state();
    return s && s.dialog === 'resume';
  }, 10000);
  console.log(`${tag}: after a reload (board in ${again.ms} ms) the game is offered back`);
  await page.screenshot(join(webDir, `test-${tag}-resume.png`));

  // Offline: with the server stopped, the service worker's copy serves
  // the page, with the headers its threads need.
  if (device.offline) {
    await page.waitFor(`${tag}: the service worker's copy of qipan.wasm`, () => page.eval(
      "navigator.serviceWorker.ready.then(() => caches.keys()).then(ks => Promise.all(ks.map(k => caches.open(k)" +
      ".then(c => c.match('qipan.wasm'))))).then(rs => rs.some(r => !!r))"), 30000);
    const server = children[0];
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
    const off = await load(page, url);
    if (!(await page.eval('crossOriginIsolated'))) fail(`${tag}: offline, the page is not cross-origin isolated`);
    console.log(`${tag}: with the server stopped, the page came from the service worker's copy (board in ${off.ms} ms)`);
  }
  await cdp.send('Target.closeTarget', { targetId: page.targetId });
  return ms;
}

// ---- Save and Load through the browser --------------------------------------
async function filesOn(cdp, origin, device) {
  const tag = device.name;
  const touch = device.touch;
  const dir = mkdtempSync(join(tmpdir(), 'qipan-files-'));
  const page = await newPage(cdp, device);
  const downloads = new Map(), choosers = [];
  // Save asks the name in the browser's own text box (window.prompt): each
  // one the page opens is kept and answered with the next of answers, a
  // text typed, or null for Cancel.
  const prompts = [], answers = [];
  cdp.handlers.push((m) => {
    if (m.method === 'Browser.downloadWillBegin') downloads.set(m.params.guid, { name: m.params.suggestedFilename });
    if (m.method === 'Browser.downloadProgress' && downloads.has(m.params.guid))
      downloads.get(m.params.guid).state = m.params.state;
    if (m.sessionId === page.sid && m.method === 'Page.fileChooserOpened') choosers.push(m.params);
    if (m.sessionId === page.sid && m.method === 'Page.javascriptDialogOpening') {
      prompts.push(m.params);
      const a = answers.shift();
      page.send('Page.handleJavaScriptDialog', typeof a === 'string' ? { accept: true, promptText: a } : { accept: false })
        .catch((e) => fail(`${tag}: answering the page's ${m.params.type}: ${e.message}`));
    }
  });
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir,
                                                  browserContextId: page.contextId, eventsEnabled: true });
  await page.send('Page.setInterceptFileChooserDialog', { enabled: true });
  await load(page, origin + '/');

  // a finger's room: 44 CSS px each way
  if (touch) {
    for (const name of ['new', 'undo', 'save', 'load', 'settings', 'first', 'last']) {
      const b = await page.button(name);
      if (b.w < 44 || b.h < 44) fail(`${tag}: the ${name} button is ${b.w}x${b.h} CSS px, under 44`);
    }
    const sv = await page.button('save');
    console.log(`${tag}: buttons at least 44 CSS px each way (Save ${sv.w}x${sv.h})`);
  }

  await page.tap('c3', touch);
  await page.tap('c4', touch);
  const played = (await page.waitFor(`${tag}: the computer's answer`, async () => {
    const s = await page.state();
    return s && s.len >= 2 && !s.thinking ? s : null;
  }, 90000)).moves.slice(0, 2);

  // Save: the browser's text box asks the name, offering the last one
  // saved under (the default at first); the window's own file dialog
  // never opens.  Cancel saves nothing.
  async function save(answer, offered) {
    const before = prompts.length;
    answers.push(answer);
    await page.press('save', touch);
    const p = await page.waitFor(`${tag}: Save asking the name`, () => prompts[before], 5000);
    if (p.type !== 'prompt' || p.defaultPrompt !== offered || !p.message.endsWith('Save the game as:'))
      fail(`${tag}: Save asked '${p.message}' offering '${p.defaultPrompt}' (${p.type}), not '${offered}'`);
    await sleep(300);
    const s = await page.state();
    if (s.dialog !== '') fail(`${tag}: after the name the window shows its '${s.dialog}' dialog`);
    return s;
  }
  async function download(want) {
    const d = await page.waitFor(`${tag}: the download of ${want}`, async () => {
      for (const d of downloads.values()) if (d.state === 'completed') return d;
      return null;
    }, 10000);
    if (d.name !== want) fail(`${tag}: Save downloaded ${d.name}, not ${want}`);
    const msg = (await page.state()).message;
    if (msg !== 'Downloaded ' + want && !msg.endsWith(' Downloaded ' + want))
      fail(`${tag}: after the download the message is '${msg}'`);
    downloads.clear();
    return d;
  }
  const msg0 = (await page.state()).message;
  const cancelled = await save(null, 'zhonggong-game.txt');
  if (cancelled.message !== msg0 || downloads.size)
    fail(`${tag}: Cancel said '${cancelled.message}' and downloaded ${downloads.size} files`);
  // the name as typed on a phone's keyboard, made a safe file name; on the
  // desktop a name that asks for SGF (Go's format only) says so, as the
  // desktop does, and the name offered is then saved as it is
  let dl;
  if (touch) {
    await save('  My game: round 1/2?  ', 'zhonggong-game.txt');
    dl = await download('My game_ round 1_2_.txt');
    await save(null, dl.name);   // offered next time
  } else {
    const sgf = await save('game.sgf', 'zhonggong-game.txt');
    if (!sgf.error || sgf.message !== 'SGF records are written for Go only, not zhonggong' || downloads.size)
      fail(`${tag}: saving game.sgf said '${sgf.message}' and downloaded ${downloads.size} files`);
    await save('zhonggong-game.txt', 'zhonggong-game.txt');
    dl = await download('zhonggong-game.txt');
  }
  const saved = join(dir, dl.name);
  if (!existsSync(saved)) fail(`${tag}: the download ${dl.name} is not in the download folder`);
  // the native program reads it, with the moves played
  const check = join(dir, 'check.pgn');
  execFileSync(qipan, ['convert', saved, check, '--notation', 'coord'], { encoding: 'utf8' });
  const pgn = readFileSync(check, 'utf8');
  const movetext = pgn.split('\n').filter((l) => !l.startsWith('[')).join(' ');
  if (!/\[Ruleset "zhonggong"\]/.test(pgn) || !new RegExp(`\\b1\\. ${played[0]} ${played[1]}\\b`).test(movetext))
    fail(`${tag}: the download does not hold zhonggong's ${played.join(' ')}:\n${pgn}`);
  console.log(`${tag}: Save asked the name (Cancel saved nothing${touch ? '' : ', game.sgf was refused'}) and ` +
              `downloaded ${dl.name} (${readFileSync(saved).length} bytes), a record of ${played.join(' ')}`);

  // Load through the picker: the chooser the Load button opens gets a file
  async function pick(file, what) {
    const before = choosers.length;
    await page.press('load', touch);
    const ch = await page.waitFor(`${tag}: the file picker for ${what}`, () => choosers[before], 5000);
    await page.send('DOM.setFileInputFiles', { files: [file], backendNodeId: ch.backendNodeId });
  }
  // a record of another game, in a binary format: Xiangqi as XQF, made
  // by the native program, whose move list the page must show
  writeFileSync(join(dir, 'small.pgn'), '[Variant "xiangqi"]\n\n1. h3e3 h10g8 2. h1g3 *\n');
  execFileSync(qipan, ['convert', join(dir, 'small.pgn'), join(dir, 'small.xqf'), '--format', 'xqf'], { encoding: 'utf8' });
  execFileSync(qipan, ['convert', join(dir, 'small.xqf'), join(dir, 'small-check.pgn'), '--notation', 'coord'],
               { encoding: 'utf8' });
  const want = readFileSync(join(dir, 'small-check.pgn'), 'utf8').split('\n').filter((l) => !l.startsWith('['))
    .join(' ').split(/\s+/).filter((w) => w && !/^\d+\.$/.test(w) && w !== '*');
  await pick(join(dir, 'small.xqf'), 'an XQF record');
  const x = await page.waitFor(`${tag}: the XQF record loaded`, async () => {
    const s = await page.state();
    return s && s.game === 'xiangqi' ? s : null;
  }, 10000);
  if (JSON.stringify(x.moves) !== JSON.stringify(want) || x.error || !x.message.includes('small.xqf'))
    fail(`${tag}: after loading small.xqf: moves ${JSON.stringify(x.moves)} (want ${JSON.stringify(want)}), ` +
         `message '${x.message}'`);
  console.log(`${tag}: Load read small.xqf through the file picker: xiangqi ${x.moves.join(' ')}`);

  await pick(saved, 'the download');
  const back = await page.waitFor(`${tag}: the download loaded back`, async () => {
    const s = await page.state();
    return s && s.game === 'zhonggong' ? s : null;
  }, 10000);
  if (JSON.stringify(back.moves.slice(0, 2)) !== JSON.stringify(played) || back.len !== 2)
    fail(`${tag}: the download loaded back as ${JSON.stringify(back.moves)}, not ${JSON.stringify(played)}`);

  // a bad file: the error shows on the message line, naming it; the game stays
  writeFileSync(join(dir, 'bad.pgn'), '[Variant "zhonggong"]\n\n1. z9z9 *\n');
  await pick(join(dir, 'bad.pgn'), 'a bad file');
  const bad = await page.waitFor(`${tag}: the bad file's error`, async () => {
    const s = await page.state();
    return s && s.error ? s : null;
  }, 10000);
  if (!bad.message.includes('bad.pgn') || JSON.stringify(bad.moves) !== JSON.stringify(back.moves))
    fail(`${tag}: after a bad file: message '${bad.message}', moves ${JSON.stringify(bad.moves)}`);
  console.log(`${tag}: the download loaded back (${back.moves.join(' ')}); a bad file said: ${bad.message}`);
  // a file over a record's size: the page copies only what the reader
  // needs to refuse it (QP_RECORD_MAX + 1 bytes), and the reader does
  const big = join(dir, 'big.pgn');
  writeFileSync(big, Buffer.alloc(9 << 20, 'a'));
  await pick(big, 'a file of 9 MiB');
  const huge = await page.waitFor(`${tag}: the large file's error`, async () => {
    const s = await page.state();
    return s && s.error && s.message.includes('big.pgn') ? s : null;
  }, 10000);
  const copied = await page.eval("Module.FS.stat('/tmp/upload/big.pgn').size");
  if (huge.message !== '/tmp/upload/big.pgn: larger than 8388608 bytes' || copied !== 8388609)
    fail(`${tag}: a file of 9 MiB said '${huge.message}' (${copied} bytes copied)`);
  await page.screenshot(join(webDir, `test-${tag}-files.png`));
  await cdp.send('Target.closeTarget', { targetId: page.targetId });
  rmSync(dir, { recursive: true, force: true });
}

// `qipan bench ARGS` in the page, then natively: the same nodes searched
// (the same search), and both speeds.
async function bench(cdp, origin, game) {
  const page = await newPage(cdp, { w: 1280, h: 800, dpr: 1, touch: false });
  await page.send('Page.navigate', { url: origin + '/?sw=0&args=' + encodeURIComponent('bench ' + game) });
  const line = await page.waitFor(`bench ${game} in the page`, async () => {
    const log = await page.eval("typeof Module == 'object' && Module.qpLog ? Module.qpLog.join('\\n') : ''");
    const m = /^nodes (\d+) nps (\d+)$/m.exec(log);
    return m ? m : null;
  }, 300000);
  await cdp.send('Target.closeTarget', { targetId: page.targetId });
  const native = execFileSync(qipan, ['bench', ...game.split(' ').filter((w) => w)], { encoding: 'utf8' });
  const n = /^nodes (\d+) nps (\d+)$/m.exec(native);
  console.log(`bench ${game}: browser nodes ${line[1]} nps ${line[2]}; native nodes ${n[1]} nps ${n[2]}; ` +
              `browser/native ${(Number(line[2]) / Number(n[2])).toFixed(2)}`);
  if (line[1] !== n[1]) fail(`bench ${game}: the browser searched ${line[1]} nodes, the native build ${n[1]}`);
}

async function main() {
  const served = await startAndMatch(qipan, ['serve', '--port', '0', '--dir', webDir],
                                     /at (http:\/\/127\.0\.0\.1:\d+)\//, 'stdout');
  const origin = served[1];
  const ws = await startAndMatch(chromiumBin, [
    '--headless=new', '--no-sandbox', '--remote-debugging-port=0', `--user-data-dir=${profile}`,
    '--no-first-run', '--no-default-browser-check', '--disable-gpu', '--enable-unsafe-swiftshader',
    '--disable-dev-shm-usage', 'about:blank'], /DevTools listening on (ws:\/\/\S+)/, 'stderr');
  const cdp = new Cdp(ws[1]);
  await cdp.open();
  const asked = flags.filter((f) => f.startsWith('--bench=')).map((f) => f.slice(8));
  const benches = asked.length ? asked : flags.includes('--bench') || flags.includes('--bench-only')
    ? ['zhonggong', 'xiangqi'] : [];
  if (flags.includes('--bench-only')) {
    for (const game of benches) await bench(cdp, origin, game);
    console.log('browser test: bench only: passed');
    cdp.ws.close();
    cleanup();
    process.exit(0);
  }
  const phoneDevice = { name: 'phone', w: 390, h: 844, dpr: 3, touch: true };
  const phone = await playOn(cdp, origin, phoneDevice);
  await filesOn(cdp, origin, phoneDevice);
  for (const game of benches) await bench(cdp, origin, game);
  // the desktop's computer at level 10 thinks for about a second: the
  // page must keep answering meanwhile; Save and Load by mouse first, as
  // the desktop's run stops the server
  const deskDevice = { name: 'desktop', w: 1280, h: 800, dpr: 1, touch: false,
                       query: '?args=play%20zhonggong%20--level%2010', offline: true };
  await filesOn(cdp, origin, deskDevice);
  const desk = await playOn(cdp, origin, deskDevice);
  console.log(`browser test: passed (first board: phone ${phone} ms, desktop ${desk} ms; screenshots in ${webDir})`);
  cdp.ws.close();
  cleanup();
  process.exit(0);
}

main().catch((e) => fail(e.message));
