// A board renderer per game. Each game's module draws from that game's view_json (docs/games/<game>.md) and
// turns clicks and drags into moves in the game's notation; games without a module get the generic one.
import type { MoveEntry, Player } from '../api';

export interface BoardContext {
  view: any;
  viewer: number; // the seat whose view this is; -1: the whole board (finished game or replay)
  bottom?: number; // the seat drawn at the bottom (the player's own side, kept when the game ends); default viewer
  legal: string[]; // moves the user may play now; empty when it is not their turn
  last: MoveEntry | null;
  players: Player[];
  play: (move: string) => void;
}

export interface SetupContext {
  seat: number;
  variant: string;
  playerName: string;
  placed: string | null; // the setup already sent to the server, if any
  submit: (setup: string) => void;
  randomSetup: () => Promise<string>;
}

export interface BoardModule {
  render(el: HTMLElement, ctx: BoardContext): void;
  colors?: [string, string]; // the two sides' colours, for the player list
  // Pieces each side has lost, drawn small; null when the game has no such notion.
  captured?(view: any): HTMLElement | null;
  // A line describing what the last move did (combat results, "captures 3"), or null.
  describe?(m: MoveEntry, players: Player[]): string | null;
  // A few words after the move in the move list ("captures 3"); default: a mark when describe has a line.
  short?(m: MoveEntry): string | null;
  setupEditor?(el: HTMLElement, ctx: SetupContext): void;
  // The score, for games that count points (Strata 7), shown by the status line; null when there is none.
  score?(view: any): HTMLElement | null;
}
