// This browser's player identity for "your games": a secret made by the server (POST /api/players), kept in
// localStorage and sent only in the Authorization header. The games whose seat links this browser opens are
// registered under it on the server, so the list survives a cleared cache of links, and the server lists them
// to this identity only.
import { ApiError, call } from './api';
import type { NewPlayer, PlayerGame, PlayerGames } from './protocol';

const KEY = 'strat.player';
let making: Promise<string> | null = null;

// The identity this browser already holds, without making one: what a sign-up or login joins to the account.
export function knownIdentity(): string | null {
  return localStorage.getItem(KEY);
}

// This browser's identity, made on first use: what the lobby's seeks and pools are made as (pages/seeks.ts).
export async function identity(fresh = false): Promise<string> {
  const known = localStorage.getItem(KEY);
  if (known && !fresh) return known;
  making ??= call<NewPlayer>('POST', '/api/players')
    .then(({ player }) => {
      localStorage.setItem(KEY, player);
      return player;
    })
    .finally(() => (making = null));
  return making;
}

// Calls the server as this player; an identity the server does not know (a new database) is replaced once.
async function asPlayer<T>(method: string, body?: unknown): Promise<T> {
  for (let attempt = 0; ; ++attempt) {
    const auth = { Authorization: `Bearer ${await identity(attempt > 0)}` };
    try {
      return await call<T>(method, '/api/players/me/games', body, auth);
    } catch (e) {
      if (attempt > 0 || !(e instanceof ApiError && e.status === 400 && e.message === 'unknown player')) throw e;
    }
  }
}

const registered = new Set<string>();

// Adds a seat link this browser holds to its games (once per link and page load).
export function registerGame(token: string): void {
  if (registered.has(token)) return;
  registered.add(token);
  asPlayer('POST', { token }).catch(() => registered.delete(token));
}

export async function myGames(): Promise<PlayerGame[]> {
  return (await asPlayer<PlayerGames>('GET')).games;
}
