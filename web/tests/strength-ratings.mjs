// Browser test of the computer's strengths' ratings (issue 46): a clocked game against a strength, started from
// the lobby by a signed-in player and resigned, moves the strength's rating and not the player's; the lobby's
// picker then names the strength with its rating, and the leaderboard shows it in its own "Computer" table, never
// among the players. On a desktop and a phone. Registered by run.mjs, which owns the browser and the server.
import { lowContrast } from './looks.mjs';
import { resignBySocket } from './ratings.mjs';

export function registerStrengthRatingTests({ test, server, assert, until, shot, newPage, PHONE }) {
  const json = { 'Content-Type': 'application/json' };
  const getJson = async (path) => (await fetch(`${server.base}${path}`)).json();
  const beginner = async () => (await getJson('/api/strength-ratings?game=dhamet&class=blitz')).strengths.find((s) => s.strength === 'beginner');

  test('strength ratings: a lobby game against Beginner resigned by an account rates the strength, not the player; the picker and the Computer table show it (desktop and phone, light and dark)', async () => {
    const failures = [];
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
      const name = `Versus_${tag}`;
      const res = await fetch(`${server.base}/api/account/signup`, { method: 'POST', headers: json, body: JSON.stringify({ username: name, password: 'correct horse' }) });
      assert(res.status === 201, `signed up: ${res.status}`);
      const cookie = res.headers.get('set-cookie').split(';')[0];
      const before = (await beginner())?.games ?? 0;

      const page = await newPage(options);
      await page.context().addCookies([{ name: 'strat_session', value: cookie.split('=')[1], url: server.base }]);
      await page.goto(`${server.base}/#/`);
      await page.waitForSelector('#new-game option', { state: 'attached' });
      await page.selectOption('#new-game', 'dhamet');
      await page.selectOption('#new-clock', '5+3');
      await page.selectOption('#new-strength', 'beginner');
      await page.selectOption('#new-side', '0');
      await page.click('#create-btn');
      await page.waitForURL(/#\/play\//);
      // The player resigns over the game's own socket: the strength won.
      await resignBySocket(server.base, new URL(page.url()).hash.slice('#/play/'.length));
      const rated = await until(async () => {
        const b = await beginner();
        return b && b.games === before + 1 ? b : null;
      }, 'the strength rated');
      assert(rated.rating > 1500 && rated.provisional, `a won game lifts a new strength's rating, still provisional: ${JSON.stringify(rated)}`);
      const profile = await getJson(`/api/users/${name}`);
      assert(profile.ratings.length === 0 && profile.games.length === 0, `the player's own ratings are untouched: ${JSON.stringify(profile)}`);

      // The lobby's picker: the rating of the chosen game and clock's class, with "?" while provisional.
      await page.goto(`${server.base}/#/`);
      await page.waitForSelector('#new-game option', { state: 'attached' });
      await page.selectOption('#new-game', 'dhamet');
      await page.selectOption('#new-clock', '5+3');
      const label = `Beginner · ~${rated.rating}?`;
      await until(async () => (await page.locator('#new-strength option[value="beginner"]').innerText()) === label, `the picker says ${label}`);
      await page.selectOption('#new-strength', 'beginner');
      await shot(page, `strengths-lobby-${tag}`);
      await page.selectOption('#new-clock', 'none');
      await until(async () => (await page.locator('#new-strength option[value="beginner"]').innerText()) === 'Beginner', 'no rating without a clock');
      await page.context().close();

      for (const scheme of ['light', 'dark']) {
        const board = await newPage({ ...options, colorScheme: scheme });
        await board.goto(`${server.base}/#/leaderboard/dhamet/blitz`);
        await board.waitForSelector('#strength-table');
        const rows = await board.locator('#strength-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText)));
        assert(rows.length === 1 && rows[0][0] === 'Beginner' && rows[0].includes(`${rated.rating}?`) && rows[0].includes(String(rated.games)), `the Computer table: ${JSON.stringify(rows)}`);
        // Never among the players: their table has no strength.
        await board.waitForSelector('#leaderboard-empty, #leaderboard-table');
        const players = (await getJson('/api/leaderboard?game=dhamet&class=blitz')).players;
        assert(players.every((p) => !['beginner', 'club', 'strong', 'maximum'].includes(p.username.toLowerCase())), `no strength among the players: ${JSON.stringify(players)}`);
        assert(!(await board.locator('#leaderboard-body').innerText()).includes('Beginner'), 'the players\' part names no strength');
        for (const f of await board.evaluate(lowContrast)) failures.push(`leaderboard ${tag} ${scheme}: ${f}`);
        await shot(board, `strengths-leaderboard-${tag}-${scheme}`);
        await board.context().close();
      }
    }
    assert(failures.length === 0, `low contrast:\n  ${failures.slice(0, 8).join('\n  ')}`);
  });
}
