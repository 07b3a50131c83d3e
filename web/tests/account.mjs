// Browser tests of the account screens (issue 46): the header's account area, creating an account, signing in
// and out, the server's refusals shown in one line, logging out everywhere and changing the password, on a
// desktop and a phone. Registered by run.mjs, which owns the browser and the server.
import { lowContrast } from './looks.mjs';

export function registerAccountTests({ test, server, assert, until, shot, newPage, PHONE }) {
  const PASSWORD = 'correct horse';
  const NEW_PASSWORD = 'battery staple';

  // What the server answers to the same request, sent from here: the page must show exactly its error.
  const serverError = async (action, body) => {
    const res = await fetch(`${server.base}/api/account/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    assert(!res.ok, `the server refuses ${action} ${JSON.stringify(body)}`);
    return (await res.json()).error;
  };
  // The account the server sees for a session cookie, or the refusal's status.
  const meWith = async (cookie) => {
    const res = await fetch(`${server.base}/api/account/me`, { headers: { Cookie: `strat_session=${cookie}` } });
    return res.ok ? (await res.json()).username : res.status;
  };
  const sessionOf = async (page) => (await page.context().cookies()).find((c) => c.name === 'strat_session')?.value;
  const header = (page) => page.locator('header.top');
  const signedInAs = (page, name) => until(async () => (await header(page).locator('.account-name').count()) && (await header(page).locator('.account-name').innerText()) === name, `"${name}" in the header`);
  const signedOut = (page) => page.waitForSelector('header.top .account-sign-in');
  const errorOf = async (page, form) => {
    await page.waitForFunction((id) => document.getElementById(id)?.textContent !== '', `${form}-error`);
    const text = await page.locator(`#${form}-error`).innerText();
    assert(!text.includes('\n'), `one line: ${JSON.stringify(text)}`);
    return text;
  };
  // The phone's header stays one line, whatever the account area shows.
  const oneLineHeader = async (page, what) => {
    const head = await header(page).evaluate((e) => ({ h: e.getBoundingClientRect().height, over: e.scrollWidth > e.clientWidth + 1 }));
    assert(head.h <= 52 && !head.over, `${what}: the header on one line (${JSON.stringify(head)})`);
  };

  async function createAccount(page, username, password, repeat = password) {
    await page.fill('#create-username', username);
    await page.fill('#create-password', password);
    await page.fill('#create-repeat', repeat);
    await page.click('#create-submit');
  }
  // By the keyboard alone: the header's link, then the fields in Tab order, Enter to send.
  async function signInByKeyboard(page, username, password) {
    await page.focus('header .account-sign-in');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#sign-in-username');
    await until(() => page.evaluate(() => document.activeElement?.id === 'sign-in-username'), 'the username field focused');
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
  }

  test('account: create one, the name in the header, log out, sign in again, the server\'s refusals in one line (desktop and phone)', async () => {
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
      const username = `Alice_${tag}`;
      // A game page first: signing up must come back to it, and the game's identity must join the account.
      const made = await (await fetch(`${server.base}/api/games`, { method: 'POST', body: JSON.stringify({ game: 'dhamet', mode: 'friend', seat: 0 }) })).json();
      const game = `#/play/${made.tokens.find((t) => t.role === 'seat0').token}`;
      const page = await newPage(options);
      await page.goto(`${server.base}/${game}`);
      await page.waitForSelector('.resign-btn');
      await signedOut(page);
      await until(() => page.evaluate(() => localStorage.getItem('strat.player')), 'the browser\'s player identity');
      if (tag === 'phone') {
        await oneLineHeader(page, 'signed out');
        assert(!(await page.locator('header .account-create').isVisible()), 'the phone header: "Create account" left to the sign-in page');
        await page.click('header .account-sign-in');
        await page.click('#app a[href="#/account/create"]');
      } else {
        await page.click('header .account-create');
      }
      await page.waitForSelector('#create-username');
      assert((await page.locator('#create-username-hint').innerText()).includes('3 to 20 characters: letters, digits, _ or -, starting with a letter'), 'the username rule is shown');
      for (const [sel, ac] of [['#create-password', 'new-password'], ['#create-repeat', 'new-password'], ['#create-username', 'username']]) {
        assert((await page.getAttribute(sel, 'autocomplete')) === ac, `${sel} autocomplete=${ac}`);
      }
      assert((await page.getAttribute('#create-password', 'type')) === 'password' && (await page.getAttribute('#create-repeat', 'type')) === 'password', 'passwords hidden');

      await createAccount(page, 'Admin', PASSWORD);
      assert((await errorOf(page, 'create')) === (await serverError('signup', { username: 'Admin', password: PASSWORD })), 'a reserved name: the server\'s error');
      await createAccount(page, username, 'short');
      const short = await errorOf(page, 'create');
      assert(short === (await serverError('signup', { username: `${username}x`, password: 'short' })) && /password/.test(short), `a short password: the server's error (${short})`);
      await createAccount(page, username, PASSWORD, `${PASSWORD}!`);
      assert((await errorOf(page, 'create')) === 'The two passwords differ.', 'passwords that differ are caught before sending');
      await shot(page, `account-create-error-${tag}`);
      await createAccount(page, username, PASSWORD);
      await page.waitForURL((url) => url.hash === game);
      await signedInAs(page, username);
      const me = await page.evaluate(async () => (await fetch('/api/account/me')).json());
      assert(me.username === username && me.players === 1 && me.games === 1, `the browser's identity and its game joined the account: ${JSON.stringify(me)}`);
      if (tag === 'phone') await oneLineHeader(page, 'signed in');
      await shot(page, `account-signed-in-${tag}`);

      // Log out from the account page, reached from the name in the header.
      await page.click('header .account-name');
      await page.waitForSelector('#log-out');
      assert((await page.locator('#account-username').innerText()) === username, 'the account page names the user');
      await shot(page, `account-page-${tag}`);
      await page.click('#log-out');
      await signedOut(page);
      await page.waitForURL((url) => url.hash === game);
      assert((await page.evaluate(async () => (await fetch('/api/account/me')).status)) === 401, 'the server says logged out');

      await signInByKeyboard(page, username, 'wrong password');
      const wrong = await errorOf(page, 'sign-in');
      assert(wrong === 'wrong username or password', `a wrong password: the server's error (${wrong})`);
      assert((await page.getAttribute('#sign-in-password', 'autocomplete')) === 'current-password' && (await page.getAttribute('#sign-in-password', 'type')) === 'password', 'the sign-in password field');
      await shot(page, `account-sign-in-error-${tag}`);
      await page.fill('#sign-in-password', PASSWORD);
      await page.press('#sign-in-password', 'Enter');
      await page.waitForURL((url) => url.hash === game);
      await signedInAs(page, username);

      // The name is taken in any case: "alice_desktop" after "Alice_desktop".
      const other = await newPage(options);
      await other.goto(`${server.base}/#/account/create`);
      await createAccount(other, username.toLowerCase(), PASSWORD);
      const taken = await errorOf(other, 'create');
      assert(taken === (await serverError('signup', { username: username.toLowerCase(), password: PASSWORD })) && taken.includes('taken'), `a taken name: the server's error (${taken})`);
      await shot(other, `account-name-taken-${tag}`);
      await signedOut(other);
      await other.context().close();
      await page.context().close();
    }
  });

  test('account: log out everywhere ends every session; a changed password signs in and the old one does not (desktop and phone)', async () => {
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']]) {
      const username = `Bob_${tag}`;
      const first = await newPage(options);
      await first.goto(`${server.base}/#/account/create`);
      await createAccount(first, username, PASSWORD);
      await first.waitForURL((url) => url.hash === '#/');
      await signedInAs(first, username);
      const firstSession = await sessionOf(first);
      assert(firstSession && (await meWith(firstSession)) === username, 'the first browser\'s session works');

      const second = await newPage(options);
      await second.goto(`${server.base}/`);
      await signInByKeyboard(second, username, PASSWORD);
      await signedInAs(second, username);
      await second.goto(`${server.base}/#/account`);
      await second.click('#log-out-all');
      await signedOut(second);
      assert((await meWith(firstSession)) === 401, 'the first browser\'s old session is logged out');
      await first.reload();
      await signedOut(first);

      // Change the password: a wrong current one is refused in one line, then the new one works and the old does not.
      await signInByKeyboard(first, username, PASSWORD);
      await signedInAs(first, username);
      await first.click('header .account-name');
      await first.fill('#password-old', 'not my password');
      await first.fill('#password-new', NEW_PASSWORD);
      await first.fill('#password-repeat', NEW_PASSWORD);
      await first.click('#password-submit');
      assert((await errorOf(first, 'password')).length > 0, 'a wrong current password is refused');
      await first.fill('#password-old', PASSWORD);
      await first.fill('#password-new', NEW_PASSWORD);
      await first.fill('#password-repeat', NEW_PASSWORD);
      await first.click('#password-submit');
      await first.waitForFunction(() => document.getElementById('password-done')?.textContent !== '');
      assert((await first.locator('#password-error').innerText()) === '', 'no error after the change');
      await shot(first, `account-password-changed-${tag}`);
      await first.click('#log-out');
      await signedOut(first);
      await signInByKeyboard(first, username, PASSWORD);
      assert((await errorOf(first, 'sign-in')) === 'wrong username or password', 'the old password no longer signs in');
      await first.fill('#sign-in-password', NEW_PASSWORD);
      await first.press('#sign-in-password', 'Enter');
      await signedInAs(first, username);
      await second.context().close();
      await first.context().close();
    }
  });

  test('account: the screens in light and dark, on a desktop and a phone: every text WCAG AA, the error included', async () => {
    const failures = [];
    for (const [options, tag] of [[{}, 'desktop'], [PHONE, 'phone']])
      for (const scheme of ['light', 'dark']) {
        const page = await newPage({ ...options, colorScheme: scheme });
        await page.goto(`${server.base}/#/account/create`);
        await createAccount(page, `Carol_${tag}_${scheme}`, PASSWORD, 'another one');
        await errorOf(page, 'create');
        for (const f of await page.evaluate(lowContrast)) failures.push(`create ${tag} ${scheme}: ${f}`);
        await shot(page, `account-create-${tag}-${scheme}`);
        await createAccount(page, `Carol_${tag}_${scheme}`, PASSWORD);
        await signedInAs(page, `Carol_${tag}_${scheme}`);
        await page.click('header .account-name');
        await page.waitForSelector('#log-out');
        for (const f of await page.evaluate(lowContrast)) failures.push(`account ${tag} ${scheme}: ${f}`);
        await shot(page, `account-page-${tag}-${scheme}`);
        await page.context().close();
      }
    assert(failures.length === 0, `low contrast:\n  ${failures.slice(0, 8).join('\n  ')}`);
  });
}
