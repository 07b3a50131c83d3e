// A board renderer per game. Each game's module draws from its own view (its type generated from
// protocol/views/<game>.schema.json) and plays the structured legal moves ({move, from, to, path}) it is given;
// games without a module get the generic one.
import type { GameView, LegalMove, MoveEntry, Player, StrategoConstants } from '../protocol';

export interface BoardContext<V> {
  view: V;
  viewer: number; // the seat whose view this is; -1: the whole board (finished game or replay)
  bottom?: number; // the seat drawn at the bottom (the player's own side, kept when the game ends); default viewer
  variant: string;
  legal: LegalMove[]; // moves the user may play now, with their cells; empty when it is not their turn
  last: MoveEntry | null;
  players: Player[];
  play: (move: string) => void;
}

export interface SetupContext {
  seat: number;
  variant: string;
  constants: StrategoConstants;
  playerName: string;
  placed: string | null; // the setup already sent to the server, if any
  submit: (setup: string) => void;
  randomSetup: () => Promise<string>;
}

export interface BoardModule<V> {
  render(el: HTMLElement, ctx: BoardContext<V>): void;
  colors?: [string, string]; // the two sides' colours, for the player list and the move list
  // Pieces each side has lost, drawn small; null when the game has no such notion.
  captured?(view: V, variant: string): HTMLElement | null;
  // A line describing what a move did (combat results, "captures 3"), or null.
  describe?(m: MoveEntry, players: Player[]): string | null;
  // A few words after the move in the move list ("captures 3"); default: a mark when describe has a line.
  short?(m: MoveEntry): string | null;
  setupEditor?(el: HTMLElement, ctx: SetupContext): void;
  // The score, for games that count points (Strata 7), shown by the status line; null when there is none.
  score?(view: V): HTMLElement | null;
}

// A board as the pages use it: any game's view in, the game's own module drawing it.
export type Board = BoardModule<GameView>;
