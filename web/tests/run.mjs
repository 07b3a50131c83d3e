// Browser tests of the web platform: Playwright (playwright-core) drives Debian's chromium, headless.
// Usage: node web/tests/run.mjs BUILD_DIR   (scripts/test-web.sh). Prints "web: N passed, M failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { Server, freePort } from './server.mjs';
import { registerLiveTests } from './live.mjs';
import { registerPlayerTests } from './player.mjs';
import { registerBoardTests } from './boards.mjs';
import { registerLookTests } from './looks.mjs';
import { registerAccountTests } from './account.mjs';
import { registerRatingTests } from './ratings.mjs';
import { registerSeekTests } from './seeks.mjs';
import { registerStrengthRatingTests } from './strength-ratings.mjs';
import { registerTournamentTests } from './tournaments.mjs';
import { registerMovedTests } from './moved.mjs';
import { registerClusterTests } from './cluster.mjs';
import { protocolChecker } from './protocol.mjs';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const build = path.resolve(process.argv[2] || 'build');
const shots = path.join(build, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'strat-web-'));

// WEB_DIST=DIR serves another build of the front end (e.g. an older one, to see a new test fail on it).
const server = new Server(path.join(build, 'strat'), path.join(tmp, 'test.db'), path.resolve(process.env.WEB_DIST || path.join(root, 'web/dist')), await freePort());
await server.start();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  // Playwright gives every launch a fresh temporary profile (its own --user-data-dir).
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});

// Every browser context reports what the server's Content-Security-Policy refused (Chromium logs each refusal
// as a console error): the last test fails if anything was.
const cspRefusals = [];
const newContext = browser.newContext.bind(browser);
browser.newContext = async (options) => {
  const context = await newContext(options);
  context.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspRefusals.push(`${m.location().url}: ${m.text()}`);
  });
  return context;
};

const tests = [];
const openPages = new Set();
const test = (name, fn) => tests.push({ name, fn });
function assert(cond, what) {
  if (!cond) throw new Error(`assertion failed: ${what}`);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(fn, what, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// A Stratego square's box on screen. The board is redrawn when a message arrives (a setup accepted, the game's
// end), and a square looked up during a redraw has no box for a moment: wait for the drawn one.
async function squareBox(page, sq) {
  const square = page.locator(`svg.stratego-board rect.sq[data-square="${sq}"]`);
  return until(() => square.boundingBox(), `square ${sq} on screen`);
}
// In a cluster, a 421 names the node that plays the game: asked once more there, as the front end does (api.ts).
async function getJson(url, base = server.base) {
  const r = await fetch(base + url);
  const body = await r.json();
  if (r.status === 421 && body.node && !url.includes('node=')) return getJson(`${url}${url.includes('?') ? '&' : '?'}node=${body.node}`, base);
  return body;
}
const tokenOf = (page) => new URL(page.url()).hash.split('/')[2];
async function shot(page, name) {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}
// Every message a page receives from the server (its sockets' frames, the API's JSON answers), kept to be
// checked against the protocol's schema by the last test.
const received = [];
function watch(page) {
  page.on('websocket', (ws) => {
    const channel = { '/ws/live': 'live', '/ws/lobby': 'lobby' }[new URL(ws.url()).pathname] ?? 'game';
    ws.on('framereceived', ({ payload }) => received.push({ channel, text: String(payload) }));
  });
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    try {
      received.push({ channel: `${res.request().method()} ${url.pathname}`, text: await res.text() });
    } catch {
      // the page went away before the body was read
    }
  });
}
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
  const page = await context.newPage();
  watch(page);
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.on('dialog', (d) => d.accept());
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}
const moveCount = (page) => page.locator('#moves li').count();

// Places a random setup through the editor and declares ready.
// Creates a classic Stratego game from the lobby form: mode is computer, friend or hotseat; `selects` sets the
// mode's own fields (agent, side, clock).
async function createStrategoGame(page, mode, selects, base = server.base) {
  await page.goto(base + '/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#new-game', 'stratego');
  await page.selectOption('#new-variant', 'classic');
  await page.check(`#mode-${mode}`);
  for (const [field, value] of Object.entries(selects)) await page.selectOption(`#new-${field}`, value);
  await page.click('#create-btn');
  await page.waitForURL(/#\/play\//);
}

async function placeSetup(page) {
  await page.waitForSelector('.setup .randomize-btn');
  await page.click('.randomize-btn');
  await page.waitForFunction(() => document.querySelector('.setup-status')?.textContent === 'Setup complete.');
  await page.click('.ready-btn');
}

// Plays one move for the side this page holds, through the board: click the piece, then the target square.
// `choose` picks among the legal moves (from the server's state for this page's token, asked at `base`: in a
// cluster, until a node that plays the game answers).
async function playMove(page, choose, { drag = false, base = server.base } = {}) {
  const token = tokenOf(page);
  const st = await until(async () => {
    const s = await getJson(`/api/state?token=${token}`, base);
    return s.phase === 'over' || s.legal?.length ? s : null;
  }, 'our turn');
  if (st.phase === 'over') return null;
  const move = choose(st.legal, st);
  const [from, to] = move.split(/[-x]/);
  await page.waitForSelector(`svg.stratego-board g.piece.movable[data-square="${from}"]`);
  const before = st.moves.length;
  const center = async (sq) => {
    const box = await squareBox(page, sq);
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [fx, fy] = await center(from);
  const [tx, ty] = await center(to);
  if (drag) {
    await page.mouse.move(fx, fy);
    await page.mouse.down();
    await page.mouse.move((fx + tx) / 2, (fy + ty) / 2, { steps: 4 });
    await page.mouse.move(tx, ty, { steps: 4 });
    await page.mouse.up();
  } else {
    await page.mouse.click(fx, fy);
    await page.waitForSelector(`[data-target="${to}"]`);
    await page.mouse.click(tx, ty);
  }
  await until(async () => (await moveCount(page)) > before, `move ${move} to show`);
  return move;
}

// Prefers attacks, then moves towards the enemy, so combat comes quickly.
function aggressive(legal, st) {
  const attacks = legal.filter((m) => m.includes('x'));
  if (attacks.length) return attacks[0];
  const forward = (m) => {
    const [a, b] = m.split('-').map((sq) => Number(sq.slice(1)));
    return st.to_move === 1 ? a - b : b - a;
  };
  const best = Math.max(...legal.map(forward));
  const choices = legal.filter((m) => forward(m) === best);
  return choices[Math.floor(Math.random() * choices.length)];
}

const RED_LETTERS = 'BCDEFGHIJKLM';

// What the blue seat's messages may say about red: every red piece it sees with a rank must be one revealed
// in combat; the view string may hold red letters only for those.
function checkNoRedRanks(message, redSetup) {
  const text = JSON.stringify(message);
  assert(!text.includes(redSetup), 'red setup string leaked');
  const views = [];
  if (message.view) views.push(message.view);
  for (const v of views) {
    if (v.outcome && v.outcome.status !== 'ongoing') continue; // the finished game is shown whole
    let known = 0;
    v.cells.forEach((c) => {
      if (c && c !== 'lake' && c.owner === 'red') {
        if (c.rank !== '?') assert(c.known, `unrevealed red rank ${c.rank} visible to blue`);
        if (c.known) known++;
      }
    });
    const field = String(v.view).split(' ')[0];
    const redLetters = [...field].filter((ch) => RED_LETTERS.includes(ch)).length;
    assert(redLetters === known, `view string shows ${redLetters} red ranks, ${known} are revealed`);
  }
}

test('lobby lists the games and screenshots itself', async () => {
  const page = await newPage();
  await page.goto(server.base + '/');
  await page.waitForSelector('#new-game-form');
  const options = await page.locator('#new-game option').allTextContents();
  assert(options.includes('Stratego'), `Stratego offered (${options})`);
  await shot(page, 'lobby');
  await page.context().close();
});

// Whether an element is shown: present, laid out, not hidden.
async function shown(page, selector) {
  const loc = page.locator(selector);
  return (await loc.count()) > 0 && (await loc.first().isVisible());
}
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true };

test('lobby: each mode shows only its own fields (hidden rows stay hidden)', async () => {
  for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
    const page = await newPage(options);
    await page.goto(server.base + '/');
    await page.waitForSelector('#new-game-form');
    await page.check('#mode-hotseat');
    assert(!(await shown(page, '#new-strength')), 'hotseat: no computer strength');
    assert(!(await shown(page, '#new-side')), 'hotseat: no "You play"');
    assert(!(await shown(page, '#new-listed')), 'hotseat: no "list it in the lobby"');
    await shot(page, `lobby-hotseat-${tag}`);
    await page.check('#mode-computer');
    assert(await shown(page, '#new-strength'), 'vs computer: strength shown');
    assert(!(await shown(page, '#new-listed')), 'vs computer: no "list it in the lobby"');
    await shot(page, `lobby-computer-${tag}`);
    await page.check('#mode-friend');
    assert(await shown(page, '#new-listed'), 'vs a friend: "list it in the lobby" shown');
    assert(!(await shown(page, '#new-strength')), 'vs a friend: no strength');
    await page.context().close();
  }
});

test('lobby: Stratego by default, the last game remembered, sides and strengths in words', async () => {
  for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
    const page = await newPage(options);
    await page.goto(server.base + '/');
    await page.waitForSelector('#new-game-form');
    assert((await page.inputValue('#new-game')) === 'stratego', 'Stratego is the default');
    assert((await page.locator('#new-side option').allTextContents()).join() === 'Red (moves first),Blue,Random', 'Stratego sides');
    const levels = await page.locator('#new-strength option').allTextContents();
    assert(levels.join() === 'Beginner,Club,Strong,Maximum', `strengths in words: ${levels}`);
    await page.selectOption('#new-game', 'strata7');
    const sides = await page.locator('#new-side option').allTextContents();
    assert(sides.join() === 'White (moves first),Bordeaux,Random', `Strata 7's own side names: ${sides}`);
    await shot(page, `lobby-strata7-${tag}`);
    await page.reload();
    await page.waitForSelector('#new-game-form');
    assert((await page.inputValue('#new-game')) === 'strata7', 'the last choice is remembered');
    await page.context().close();
  }
});

test('game page: sides in the game\'s own names and colours, the computer by its strength', async () => {
  const page = await newPage();
  await page.goto(server.base + '/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#new-game', 'strata7');
  await page.check('#mode-computer');
  await page.selectOption('#new-strength', 'beginner');
  await page.selectOption('#new-side', '0');
  await page.click('#create-btn');
  await page.waitForURL(/#\/play\//);
  await page.waitForSelector('svg.grid-board');
  for (let i = 0; i < 2; ++i) if (!(await playBoardMove(page))) break;
  await until(async () => (await moveCount(page)) >= 2, 'moves in the list');
  const side = await page.locator('.side').innerText();
  assert(/White \(you\)/.test(side) && /Bordeaux/.test(side), `side names: ${side}`);
  assert(/computer · Beginner/.test(side), `the computer by its strength: ${side}`);
  assert(!/\b(red|blue)\b|time=|random/i.test(side), `no red/blue, no agent spec: ${side}`);
  // Found and read in one step in the page (a locator's evaluateAll finds first and reads after: a redraw in
  // between, when the computer's move arrives, leaves detached elements with no computed style).
  const dots = await page.evaluate(() => [...document.querySelectorAll('#moves li .who')].map((e) => getComputedStyle(e).backgroundColor));
  assert(dots[0] === 'rgb(245, 241, 230)' && dots[1] === 'rgb(123, 30, 58)', `moves marked in white and bordeaux: ${dots}`);
  await shot(page, 'strata7-names');
  await page.context().close();
});

let computerGame = null; // shared by the reload, restart and replay tests

test('vs computer: setup editor, moves by click and drag, an attack with both ranks shown', async () => {
  const page = await newPage();
  await createStrategoGame(page, 'computer', { strength: 'beginner' });
  await page.waitForSelector('.setup .tray-item');
  // The editor: drag one piece from the tray onto the board, click-place another, then randomize the rest.
  const tray = page.locator('.tray-item[data-rank="10"]');
  const cell = page.locator('.setup-svg rect[data-idx="0"]');
  const a = await tray.boundingBox(), b = await cell.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
  await page.waitForSelector('.setup-svg g.piece[data-idx="0"]');
  await page.click('.tray-item[data-rank="F"]');
  await page.locator('.setup-svg rect[data-idx="35"]').click();
  await page.waitForSelector('.setup-svg g.piece[data-idx="35"]');
  assert((await page.locator('.ready-btn').isDisabled()), 'Ready is disabled while pieces are missing');
  // The tray's rank glyphs are legible: at least 12 px.
  const trayPx = await page.evaluate(() => Math.min(...[...document.querySelectorAll('.tray-item svg.mini')].flatMap((svg) =>
    [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * svg.getBoundingClientRect().width))));
  assert(trayPx >= 12, `tray rank glyphs ${trayPx.toFixed(1)} px`);
  await page.fill('.setup-name', 'my test setup');
  await shot(page, 'setup-editor');
  await page.click('.randomize-btn');
  await page.waitForFunction(() => document.querySelector('.setup-status')?.textContent === 'Setup complete.');
  await page.click('.save-btn');
  const saved = await page.evaluate(() => localStorage.getItem('strat.stratego.setups.classic'));
  assert(saved && saved.includes('my test setup'), 'setup saved in localStorage');
  await page.click('.ready-btn');
  await page.waitForSelector('svg.stratego-board');
  await playMove(page, aggressive, { drag: true });
  let fights = 0, badge = null;
  // The combat badge lies inside one square (the fight's): it must not cover the piece above. It shows only while the
  // fight is the last move, so the page measures it whenever one is drawn (a poll after our move missed it when the
  // computer's reply came first, on a loaded machine).
  await page.evaluate(() => {
    window.badgeSquares = null;
    const measure = () => {
      const b = document.querySelector('svg.stratego-board .combat-badge rect');
      if (!b || window.badgeSquares !== null) return;
      const r = b.getBoundingClientRect();
      window.badgeSquares = [...document.querySelectorAll('svg.stratego-board rect.sq')].filter((q) => {
        const s = q.getBoundingClientRect();
        return r.bottom > s.top + 0.5 && r.top < s.bottom - 0.5 && r.right > s.left + 0.5 && r.left < s.right - 0.5;
      }).length;
    };
    new MutationObserver(measure).observe(document.body, { childList: true, subtree: true });
    measure();
  });
  for (let i = 0; i < 150 && (fights === 0 || badge === null); ++i) {
    if (!(await playMove(page, aggressive))) break;
    fights = await page.locator('#moves li .fight').count();
    badge = await page.evaluate(() => window.badgeSquares);
  }
  assert(badge === 1, `the combat badge overlaps ${badge} squares`);
  assert(fights > 0, 'an attack happened');
  const title = await page.locator('#moves li:has(.fight)').first().getAttribute('title');
  assert(/\((S|\d+|B|F)\) attacks .*\((S|\d+|B|F)\)/.test(title), `combat shows both ranks: ${title}`);
  await shot(page, 'stratego-vs-computer-attack');
  computerGame = { page, token: tokenOf(page) };
});

test('vs computer: no "Offer draw" (the computer always declines); a friend game has it', async () => {
  const { page } = computerGame;
  assert(await shown(page, '.resign-btn'), 'resign shown');
  assert((await page.locator('.draw-btn').count()) === 0, 'no draw offer against the computer');
  assert(!/draw/i.test(await page.locator('.actions').innerText()), 'nothing about draws against the computer');
  const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'dhamet', mode: 'friend', seat: 0 }) })).json();
  const friend = await newPage();
  await friend.goto(`${server.base}/#/play/${made.tokens.find((t) => t.role === 'seat0').token}`);
  await friend.waitForSelector('.resign-btn');
  assert(await shown(friend, '.draw-btn'), 'draw offer against a human');
  await friend.context().close();
});

test('reload the page and continue the game', async () => {
  const { page } = computerGame;
  const before = await moveCount(page);
  await page.reload();
  await page.waitForSelector('svg.stratego-board');
  await until(async () => (await moveCount(page)) === before, 'the move list after reload');
  await playMove(page, aggressive);
  assert((await moveCount(page)) > before, 'a move after the reload');
});

test('kill -9 the server mid-game, restart it, and continue', async () => {
  const { page, token } = computerGame;
  // Our turn: no computer move in flight, so the count cannot change under us.
  const before = (await until(async () => {
    const s = await getJson(`/api/state?token=${token}`);
    return s.legal.length ? s : null;
  }, 'our turn')).moves.length;
  await server.kill9();
  await page.waitForSelector('.conn.down', { timeout: 10000 });
  await server.start();
  await page.waitForSelector('.conn:not(.down)', { state: 'attached', timeout: 15000 });
  const after = (await getJson(`/api/state?token=${token}`)).moves.length;
  assert(after === before, `all ${before} moves survived the kill (found ${after})`);
  await until(async () => (await moveCount(page)) === before, 'the page to resync');
  await playMove(page, aggressive);
  await shot(page, 'stratego-after-restart');
});

test('phone-sized screen: the board fits the width', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await page.goto(`${server.base}/#/play/${computerGame.token}`);
  await page.waitForSelector('svg.stratego-board');
  const box = await page.locator('svg.stratego-board').boundingBox();
  assert(box.width <= 390 && box.width > 300, `board width ${box.width}`);
  // The "moved" dot on unknown enemy pieces: one per such piece (the random deals may leave none at this
  // point of the game), each at least 6 px across on the phone.
  const view = (await getJson(`/api/state?token=${computerGame.token}`)).view;
  const unknownMoved = view.cells.filter((c) => c && c !== 'lake' && c.owner !== view.perspective && c.rank === '?' && c.moved).length;
  const dots = await until(async () => {
    const d = await page.evaluate(() => [...document.querySelectorAll('svg.stratego-board .moved-mark')].map((e) => e.getBoundingClientRect().width));
    return d.length === unknownMoved ? d : null;
  }, `one moved dot per unknown moved enemy piece (${unknownMoved})`);
  assert(dots.every((w) => w >= 6), `moved dots ${dots}`);
  // Captured pieces: rank glyphs of at least 12 px.
  const lostPx = await page.evaluate(() => Math.min(...[...document.querySelectorAll('.captured-piece svg.mini')].flatMap((svg) =>
    [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * svg.getBoundingClientRect().width))));
  assert(Number.isFinite(lostPx) && lostPx >= 12, `captured rank glyphs ${lostPx} px`);
  await shot(page, 'stratego-phone');
  await page.context().close();
});

test('invite link in a second browser, a move each way, and no red rank reaches blue', async () => {
  const red = await newPage();
  await createStrategoGame(red, 'friend', { side: '0' });
  const invite = await red.locator('.link-row.invite input').inputValue();
  assert(invite.includes('#/play/'), 'invite link shown');
  await red.waitForSelector('text=has not opened the invite link yet');

  const blue = await newPage();
  await blue.goto(invite);
  await until(() => tokenOf(blue) !== invite.split('/').pop(), 'the invite to be exchanged for blue\'s own link');
  const blueToken = tokenOf(blue);
  await until(async () => (await red.locator('.link-row.invite').count()) === 0, 'red to see that blue joined');
  // The invite works once.
  const third = await newPage();
  await third.goto(invite);
  await third.waitForSelector('text=Cannot open this game');
  await third.context().close();

  // A raw WebSocket client on blue's seat records everything blue is told.
  const messages = [];
  const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws?token=${blueToken}`);
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await new Promise((r) => ws.on('open', r));

  await placeSetup(red);
  await placeSetup(blue);
  await red.waitForSelector('svg.stratego-board');
  await blue.waitForSelector('svg.stratego-board');
  const redState = await getJson(`/api/state?token=${tokenOf(red)}`);
  const redSetup = redState.view.view.slice(0, 40);

  // Bad requests from blue's seat first (red is to move): out of turn, malformed, acting for red.
  const sendAndWait = async (text) => {
    const n = messages.length;
    ws.send(text);
    await until(() => messages.length > n, 'a reply');
    return messages[messages.length - 1];
  };
  const st = await getJson(`/api/state?token=${tokenOf(red)}`);
  let reply = await sendAndWait(JSON.stringify({ type: 'move', move: st.legal[0] }));
  assert(reply.type === 'error' && /not your turn/.test(reply.message), `out of turn rejected: ${reply.message}`);
  reply = await sendAndWait('{"type":"move"');
  assert(reply.type === 'error', 'malformed JSON rejected');
  reply = await sendAndWait(JSON.stringify({ type: 'resign', seat: 0 }));
  assert(reply.type === 'error' && /seat 1 only/.test(reply.message), `blue cannot resign for red: ${reply.message}`);
  const after = await getJson(`/api/state?token=${tokenOf(red)}`);
  assert(after.moves.length === 0 && after.phase === 'play', 'rejected requests changed nothing');

  // Moves each way, seen by the other browser, until 8 plies or the end of the game.
  for (let ply = 0; ply < 8; ++ply) {
    const [mover, other] = ply % 2 ? [blue, red] : [red, blue];
    if (!(await playMove(mover, aggressive))) break;
    await until(async () => (await moveCount(other)) === ply + 1, `the other browser to see move ${ply + 1}`);
  }
  assert((await moveCount(red)) >= 2, 'a move each way');
  await shot(red, 'stratego-friend-red');
  await shot(blue, 'stratego-friend-blue');
  assert(messages.length > 5, 'blue received messages');
  for (const m of messages) checkNoRedRanks(m, redSetup);
  checkNoRedRanks(await getJson(`/api/state?token=${blueToken}`), redSetup);
  ws.close();
  await red.context().close();
  await blue.context().close();
});

test('hotseat with hidden ranks: the screen is handed over between setups and turns', async () => {
  const page = await newPage();
  await createStrategoGame(page, 'hotseat', { clock: '5+3' });
  for (const name of ['red', 'blue']) {
    await page.click(`text=I am ${name}`);
    await placeSetup(page);
  }
  for (const [i, name] of ['red', 'blue', 'red'].entries()) {
    await page.click(`text=I am ${name}`);
    await page.waitForSelector('svg.stratego-board');
    await playMove(page, aggressive);
    assert((await moveCount(page)) === i + 1, `move ${i + 1} played`);
  }
  const clocks = await page.locator('.clock').allTextContents();
  assert(clocks.length === 2 && clocks.every((c) => /^\d+:\d\d$/.test(c)), `clocks shown: ${clocks}`);
  await page.click('text=I am blue');
  await shot(page, 'stratego-hotseat');
  await page.context().close();
});

test('a listed friend game is joined from the lobby', async () => {
  const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'stratego', mode: 'friend', listed: true }) })).json();
  const page = await newPage();
  await page.goto(server.base + '/');
  const row = page.locator('#open-games li', { hasText: 'Stratego' }).first();
  await row.locator('.join-btn').click();
  await page.waitForURL(/#\/play\//);
  await page.waitForSelector('.setup .randomize-btn');
  const st = await getJson(`/api/state?token=${tokenOf(page)}`);
  assert(st.id === made.id && st.acts[0] === 1, 'took the open blue seat');
  const lobby = await getJson('/api/lobby');
  assert(!lobby.open.some((e) => e.id === made.id), 'no longer open');
  await page.context().close();
});

test('blue keeps its side of the board at the bottom when the game ends (desktop and phone)', async () => {
  const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'stratego', mode: 'computer', agent: 'random', seat: 1 }) })).json();
  const token = made.tokens.find((t) => t.role === 'seat1').token;
  const page = await newPage();
  await page.goto(`${server.base}/#/play/${token}`);
  await placeSetup(page);
  await page.waitForSelector('svg.stratego-board');
  const y = async (p, sq) => (await squareBox(p, sq)).y;
  assert((await y(page, 'a1')) < (await y(page, 'a10')), 'blue plays from the top row 10 down (a1 at the top)');
  await until(async () => (await getJson(`/api/state?token=${token}`)).legal.length, 'our turn');
  await page.click('.resign-btn');
  await page.waitForSelector('text=Game over');
  assert((await y(page, 'a1')) < (await y(page, 'a10')), 'still flipped for blue after the game');
  await shot(page, 'stratego-blue-over');
  const phone = await newPage(PHONE);
  await phone.goto(`${server.base}/#/play/${token}`);
  await phone.waitForSelector('text=Game over');
  assert((await y(phone, 'a1')) < (await y(phone, 'a10')), 'flipped for blue on the phone too');
  await shot(phone, 'stratego-blue-over-phone');
  await phone.context().close();
  await page.context().close();
});

test('move list: numbered per move pair, each side in its column, a turn of several moves in one cell without holes (card duel)', async () => {
  const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'stratego-cards', mode: 'computer', agent: 'random', seat: 0 }) })).json();
  const token = made.tokens.find((t) => t.role === 'seat0').token;
  for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
    const page = await newPage(options);
    await page.goto(`${server.base}/#/play/${token}`);
    await page.waitForSelector('#board svg');
    for (let i = 0; tag === 'desktop' && i < 5; ++i) if (!(await playCardMove(page, (m) => m.startsWith('place')))) break;
    await until(async () => (await moveCount(page)) >= 10, 'placements of both sides in the list');
    // Measured in one go on the rendered list (a message may re-render it in between calls).
    const cols = await until(() => page.evaluate(() => {
      const all = [...document.querySelectorAll('#moves li')].map((e) => ({ side: e.classList.contains('side1') ? 'side1' : 'side0', x: Math.round(e.getBoundingClientRect().x) }));
      return all.length >= 10 && all.every((c) => c.x > 0) ? all : null;
    }), 'the list laid out');
    const xs = (side) => new Set(cols.filter((c) => c.side === side).map((c) => c.x));
    // Rows are move pairs, numbered 1, 2, 3...; a row's two cells are both filled but for the last row's second.
    const rows = await page.evaluate(() => [...document.querySelectorAll('#moves .move-row')].map((r) => ({
      num: r.querySelector('.num')?.textContent, cells: [...r.querySelectorAll('.turn')].map((t) => t.querySelectorAll('li').length) })));
    assert(rows.length > 0 && rows.every((r, k) => r.num === `${k + 1}.`), `numbered per move pair: ${JSON.stringify(rows)}`);
    assert(rows.every((r, k) => r.cells[0] > 0 && (r.cells[1] > 0 || k === rows.length - 1)), `no holes in the columns: ${JSON.stringify(rows)}`);
    assert(rows.some((r) => r.cells.some((n) => n > 1)), `a turn of several moves in one cell: ${JSON.stringify(rows)}`);
    assert(xs('side0').size === 1 && xs('side1').size === 1, `one column per side: ${JSON.stringify(cols)}`);
    assert([...xs('side1')][0] > [...xs('side0')][0], `the second side on the right (${tag}): ${JSON.stringify(cols)}`);
    const fits = await page.locator('#moves').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    assert(fits, 'no move sticks out of the list');
    await shot(page, `moves-columns-${tag}`);
    await page.context().close();
  }
});

test('strata7: the score is shown all game and the last move is marked on top of objective cells', async () => {
  const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'strata7', mode: 'computer', agent: 'random', seat: 0 }) })).json();
  const token = made.tokens.find((t) => t.role === 'seat0').token;
  const page = await newPage();
  await page.goto(`${server.base}/#/play/${token}`);
  await page.waitForSelector('svg.grid-board');
  const scoreText = async (p) => (await p.locator('#score').innerText()).replace(/\s+/g, ' ');
  const score0 = await scoreText(page);
  assert(/White 0 · Bordeaux 0 \(7 wins\)/.test(score0), `score from the start: ${JSON.stringify(score0)}`);
  for (let i = 0; i < 2; ++i) if (!(await playBoardMove(page))) break;
  await until(async () => (await moveCount(page)) >= 2, 'moves');
  // The computer may answer between reading the state and looking at the page: compare once both agree.
  let lastMove = '';
  await until(async () => {
    const st = await getJson(`/api/state?token=${token}`);
    lastMove = st.moves[st.moves.length - 1].move;
    if (!(await scoreText(page)).includes(`White ${st.view.score.white} · Bordeaux ${st.view.score.bordeaux}`)) return false;
    const squares = lastMove.match(/[a-z](?:1[0-9]|[1-9])/g);
    // The mark is drawn after (on top of) everything else on that cell, terrain fills included.
    return page.evaluate((squares) => squares.every((sq) => {
      const all = [...document.querySelectorAll(`svg.grid-board rect[data-square="${sq}"]`)];
      return all.length > 0 && all[all.length - 1].classList.contains('last-mark');
    }), squares);
  }, `the view's score, and the last move marked on top of its cells (${lastMove})`);
  await shot(page, 'strata7-score');
  const phone = await newPage(PHONE);
  await phone.goto(`${server.base}/#/play/${token}`);
  await phone.waitForSelector('#score');
  assert(await phone.locator('#score').isVisible(), 'score visible on the phone');
  await shot(phone, 'strata7-score-phone');
  await phone.context().close();
  await page.context().close();
});

test('turn in words for a spectator, "Your move" in the tab, a notice when the opponent leaves and comes back', async () => {
  const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'dhamet', mode: 'friend', seat: 0 }) })).json();
  const tok = (role) => made.tokens.find((t) => t.role === role).token;
  const red = await newPage();
  await red.goto(`${server.base}/#/play/${tok('seat0')}`);
  await red.waitForSelector('.resign-btn');
  const blue = await newPage();
  await blue.goto(`${server.base}/#/play/${tok('invite1')}`);
  await until(() => tokenOf(blue) !== tok('invite1'), 'blue to take the seat');
  const blueToken = tokenOf(blue);
  await until(async () => /Dhamet/.test(await red.title()) && /Your move/.test(await red.title()), `red's tab title (${await red.title()})`);
  await until(async () => /Dhamet/.test(await blue.title()) && !/Your move/.test(await blue.title()), 'blue\'s tab title');
  const st = await getJson(`/api/state?token=${blueToken}`);
  const mover = st.players[st.to_move].name;
  const Mover = mover[0].toUpperCase() + mover.slice(1);
  const watcher = await newPage(PHONE);
  await watcher.goto(`${server.base}/#/play/${tok('watch')}`);
  await watcher.waitForSelector('#turn');
  const turn = await watcher.locator('#turn').innerText();
  assert(turn === `${Mover} to move` && !/waiting/i.test(turn), `the spectator's turn line: ${turn}`);
  await shot(watcher, 'spectator-turn-phone');
  await watcher.context().close();
  assert((await red.locator('#presence').count()) === 0, 'no notice while both are here');
  assert(!/is back/.test((await red.locator('#toast').textContent()) || ''), 'no "is back" when the friend first comes');
  await blue.context().close();
  await red.waitForSelector('#presence', { timeout: 10000 });
  assert(/left the game/.test(await red.locator('#presence').innerText()), 'the notice says the opponent left');
  await shot(red, 'opponent-left');
  const back = await newPage();
  await back.goto(`${server.base}/#/play/${blueToken}`);
  await red.waitForSelector('#presence', { state: 'detached', timeout: 10000 });
  await red.waitForSelector('#toast.show:has-text("is back")', { timeout: 5000 });
  await back.context().close();
  await red.context().close();
});

// One card duel move through the board: an attack by clicking the own card then the enemy card, anything else
// by its button.
async function playCardMove(page, prefer = (m) => /^a\dx\d$/.test(m)) {
  const token = tokenOf(page);
  const st = await until(async () => {
    const s = await getJson(`/api/state?token=${token}`);
    return s.phase === 'over' || s.legal.length ? s : null;
  }, 'our turn');
  if (st.phase === 'over') return null;
  const preferred = st.legal.filter(prefer);
  const pool = preferred.length ? preferred : st.legal;
  const move = pool[Math.floor(Math.random() * pool.length)];
  const a = /^a(\d)x(\d)$/.exec(move);
  if (a) {
    await page.click(`svg.cards-board .card[data-own-slot="${a[1]}"]`);
    await page.click(`svg.cards-board rect[data-enemy-slot="${a[2]}"]`, { force: true });
  } else {
    await page.click(`.move-btn[data-move="${move}"]`);
  }
  await until(async () => (await getJson(`/api/state?token=${token}`)).moves.length > st.moves.length, `move ${move}`);
  return move;
}

test('card duel: the opponent\'s attacks and reveals are shown whole (combat line, highlight), placements without the card', async () => {
  let theirAttack = null, token = null, page = null;
  // The deal is the server's (random): a game may end before the computer attacks; then another game.
  for (let game = 0; game < 4 && !theirAttack; ++game) {
  if (page) await page.context().close();
  const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'stratego-cards', mode: 'computer', agent: 'random', seat: 0 }) })).json();
  token = made.tokens.find((t) => t.role === 'seat0').token;
  page = await newPage();
  await page.goto(`${server.base}/#/play/${token}`);
  await page.waitForSelector('svg.cards-board');
  for (let i = 0; i < 60 && !theirAttack; ++i) {
    if (!(await playCardMove(page, (m) => !/^a\dx\d$/.test(m)))) break; // let the computer attack us
    // The computer's whole turn (an attack may be followed by its refill placements), then ours again.
    const st = await until(async () => {
      const s = await getJson(`/api/state?token=${token}`);
      return s.phase === 'over' || s.legal.length ? s : null;
    }, 'our turn again');
    const last = st.moves[st.moves.length - 1];
    if (st.phase === 'play' && last.seat === 1 && /^a\dx\d$/.test(last.move ?? '')) theirAttack = last;
    else if (st.phase === 'over') break;
  }
  }
  assert(theirAttack, `the computer attacked: ${JSON.stringify((await getJson(`/api/state?token=${token}`)).moves.map((m) => m.move))}`);
  await until(async () => (await moveCount(page)) === theirAttack.ply + 1, 'the attack in the list');
  const texts = await page.locator('#moves li.side1').allInnerTexts();
  assert(!texts.some((t) => /hidden/.test(t)), `no "(hidden)" among the opponent's moves: ${texts}`);
  assert(texts.some((t) => /place \d/.test(t)) && !texts.some((t) => /place \d=/.test(t)), 'their placements name the slot, not the card');
  const line = await page.locator('#combat').innerText();
  assert(/^Blue's \w+ \(\w+\) in slot \d attacks Red's \w+ \(\w+\) in slot \d: /.test(line), `combat line: ${line}`);
  assert((await page.locator('svg.cards-board .last-mark').count()) === 2, 'both slots of their attack highlighted');
  await shot(page, 'cards-their-attack');
  const phone = await newPage(PHONE);
  await phone.goto(`${server.base}/#/play/${token}`);
  await phone.waitForSelector('svg.cards-board');
  assert((await phone.locator('#combat').innerText()) === line, 'same combat line on the phone');
  await shot(phone, 'cards-their-attack-phone');
  await phone.context().close();
  await page.context().close();
});

// Every other registered game: a game against the computer, two moves through its board, a screenshot.
async function playBoardMove(page) {
  const token = tokenOf(page);
  const st = await until(async () => {
    const s = await getJson(`/api/state?token=${token}`);
    return s.phase === 'over' || s.legal.length ? s : null;
  }, 'our turn');
  if (st.phase === 'over') return null;
  const before = st.moves.length;
  const sq = (m) => (/^[a-z](1[0-9]|[1-9])/.test(m) ? m.match(/[a-z](?:1[0-9]|[1-9])/g) : null);
  // The page may still be drawing its first board: choosing by what is drawn before it exists
  // would take the button path on a board that has no buttons.
  await page.waitForSelector('#board svg, #board .generic-view');
  const grid = await page.locator('svg.grid-board').count();
  const key = (m) => { const q = sq(m); return q && q.length > 1 ? `${q[0]}>${q[q.length - 1]}` : null; };
  const unique = st.legal.filter((m) => key(m) && st.legal.filter((o) => key(o) === key(m)).length === 1);
  if (grid && unique.length) {
    const move = unique[Math.floor(Math.random() * unique.length)];
    const q = sq(move);
    const center = async (name) => {
      const box = await page.locator(`svg.grid-board rect.sq[data-square="${name}"]`).boundingBox();
      return [box.x + box.width / 2, box.y + box.height / 2];
    };
    await page.waitForSelector(`svg.grid-board .piece.movable[data-square="${q[0]}"]`);
    await page.mouse.click(...(await center(q[0])));
    await page.waitForSelector(`[data-target="${q[q.length - 1]}"]`);
    await page.mouse.click(...(await center(q[q.length - 1])));
  } else {
    await page.locator('.move-btn').first().click();
  }
  await until(async () => (await getJson(`/api/state?token=${token}`)).moves.length > before, 'the move to be played');
  return true;
}

for (const game of ['strategic', 'dhamet', 'strata7', 'stratego-cards']) {
  test(`${game}: vs computer through its board`, async () => {
    const catalog = await getJson('/api/games');
    if (!catalog.games.some((g) => g.name === game)) throw new Error(`${game} is not registered`);
    const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game, mode: 'computer', agent: 'random', seat: 0 }) })).json();
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${made.tokens.find((t) => t.role === 'seat0').token}`);
    await page.waitForSelector('#board svg, #board .generic-view');
    for (let i = 0; i < 2; ++i) if (!(await playBoardMove(page))) break;
    await until(async () => (await moveCount(page)) >= 2, 'moves in the list');
    await shot(page, `${game}-vs-computer`);
    await page.context().close();
  });
}

test('resign, then replay the finished game step by step and export its record', async () => {
  const { page, token } = computerGame;
  await page.click('.resign-btn');
  await page.waitForSelector('text=Game over');
  const st = await getJson(`/api/state?token=${token}`);
  assert(st.result && st.result.reason === 'resign', 'resigned');
  await page.click('#result-dialog .result-close'); // the result dialog covers the page until closed
  await page.click('a[href^="#/replay/"]');
  await page.waitForSelector('#replay-board svg.stratego-board');
  for (let i = 0; i < 3; ++i) await page.click('.next-btn');
  await until(async () => /ply 3 of/.test(await page.locator('#replay-status').textContent()), 'ply 3');
  await shot(page, 'stratego-replay');
  const record = await (await fetch(`${server.base}/api/games/${st.id}/record`)).text();
  assert(record.includes('[Game "stratego') && record.includes(st.moves[0].move), 'record has the moves');
  // The exported record is the CLI's record format: `strat replay` checks it move by move.
  const file = path.join(tmp, 'record.txt');
  fs.writeFileSync(file, record);
  const { execFileSync } = await import('node:child_process');
  // `strat replay` checks every move; it compares Result with the moves' outcome even for a resigned game
  // (docs/records.md says only when the moves end the game), so a resignation is accepted as that one remark.
  let report;
  try {
    report = JSON.parse(execFileSync(path.join(build, 'strat'), ['replay', '--json', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    report = JSON.parse(e.stdout);
  }
  assert(report.moves === st.moves.length, `strat replay accepted ${report.moves} of ${st.moves.length} moves: ${report.error}`);
  assert(report.valid, `record checked: ${report.error}`);
  await page.context().close();
});

test('load: 20 concurrent computer-vs-computer games over WebSockets, no move lost or duplicated', async () => {
  const { execFile } = await import('node:child_process');
  const out = await new Promise((resolve, reject) =>
    execFile(path.join(build, 'strat-load'), ['--port', String(server.port), '--games', '20', '--max-plies', '60'], { timeout: 120000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
  );
  assert(out.includes('load: ok') && out.includes('lost 0, duplicated 0'), out);
  console.log('       ' + out.trim().split('\n').slice(1, 3).join('; '));
});

registerLiveTests({ test, browser, server, assert, until, shot, watch }); // the live team game (live.mjs)
registerPlayerTests({ test, server, assert, until, shot, newPage, getJson, tokenOf, playBoardMove, moveCount, PHONE }); // around a game (player.mjs)
registerBoardTests({ test, server, assert, until, getJson, newPage, shot }); // boards, keyboard, history, analysis (boards.mjs)
registerLookTests({ test, server, assert, until, getJson, newPage, shot, browser, watch }); // words, contrast, symbols, screenshots (looks.mjs)
registerAccountTests({ test, server, assert, until, shot, newPage, PHONE }); // the account screens (account.mjs)
registerRatingTests({ test, server, assert, until, shot, newPage, PHONE }); // profiles and leaderboards (ratings.mjs)
registerSeekTests({ test, server, assert, until, shot, newPage, getJson, tokenOf, playBoardMove, PHONE }); // seeks and quick pairing (seeks.mjs)
registerStrengthRatingTests({ test, server, assert, until, shot, newPage, PHONE }); // the computer's strengths' ratings (strength-ratings.mjs)
registerTournamentTests({ test, server, assert, until, shot, newPage, PHONE }); // the tournament pages (tournaments.mjs)
registerMovedTests({ test, server, assert, until, newPage, getJson, tokenOf, shot }); // a page in a cluster follows `moved` and 421 (moved.mjs)
registerClusterTests({ test, root, build, assert, until, newPage, shot, tokenOf, createStrategoGame, placeSetup, playMove, aggressive }); // kill -9 of a node in a real cluster (cluster.mjs)

// The front end reads no move notation with regular expressions (boards draw and play the structured legal
// moves) and has no `any` (every view and message is typed from the schema): found by TypeScript's own scanner.
test('front end source: no regular expression and no `any` in web/src', async () => {
  const found = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.gen.ts')) {
        const src = ts.createSourceFile(p, fs.readFileSync(p, 'utf8'), ts.ScriptTarget.ES2022, true);
        const visit = (node) => {
          const where = `${path.relative(root, p)}:${src.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) found.push(`${where} regular expression ${node.getText()}`);
          if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${where} any`);
          if (ts.isIdentifier(node) && node.text === 'RegExp') found.push(`${where} RegExp`);
          ts.forEachChild(node, visit);
        };
        visit(src);
      }
    }
  };
  walk(path.join(root, 'web/src'));
  assert(found.length === 0, `found:\n  ${found.join('\n  ')}`);
});

// Last: every message the pages received matches the protocol's schema (protocol/*.schema.json).
test('protocol: every message the pages received matches the schema', async () => {
  const check = protocolChecker();
  const bad = [];
  for (const { channel, text } of received) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      continue; // not JSON: no protocol message
    }
    const why = check(channel, message);
    if (why) bad.push(why);
  }
  assert(received.length > 0, 'the pages received messages');
  assert(bad.length === 0, `${bad.length} of ${received.length} messages do not match:\n  ${[...new Set(bad)].slice(0, 10).join('\n  ')}`);
  console.log(`       ${received.length} messages checked`);
});

// Registered last: run with others (WEB_TESTS='take back|security'), it checks what they opened.
test('security: headers on pages and assets, assets gzipped, and no page broke the Content-Security-Policy', async () => {
  const page = await fetch(server.base + '/', { headers: { 'Accept-Encoding': 'gzip' } });
  const html = await page.text(); // fetch decompresses it
  const csp = page.headers.get('content-security-policy') ?? '';
  assert(csp.includes("script-src 'self'") && csp.includes("frame-ancestors 'none'") && !csp.includes('unsafe'), `CSP: ${csp}`);
  assert(page.headers.get('x-content-type-options') === 'nosniff', 'nosniff');
  assert(page.headers.get('referrer-policy') === 'no-referrer', 'no referrer');
  assert(page.headers.get('content-encoding') === 'gzip' && page.headers.get('vary') === 'Accept-Encoding', 'the page is gzipped');
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  assert(script, 'the page names its script');
  const asset = await fetch(server.base + script, { headers: { 'Accept-Encoding': 'gzip' } });
  const plain = await fetch(server.base + script, { headers: { 'Accept-Encoding': 'identity' } });
  assert(asset.headers.get('content-encoding') === 'gzip' && asset.headers.get('content-security-policy') === csp, 'the script is gzipped, with the headers');
  assert(!plain.headers.get('content-encoding') && (await asset.text()) === (await plain.text()), 'the same script either way');
  assert(cspRefusals.length === 0, `the Content-Security-Policy refused: ${cspRefusals.slice(0, 3).join(' | ')}`);
});

// WEB_TESTS=REGEX runs only the tests whose names match (the whole suite otherwise).
const only = process.env.WEB_TESTS ? new RegExp(process.env.WEB_TESTS) : null;
let passed = 0, failed = 0;
const t0 = Date.now();
for (const t of tests) {
  if (only && !only.test(t.name)) continue;
  const start = Date.now();
  try {
    await t.fn();
    passed++;
    console.log(`  ok   ${t.name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    let k = 0;
    for (const p of openPages) await p.screenshot({ path: path.join(shots, `FAILED-${t.name.slice(0, 20).replace(/\W+/g, '-')}-${k++}.png`) }).catch(() => {});
    console.log(`  FAIL ${t.name}\n       ${String(e.stack || e).split('\n').slice(0, 4).join('\n       ')}`);
  }
}
await browser.close();
await server.stop();
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`web: ${passed} passed, ${failed} failed (${((Date.now() - t0) / 1000).toFixed(0)} s; screenshots in ${shots})`);
process.exit(failed ? 1 : 0);
