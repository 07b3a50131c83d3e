// The account this browser is logged in to, as the client knows it (docs/server.md, "Accounts and ratings").
// The session is an HttpOnly cookie the page never sees: GET /api/account/me is the only way to know whether
// there is one, so the state starts unknown and the header waits for the answer.
import { ApiError, call } from './api';
import { knownIdentity } from './player';
import type { AccountDone, AccountMe, AccountName } from './protocol';

export type AccountState = { kind: 'unknown' } | { kind: 'out' } | { kind: 'in'; username: string };

let state: AccountState = { kind: 'unknown' };
const listeners = new Set<(s: AccountState) => void>();

export const account = (): AccountState => state;

// Calls `fn` now and whenever the state changes; returns the unsubscription.
export function onAccount(fn: (s: AccountState) => void): () => void {
  listeners.add(fn);
  fn(state);
  return () => listeners.delete(fn);
}

function set(next: AccountState): void {
  state = next;
  for (const fn of listeners) fn(state);
}

// Asks the server; a 401 (no session, an ended or expired one) is logged out. Another failure (the server
// unreachable) says nothing about the session: what was known stays, and a first answer shows the links.
export async function refreshAccount(): Promise<AccountState> {
  try {
    const me = await call<AccountMe>('GET', '/api/account/me');
    set({ kind: 'in', username: me.username });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) set({ kind: 'out' });
    else if (state.kind === 'unknown') set({ kind: 'out' });
  }
  return state;
}

// Every state-changing account call is JSON, even without fields: the server refuses any other content type
// (its defence against cross-site forms).
async function enter(action: 'signup' | 'login', username: string, password: string): Promise<void> {
  const player = knownIdentity();
  let reply: AccountName;
  try {
    reply = await call<AccountName>('POST', `/api/account/${action}`, player ? { username, password, player } : { username, password });
  } catch (e) {
    // An identity from another database (a server started afresh) would block the account for good; without
    // it the account is made, and the browser's games are simply not joined to it.
    if (!(player && e instanceof ApiError && e.message === 'unknown player')) throw e;
    reply = await call<AccountName>('POST', `/api/account/${action}`, { username, password });
  }
  set({ kind: 'in', username: reply.username });
}

export const signUp = (username: string, password: string) => enter('signup', username, password);
export const logIn = (username: string, password: string) => enter('login', username, password);

// A session ended elsewhere (log out everywhere, a password changed on another device) is already what was
// asked for: logged out, not an error.
export async function logOut(everywhere = false): Promise<void> {
  try {
    await call<AccountDone>('POST', everywhere ? '/api/account/logout-all' : '/api/account/logout', {});
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
  }
  set({ kind: 'out' });
}

export async function changePassword(old: string, next: string): Promise<void> {
  try {
    await call<AccountDone>('POST', '/api/account/password', { old, new: next });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) set({ kind: 'out' });
    throw e;
  }
}

// Where a sign-in returns to: the last page seen that is not an account page, kept per tab (a reload of the
// sign-in page still knows it).
const BACK = 'strat.account.back';
export function rememberPlace(hash: string): void {
  sessionStorage.setItem(BACK, hash || '#/');
}
export function placeToReturn(): string {
  return sessionStorage.getItem(BACK) || '#/';
}
