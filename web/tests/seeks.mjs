// Browser tests of seeks and quick pairing (issue 46, "Finding an opponent"): two players sign up in two
// browsers, one seeks a rated game, the other sees the seek appear without a reload and accepts it, both are taken
// to the game, play it to its end, and see their new ratings and the game on their profiles; and two players in
// one quick-pairing pool get one game. On a desktop and a phone. Registered by run.mjs, which owns the browser and
// the server.
export function registerSeekTests({ test, server, assert, until, shot, newPage, getJson, tokenOf, playBoardMove, PHONE }) {
  const PASSWORD = 'correct horse';

  async function signUpInPage(page, username) {
    await page.goto(`${server.base}/#/account/create`);
    await page.fill('#create-username', username);
    await page.fill('#create-password', PASSWORD);
    await page.fill('#create-repeat', PASSWORD);
    await page.click('#create-submit');
    await page.waitForSelector(`header :text("${username}")`);
  }
  const toLobby = async (page) => {
    await page.goto(`${server.base}/#/`);
    await page.waitForSelector('#seek-form');
    await page.waitForSelector('#pools .pool-btn');
  };
  // Both pages in one game, each on its own seat.
  async function bothInTheGame(a, b) {
    await until(() => a.url().includes('#/play/') && b.url().includes('#/play/'), 'both pages in the game');
    const [sa, sb] = [await getJson(`/api/state?token=${tokenOf(a)}`), await getJson(`/api/state?token=${tokenOf(b)}`)];
    assert(sa.id === sb.id, `one game: ${sa.id} ${sb.id}`);
    assert(sa.acts.join() !== sb.acts.join(), `two seats: ${sa.acts} ${sb.acts}`);
    await a.waitForSelector('.resign-btn');
    await b.waitForSelector('.resign-btn');
    return sa.id;
  }

  test('seeks: two players sign up, one seeks a rated game, the other sees it live and accepts, they play it to the end and see their new ratings (desktop and phone)', async () => {
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
      const [seeker, taker] = [`Seeker_${tag}`, `Taker_${tag}`];
      const a = await newPage(options);
      const b = await newPage(options);
      await signUpInPage(a, seeker);
      await signUpInPage(b, taker);
      await toLobby(a);
      await toLobby(b);
      await b.waitForSelector('#no-seeks');

      await a.selectOption('#seek-game', 'dhamet');
      await a.selectOption('#seek-clock', '5+3');
      await a.check('#seek-rated');
      await a.selectOption('#seek-range', '200');
      await a.click('#seek-create');
      await a.waitForSelector('#seek-list li.seek[data-mine="true"] .seek-cancel');
      // B's page shows it without a reload: the same page, no navigation.
      const row = b.locator('#seek-list li.seek[data-mine="false"]');
      await row.waitFor();
      const text = await row.innerText();
      assert(text.includes(seeker) && text.includes('1500') && /Dhamet/.test(text) && text.includes('5+3') && text.includes('rated') && text.includes('1300–1700'), `the seek in words: ${text}`);
      assert(await row.locator('.seek-accept').isEnabled(), 'B may accept');
      await shot(a, `seek-own-${tag}`);
      await shot(b, `seek-seen-${tag}`);

      await row.locator('.seek-accept').click();
      const id = await bothInTheGame(a, b);
      // Some moves, by whichever side is to move, then the player to move resigns.
      const toMove = async () => {
        for (const p of [a, b]) if ((await getJson(`/api/state?token=${tokenOf(p)}`)).legal.length) return p;
        return null;
      };
      for (let ply = 0; ply < 4; ++ply) {
        const p = await until(toMove, 'a side to move');
        await playBoardMove(p);
      }
      const loser = await until(toMove, 'a side to move');
      const winner = loser === a ? b : a;
      await loser.click('.resign-btn');
      await loser.waitForSelector('#result-dialog .result-card');
      await winner.waitForSelector('#result-dialog .result-card');
      assert((await winner.locator('#result-title').innerText()) === 'You won', 'the winner is told');
      await shot(winner, `seek-game-over-${tag}`);

      for (const [page, name, outcome] of [[loser, loser === a ? seeker : taker, 'loss'], [winner, winner === a ? seeker : taker, 'win']]) {
        await until(async () => (await getJson(`/api/users/${name}`)).games.length === 1, `${name}'s game rated`);
        await page.goto(`${server.base}/#/@/${name}`);
        const item = page.locator('.rating-item[data-game="dhamet"][data-class="blitz"]');
        await item.waitFor();
        const rating = (await getJson(`/api/users/${name}`)).ratings[0].rating;
        assert(outcome === 'win' ? rating > 1500 : rating < 1500, `${name}'s new rating: ${rating}`);
        assert((await item.locator('.rating-value').innerText()) === `${rating}?`, `the page shows ${rating}`);
        assert((await page.locator(`#profile-game-list li.rated-game[data-id="${id}"]`).count()) === 1, 'the game in the history');
        assert((await page.locator('#profile-results').getAttribute(`data-${outcome}`)) === '1', `one ${outcome}`);
        await shot(page, `seek-profile-${outcome}-${tag}`);
      }
      await a.context().close();
      await b.context().close();
    }
  });

  test('quick pairing: two players in one pool get one game; the button shows the wait and cancels it (desktop and phone)', async () => {
    const a = await newPage();
    const b = await newPage(PHONE);
    await toLobby(a);
    await toLobby(b);
    const pool = 'strata7/3+2';
    const button = (p) => p.locator(`#pools .pool-btn[data-pool="${pool}"]`);
    // Join and cancel: nobody is left waiting.
    await button(a).click();
    await a.waitForSelector(`#pools .pool-btn.waiting[data-pool="${pool}"]`);
    await until(async () => (await button(b).innerText()).includes('1 waiting'), 'B sees one player waiting');
    await shot(a, 'pool-waiting-desktop');
    await button(a).click();
    await a.waitForSelector(`#pools .pool-btn:not(.waiting)[data-pool="${pool}"]`);
    await until(async () => (await button(b).innerText()).includes('0 waiting'), 'nobody waits after the cancel');
    // Both join: one game for the two.
    await button(a).click();
    await a.waitForSelector(`#pools .pool-btn.waiting[data-pool="${pool}"]`);
    await button(b).click();
    await bothInTheGame(a, b);
    await shot(b, 'pool-paired-phone');
    const pools = (await getJson('/api/seeks')).pools;
    assert(pools.every((p) => p.waiting === 0), 'both left every pool');
    await a.context().close();
    await b.context().close();
  });
}
