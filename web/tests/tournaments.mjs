// Browser tests of the tournament pages (issue 46): a tournament created from the form, reached through the
// lobby's link; a Swiss joined by three players through the API and one through the page, started by the server,
// its games ended over their sockets, and the standings updating live on a desktop and a phone. Registered by
// run.mjs, which owns the browser and the server.
import WebSocket from 'ws';
import { lowContrast } from './looks.mjs';

export function registerTournamentTests({ test, server, assert, until, shot, newPage, PHONE }) {
  // An account made through the API; its login session cookie's value.
  async function session(username) {
    const res = await fetch(`${server.base}/api/account/signup`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: 'tournament pass' }),
    });
    assert(res.status === 201, `${username} signed up: ${res.status}`);
    const cookie = res.headers.get('set-cookie');
    return cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
  }
  const asAccount = (cookie, method, path, body) => fetch(`${server.base}${path}`, {
    method, headers: { 'Content-Type': 'application/json', Cookie: `strat_session=${cookie}` }, body: body && JSON.stringify(body),
  }).then((r) => r.json());
  const signedIn = async (options, cookie) => {
    const page = await newPage(options);
    await page.context().addCookies([{ name: 'strat_session', value: cookie, url: server.base }]);
    return page;
  };
  // The holder of `token` resigns; resolves once the game says it is over.
  const resign = (token) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws?token=${token}`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'resign' })));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.result || (m.type === 'state' && m.phase === 'over')) {
        ws.close();
        resolve();
      }
    });
    ws.on('error', reject);
  });

  test('tournaments: created from the form, joined through the page and the API, standings live as the games end (desktop and phone)', async () => {
    const director = await session('Cup_director');
    const page = await signedIn({}, director);
    await page.goto(`${server.base}/#/`);
    await page.click('#lobby-tournaments');
    await page.waitForSelector('#tournament-new');
    await page.fill('#tournament-new-name', 'Form cup');
    await page.selectOption('#tournament-new-game', 'dhamet');
    await page.fill('#tournament-new-rounds', '2');
    await page.click('#tournament-new-submit');
    await page.waitForSelector('#tournament-name');
    assert((await page.locator('#tournament-name').innerText()) === 'Form cup', 'the new tournament\'s page');
    assert((await page.locator('#tournament-status').getAttribute('data-status')) === 'upcoming', 'upcoming');
    assert((await page.locator('#tournament-info').innerText()).startsWith('Swiss, 2 rounds'), await page.locator('#tournament-info').innerText());
    await shot(page, 'tournament-created-desktop');
    await page.goto(`${server.base}/#/tournaments`);
    await page.waitForSelector('#tournaments-upcoming li.tournament-entry');
    await shot(page, 'tournaments-desktop');

    // A Swiss of one round starting in a few seconds: three players join through the API, the director through
    // the page.
    const made = await asAccount(director, 'POST', '/api/tournaments', {
      kind: 'swiss', name: 'Quick cup', game: 'dhamet', clock_initial_ms: 300000, clock_increment_ms: 0, start_ms: Date.now() + 6000, rounds: 1,
    });
    assert(made.id, `created: ${JSON.stringify(made)}`);
    const players = {};
    for (const name of ['Cup_ann', 'Cup_ben', 'Cup_cat']) {
      players[name] = await session(name);
      assert((await asAccount(players[name], 'POST', `/api/tournaments/${made.id}/join`)).joined, `${name} joined`);
    }
    players.Cup_director = director;
    await page.goto(`${server.base}/#/tournament/${made.id}`);
    await page.click('#tournament-join');
    await page.waitForSelector('#tournament-withdraw');
    await until(async () => (await page.locator('#tournament-status').getAttribute('data-status')) === 'running', 'the server starts the tournament', 20000);
    await page.waitForSelector('#tournament-your-game');
    const mine = (await asAccount(director, 'GET', `/api/tournaments/${made.id}`)).me.game;
    assert((await page.locator('#tournament-your-game').getAttribute('href')) === `#/play/${mine.token}`, 'the page links to the account\'s own seat');
    assert((await page.locator('.pairing').count()) === 2, 'two boards');
    await shot(page, 'tournament-running-desktop');

    // Each board's Blue resigns; every page's copy holds no other seat's link.
    const links = {};
    for (const [name, cookie] of Object.entries(players)) links[name] = (await asAccount(cookie, 'GET', `/api/tournaments/${made.id}`)).me.game;
    const html = await page.content();
    for (const [name, game] of Object.entries(links)) if (name !== 'Cup_director') assert(!html.includes(game.token), `no link of ${name}'s on the director's page`);
    for (const game of Object.values(links)) if (game.seat === 1) await resign(game.token);
    await until(async () => (await page.locator('#tournament-status').getAttribute('data-status')) === 'finished', 'the standings updated live', 15000);
    const rows = await page.locator('#tournament-standings tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText)));
    assert(rows.length === 4 && rows[0][2] === '1' && rows[1][2] === '1' && rows[2][2] === '0' && rows[3][2] === '0', `two winners on top: ${JSON.stringify(rows)}`);
    const winners = new Set(Object.entries(links).filter(([, g]) => g.seat === 0).map(([n]) => n));
    assert(winners.has(rows[0][1]) && winners.has(rows[1][1]), `the Reds won: ${JSON.stringify(rows)}`);
    assert((await page.locator('.pairing a.pairing-result').count()) === 2, 'each finished game links to its replay');
    assert((await page.locator('#tournament-your-game').count()) === 0, 'no current game once it ended');
    const faint = await page.evaluate(lowContrast);
    assert(faint.length === 0, `every text at WCAG AA: ${faint.slice(0, 3).join('; ')}`);
    await shot(page, 'tournament-finished-desktop');

    const phone = await signedIn(PHONE, players.Cup_ann);
    await phone.goto(`${server.base}/#/tournament/${made.id}`);
    await phone.waitForSelector('#tournament-standings');
    assert((await phone.locator('#tournament-standings tbody tr').count()) === 4, 'the standings on a phone');
    const fits = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    assert(fits, 'the phone page does not scroll sideways');
    await shot(phone, 'tournament-finished-phone');
    await phone.context().close();
    await page.context().close();
  });
}
