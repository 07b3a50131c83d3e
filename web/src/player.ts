// This browser's player identity for "your games": a secret made by the server (POST /api/players), kept in
// localStorage and sent only in the Authorization header. The games whose seat links this browser opens are
// registered under it on the server, so the list survives a cleared cache of links, and the server lists them
// to this identity only.
import type { GameSummary } from './api';

const KEY = 'strat.player';

export interface PlayerGame extends GameSummary {
  seat: number; // 0 or 1; 2: both (hotseat)
  side?: string;
  opponent: { kind: 'human' | 'computer' | 'hotseat'; agent: string; name: string };
  outcome: '' | 'win' | 'loss' | 'draw' | 'over';
  token: string;
  rematch: string;
}

async function request(method: string, path: string, player: string | null, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (player) headers.Authorization = `Bearer ${player}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

let making: Promise<string> | null = null;

async function identity(fresh = false): Promise<string> {
  const known = localStorage.getItem(KEY);
  if (known && !fresh) return known;
  making ??= (async () => {
    const res = await request('POST', '/api/players', null);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const { player } = (await res.json()) as { player: string };
    localStorage.setItem(KEY, player);
    return player;
  })().finally(() => (making = null));
  return making;
}

// Calls the server as this player; an identity the server does not know (a new database) is replaced once.
async function asPlayer(method: string, body?: unknown): Promise<any> {
  for (let attempt = 0; attempt < 2; ++attempt) {
    const res = await request(method, '/api/players/me/games', await identity(attempt > 0), body);
    const data = await res.json().catch(() => ({}));
    if (res.ok) return data;
    if (!(res.status === 400 && data.error === 'unknown player')) throw new Error(data.error ?? `HTTP ${res.status}`);
  }
  throw new Error('unknown player');
}

const registered = new Set<string>();

// Adds a seat link this browser holds to its games (once per link and page load).
export function registerGame(token: string): void {
  if (registered.has(token)) return;
  registered.add(token);
  asPlayer('POST', { token }).catch(() => registered.delete(token));
}

export async function myGames(): Promise<PlayerGame[]> {
  return (await asPlayer('GET')).games as PlayerGame[];
}
