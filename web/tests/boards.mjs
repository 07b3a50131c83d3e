// Browser tests of the boards as players know them (issue 14): Dhamet's alquerque board with its captured
// counts and long captures in words, Strategic's counts and first-turn duty, Strata 7's octagon, the flip switch,
// keyboard play and screen-reader labels, stepping through the moves, and the analysis view.
// Registered by run.mjs, which owns the browser and the server.
import WebSocket from 'ws';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true };
// The seed's opening (docs/games/dhamet.md): e5xa5 takes two men along row 5 in one move.
const DHAMET_OPENING = ['d4-e5', 'f6xd4', 'c3xe5', 'a5xc3', 'b2xd4', 'c5xc3', 'e5xa5'];

export function registerBoardTests({ test, server, assert, until, getJson, newPage, shot }) {
  // As a keyboard user does: Tab from the header's last link to the board (the cursor shows for the keyboard only).
  async function focusBoard(page) {
    await page.focus('header .nav-live');
    for (let i = 0; i < 8 && !(await page.evaluate(() => document.activeElement?.id === 'board')); ++i) await page.keyboard.press('Tab');
    await page.waitForSelector('.kbd-cursor');
  }

  const create = async (body) => (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify(body) })).json();
  const tokenFor = (made, role) => made.tokens.find((t) => t.role === role).token;

  // Plays `moves` through a WebSocket of a token that may play them (hotseat), each acknowledged before the next.
  async function playOverSocket(token, moves) {
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws?token=${token}`);
    const seen = [];
    ws.on('message', (d) => seen.push(JSON.parse(String(d))));
    await new Promise((r) => ws.on('open', r));
    await until(() => seen.some((m) => m.type === 'state'), 'the snapshot');
    for (let i = 0; i < moves.length; ++i) {
      ws.send(JSON.stringify({ type: 'move', move: moves[i], ply: i }));
      await until(() => seen.some((m) => m.type === 'move' && m.ply === i) || seen.find((m) => m.type === 'error'), `move ${moves[i]}`);
      const err = seen.find((m) => m.type === 'error');
      if (err) throw new Error(`${moves[i]}: ${err.message}`);
    }
    ws.close();
  }

  // Where a point's centre is drawn, in SVG units, and back to its (col, row) as the board shows it.
  const pointsOf = (page) =>
    page.locator('svg.alquerque-board').evaluate((svg) => {
      const vb = svg.viewBox.baseVal;
      const lines = [...svg.querySelectorAll('line.line')].map((l) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))).concat(l.classList.contains('diagonal') ? 1 : 0));
      return { lines, points: svg.querySelectorAll('circle.point').length, open: svg.querySelectorAll('circle.point.open').length, height: vb.height };
    });

  test('dhamet: the alquerque board (points on lines, diagonals through the open points only), a full keyboard move, captured counts', async () => {
    const made = await create({ game: 'dhamet', mode: 'computer', agent: 'random', seat: 0 });
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    await page.waitForSelector('svg.alquerque-board');
    const { lines, points, open } = await pointsOf(page);
    assert(points === 81 && open === 41, `81 points, 41 open (got ${points}, ${open})`);
    // White at the bottom, unflipped: the point (col, row) is drawn at x = col + 0.5, y = 8.5 - row.
    const at = (x, y) => [x - 0.5, 8.5 - y];
    const diagonals = new Set();
    for (const [x1, y1, x2, y2, diag] of lines) {
      if (!diag) continue;
      const [c1, r1] = at(x1, y1), [c2, r2] = at(x2, y2);
      assert(Math.abs(c1 - c2) === 1 && Math.abs(r1 - r2) === 1, 'a diagonal segment joins neighbours');
      assert((c1 + r1) % 2 === 0 && (c2 + r2) % 2 === 0, `a diagonal through a closed point: ${c1},${r1}-${c2},${r2}`);
      diagonals.add((c2 - c1) * (r2 - r1) > 0 ? `/${c1 - r1}` : `\\${c1 + r1}`);
    }
    assert(diagonals.size === 14, `14 diagonals (D-02), got ${diagonals.size}`);
    assert(lines.filter((l) => !l[4]).length === 18, '9 rows and 9 columns');
    assert((await page.textContent('#captured')).includes('captured 0'), 'captured counts from the start');

    // The keyboard: focus the board, walk the cursor from a1 to d4, pick, walk to e5, drop.
    await focusBoard(page);
    const press = async (key, n = 1) => { for (let i = 0; i < n; ++i) await page.keyboard.press(key); };
    await press('ArrowRight', 3);
    await press('ArrowUp', 3);
    assert((await page.getAttribute('.kbd-cursor', 'data-cursor')) === 'd4', 'the cursor is on d4');
    assert((await page.textContent('#cursor-announcer')).startsWith('d4, white man'), 'the cell under the cursor is read out');
    await press('Enter');
    await page.waitForSelector('[data-target="e5"]');
    await press('ArrowRight');
    await press('ArrowUp');
    await press(' ');
    // Black must take back (D-08): f6xd4, the only legal move.
    await until(async () => (await getJson(`/api/state?token=${tokenFor(made, 'seat0')}`)).moves.length >= 2, 'black\'s capture');
    const st = await getJson(`/api/state?token=${tokenFor(made, 'seat0')}`);
    assert(st.moves[0].move === 'd4-e5', `the keyboard played d4-e5 (${st.moves[0].move})`);
    await until(async () => (await page.locator('#moves li').count()) >= 2, 'both moves listed');
    const captured = await page.textContent('#captured [data-side="black"]');
    assert(captured.includes('captured 1'), `black captured 1: ${captured}`);
    assert((await page.textContent('#moves li[data-ply="2"]')).includes('captures 1'), 'the capture in words in the move list');
    assert((await page.textContent('#announcer')).length > 0, 'moves are announced');
    await shot(page, 'dhamet-alquerque');
    await page.context().close();
  });

  test('dhamet hotseat: a long capture in words; the board never turns by itself; flip persists across reload', async () => {
    const made = await create({ game: 'dhamet', mode: 'hotseat' });
    const token = tokenFor(made, 'hotseat');
    await playOverSocket(token, DHAMET_OPENING.slice(0, 6));
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${token}`);
    await page.waitForSelector('svg.alquerque-board');
    const a1 = async () => (await page.locator('circle.point[data-point="a1"]').boundingBox());
    const bottomLeft = await a1();
    // Black's turn must not turn the board: play white's long capture, black is to move, a1 stays put.
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws?token=${token}`);
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'move', move: 'e5xa5', ply: 6 }));
    await until(async () => (await page.locator('#moves li').count()) === 7, 'the long capture');
    ws.close();
    const line = await page.textContent('#combat');
    assert(/captures 2/.test(line), `the long capture described: ${line}`);
    assert((await page.textContent('#moves li[data-ply="7"]')).includes('captures 2'), 'and in the move list');
    // The move list: numbered per move pair (7 plies: 4 rows), and a capture's words never on a line of their own.
    const rows = await page.locator('#moves .move-row .num').allTextContents();
    assert(rows.join(' ') === '1. 2. 3. 4.', `numbered per move pair: ${rows}`);
    const alone = await page.evaluate(() => [...document.querySelectorAll('#moves .fight')].filter((f) => {
      const li = f.closest('li');
      const left = li.getBoundingClientRect().left;
      return [...f.getClientRects()].some((r) => r.left < left + 2);
    }).map((f) => f.closest('li').textContent));
    assert(alone.length === 0, `a capture's words on a line of their own: ${alone}`);
    const after = await a1();
    assert(Math.abs(after.y - bottomLeft.y) < 1 && Math.abs(after.x - bottomLeft.x) < 1, 'the board did not turn when the side to move changed');
    await page.click('#flip-btn');
    await until(async () => (await a1()).y < bottomLeft.y - 100, 'a1 at the top once flipped');
    await page.reload();
    await page.waitForSelector('svg.alquerque-board');
    assert((await a1()).y < bottomLeft.y - 100, 'still flipped after a reload');
    assert((await page.getAttribute('#flip-btn', 'aria-pressed')) === 'true', 'the switch shows it');
    await page.click('#flip-btn');
    await until(async () => Math.abs((await a1()).y - bottomLeft.y) < 1, 'back');
    await page.context().close();
  });

  test('stepping back through the moves shows the earlier board, read-only, then back to live; the analysis graph has one point per move and the board follows', async () => {
    const made = await create({ game: 'dhamet', mode: 'hotseat' });
    const token = tokenFor(made, 'hotseat');
    await playOverSocket(token, DHAMET_OPENING);
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${token}`);
    await page.waitForSelector('svg.alquerque-board .piece.movable');
    await page.click('#moves li[data-ply="1"]');
    await page.waitForSelector('#history-notice');
    // After d4-e5 only: a white man on e5, d4 empty, c3 still white; nothing can be moved.
    const has = async (sq) => page.locator(`svg.alquerque-board g.piece[data-square="${sq}"]`).count();
    assert((await has('e5')) === 1 && (await has('d4')) === 0 && (await has('c3')) === 1, 'the board after move 1');
    assert((await page.locator('svg.alquerque-board .piece.movable').count()) === 0, 'read-only while stepping');
    assert((await page.getAttribute('#moves li[data-ply="1"]', 'class')).includes('current'), 'the shown move is marked');
    await page.keyboard.press('ArrowRight');
    await until(async () => (await page.textContent('#history-notice')).includes('after move 2'), 'Right steps forward');
    assert((await has('f6')) === 0 && (await has('d4')) === 1, 'the board after f6xd4');
    // The captured pieces follow the board shown: after move 2 black has taken one, at the end more.
    const capturedNow = async () => (await page.textContent('#captured [data-side="black"]')).match(/captured (\d+)/)[1];
    assert((await capturedNow()) === '1', `captured after move 2: ${await capturedNow()}`);
    await shot(page, 'dhamet-history');
    await page.click('#back-to-live');
    await page.waitForSelector('#history-notice', { state: 'detached' });
    await page.waitForSelector('svg.alquerque-board .piece.movable');
    assert(Number(await capturedNow()) > 1, `captured at the live position: ${await capturedNow()}`);

    await page.click('.resign-btn');
    await page.click('#result-dialog .result-close'); // the result dialog covers the page until closed
    await page.waitForSelector('.analysis-link');
    await page.click('.analysis-link');
    await page.waitForSelector('#eval-graph .eval-point');
    const n = await page.locator('#eval-graph .eval-point').count();
    assert(n === DHAMET_OPENING.length, `one point per move (${n})`);
    await until(async () => (await page.getAttribute('#analysis-board', 'data-ply')) === String(DHAMET_OPENING.length), 'the board at the end');
    await page.locator('#eval-graph .eval-point[data-ply="1"]').click({ force: true });
    await until(async () => (await page.getAttribute('#analysis-board', 'data-ply')) === '1', 'the board follows the graph');
    assert((await page.locator('#analysis-board g.piece[data-square="e5"]').count()) === 1, 'the board after move 1');
    assert((await page.getAttribute('#eval-graph .eval-cursor', 'data-ply')) === '1', 'the graph marks the shown ply');
    await page.keyboard.press('ArrowRight');
    await until(async () => (await page.getAttribute('#analysis-board', 'data-ply')) === '2', 'Right steps on');
    await shot(page, 'dhamet-analysis');
    // As a Lichess player expects, at 1280x800: a large graph, the step buttons above the fold, the move list
    // beside the board with the mistakes marked in it, the move shown named, Home and End.
    const wide = await newPage({ viewport: { width: 1280, height: 800 } });
    await wide.goto(page.url());
    await wide.waitForSelector('#eval-graph .eval-point');
    await until(async () => (await wide.getAttribute('#analysis-board', 'data-ply')) === String(DHAMET_OPENING.length), 'the end');
    const g = await wide.locator('#eval-graph').boundingBox(), b = await wide.locator('#analysis-board svg').boundingBox();
    const next = await wide.locator('.next-btn').boundingBox();
    assert(g.height >= 160, `a large graph (${g.height} px)`);
    assert(next && next.y + next.height <= 800, `the step buttons above the fold (${next && next.y + next.height})`);
    assert(b.x + b.width <= g.x, 'the board beside the graph');
    assert((await wide.locator('#moves li').count()) === DHAMET_OPENING.length, 'the move list beside the board');
    const a = await getJson(`/api/games/${(await getJson(`/api/state?token=${token}`)).id}/analysis`);
    assert((await wide.locator('#moves li.mistake').count()) === a.mistakes.length, 'the mistakes marked in the move list');
    assert((await wide.locator('#analysis-move').innerText()).includes(DHAMET_OPENING[DHAMET_OPENING.length - 1]), `the move named: ${await wide.locator('#analysis-move').innerText()}`);
    await wide.keyboard.press('Home');
    await until(async () => (await wide.getAttribute('#analysis-board', 'data-ply')) === '0', 'Home goes to the start');
    await wide.locator('#moves li[data-ply="3"]').click();
    await until(async () => (await wide.getAttribute('#analysis-board', 'data-ply')) === '3', 'a click on a move steps there');
    assert((await wide.locator('#analysis-move').innerText()).includes(DHAMET_OPENING[2]), 'and names it');
    await shot(wide, 'dhamet-analysis-1280x800');
    await wide.context().close();
    const phone = await newPage(PHONE);
    await phone.goto(page.url());
    await phone.waitForSelector('#eval-graph .eval-point');
    await phone.waitForSelector('#analysis-board svg');
    const box = await phone.locator('#eval-graph').boundingBox(), board = await phone.locator('#analysis-board svg').boundingBox();
    assert(box.width <= 390 && board.width >= 300 && board.width <= 390, `the graph (${box.width} px) and the board (${board.width} px) fit a phone`);
    await shot(phone, 'dhamet-analysis-phone');
    await phone.context().close();
    await page.context().close();
  });

  test('strategic: each side\'s Officer and Guard counts and the first turn\'s duty to form an Officer', async () => {
    const made = await create({ game: 'strategic', mode: 'computer', agent: 'random', seat: 0 });
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    await page.waitForSelector('#counts');
    const st = await getJson(`/api/state?token=${tokenFor(made, 'seat0')}`);
    const text = await page.textContent('#counts');
    for (const side of ['orange', 'yellow']) {
      const o = st.view.officers[side], g = st.view.guards[side];
      const shown = await page.textContent(`#counts [data-side="${side}"]`);
      assert(shown.includes(`${o} Officer`) && shown.includes(`${g} Guard`), `${side}: ${shown} (view: ${o} officers, ${g} guards)`);
    }
    assert((await page.locator('#must-form').count()) === (st.view.must_form ? 1 : 0), `the duty shown iff the view says so: ${text}`);
    await shot(page, 'strategic-counts');
    await page.context().close();
  });

  test('strata7: drawn as its octagon (88 cells inside an eight-sided frame)', async () => {
    const made = await create({ game: 'strata7', mode: 'computer', agent: 'random', seat: 0 });
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    await page.waitForSelector('svg.octagon-board');
    assert((await page.getAttribute('svg.octagon-board polygon.board-outline', 'data-corners')) === '8', 'eight corners');
    assert((await page.locator('svg.octagon-board rect.sq').count()) === 88, '88 cells');
    for (const cut of ['a1', 'b1', 'a2', 'j10']) assert((await page.locator(`svg.octagon-board rect.sq[data-square="${cut}"]`).count()) === 0, `${cut} is cut off`);
    assert((await page.getAttribute('svg.octagon-board rect.sq[data-square="e1"]', 'aria-label')).includes('objective worth 3'), 'objectives are named');
    await shot(page, 'strata7-octagon');
    const phone = await newPage(PHONE);
    await phone.goto(page.url());
    await phone.waitForSelector('svg.octagon-board');
    await shot(phone, 'strata7-octagon-phone');
    await phone.context().close();
    await page.context().close();
  });

  test('stratego: screen-reader labels name own ranks and never an unrevealed enemy rank', async () => {
    const made = await create({ game: 'stratego', mode: 'computer', agent: 'random', seat: 0 });
    const token = tokenFor(made, 'seat0');
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${token}`);
    await page.waitForSelector('.setup .randomize-btn');
    await page.click('.randomize-btn');
    await page.waitForFunction(() => document.querySelector('.setup-status')?.textContent === 'Setup complete.');
    await page.click('.ready-btn');
    await page.waitForSelector('svg.stratego-board');
    const RANKS = ['Spy', 'Scout', 'Miner', 'Sergeant', 'Lieutenant', 'Captain', 'Major', 'Colonel', 'General', 'Marshal', 'Bomb', 'Flag'];
    const check = async () => {
      const st = await getJson(`/api/state?token=${token}`);
      const labels = await page.locator('svg.stratego-board [aria-label]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-square'), e.getAttribute('aria-label')]));
      let own = 0, unknown = 0;
      for (const [sq, label] of labels) {
        if (!sq) continue;
        const col = sq.charCodeAt(0) - 97, row = Number(sq.slice(1)) - 1;
        const c = st.view.cells[row * 10 + col];
        if (c && c.owner === 'blue' && c.rank === '?') {
          unknown++;
          assert(label.includes('unknown blue piece'), `an unknown piece: ${label}`);
          for (const r of RANKS) assert(!label.includes(r), `a hidden rank in "${label}"`);
          if (c.moved) assert(label.includes('moved'), `moved: ${label}`);
        }
        if (c && c.owner === 'red' && label.startsWith(`${sq}, red `)) own++;
      }
      assert(own > 0 && unknown > 0, `own pieces named (${own}), enemy pieces unknown (${unknown})`);
    };
    await check();
    // A keyboard move: the cursor to a movable piece, Enter, to its first target, Enter.
    const st = await getJson(`/api/state?token=${token}`);
    const move = st.legal.find((m) => m.includes('-'));
    const [from, to] = move.split('-');
    await focusBoard(page);
    const walk = async (sq) => {
      const target = [sq.charCodeAt(0) - 97, Number(sq.slice(1)) - 1];
      for (let guard = 0; guard < 30; ++guard) {
        const cur = await page.getAttribute('.kbd-cursor', 'data-cursor');
        const c = [cur.charCodeAt(0) - 97, Number(cur.slice(1)) - 1];
        if (c[0] === target[0] && c[1] === target[1]) return;
        await page.keyboard.press(c[0] < target[0] ? 'ArrowRight' : c[0] > target[0] ? 'ArrowLeft' : c[1] < target[1] ? 'ArrowUp' : 'ArrowDown');
      }
      throw new Error(`the cursor did not reach ${sq}`);
    };
    await walk(from);
    await page.keyboard.press('Enter');
    await walk(to);
    await page.keyboard.press('Enter');
    await until(async () => (await getJson(`/api/state?token=${token}`)).moves.length >= 2, 'the keyboard move and the reply');
    assert((await getJson(`/api/state?token=${token}`)).moves[0].move.startsWith(move), `played ${move} by keyboard`);
    await until(async () => (await page.locator('#moves li').count()) >= 2, 'moves listed');
    await check();
    await page.context().close();
  });

  test('card duel: every card has a screen-reader label, and a card this player cannot see is "unknown"', async () => {
    const made = await create({ game: 'stratego-cards', mode: 'computer', agent: 'random', seat: 0 });
    const page = await newPage();
    await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
    await page.waitForSelector('#board svg .card');
    // Red places its cards (buttons under the board); the computer then lays its own, face down for red.
    const backs = () => page.locator('#board svg g.card.back').count();
    // (Red lays its five slots first, then Blue its five.)
    for (let i = 0; i < 12 && !(await backs()); ++i) {
      const before = await page.locator('#moves li').count();
      if (await page.locator('.move-btn').count()) await page.locator('.move-btn').first().click();
      await until(async () => (await page.locator('#moves li').count()) > before || (await backs()), 'the next move');
    }
    const cards = await page.locator('#board svg g.card').evaluateAll((els) => els.map((e) => [e.classList.contains('back'), e.getAttribute('aria-label')]));
    const RANKS = ['Spy', 'Scout', 'Miner', 'Sergeant', 'Lieutenant', 'Captain', 'Major', 'Colonel', 'General', 'Marshal', 'Bomb', 'Flag'];
    assert(cards.length > 0 && cards.every(([, label]) => label), 'every card is labelled');
    const hidden = cards.filter(([back]) => back);
    assert(hidden.length > 0, 'the opponent has cards this player cannot see');
    for (const [, label] of hidden) {
      assert(label.includes('unknown'), `a hidden card: ${label}`);
      for (const r of RANKS) assert(!label.includes(r), `a hidden rank in "${label}"`);
    }
    await page.context().close();
  });
}
