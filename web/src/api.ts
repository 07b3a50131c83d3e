// The server's HTTP API (docs/server.md; every answer's shape: protocol/*.schema.json).
import type { Analysis, Catalog, Created, Joined, Leaderboard, Lobby, Profile, ReplayFrame, StrengthRatings, Tournament, TournamentCreated, TournamentJoined, TournamentList, TournamentWithdrawn, ViewFrame } from './protocol';

// `node=NAME` in a path's query: the balancer sends the request to that server (docs/server.md, "Running several
// servers").
export function toNode(path: string, node: string): string {
  const [base, query = ''] = path.split('?', 2);
  const kept = query.split('&').filter((p) => p !== '' && !p.startsWith('node='));
  return `${base}?${[...kept, `node=${encodeURIComponent(node)}`].join('&')}`;
}

export async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, retried = false): Promise<T> {
  const res = await fetch(path, {
    method,
    // The account's session cookie (HttpOnly) goes with every call to this server and to no other.
    credentials: 'same-origin',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON: the status says what went wrong
  }
  // 421: this server does not hold the game and names the one that does; the request was not acted on, so it is
  // sent once more, to that server.
  const node = typeof data === 'object' && data !== null && 'node' in data && typeof data.node === 'string' ? data.node : '';
  if (res.status === 421 && node && !retried) return call<T>(method, toNode(path, node), body, headers, true);
  if (!res.ok) {
    const error = typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string' ? data.error : `HTTP ${res.status}`;
    throw new ApiError(error, res.status);
  }
  return data as T;
}

export class ApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

const id = (s: string) => encodeURIComponent(s);
const board = (game: string, variant: string, timeClass: string) => `game=${id(game)}${variant ? `&variant=${id(variant)}` : ''}${timeClass ? `&class=${id(timeClass)}` : ''}`;

export const api = {
  games: () => call<Catalog>('GET', '/api/games'),
  lobby: () => call<Lobby>('GET', '/api/lobby'),
  create: (req: Record<string, unknown>) => call<Created>('POST', '/api/games', req),
  join: (game: string) => call<Joined>('POST', `/api/games/${id(game)}/join`),
  replay: (game: string, ply: number) => call<ReplayFrame>('GET', `/api/games/${id(game)}/replay?ply=${ply}`),
  views: (game: string, token: string, ply: number) => call<ViewFrame>('GET', `/api/games/${id(game)}/views?token=${id(token)}&ply=${ply}`),
  analysis: (game: string) => call<Analysis>('GET', `/api/games/${id(game)}/analysis`),
  // variant and time class "" ask for every one.
  leaderboard: (game: string, variant: string, timeClass: string) => call<Leaderboard>('GET', `/api/leaderboard?${board(game, variant, timeClass)}`),
  // The computer's strengths' ratings, apart from the players'.
  strengthRatings: (game: string, variant: string, timeClass: string) => call<StrengthRatings>('GET', `/api/strength-ratings?${board(game, variant, timeClass)}`),
  profile: (username: string) => call<Profile>('GET', `/api/users/${id(username)}`),
  recordUrl: (game: string) => `/api/games/${id(game)}/record`,
  tournaments: () => call<TournamentList>('GET', '/api/tournaments'),
  createTournament: (req: Record<string, unknown>) => call<TournamentCreated>('POST', '/api/tournaments', req),
  tournament: (t: string) => call<Tournament>('GET', `/api/tournaments/${id(t)}`),
  joinTournament: (t: string) => call<TournamentJoined>('POST', `/api/tournaments/${id(t)}/join`, {}),
  withdrawTournament: (t: string) => call<TournamentWithdrawn>('POST', `/api/tournaments/${id(t)}/withdraw`, {}),
  addComputer: (t: string, agent: string) => call<TournamentJoined>('POST', `/api/tournaments/${id(t)}/computer`, { agent }),
};
