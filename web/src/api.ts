// The server's JSON API (docs/server.md) and the tokens this browser holds.
import type { LegalMove, RematchInfo } from './messages';

export interface GameEntry {
  name: string;
  title: string;
  summary: string;
  variants: string[];
  agents: string[];
  players?: [string, string]; // the game's names of its two sides, first to move first
  hidden_information: boolean;
  setup: boolean;
}

export interface TokenGrant {
  token: string;
  role: string; // seat0, seat1, hotseat, watch, watch0, watch1
  acts: number;
  sees: number;
}

// What the server says of a stored game in any list (the lobby, "your games").
export interface GameSummary {
  id: string;
  title: string;
  game: string;
  mode: string;
  phase: string;
  plies: number;
  summary: string;
  created_ms: number;
  updated_ms: number;
}

export interface LobbyEntry extends GameSummary {
  listed: boolean;
  clock: boolean;
}

export interface Player {
  seat: number;
  name: string;
  kind: 'human' | 'computer';
  agent: string;
  joined: boolean; // false while the seat's invite link has not been opened
}

export interface MoveEntry {
  ply: number;
  seat: number;
  move: string | null; // null: a hidden move of the other side (games whose moves are not public)
  events: string[];
}

export interface Clocks {
  remaining_ms: [number, number];
  running: number;
  increment_ms: number;
  initial_ms?: number;
}

export interface Result {
  status: 'win' | 'draw';
  winner: number;
  reason: string;
  text: string;
}

export interface Snapshot {
  type: 'state';
  id: string;
  game: string;
  spec: string;
  variant: string;
  title: string;
  mode: string;
  hidden_information: boolean;
  acts: number[];
  sees: number;
  viewer: number;
  phase: 'setup' | 'play' | 'over';
  players: Player[];
  to_move: number;
  ply: number;
  view: any;
  legal: string[];
  moves: MoveEntry[];
  clocks: Clocks | null;
  draw_offer: number;
  result: Result | null;
  needs_setup: boolean;
  online?: [boolean, boolean]; // which seats have a connection open now (a computer's always)
  setup?: { done: [boolean, boolean]; mine: Record<string, string> };
  legal_moves?: LegalMove[]; // the legal moves in a structured form (cells), same order as `legal`
  rematch?: RematchInfo;
  takeback?: boolean; // whether this game allows taking a move back (against the computer, without a clock)
  // Where it does: why a take-back by this link's seat would be refused now, because a move of its last turn
  // showed it something hidden ("" when nothing does).
  takeback_blocked?: string;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: any;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!res.ok) throw new Error(data && data.error ? data.error : `HTTP ${res.status}`);
  return data as T;
}

export const api = {
  games: () => call<{ games: GameEntry[] }>('GET', '/api/games'),
  lobby: () => call<{ open: LobbyEntry[]; recent: LobbyEntry[] }>('GET', '/api/lobby'),
  create: (req: Record<string, unknown>) => call<{ id: string; tokens: TokenGrant[] }>('POST', '/api/games', req),
  join: (id: string) => call<{ id: string; token: string; tokens: TokenGrant[] }>('POST', `/api/games/${id}/join`),
  replay: (id: string, ply: number) => call<{ ply: number; plies: number; view: any; last?: MoveEntry; title?: string; result?: string }>('GET', `/api/games/${id}/replay?ply=${ply}`),
  recordUrl: (id: string) => `/api/games/${id}/record`,
};

// Tokens are the only credentials: kept in this browser so its games can be resumed; each link also works
// from any other browser.
export interface Held {
  id: string;
  title: string;
  mode: string;
  tokens: TokenGrant[];
  created: number;
}

const KEY = 'strat.games';

export function heldGames(): Held[] {
  try {
    return JSON.parse(localStorage.getItem(KEY) || '[]');
  } catch {
    return [];
  }
}

export function remember(h: Held): void {
  const all = heldGames().filter((x) => x.id !== h.id);
  all.unshift(h);
  localStorage.setItem(KEY, JSON.stringify(all.slice(0, 100)));
}

export function heldFor(id: string): Held | undefined {
  return heldGames().find((x) => x.id === id);
}

export function addToken(id: string, title: string, mode: string, grant: TokenGrant): void {
  const h = heldFor(id) ?? { id, title, mode, tokens: [], created: Date.now() };
  if (!h.tokens.some((t) => t.token === grant.token)) h.tokens.push(grant);
  remember(h);
}

export function playLink(token: string): string {
  return `${location.origin}${location.pathname}#/play/${token}`;
}
