// Browser tests of what a player sees (issue 47): the live verdict on a phone, the keyboard cursor only while
// the keyboard is used, Strategic's last-move colour, results and names in words, the result dialog, the
// phone header, every text's contrast in both colour schemes, Stratego's piece symbols, and screenshots of each
// game on a desktop and a phone, light and dark. Registered by run.mjs, which owns the browser and the server.
import WebSocket from 'ws';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true };
const GAMES = ['stratego', 'stratego-cards', 'dhamet', 'strategic', 'strata7'];

// Run in the page: every visible HTML text whose contrast against what lies under it is below WCAG AA (4.5:1,
// or 3:1 for large text), with both colours. Backgrounds are composited from the root down (colour-mix and
// transparent colours included), text colours are scaled by their own and their ancestors' opacity.
export function lowContrast() {
  const parse = (c) => {
    let m = /^rgba?\(([^)]+)\)$/.exec(c);
    if (m) {
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    m = /^color\(srgb ([^)]+)\)$/.exec(c);
    if (m) {
      const p = m[1].split(/[ /]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1];
    }
    return [0, 0, 0, 0];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const out = [];
  const under = (el) => {
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let bg = [255, 255, 255, 1], opacity = 1;
    for (const e of chain) {
      const s = getComputedStyle(e);
      if (!(e instanceof SVGElement)) bg = over(parse(s.backgroundColor), bg);
      opacity *= Number(s.opacity);
    }
    return { bg, opacity };
  };
  // Texts drawn on a board: against the shape under them (a cell's fill), or what lies under the board.
  for (const t of document.querySelectorAll('svg > text')) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    let { bg, opacity } = under(t.ownerSVGElement);
    const r = t.getBoundingClientRect();
    const shape = document.elementsFromPoint(r.x + r.width / 2, r.y + r.height / 2).find((e) => e !== t && e instanceof SVGGeometryElement && e.ownerSVGElement === t.ownerSVGElement);
    if (shape) {
      const s = getComputedStyle(shape);
      const f = parse(s.fill);
      if (f[3] > 0) bg = over([f[0], f[1], f[2], f[3] * Number(s.fillOpacity) * Number(s.opacity)], bg);
    }
    const fg = parse(getComputedStyle(t).fill);
    const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const [a, b] = [lum(shown), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = t.getBoundingClientRect().height;
    if (ratio < (size >= 24 ? 3 : 4.5)) out.push(`svg text.${[...t.classList].join('.')} "${t.textContent.trim().slice(0, 30)}" ${getComputedStyle(t).fill} = ${ratio.toFixed(2)}`);
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || el.closest('svg, .sr-only, [disabled], [hidden], .ghost')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const st = getComputedStyle(el);
    if (st.visibility !== 'visible') continue;
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let bg = [255, 255, 255, 1], opacity = 1;
    for (const e of chain) {
      const s = getComputedStyle(e);
      bg = over(parse(s.backgroundColor), bg);
      opacity *= Number(s.opacity);
    }
    if (opacity < 0.05) continue; // faded out (a toast between messages)
    const fg = parse(st.color);
    const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const [a, b] = [lum(shown), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(st.fontSize), bold = Number(st.fontWeight) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    if (ratio < need) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 30)}" ${st.color} on rgb(${bg.slice(0, 3).map(Math.round)}) = ${ratio.toFixed(2)}`);
  }
  return out;
}

export function registerLookTests({ test, server, assert, until, getJson, newPage, shot, browser, watch }) {
  const post = async (url, body) => (await fetch(server.base + url, { method: 'POST', body: JSON.stringify(body) })).json();
  const tokenFor = (made, role) => made.tokens.find((t) => t.role === role).token;

  // A socket on a token: sends, and waits for what answers.
  async function socket(path, token) {
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}${path}?token=${token}`);
    const seen = [];
    ws.on('message', (d) => seen.push(JSON.parse(String(d))));
    await new Promise((r) => ws.on('open', r));
    await until(() => seen.length, 'the first message');
    return { ws, seen, send: (m) => ws.send(JSON.stringify(m)) };
  }

  // A game against the computer's random moves, ready to play: a Stratego setup is drawn and sent by socket.
  async function computerGame(game, seat = 0) {
    const made = await post('/api/games', { game, mode: 'computer', agent: 'random', seat });
    const token = tokenFor(made, `seat${seat}`);
    if (game === 'stratego') {
      const s = await socket('/ws', token);
      s.send({ type: 'random_setup' });
      const suggestion = await until(() => s.seen.find((m) => m.type === 'setup_suggestion'), 'a setup');
      s.send({ type: 'setup', setup: suggestion.setup });
      await until(async () => (await getJson(`/api/state?token=${token}`)).phase === 'play', 'play');
      s.ws.close();
    }
    return token;
  }

  test('live verdict on a phone: no word broken, nothing said twice, long team names whole', async () => {
    const made = await post('/api/live', { players_per_team: 3, cards: 20, names: ['Thunderbirds of Hackney', 'Owls'], rosters: [[], []] });
    const ref = await newPage({ ...PHONE, isMobile: true });
    await ref.goto(`${server.base}/#/live/${made.tokens.referee}`);
    await ref.waitForSelector('#live-role');
    const s = await socket('/ws/live', made.tokens.referee);
    const cmd = (c) => s.send({ type: 'command', command: c });
    // Words of the verdict: each on one line (one box per word), none wider than the screen.
    const broken = () => ref.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('#verdict > div')) {
        const text = el.firstChild;
        if (!text || text.nodeType !== 3) continue;
        let at = 0;
        for (const word of text.textContent.split(' ')) {
          const r = document.createRange();
          r.setStart(text, at);
          r.setEnd(text, at + word.length);
          at += word.length + 1;
          const lines = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
          if (word && lines.size > 1) out.push(word);
        }
        if (el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth) out.push(`${el.className} overflows`);
      }
      return out;
    });
    // Equal ranks: both players of slot 1 get a 5.
    cmd({ op: 'deal', team: 'red', player: 1, mode: 'chosen', rank: '5' });
    cmd({ op: 'deal', team: 'blue', player: 1, mode: 'chosen', rank: '5' });
    await ref.waitForSelector('#dealt');
    await ref.click('#dealt');
    cmd({ op: 'duel', tagger_team: 'red', tagger: 1, tagged: 1 });
    await ref.waitForSelector('#verdict.both');
    const tie = (await ref.locator('#verdict').innerText()).toLowerCase();
    assert((tie.match(/equal ranks/g) ?? []).length === 1, `"equal ranks" said once: ${tie}`);
    assert((await broken()).length === 0, `words broken or overflowing: ${await broken()}`);
    await shot(ref, 'live-verdict-tie-phone');
    await ref.click('#verdict');
    // A win by the team with the long name.
    cmd({ op: 'deal', team: 'red', player: 2, mode: 'chosen', rank: '10' });
    cmd({ op: 'deal', team: 'blue', player: 2, mode: 'chosen', rank: '3' });
    await until(async () => (await getJson(`/api/live/state?token=${made.tokens.referee}`)).teams[1].players[1].has_card, 'the deal');
    cmd({ op: 'duel', tagger_team: 'red', tagger: 2, tagged: 2 });
    await ref.waitForSelector('#verdict.red');
    assert((await broken()).length === 0, `the long name broken: ${await broken()}`);
    await shot(ref, 'live-verdict-long-name-phone');
    await ref.click('#verdict');
    const names = await ref.evaluate(() => [...document.querySelectorAll('.live-team h2')].map((e) => {
      const r = document.createRange();
      r.selectNodeContents(e);
      return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size <= e.textContent.split(' ').length;
    }));
    assert(names.every(Boolean), 'team names break only between words');
    s.ws.close();
    await ref.context().close();
  });

  test('keyboard cursor only while the keyboard is used; Strategic\'s last move in a colour of its own', async () => {
    for (const game of ['strategic', 'dhamet', 'stratego']) {
      const token = await computerGame(game);
      const page = await newPage();
      await page.goto(`${server.base}/#/play/${token}`);
      const piece = await until(async () => (await page.locator('#board .piece.movable').count()) && page.locator('#board .piece.movable').first(), 'a movable piece');
      await piece.click();
      await page.waitForSelector('#board .selected');
      assert((await page.locator('.kbd-cursor').count()) === 0, `${game}: no keyboard cursor after a click`);
      await page.keyboard.press('Escape');
      // To the board by Tab, from the header's last link.
      await page.focus('header .nav-live');
      for (let i = 0; i < 8 && !(await page.evaluate(() => document.activeElement?.id === 'board')); ++i) await page.keyboard.press('Tab');
      await page.waitForSelector('.kbd-cursor');
      await page.keyboard.press('ArrowRight');
      assert((await page.locator('.kbd-cursor').count()) === 1, `${game}: the cursor while the keyboard is used`);
      await page.mouse.click(5, 5);
      assert((await page.locator('.kbd-cursor').count()) === 0, `${game}: gone once the pointer is used`);
      if (game === 'strategic') {
        // Play a move and compare the last-move mark with both sides' piece colours.
        const st = await getJson(`/api/state?token=${token}`);
        const m = st.legal_moves.find((x) => x.from && x.to);
        const center = async (sq) => {
          const b = await page.locator(`svg.grid-board rect.sq[data-square="${sq}"]`).boundingBox();
          return [b.x + b.width / 2, b.y + b.height / 2];
        };
        await page.mouse.click(...(await center(m.from)));
        await page.waitForSelector(`[data-target="${m.to}"]`);
        await page.mouse.click(...(await center(m.to)));
        await page.waitForSelector('svg.grid-board .last-mark');
        const colors = await page.evaluate(() => ({
          mark: getComputedStyle(document.querySelector('svg.grid-board .last-mark')).stroke,
          sides: ['#e67e22', '#f1c40f'],
        }));
        const rgb = (c) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : c.match(/\d+/g).slice(0, 3).map(Number));
        const lab = ([r, g, b]) => {
          const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
          const [R, G, B] = [f(r), f(g), f(b)];
          const xyz = [(0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.9505, 0.2126 * R + 0.7152 * G + 0.0722 * B, (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.089];
          const t = xyz.map((v) => (v > 0.008856 ? Math.cbrt(v) : 7.787 * v + 16 / 116));
          return [116 * t[1] - 16, 500 * (t[0] - t[1]), 200 * (t[1] - t[2])];
        };
        const dE = (a, b) => Math.hypot(...lab(rgb(a)).map((v, i) => v - lab(rgb(b))[i]));
        for (const side of colors.sides) assert(dE(colors.mark, side) > 40, `last-move mark ${colors.mark} too close to ${side} (ΔE ${dE(colors.mark, side).toFixed(0)})`);
        await shot(page, 'strategic-last-move');
      }
      await page.context().close();
    }
  });

  test('results, games and states in words: the result dialog in the middle, your games, the lobby, no "Offer draw" on one screen', async () => {
    const made = await post('/api/games', { game: 'dhamet', mode: 'computer', agent: 'random', seat: 0 });
    const token = tokenFor(made, 'seat0');
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.base}/#/play/${token}`);
    await page.waitForSelector('.resign-btn');
    await page.goto(`${server.base}/#/`);
    const playing = await until(async () => (await page.locator(`#your-games li[data-id="${made.id}"]`).count()) && page.locator(`#your-games li[data-id="${made.id}"]`).innerText(), 'the game in your games');
    assert(/in play, no move yet/.test(playing) && !/plies/.test(playing), `a game in play in words: ${playing}`);
    await page.goto(`${server.base}/#/play/${token}`);
    await page.click('.resign-btn');
    const card = await page.waitForSelector('#result-dialog .result-card');
    const box = await card.boundingBox();
    assert(Math.abs(box.x + box.width / 2 - 640) < 20 && Math.abs(box.y + box.height / 2 - 400) < 200 && box.width >= 300, `the result dialog in the middle: ${JSON.stringify(box)}`);
    assert((await page.locator('.result-backdrop').count()) === 1, 'over a dimmed page');
    assert((await page.locator('.result-reason').innerText()) === 'Black won by resignation', `the reason: ${await page.locator('.result-reason').innerText()}`);
    await shot(page, 'result-dialog-centred');
    await page.click('.result-close');
    const status = await page.locator('#status').innerText();
    await page.goto(`${server.base}/#/`);
    const mine = await until(async () => {
      const t = await page.locator(`#your-games li[data-id="${made.id}"]`).innerText().catch(() => '');
      return /resign/.test(t) && t;
    }, 'the finished game in your games');
    const recent = await page.locator('#recent-games').innerText();
    for (const text of [status, mine, recent]) {
      assert(!/wins \(|\) \(|\(standard\)|\bplies\b|no-moves|seven-points|\(resign\)/.test(text), `raw text reaches the player: ${text}`);
    }
    assert(/Dhamet \(Strand\)/.test(mine) && /You resigned/.test(mine), `your games in words: ${mine}`);
    await shot(page, 'lobby-words');
    await page.context().close();
    // Hotseat: one screen plays both sides, so there is no one to offer a draw to.
    const hot = await post('/api/games', { game: 'dhamet', mode: 'hotseat' });
    const hp = await newPage();
    await hp.goto(`${server.base}/#/play/${tokenFor(hot, 'hotseat')}`);
    await hp.waitForSelector('.resign-btn');
    assert((await hp.locator('.draw-btn').count()) === 0, 'no "Offer draw" in a hotseat game');
    await hp.context().close();
  });

  test('each game on a desktop and a phone, light and dark: screenshots, one-line phone header, every text WCAG AA, Stratego\'s symbols', async () => {
    const failures = [];
    for (const game of GAMES) {
      const token = await computerGame(game);
      for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']])
        for (const scheme of ['light', 'dark']) {
          const page = await newPage({ ...options, colorScheme: scheme });
          await page.goto(`${server.base}/#/play/${token}`);
          await page.waitForSelector('#board svg');
          await page.waitForSelector('#moves', { state: 'attached' });
          await shot(page, `${game}-${tag}-${scheme}`);
          for (const f of await page.evaluate(lowContrast)) failures.push(`${game} ${tag} ${scheme}: ${f}`);
          if (tag === 'phone') {
            const head = await page.locator('header.top').evaluate((e) => ({ h: e.getBoundingClientRect().height, over: e.scrollWidth > e.clientWidth + 1 }));
            assert(head.h <= 52 && !head.over, `${game}: the phone header on one line (${JSON.stringify(head)})`);
          }
          if (game === 'stratego' && tag === 'phone') {
            // Every known piece shows its rank's symbol beside its number, large enough to read on a phone.
            const pieces = await page.evaluate(() => [...document.querySelectorAll('svg.stratego-board g.piece')].map((g) => {
              const title = g.querySelector('title')?.textContent;
              const sym = g.querySelector('.rank-symbol');
              return { title, symbol: sym?.getAttribute('data-symbol') ?? null, px: sym ? sym.getBoundingClientRect().width : 0 };
            }));
            const known = pieces.filter((p) => p.title !== 'unknown piece');
            assert(known.length >= 30 && known.every((p) => p.symbol && p.px >= 10), `symbols on the own pieces: ${JSON.stringify(known.slice(0, 3))}`);
          }
          await page.context().close();
        }
    }
    // The lobby and an analysis in both schemes too.
    for (const scheme of ['light', 'dark']) {
      const page = await newPage({ ...PHONE, colorScheme: scheme });
      await page.goto(`${server.base}/#/`);
      await page.waitForSelector('#new-game-form');
      await page.waitForSelector('#your-games-card h2');
      for (const f of await page.evaluate(lowContrast)) failures.push(`lobby ${scheme}: ${f}`);
      const head = await page.locator('header.top').evaluate((e) => e.getBoundingClientRect().height);
      assert(head <= 52, `the lobby's phone header on one line (${head} px)`);
      await shot(page, `lobby-phone-${scheme}`);
      await page.context().close();
    }
    assert(failures.length === 0, `texts below WCAG AA:\n  ${[...new Set(failures)].slice(0, 15).join('\n  ')}`);
  });

  test('stratego: twelve distinct rank symbols in the setup tray, in both colour schemes', async () => {
    const made = await post('/api/games', { game: 'stratego', mode: 'computer', agent: 'random', seat: 0 });
    for (const scheme of ['light', 'dark']) {
      const page = await newPage({ ...PHONE, colorScheme: scheme });
      await page.goto(`${server.base}/#/play/${tokenFor(made, 'seat0')}`);
      await page.waitForSelector('.setup .tray-item');
      const tray = await page.evaluate(() => [...document.querySelectorAll('.tray-item')].map((b) => {
        const sym = b.querySelector('.rank-symbol');
        return { rank: b.getAttribute('data-rank'), symbol: sym?.getAttribute('data-symbol'), shape: sym?.innerHTML ?? '', px: sym?.getBoundingClientRect().width ?? 0 };
      }));
      assert(tray.length === 12 && tray.every((t) => t.symbol === t.rank), `a symbol per rank: ${JSON.stringify(tray.map((t) => t.symbol))}`);
      assert(new Set(tray.map((t) => t.shape)).size === 12, 'twelve different shapes');
      assert(tray.every((t) => t.px >= 12), `readable on a phone: ${tray.map((t) => t.px.toFixed(0))}`);
      await shot(page, `stratego-symbols-${scheme}`);
      await page.context().close();
    }
  });
}
