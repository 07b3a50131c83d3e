// Browser tests of what a player does around a game (issue 14): the result dialog and rematch, sounds and the
// mute toggle, the tab's title and icon, presence notices for spectators, the low-time warning, take-back
// against the computer, and "your games" kept on the server. Registered by run.mjs, which owns the browser
// and the server.
import WebSocket from 'ws';

export function registerPlayerTests({ test, server, assert, until, shot, newPage, getJson, tokenOf, playBoardMove, moveCount, PHONE }) {
  const post = async (url, body) => (await fetch(server.base + url, { method: 'POST', body: JSON.stringify(body) })).json();
  const tokenFor = (made, role) => made.tokens.find((t) => t.role === role).token;
  // Records every sound the page plays (sound.ts announces each one as a `strat-sound` event).
  const recordSounds = (page) => page.addInitScript(() => {
    window.__sounds = [];
    window.addEventListener('strat-sound', (e) => window.__sounds.push(e.detail));
  });
  const sounds = (page) => page.evaluate(() => window.__sounds);

  test('result dialog: rematch against the computer starts at once with the colours swapped (desktop and phone)', async () => {
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
      const made = await post('/api/games', { game: 'dhamet', mode: 'computer', agent: 'random', seat: 0 });
      const page = await newPage(options);
      await recordSounds(page);
      await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
      await page.click('.resign-btn');
      await page.waitForSelector('#result-dialog .result-card');
      assert((await page.locator('#result-title').innerText()) === 'You lost', 'the dialog says who won');
      assert(/resignation/.test(await page.locator('.result-reason').innerText()), 'and why');
      assert(await page.locator('#result-dialog .new-game-btn').isVisible(), 'a new game is offered');
      await until(async () => (await sounds(page)).includes('end'), 'the end-of-game sound');
      await shot(page, `result-dialog-${tag}`);
      const old = tokenOf(page);
      await page.click('#result-dialog .rematch-btn');
      await until(() => tokenOf(page) !== old, 'the page to go to the rematch');
      const st = await getJson(`/api/state?token=${tokenOf(page)}`);
      assert(st.id !== made.id && st.acts.join() === '1', `the rematch: same player on the other side (${st.acts})`);
      assert(st.players[0].kind === 'computer' && st.players[0].agent === 'random', 'against the same computer');
      await page.waitForSelector('#board svg');
      assert(!(await page.locator('#result-dialog .result-card').isVisible()), 'no dialog in the new game');
      const old_state = await getJson(`/api/state?token=${old}`);
      assert(old_state.rematch.game === st.id, 'the finished game links its rematch');
      await page.context().close();
    }
  });

  test('rematch between two friends: one offers, the other accepts, both go to the new game', async () => {
    const made = await post('/api/games', { game: 'dhamet', mode: 'friend', seat: 0 });
    const red = await newPage();
    await red.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    await red.waitForSelector('.resign-btn');
    const blue = await newPage(PHONE);
    await blue.goto(`${server.base}/#/play/${tokenFor(made, 'invite1')}`);
    await until(() => tokenOf(blue) !== tokenFor(made, 'invite1'), 'blue to take the seat');
    await blue.waitForSelector('.resign-btn');
    await red.click('.resign-btn');
    await red.waitForSelector('#result-dialog .rematch-btn');
    await blue.waitForSelector('#result-dialog .result-card');
    assert((await blue.locator('#result-title').innerText()) === 'You won', 'blue won');
    await red.click('#result-dialog .rematch-btn');
    await red.waitForSelector('#result-dialog .rematch-btn:disabled');
    await blue.waitForSelector('#result-dialog .rematch-accept');
    assert(/offers a rematch/.test(await blue.locator('.rematch-note').innerText()), 'blue is told of the offer');
    await shot(blue, 'rematch-offer-phone');
    const [redOld, blueOld] = [tokenOf(red), tokenOf(blue)];
    await blue.click('#result-dialog .rematch-accept');
    await until(() => tokenOf(red) !== redOld && tokenOf(blue) !== blueOld, 'both pages to go to the rematch');
    const [r, b] = [await getJson(`/api/state?token=${tokenOf(red)}`), await getJson(`/api/state?token=${tokenOf(blue)}`)];
    assert(r.id === b.id && r.id !== made.id, 'one new game for both');
    assert(r.acts.join() === '1' && b.acts.join() === '0', `colours swapped (red now ${r.acts}, blue now ${b.acts})`);
    assert(r.players.every((p) => p.joined), 'both seats taken: no invite to send');
    // Back on the finished game, each page links the rematch.
    await red.goto(`${server.base}/#/play/${redOld}`);
    await red.waitForSelector('#result-dialog .rematch-go');
    await red.context().close();
    await blue.context().close();
  });

  test('sounds for moves; the mute toggle is remembered', async () => {
    const made = await post('/api/games', { game: 'dhamet', mode: 'computer', agent: 'random', seat: 0 });
    const page = await newPage();
    await recordSounds(page);
    await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    await page.waitForSelector('#sound-toggle');
    assert((await page.locator('#sound-toggle').getAttribute('aria-pressed')) === 'false', 'sound on at first');
    await playBoardMove(page);
    await until(async () => (await sounds(page)).filter((s) => s === 'move' || s === 'capture').length >= 2, 'a sound for our move and the computer\'s');
    await page.click('#sound-toggle');
    await page.reload();
    await page.waitForSelector('#sound-toggle[aria-pressed="true"]');
    assert(/off/i.test(await page.locator('#sound-toggle').innerText()), 'muted after a reload');
    const before = (await getJson(`/api/state?token=${tokenFor(made, 'seat0')}`)).moves.length;
    await playBoardMove(page);
    await until(async () => (await moveCount(page)) >= before + 2, 'our move and the answer');
    assert((await sounds(page)).length === 0, `no sound while muted: ${await sounds(page)}`);
    await page.click('#sound-toggle');
    assert((await page.evaluate(() => localStorage.getItem('strat.sound.muted'))) === '0', 'unmuted is remembered too');
    await page.context().close();
  });

  test('the tab title and icon say "your move"; a spectator is told when a player leaves and comes back', async () => {
    const made = await post('/api/games', { game: 'dhamet', mode: 'friend', seat: 0 });
    const red = await newPage();
    await red.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    const blue = await newPage();
    await blue.goto(`${server.base}/#/play/${tokenFor(made, 'invite1')}`);
    await until(() => tokenOf(blue) !== tokenFor(made, 'invite1'), 'blue to take the seat');
    const blueToken = tokenOf(blue);
    const icon = (p) => p.evaluate(() => document.querySelector('link[rel="icon"]').dataset.yourMove);
    await until(async () => /^● Your move · Dhamet.* — strat$/.test(await red.title()) && (await icon(red)) === '1', `red's tab (${await red.title()})`);
    assert(!/Your move/.test(await blue.title()) && (await icon(blue)) === '0', `blue's tab: ${await blue.title()}`);
    assert((await red.evaluate(() => document.querySelector('link[rel="icon"]').href)).includes('circle'), 'the icon has a dot');
    await playBoardMove(red);
    await until(async () => /Your move/.test(await blue.title()) && (await icon(blue)) === '1', 'blue\'s turn in its tab');
    await until(async () => !/Your move/.test(await red.title()) && (await icon(red)) === '0', 'no longer red\'s');
    const watcher = await newPage(PHONE);
    await watcher.goto(`${server.base}/#/play/${tokenFor(made, 'watch')}`);
    await watcher.waitForSelector('#turn');
    assert(!/Your move/.test(await watcher.title()), 'a spectator never has "your move"');
    await blue.context().close();
    await watcher.waitForSelector('#presence', { timeout: 10000 });
    assert(/left the game/.test(await watcher.locator('#presence').innerText()), 'the spectator is told blue left');
    await shot(watcher, 'spectator-player-left-phone');
    const back = await newPage();
    await back.goto(`${server.base}/#/play/${blueToken}`);
    await watcher.waitForSelector('#presence', { state: 'detached', timeout: 10000 });
    await watcher.waitForSelector('#toast.show:has-text("is back")', { timeout: 5000 });
    for (const p of [back, red, watcher]) await p.context().close();
  });

  test('low time: the player\'s clock turns red and warns once', async () => {
    // 15 s to play: the warning starts at 5 s left (never earlier than that, nor later than 20 s). The 10 s before it
    // leave room for a slow page load on a busy machine (with 7 s, a load over 2 s found the clock low already).
    const made = await post('/api/games', { game: 'dhamet', mode: 'computer', agent: 'random', seat: 0, clock_initial_ms: 15000 });
    const page = await newPage();
    await recordSounds(page);
    await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    await page.waitForSelector('.clock[data-seat="0"]');
    assert(!(await page.locator('.clock[data-seat="0"]').evaluate((e) => e.classList.contains('low'))), 'not low at first');
    await page.waitForSelector('.clock.low[data-seat="0"]', { timeout: 14000 });
    assert((await page.locator('.clock[data-seat="1"]').evaluate((e) => e.classList.contains('low'))) === false, 'the other clock is not low');
    await until(async () => (await sounds(page)).filter((s) => s === 'low').length === 1, 'one low-time sound');
    const color = await page.locator('.clock.low').evaluate((e) => getComputedStyle(e).backgroundColor);
    assert(color === 'rgb(198, 40, 40)', `the low clock is red: ${color}`);
    await shot(page, 'clock-low-time');
    await page.waitForTimeout(600);
    assert((await sounds(page)).filter((s) => s === 'low').length === 1, 'the warning sounds once');
    await page.context().close();
  });

  test('take back against the computer restores the board; not offered with a clock', async () => {
    const made = await post('/api/games', { game: 'dhamet', mode: 'computer', agent: 'random', seat: 0 });
    const token = tokenFor(made, 'seat0');
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${token}`);
    await page.waitForSelector('svg.grid-board');
    const start = await getJson(`/api/state?token=${token}`);
    assert((await page.locator('.takeback-btn').count()) === 0, 'nothing to take back before the first move');
    await playBoardMove(page);
    await until(async () => (await getJson(`/api/state?token=${token}`)).legal.length > 0, 'the computer to answer');
    await page.waitForSelector('.takeback-btn');
    const boardBefore = await page.locator('#board').innerHTML();
    await page.click('.takeback-btn');
    await until(async () => (await moveCount(page)) === 0, 'the move list to empty');
    const st = await getJson(`/api/state?token=${token}`);
    assert(st.moves.length === 0 && JSON.stringify(st.view) === JSON.stringify(start.view), 'the server is back at the start');
    await until(async () => (await page.locator('#board').innerHTML()) !== boardBefore, 'the board to be redrawn');
    const startBoard = await (async () => {
      const fresh = await newPage();
      const other = await post('/api/games', { game: 'dhamet', mode: 'computer', agent: 'random', seat: 0 });
      await fresh.goto(`${server.base}/#/play/${tokenFor(other, 'seat0')}`);
      await fresh.waitForSelector('svg.grid-board');
      const pieces = await fresh.locator('svg.grid-board .piece').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')).sort().join());
      await fresh.context().close();
      return pieces;
    })();
    const pieces = await page.locator('svg.grid-board .piece').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')).sort().join());
    assert(pieces === startBoard, 'the pieces stand where they started');
    await shot(page, 'take-back');
    await page.context().close();
    const clocked = await post('/api/games', { game: 'dhamet', mode: 'computer', agent: 'random', seat: 0, clock_initial_ms: 600000 });
    const p2 = await newPage();
    await p2.goto(`${server.base}/#/play/${tokenFor(clocked, 'seat0')}`);
    await playBoardMove(p2);
    await until(async () => (await getJson(`/api/state?token=${tokenFor(clocked, 'seat0')}`)).legal.length > 0, 'the computer to answer');
    await p2.waitForSelector('.resign-btn');
    assert((await p2.locator('.takeback-btn').count()) === 0, 'no take-back with a clock');
    await p2.context().close();
  });

  // Plays moves for a seat through a WebSocket of its token, chosen from its legal list, until done(state).
  async function playUntil(token, choose, done) {
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws?token=${token}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    try {
      for (let i = 0; i < 60; ++i) {
        const st = await until(async () => {
          const s = await getJson(`/api/state?token=${token}`);
          return s.phase === 'over' || s.legal.length ? s : null;
        }, 'our turn');
        if (st.phase === 'over' || done(st)) return st;
        ws.send(JSON.stringify({ type: 'move', move: choose(st.legal), ply: st.ply }));
        await until(async () => (await getJson(`/api/state?token=${token}`)).ply > st.ply, 'the move to land');
      }
      throw new Error('too many moves');
    } finally {
      ws.close();
    }
  }

  test('take back: refused, and said why, after a turn that showed a hidden card (card duel against the computer)', async () => {
    const attacks = (s) => s.legal.filter((m) => m.includes('x'));
    // The server deals from its own secret seed, so an attack can end the game (a Flag taken): then a new game.
    for (let attempt = 0; attempt < 6; ++attempt) {
      const made = await post('/api/games', { game: 'stratego-cards', mode: 'computer', agent: 'random', seat: 0 });
      const token = tokenFor(made, 'seat0');
      const page = await newPage();
      await page.goto(`${server.base}/#/play/${token}`);
      // Red lays its cards; the computer lays its own: nothing of the other side was shown, a take-back is offered.
      let st = await playUntil(token, (legal) => legal[0], (s) => attacks(s).length > 0);
      if (st.phase !== 'play') {
        await page.context().close();
        continue;
      }
      assert(st.takeback_blocked === '', `nothing blocks a take-back yet: ${st.takeback_blocked}`);
      await page.waitForSelector('.takeback-btn:not([disabled])');
      // Red attacks a card it never saw, refills, and the computer plays its turn.
      st = await playUntil(token, (legal) => legal.find((m) => m.includes('x')) ?? legal[0], (s) => s.moves.some((m) => m.seat === 0 && m.move.includes('x')) && attacks(s).length > 0);
      if (st.phase !== 'play') {
        await page.context().close();
        continue;
      }
      assert(/^no take-back: move \d+ showed you/.test(st.takeback_blocked), `the server says why: ${st.takeback_blocked}`);
      await page.waitForSelector('.takeback-btn[disabled]');
      assert((await page.locator('.takeback-btn').getAttribute('title')) === st.takeback_blocked, 'the button says why');
      assert(await page.locator('.takeback-note').isVisible(), 'and the page says it');
      await shot(page, 'take-back-refused');
      await page.context().close();
      return;
    }
    assert(false, 'six games in a row ended before the take-back could be tried');
  });

  test('your games: kept on the server for this browser, after a reload, without local links and after a restart', async () => {
    const page = await newPage();
    await page.goto(server.base + '/');
    await page.waitForSelector('#new-game-form');
    await page.selectOption('#new-game', 'dhamet');
    await page.check('#mode-computer');
    await page.selectOption('#new-strength', 'beginner');
    await page.click('#create-btn');
    await page.waitForURL(/#\/play\//);
    await page.waitForSelector('.resign-btn');
    const token = tokenOf(page);
    const id = (await getJson(`/api/state?token=${token}`)).id;
    await page.click('.resign-btn');
    await page.waitForSelector('#result-dialog .result-card');
    await page.goto(server.base + '/');
    const row = page.locator(`#your-games li[data-id="${id}"]`);
    await row.waitFor();
    const text = await row.innerText();
    assert(/Dhamet/.test(text) && /vs the computer · Beginner/.test(text) && /You resigned/.test(text), `the row: ${text}`);
    assert((await row.locator('a').getAttribute('href')) === `#/play/${token}`, 'the row links the game');
    // The links this browser kept locally are gone: the server still knows the player's games.
    await page.evaluate(() => localStorage.removeItem('strat.games'));
    await page.reload();
    await page.locator(`#your-games li[data-id="${id}"]`).waitFor();
    await server.kill9();
    await server.start();
    await page.reload();
    await page.locator(`#your-games li[data-id="${id}"]`).waitFor();
    await shot(page, 'your-games');
    await page.locator(`#your-games li[data-id="${id}"] a`).click();
    await page.waitForSelector('#result-dialog .result-card');
    // Another browser (another identity) does not see it.
    const other = await newPage(PHONE);
    await other.goto(server.base + '/');
    await other.waitForSelector('#your-games-card p, #your-games');
    await other.waitForTimeout(500);
    assert((await other.locator(`#your-games li[data-id="${id}"]`).count()) === 0, 'not in another browser\'s games');
    const player = await page.evaluate(() => localStorage.getItem('strat.player'));
    const theirs = await other.evaluate(() => localStorage.getItem('strat.player'));
    const list = await (await fetch(`${server.base}/api/players/me/games`, { headers: { Authorization: `Bearer ${theirs}` } })).json();
    assert(!JSON.stringify(list).includes(token), 'the other identity never gets this player\'s link');
    const refused = await fetch(`${server.base}/api/players/me/games`, { headers: { Authorization: `Bearer ${player.slice(0, 31)}x` } });
    assert(refused.status === 400, 'a wrong identity is refused');
    const noAuth = await fetch(`${server.base}/api/players/me/games?player=${player}`);
    assert(noAuth.status === 400, 'the identity is read from the header only');
    await other.context().close();
    await page.context().close();
  });
}
