// The account screens: the header's account area (every page), #/account/sign-in, #/account/create and
// #/account (log out, log out everywhere, change password). The server decides every rule; the pages show its
// one-line refusal as it is, so a rule changed there needs no change here.
import { changePassword, logIn, logOut, onAccount, placeToReturn, signUp, type AccountState } from '../account';
import { ApiError } from '../api';
import { h, toast } from '../dom';
import { leaderboardLink, profileLink } from '../ratings';

export const SIGN_IN = '#/account/sign-in';
export const CREATE = '#/account/create';
export const ACCOUNT = '#/account';

const USERNAME_RULE = '3 to 20 characters: letters, digits, _ or -, starting with a letter.';
const PASSWORD_RULE = 'At least 8 characters.';

// A refusal decided in the page before any request (two passwords that differ).
class Refused extends Error {}

function oneLine(e: unknown): string {
  if (e instanceof ApiError || e instanceof Refused) return e.message.split('\n')[0];
  return 'Cannot reach the server: try again.';
}

// The header's account area: links while logged out, the name (to the account page) while logged in.
export function accountNav(nav: HTMLElement): void {
  onAccount((s: AccountState) => {
    if (s.kind === 'unknown') nav.replaceChildren();
    else if (s.kind === 'out')
      nav.replaceChildren(h('a', { href: SIGN_IN, class: 'account-sign-in' }, 'Sign in'), h('a', { href: CREATE, class: 'account-create' }, 'Create account'));
    else nav.replaceChildren(h('a', { href: ACCOUNT, class: 'account-name', title: 'Your account' }, s.username));
  });
}

interface Field {
  input: HTMLInputElement;
  row: HTMLElement;
}

function field(id: string, label: string, type: 'text' | 'password', autocomplete: string, hint?: string): Field {
  const input = h('input', { id, name: id, type, autocomplete, required: true, 'aria-describedby': hint ? `${id}-hint` : undefined, autocapitalize: 'none', spellcheck: 'false' });
  const row = h('div', { class: 'account-field' }, h('label', { for: id }, label), input, hint ? h('span', { class: 'muted hint', id: `${id}-hint` }, hint) : null);
  return { input, row };
}

// A form whose submit runs `act`; a refusal is shown in one line under the fields, and the button is held
// while the request is out (a second click would send a second login).
function accountForm(id: string, fields: Field[], submit: string, act: () => Promise<void>): HTMLFormElement {
  const error = h('p', { class: 'form-error', id: `${id}-error`, role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary', id: `${id}-submit` }, submit);
  const form = h('form', { class: 'account-form', id }, ...fields.map((f) => f.row), error, h('div', { class: 'row' }, button));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.textContent = '';
    button.disabled = true;
    try {
      await act();
    } catch (e) {
      error.textContent = oneLine(e);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

function card(title: string, ...children: (Node | string | null)[]): HTMLElement {
  return h('section', { class: 'card account-card' }, h('h2', {}, title), ...children);
}

export function signInPage(app: HTMLElement): () => void {
  const name = field('sign-in-username', 'Username', 'text', 'username');
  const password = field('sign-in-password', 'Password', 'password', 'current-password');
  const form = accountForm('sign-in', [name, password], 'Sign in', async () => {
    await logIn(name.input.value.trim(), password.input.value);
    location.hash = placeToReturn();
  });
  app.replaceChildren(card('Sign in', form, h('p', {}, 'No account yet? ', h('a', { href: CREATE }, 'Create one'), '.')));
  name.input.focus();
  return () => {};
}

export function createAccountPage(app: HTMLElement): () => void {
  const name = field('create-username', 'Username', 'text', 'username', USERNAME_RULE);
  name.input.maxLength = 20;
  const password = field('create-password', 'Password', 'password', 'new-password', PASSWORD_RULE);
  const repeat = field('create-repeat', 'Repeat the password', 'password', 'new-password');
  const form = accountForm('create', [name, password, repeat], 'Create account', async () => {
    if (password.input.value !== repeat.input.value) throw new Refused('The two passwords differ.');
    await signUp(name.input.value.trim(), password.input.value);
    location.hash = placeToReturn();
  });
  const intro = h('p', { class: 'muted' }, 'An account keeps your games together on every device. Games are played without one too.');
  app.replaceChildren(card('Create an account', intro, form, h('p', {}, 'Already have one? ', h('a', { href: SIGN_IN }, 'Sign in'), '.')));
  name.input.focus();
  return () => {};
}

function passwordCard(): HTMLElement {
  const old = field('password-old', 'Current password', 'password', 'current-password');
  const next = field('password-new', 'New password', 'password', 'new-password', PASSWORD_RULE);
  const repeat = field('password-repeat', 'Repeat the new password', 'password', 'new-password');
  const done = h('p', { class: 'form-done', id: 'password-done', role: 'status' });
  const form = accountForm('password', [old, next, repeat], 'Change password', async () => {
    done.textContent = '';
    if (next.input.value !== repeat.input.value) throw new Refused('The two new passwords differ.');
    await changePassword(old.input.value, next.input.value);
    form.reset();
    done.textContent = 'Password changed. Your other devices are logged out.';
  });
  return card('Change password', form, done);
}

export function accountPage(app: HTMLElement): () => void {
  let shownFor = '';
  return onAccount((s) => {
    if (s.kind === 'unknown') return app.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
    if (s.kind === 'out') {
      shownFor = '';
      return app.replaceChildren(card('Your account', h('p', {}, 'You are not signed in. ', h('a', { href: SIGN_IN }, 'Sign in'), ' or ', h('a', { href: CREATE }, 'create an account'), '.')));
    }
    // The same user again (a refresh of the state): the page and what is typed in it stay.
    if (shownFor === s.username) return;
    shownFor = s.username;
    const out = (everywhere: boolean) => async () => {
      try {
        await logOut(everywhere);
        toast(everywhere ? 'Logged out on every device' : 'Logged out');
        location.hash = placeToReturn();
      } catch (e) {
        toast(oneLine(e), 'error');
      }
    };
    app.replaceChildren(
      card('Your account',
        h('p', {}, 'Signed in as ', h('strong', { id: 'account-username' }, s.username), '.'),
        h('p', {}, h('a', { href: profileLink(s.username), id: 'account-profile' }, 'Your profile'), ' · ', h('a', { href: leaderboardLink() }, 'Leaderboards')),
        h('div', { class: 'row' },
          h('button', { type: 'button', id: 'log-out', onclick: out(false) }, 'Log out'),
          h('button', { type: 'button', id: 'log-out-all', onclick: out(true) }, 'Log out everywhere')),
        h('p', { class: 'muted' }, '“Log out everywhere” ends the sessions of every browser signed in to this account.')),
      passwordCard());
  });
}
