// Browser tests of the live team game (issue 8): three phones (referee, Red leader, Blue leader) on one game.
// Registered by run.mjs, which owns the browser and the server; each test here uses phone-sized contexts.
import WebSocket from 'ws';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export function registerLiveTests({ test, browser, server, assert, until, shot, watch }) {
  let game = null; // shared by the tests below, in order: the pages, the links and every frame the leaders got

  async function phone(url) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    watch(page);
    page.on('pageerror', (e) => console.error('page error:', e.message));
    const frames = [];
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
    await page.goto(url);
    await page.waitForSelector('#live-role');
    return { page, frames };
  }
  const text = (page, sel) => page.locator(sel).first().textContent();
  const captured = (page, team) => text(page, `#team-${team} [data-field=captured] b`);
  async function closeOverlay(page) {
    for (const id of ['#verdict', '#dealt']) if (await page.locator(id).count()) await page.click(id);
  }
  async function dealChosen(page, player, rank, team) {
    await closeOverlay(page);
    if (team) await page.click(`#deal-team-${team}`);
    await page.click('#deal-mode-chosen');
    await page.selectOption('#deal-player', String(player));
    await page.selectOption('#deal-rank', rank);
    await page.click('#deal-btn');
    await page.waitForSelector('#dealt');
    await closeOverlay(page);
  }
  async function all(fn, what) {
    for (const p of [game.ref, game.red, game.blue]) await until(() => fn(p.page), `${what} on every phone`);
  }

  test('live: create a game on a phone, three secret links, each opens its role', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${server.base}/#/live`);
    await page.fill('#live-players', '5');
    await page.fill('#live-red-name', 'Foxes');
    await page.fill('#live-blue-name', 'Owls');
    assert((await page.textContent('#live-set-hint')).includes('20 cards per team'), 'L-02 hint for 10 players');
    await page.click('#live-create');
    await page.waitForSelector('#live-links');
    await shot(page, 'live-create');
    assert(!/\(L-\d+\)/.test(await page.textContent('body')), 'no rule id on the page');
    const link = async (role) => page.inputValue(`[data-role=${role}] input`);
    const links = { referee: await link('referee'), red: await link('red'), blue: await link('blue') };
    const tokens = Object.values(links).map((l) => l.split('/').pop());
    assert(new Set(tokens).size === 3 && tokens.every((t) => /^[0-9a-f]{32}$/.test(t)), 'three distinct 128-bit tokens');
    await context.close();
    game = { links, tokens: { referee: tokens[0], red: tokens[1], blue: tokens[2] } };
    game.ref = await phone(links.referee);
    game.red = await phone(links.red);
    game.blue = await phone(links.blue);
    assert((await text(game.ref.page, '#live-role')) === 'Referee', 'referee role');
    assert((await text(game.red.page, '#live-role')) === 'Foxes leader', 'red role');
    assert((await text(game.blue.page, '#live-role')) === 'Owls leader', 'blue role');
    // L-19 on screen: a leader sees their own stock only.
    assert((await game.red.page.locator('#team-red [data-field=stock]').count()) === 1, 'red sees red stock');
    assert((await game.red.page.locator('#team-blue [data-field=stock]').count()) === 0, 'red does not see blue stock');
    assert((await game.ref.page.locator('[data-field=stock]').count()) === 2, 'referee sees both stocks');
    // A leader acts only for their own team: no duel form, no team choice for flags; the referee has both.
    for (const p of [game.red, game.blue]) {
      assert((await p.page.locator('#duel, #duel-btn, [id^=duel-tagger-team]').count()) === 0, 'no duel form on a leader page');
      assert((await p.page.locator('[id^=flag-team-], [id^=deal-team-]').count()) === 0, 'no other team to pick on a leader page');
    }
    assert((await game.ref.page.locator('#duel').count()) === 1, 'the referee records duels');
    assert((await game.ref.page.locator('#flag-team-blue').count()) === 1, 'the referee picks the team of a flag event');
    const bad = await fetch(`${server.base}/api/live/state?token=${'0'.repeat(32)}`);
    assert(bad.status === 400, 'unknown token refused');
  });

  test('live: deal chosen and blind, the card shown big to its own leader only', async () => {
    await dealChosen(game.red.page, 1, '10');
    await dealChosen(game.blue.page, 1, '1');
    await closeOverlay(game.blue.page);
    await game.blue.page.click('#deal-mode-blind');
    await game.blue.page.selectOption('#deal-player', '2');
    await game.blue.page.click('#deal-btn');
    const dealt = await game.blue.page.waitForSelector('#dealt');
    assert(/^(10|[1-9]|B)$/.test(await (await dealt.$('.dealt-card')).textContent()), 'blind card shown');
    await shot(game.blue.page, 'live-dealt-blind');
    await closeOverlay(game.blue.page);
    await until(async () => (await text(game.ref.page, '#players-red li[data-player="1"] .pcard')) === '10 Marshal', 'referee sees the Marshal');
    await until(async () => (await text(game.blue.page, '#players-red li[data-player="1"] .pcard')) === 'has a card', 'blue sees only that red 1 has a card');
    assert((await game.red.page.locator('#dealt').count()) === 0, 'no overlay for the other team');
    await until(async () => (await text(game.blue.page, '#team-blue [data-field=stock] b')) === '18', 'blue stock 18');
  });

  test('live: referee records a duel, verdict in very large type on the three phones, then undoes it', async () => {
    await closeOverlay(game.ref.page);
    await game.ref.page.click('#duel-tagger-team-red');
    await game.ref.page.selectOption('#duel-tagger', '1');
    await game.ref.page.selectOption('#duel-tagged', '1');
    await game.ref.page.click('#duel-btn');
    for (const p of [game.ref, game.red, game.blue]) {
      const v = await p.page.waitForSelector('#verdict');
      assert((await (await v.$('.verdict-winner')).textContent()) === 'Owls', 'the Spy wins');
      assert((await (await v.$('.verdict-reason')).textContent()).includes('Spy beats Marshal'), 'reason shown');
      const size = await p.page.$eval('#verdict .verdict-winner', (el) => parseFloat(getComputedStyle(el).fontSize));
      assert(size >= 60, `verdict font ${size}px is very large`);
    }
    await shot(game.red.page, 'live-verdict');
    await all(async (page) => (await captured(page, 'blue')) === '1', 'Owls captured 1');
    await closeOverlay(game.ref.page);
    await closeOverlay(game.red.page);
    await closeOverlay(game.blue.page);
    assert((await game.red.page.locator('#log button.undo').count()) === 0, 'a leader cannot undo');
    const seq = await game.ref.page.locator('#log li.active', { hasText: 'tags' }).first().getAttribute('data-seq');
    await game.ref.page.click(`#log li[data-seq="${seq}"] button.undo`);
    await all(async (page) => (await captured(page, 'blue')) === '0', 'the undo reaches every phone');
    await until(async () => (await text(game.red.page, '#players-red li[data-player="1"] .pcard')) === '10 Marshal', 'Marshal back');
    assert((await game.ref.page.locator(`#log li[data-seq="${seq}"].undone`).count()) === 1, 'duel struck out in the log');
    await shot(game.ref.page, 'live-referee-after-undo');
  });

  test('live: a Scout takes the flag from the start, nobody else may', async () => {
    // Blue's Spy may not (L-10): refused with a message (no rule id on screen), nothing changes.
    await closeOverlay(game.blue.page);
    await game.blue.page.selectOption('#flag-player', '1');
    await game.blue.page.click('#flag-take-btn');
    await until(async () => /not a Scout/.test((await game.blue.page.textContent('#toast')) || ''), 'refusal shown');
    assert(!/L-\d/.test(await game.blue.page.textContent('#toast')), 'no rule id in the message');
    await dealChosen(game.red.page, 2, '2');
    await game.red.page.selectOption('#flag-player', '2');
    await game.red.page.click('#flag-take-btn');
    await all(async (page) => ((await page.locator('#team-red [data-field=carrier]').count()) === 1), 'Scout carries the flag');
    await until(async () => (await game.blue.page.locator('text=Our flag is taken!').count()) === 1, 'blue alarmed');
    await until(async () => (await game.blue.page.locator('#verdict .verdict-label', { hasText: 'Flag taken by' }).count()) === 1, 'flag announced full screen');
  });

  test('live: the flag threshold is reached after half the enemy cards (driven over the WebSocket)', async () => {
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws/live?token=${game.tokens.referee}`);
    const inbox = [];
    ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    const send = async (command) => {
      const n = inbox.length;
      ws.send(JSON.stringify({ type: 'command', command }));
      await until(() => inbox.length > n, 'answer');
      const m = inbox[inbox.length - 1];
      assert(m.type === 'live', `command ${JSON.stringify(command)}: ${m.message}`);
      return m.view;
    };
    let view = inbox.length ? inbox[inbox.length - 1].view : (await until(() => inbox[0], 'first view')).view;
    // Red's Marshal (player 1) beats every low Blue card that Blue's player 3 is handed.
    for (let i = 0; i < 10; ++i) {
      const stock = view.teams[1].stock.by_rank;
      const rank = ['2', '3', '4', '5', '6', '7', '8', '9'].find((r) => stock[r] > 0);
      await send({ op: 'deal', team: 'blue', player: 3, mode: 'chosen', rank });
      view = await send({ op: 'duel', tagger_team: 'red', tagger: 1, tagged: 3 });
      if (i === 8) await all(async (page) => (await text(page, '#team-red [data-field=flag]')).startsWith('1 more'), 'one more to go');
    }
    assert(view.teams[0].flag_allowed && view.teams[0].captured.total === 10, 'threshold reached in the view');
    await all(async (page) => (await text(page, '#team-red [data-field=flag]')) === 'May take the flag', 'threshold on every phone');
    ws.close();
    await closeOverlay(game.blue.page);
    await shot(game.blue.page, 'live-blue-dashboard');
  });

  test('live: reload a phone and restart the server mid-game: nothing is lost', async () => {
    const before = await (await fetch(`${server.base}/api/live/state?token=${game.tokens.referee}`)).json();
    await game.blue.page.reload();
    await game.blue.page.waitForSelector('#live-role');
    await until(async () => (await captured(game.blue.page, 'red')) === '10', 'counts after reload');
    await server.kill9();
    await server.start();
    await game.ref.page.reload();
    await game.ref.page.waitForSelector('#live-role');
    const after = await (await fetch(`${server.base}/api/live/state?token=${game.tokens.referee}`)).json();
    assert(JSON.stringify(after) === JSON.stringify(before), 'same state after kill -9 and restart');
    await until(async () => (await captured(game.ref.page, 'red')) === '10', 'referee counts after restart');
    // The other phones reconnect by themselves and keep working: Red brings the flag home and wins.
    await until(async () => (await text(game.red.page, '#live-conn')) === '● live', 'red reconnected', 20000);
    await closeOverlay(game.red.page);
    await game.red.page.click('#flag-home-red');
    await all(async (page) => (await page.locator('#live-winner').count()) === 1, 'winner on every phone');
    await closeOverlay(game.ref.page);
    const last = await game.ref.page.locator('#log li.active button.undo').first();
    await last.click();
    await all(async (page) => (await page.locator('#live-winner').count()) === 0, 'win undone');
  });

  test("live: no leader message ever held the other team's stock or hands (L-19)", async () => {
    let checked = 0;
    for (const [me, p] of [[0, game.red], [1, game.blue]]) {
      for (const f of p.frames) {
        const m = JSON.parse(f);
        if (m.type !== 'live') continue;
        const other = m.view.teams[1 - me];
        assert(!('stock' in other) && !('cards_in_hands' in other), 'no other stock');
        assert(other.players.every((x) => !('card' in x)), 'no other hands');
        assert(f.indexOf('"stock"') === f.lastIndexOf('"stock"'), 'one stock in the message');
        for (const e of m.view.log) if (e.type === 'deal' && e.team !== m.view.role) assert(!('rank' in e), 'no other deal ranks');
        ++checked;
      }
    }
    assert(checked >= 20, `enough messages checked (${checked})`);
    // The audit's probe, sent by hand: the Red leader records Blue's duel. Refused without a word on Blue's cards.
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws/live?token=${game.tokens.red}`);
    const inbox = [];
    ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    await until(() => inbox.length === 1, 'the view on joining');
    ws.send(JSON.stringify({ type: 'command', command: { op: 'duel', tagger_team: 'blue', tagger: 1, tagged: 1 } }));
    await until(() => inbox.length === 2, 'the answer');
    assert(inbox[1].type === 'error' && inbox[1].message.includes('duels, returned flags and undo are the referee'), `leader duel refused: ${inbox[1].message}`);
    ws.close();
    const sheet = await (await fetch(`${server.base}/api/live/cards?cards=30&colour=blue&format=html`)).text();
    assert((sheet.match(/class="card"/g) || []).length === 30, 'printable 30-card blue sheet (L-20)');
    for (const p of [game.ref, game.red, game.blue]) await p.page.context().close();
  });
}
