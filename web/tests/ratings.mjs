// Browser tests of the profile and leaderboard pages (issue 46): a fresh account's empty profile, an unknown
// name's one line, the leaderboard's empty state and its table, and a rated game played to its end through the
// API shown on both players' profiles, on a desktop and a phone. Registered by run.mjs, which owns the browser
// and the server.
import WebSocket from 'ws';
import { lowContrast } from './looks.mjs';

// The holder of a seat link resigns over the game's WebSocket; resolves once the server tells the result.
export async function resignBySocket(base, token) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`);
  await new Promise((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'resign' })));
    ws.on('message', (d) => {
      if (JSON.parse(String(d)).result) resolve();
    });
    ws.on('error', reject);
  });
  ws.close();
}

export function registerRatingTests({ test, server, assert, until, shot, newPage, PHONE }) {
  const PASSWORD = 'correct horse';
  const json = { 'Content-Type': 'application/json' };

  // A new account through the API: its session cookie, as "strat_session=TOKEN".
  async function signUp(username) {
    const res = await fetch(`${server.base}/api/account/signup`, { method: 'POST', headers: json, body: JSON.stringify({ username, password: PASSWORD }) });
    assert(res.status === 201, `signed up ${username}: ${res.status} ${await res.text()}`);
    return res.headers.get('set-cookie').split(';')[0];
  }
  const profileOf = async (name) => (await fetch(`${server.base}/api/users/${encodeURIComponent(name)}`)).json();
  // The phone's header stays one line on these pages too.
  const oneLineHeader = async (page, what) => {
    const head = await page.locator('header.top').evaluate((e) => ({ h: e.getBoundingClientRect().height, over: e.scrollWidth > e.clientWidth + 1 }));
    assert(head.h <= 52 && !head.over, `${what}: the header on one line (${JSON.stringify(head)})`);
  };
  const loaded = (page) => page.waitForSelector('#profile-username, #profile-error');

  // A rated Dhamet game at 5+3 (blitz) between two accounts, resigned by the first seat's player: the second wins.
  async function ratedGameResigned(first, second) {
    const made = await (await fetch(`${server.base}/api/games`, { method: 'POST', headers: { ...json, Cookie: first },
      body: JSON.stringify({ game: 'dhamet', mode: 'friend', seat: 0, listed: true, rated: true, clock_initial_ms: 300000, clock_increment_ms: 3000 }) })).json();
    assert(made.rated === true, `the game is rated: ${JSON.stringify(made)}`);
    const joined = await (await fetch(`${server.base}/api/games/${made.id}/join`, { method: 'POST', headers: { ...json, Cookie: second } })).json();
    assert(joined.rated === true, `the join is rated: ${JSON.stringify(joined)}`);
    await resignBySocket(server.base, made.tokens.find((t) => t.role === 'seat0').token);
    return made.id;
  }

  test('ratings: a fresh account\'s profile, an unknown name\'s one line, the empty leaderboard, links from the lobby (desktop and phone)', async () => {
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
      const name = `Fresh_${tag}`;
      await signUp(name);
      const page = await newPage(options);
      // Looked up in another case: the page names the account as it signed up.
      await page.goto(`${server.base}/#/@/${name.toLowerCase()}`);
      await loaded(page);
      assert((await page.locator('#profile-username').innerText()) === name, 'the name as signed up');
      const results = page.locator('#profile-results');
      assert((await results.getAttribute('data-win')) === '0' && (await results.getAttribute('data-draw')) === '0' && (await results.getAttribute('data-loss')) === '0', 'no wins, draws or losses');
      assert((await results.innerText()) === '0 wins · 0 draws · 0 losses', `results in words: ${await results.innerText()}`);
      assert((await page.locator('.rating-item').count()) === 0 && (await page.locator('#profile-ratings').innerText()).includes('No rated games yet'), 'no ratings');
      if (tag === 'phone') await oneLineHeader(page, 'a profile');
      await shot(page, `profile-fresh-${tag}`);

      await page.goto(`${server.base}/#/@/nobody_${tag}`);
      await page.waitForSelector('#profile-error');
      const served = (await profileOf(`nobody_${tag}`)).error;
      const line = await page.locator('#profile-error').innerText();
      assert(served && line === served, `the server's one line: ${JSON.stringify(line)} (server: ${served})`);
      await shot(page, `profile-unknown-${tag}`);

      // The lobby's link, by the keyboard.
      await page.goto(`${server.base}/#/`);
      await page.waitForSelector('#lobby-leaderboard');
      await page.focus('#lobby-leaderboard');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#leaderboard-game option', { state: 'attached' });
      await page.selectOption('#leaderboard-game', 'dhamet');
      await page.selectOption('#leaderboard-class', 'blitz');
      await page.waitForSelector('#leaderboard-empty');
      assert((await page.locator('#leaderboard-empty').innerText()).startsWith('No settled ratings yet'), 'the empty state in words');
      assert(new URL(page.url()).hash === '#/leaderboard/dhamet/blitz', `the choice is kept in the address: ${page.url()}`);
      // The address opens the same choice.
      await page.reload();
      await page.waitForSelector('#leaderboard-empty');
      assert((await page.locator('#leaderboard-game').inputValue()) === 'dhamet' && (await page.locator('#leaderboard-class').inputValue()) === 'blitz', 'the address chose the game and class');
      if (tag === 'phone') await oneLineHeader(page, 'the leaderboard');
      await shot(page, `leaderboard-empty-${tag}`);
      await page.context().close();
    }
  });

  test('ratings: a rated game resigned through the API shows on both profiles, provisional, with its chart point and signed change (desktop and phone)', async () => {
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
      const [loser, winner] = [`Rlose_${tag}`, `Rwin_${tag}`];
      const loserCookie = await signUp(loser);
      const winnerCookie = await signUp(winner);
      const id = await ratedGameResigned(loserCookie, winnerCookie);
      const served = await until(async () => {
        const p = await profileOf(loser);
        return p.games.length ? p : null;
      }, 'the game rated');
      const page = await newPage(options);
      // Signed in as the loser: the account page links to the profile.
      await page.context().addCookies([{ name: 'strat_session', value: loserCookie.split('=')[1], url: server.base }]);
      await page.goto(`${server.base}/#/account`);
      await page.click('#account-profile');
      await loaded(page);
      assert((await page.locator('#profile-username').innerText()) === loser, 'the account page links to its own profile');

      const item = page.locator('.rating-item[data-game="dhamet"][data-class="blitz"]');
      assert((await item.count()) === 1, 'one Dhamet blitz rating');
      const rating = served.ratings[0];
      assert(rating.provisional && (await item.locator('.rating-value').innerText()) === `${rating.rating}?`, `the provisional rating with "?": ${await item.locator('.rating-value').innerText()}`);
      // The start rating, then one point per game.
      assert((await item.locator('svg.rating-chart circle.rating-point').count()) === 2, 'the chart: the start and the game');
      assert((await item.locator('.rating-max').textContent()) === '1500' && (await item.locator('.rating-min').textContent()) === String(rating.rating), 'the chart\'s axis says its highest and lowest ratings');
      assert((await page.locator('#profile-results').getAttribute('data-loss')) === '1', 'one loss');

      const row = page.locator(`#profile-game-list li.rated-game[data-id="${id}"]`);
      assert((await row.count()) === 1, 'the game in the last rated games');
      const change = served.games[0].change;
      assert(change < 0 && (await row.locator('.rating-change').innerText()) === String(change), `a loss's change, signed: ${await row.locator('.rating-change').innerText()}`);
      assert((await row.locator('.outcome').innerText()) === 'Lost' && (await row.locator('.colour').innerText()) === 'as White', `result and colour: ${await row.innerText()}`);
      await page.selectOption('#profile-game-filter', 'dhamet');
      assert((await page.locator('#profile-game-list li').count()) === 1, 'the filter by game keeps the Dhamet game');
      await shot(page, `profile-rated-${tag}`);

      // The opponent's name leads to the opponent's profile: the same game, won, with a plus.
      await row.locator('a.opponent').click();
      await until(async () => (await page.locator('#profile-username').count()) && (await page.locator('#profile-username').innerText()) === winner, 'the opponent\'s profile');
      const won = page.locator(`#profile-game-list li.rated-game[data-id="${id}"]`);
      await won.waitFor();
      const gain = (await profileOf(winner)).games[0].change;
      assert(gain > 0 && (await won.locator('.rating-change').innerText()) === `+${gain}`, `a win's change with its plus: ${await won.locator('.rating-change').innerText()}`);
      assert((await page.locator('.rating-item .rating-value').innerText()).endsWith('?'), 'the winner\'s rating is provisional too');
      if (tag === 'phone') await oneLineHeader(page, 'a rated profile');
      await shot(page, `profile-rated-winner-${tag}`);
      await page.context().close();
    }
  });

  // No settled rating can be made cheaply (a rating settles after many games, at most 3 a day per pair): the
  // table is checked on an answer of the server's shape given to the page.
  test('ratings: the leaderboard\'s table, ranks and links to profiles; the pages at WCAG AA in light and dark', async () => {
    const failures = [];
    // A real profile behind the first name, with a rating and a game.
    await ratedGameResigned(await signUp('Leader_two'), await signUp('Leader_one'));
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']])
      for (const scheme of ['light', 'dark']) {
        const page = await newPage({ ...options, colorScheme: scheme });
        await page.route('**/api/leaderboard?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ game: 'stratego', variant: '', class: 'blitz', players: [
          { username: 'Leader_one', variant: 'classic', class: 'blitz', rating: 1712, deviation: 64, games: 40 },
          { username: 'Someone', variant: 'classic', class: 'blitz', rating: 1650, deviation: 90, games: 18 }] }) }));
        await page.goto(`${server.base}/#/leaderboard/stratego/blitz`);
        await page.waitForSelector('#leaderboard-table');
        const rows = await page.locator('#leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText)));
        assert(rows.length === 2 && rows[0][0] === '1' && rows[0][1] === 'Leader_one' && rows[0].includes('1712') && rows[0].includes('40') && rows[1][0] === '2', `ranks, names, ratings, games: ${JSON.stringify(rows)}`);
        for (const f of await page.evaluate(lowContrast)) failures.push(`leaderboard ${tag} ${scheme}: ${f}`);
        await shot(page, `leaderboard-${tag}-${scheme}`);
        await page.click('#leaderboard-table a.leader-name >> nth=0');
        await loaded(page);
        assert((await page.locator('#profile-username').innerText()) === 'Leader_one', 'a name leads to its profile');
        await page.locator('.rating-item').first().waitFor();
        for (const f of await page.evaluate(lowContrast)) failures.push(`profile ${tag} ${scheme}: ${f}`);
        await shot(page, `profile-${tag}-${scheme}`);
        await page.context().close();
      }
    assert(failures.length === 0, `low contrast:\n  ${failures.slice(0, 8).join('\n  ')}`);
  });
}
