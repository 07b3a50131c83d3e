// Results, games and states in the words a player would write: "Blue won by resignation", "Dhamet (Strand),
// huffing", "in play, no move yet". The server's codes (reasons, variants, modes) are turned into words here only.
import { entry } from './catalog';
import type { GameSummary, Result } from './protocol';

// A side's name as shown: "red" -> "Red".
export function sideName(name: string): string {
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

// How a game was won, after "won" ("Red won by resignation"); for a draw after "Draw" ("Draw by repetition").
const WIN: Record<string, string> = {
  resign: 'by resignation',
  time: 'on time',
  'computer error': 'because the computer failed',
  flag: 'by capturing the flag',
  'no-moves': 'as the other side could not move',
  'no-pieces': 'by taking every piece',
  blocked: 'as the other side was blocked',
  officers: 'by taking the Officers',
  'no-attacker': 'as the other side had no attacker left',
  'empty-line': 'by emptying the other line',
  'seven-points': 'with seven points',
  'ply-limit': 'on points at the move limit',
  'no-points-scored': 'on points, no point scored for too long',
};
const DRAW: Record<string, string> = {
  agreement: 'by agreement',
  repetition: 'by repetition',
  'no-progress': 'as no progress was made',
  'no-moves': 'as neither side could move',
  'ply-limit': 'at the move limit',
  'turn-limit': 'at the turn limit',
  'no-points-scored': 'as no point was scored for too long',
};

// Any other reason: its words without the hyphens.
const plain = (reason: string) => reason.split('-').join(' ');

export function howWon(reason: string): string {
  return WIN[reason] ?? (reason ? `(${plain(reason)})` : '');
}

export function howDrawn(reason: string): string {
  return DRAW[reason] ?? (reason ? `(${plain(reason)})` : '');
}

// "Blue won by resignation", "Draw by agreement".
export function resultSentence(r: Result, players: readonly { name: string }[]): string {
  if (r.status === 'draw') return `Draw ${howDrawn(r.reason)}`.trim();
  return `${sideName(players[r.winner]?.name ?? '')} won ${howWon(r.reason)}`.trim();
}

// The same from one seat's side: "You won on time", "You lost by resignation", "Draw by repetition".
export function resultForSeat(r: Result, seat: number): string {
  if (r.status === 'draw') return `Draw ${howDrawn(r.reason)}`.trim();
  return r.winner === seat ? `You won ${howWon(r.reason)}`.trim() : `You lost ${howWon(r.reason)}`.trim();
}

const VARIANTS: Record<string, string> = { barrage: 'Barrage', huffing: 'huffing', jump_own: 'Officers jump their own' };

// A variant in words, for the lobby's choice: the default one is "Standard".
export function variantName(game: string, variant: string): string {
  const e = entry(game);
  if (!e || variant === e.variants[0]) return 'Standard';
  const w = VARIANTS[variant] ?? plain(variant);
  return w[0].toUpperCase() + w.slice(1);
}

// A game's name with its variant, when it is not the default one: "Stratego", "Stratego, Barrage",
// "Dhamet (Strand), huffing". From the catalogue (the server's title otherwise).
export function gameName(game: string, variant: string, fallback = ''): string {
  const e = entry(game);
  if (!e) return fallback || game;
  if (!variant || e.variants.length < 2 || variant === e.variants[0]) return e.title;
  return `${e.title}, ${VARIANTS[variant] ?? plain(variant)}`;
}

const MODES: Record<string, string> = { computer: 'vs the computer', friend: 'between friends', hotseat: 'on one screen', selfplay: 'computer vs computer' };
export function modeWords(mode: string): string {
  return MODES[mode] ?? mode;
}

// Moves so far, counted as players count them: a move of each side is one move ("move 12").
export function progress(g: Pick<GameSummary, 'phase' | 'plies'>): string {
  if (g.phase === 'setup') return 'placing the pieces';
  if (g.plies === 0) return 'in play, no move yet';
  return `in play, move ${Math.floor((g.plies + 1) / 2)}`;
}
