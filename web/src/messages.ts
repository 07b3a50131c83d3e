// Every message the server sends on a game's WebSocket (docs/server.md, "WebSocket protocol"), as one
// discriminated union, and the one place where raw JSON becomes a typed message: the page switches on `type`
// and TypeScript narrows the rest.
import type { Clocks, MoveEntry, Result, Snapshot, TokenGrant } from './api';

// A legal move in a structured form: the cells it goes through, first to last (null/empty for a move that is not
// between cells, like a card placement or a pass). Only the player's own legal moves are ever sent.
export interface LegalMove {
  move: string;
  from: string | null;
  to: string | null;
  path: string[];
}

// A rematch: `offer` is the seat that asked (-1: none); once made, `game` is its id and `token`/`tokens` this
// client's own links there (none for a spectator).
export interface RematchInfo {
  offer: number;
  game: string | null;
  token: string | null;
  tokens: TokenGrant[];
}

export interface ClaimedMsg {
  type: 'claimed';
  token: string;
  tokens: TokenGrant[];
}

export type StateMsg = Snapshot;

export interface MoveMsg extends MoveEntry {
  type: 'move';
  to_move: number;
  viewer: number;
  view: any;
  legal: string[];
  legal_moves?: LegalMove[];
  clocks: Clocks | null;
  draw_offer: number;
  result: Result | null;
  takeback_blocked?: string; // as in the snapshot, after this move
}

export interface DrawMsg {
  type: 'draw';
  draw_offer: number;
}

export interface SetupSuggestionMsg {
  type: 'setup_suggestion';
  seat: number;
  setup: string;
}

export interface RematchMsg extends RematchInfo {
  type: 'rematch';
}

export interface ErrorMsg {
  type: 'error';
  request: string;
  message: string;
}

export interface PongMsg {
  type: 'pong';
}

export type ServerMessage = ClaimedMsg | StateMsg | MoveMsg | DrawMsg | SetupSuggestionMsg | RematchMsg | ErrorMsg | PongMsg;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number';
const isStr = (v: unknown): v is string => typeof v === 'string';
const isArr = Array.isArray;

// The fields each type must have (with the right kinds) for the page to use it; anything else is dropped with
// a console message instead of failing somewhere later.
const checks: Record<ServerMessage['type'], (m: Record<string, unknown>) => boolean> = {
  claimed: (m) => isStr(m.token) && isArr(m.tokens),
  state: (m) => isStr(m.id) && isStr(m.game) && isArr(m.acts) && isArr(m.players) && isArr(m.moves) && isArr(m.legal) && isNum(m.ply) && isStr(m.phase),
  move: (m) => isNum(m.ply) && isNum(m.seat) && (isStr(m.move) || m.move === null) && isArr(m.events) && isArr(m.legal) && isNum(m.to_move),
  draw: (m) => isNum(m.draw_offer),
  setup_suggestion: (m) => isNum(m.seat) && isStr(m.setup),
  rematch: (m) => isNum(m.offer) && (isStr(m.game) || m.game === null) && isArr(m.tokens),
  error: (m) => isStr(m.message),
  pong: () => true,
};

export function parseServerMessage(raw: unknown): ServerMessage | null {
  if (!isObj(raw) || !isStr(raw.type) || !(raw.type in checks)) {
    console.error('unknown server message', raw);
    return null;
  }
  if (!checks[raw.type as ServerMessage['type']](raw)) {
    console.error(`malformed ${raw.type} message`, raw);
    return null;
  }
  return raw as unknown as ServerMessage;
}
