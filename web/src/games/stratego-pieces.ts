// Stratego pieces and geometry shared by the board and the setup editor (view schema: docs/games/stratego.md).
import { s } from '../dom';

export const RANK_NAMES: Record<string, string> = {
  S: 'Spy', '2': 'Scout', '3': 'Miner', '4': 'Sergeant', '5': 'Lieutenant', '6': 'Captain', '7': 'Major',
  '8': 'Colonel', '9': 'General', '10': 'Marshal', B: 'Bomb', F: 'Flag', '?': 'unknown',
};
// Strongest first, the order of the tray and of the captured list.
export const RANK_ORDER = ['10', '9', '8', '7', '6', '5', '4', '3', '2', 'S', 'B', 'F'];

export const ARMIES: Record<string, Record<string, number>> = {
  classic: { '10': 1, '9': 1, '8': 2, '7': 3, '6': 4, '5': 4, '4': 4, '3': 5, '2': 8, S: 1, B: 6, F: 1 },
  barrage: { '10': 1, '9': 1, '3': 1, '2': 2, S: 1, B: 1, F: 1 },
};

// Gravon letters (S-03): the setup notation the server takes is 40 of these for the player's own four rows.
const LETTERS: Record<string, [string, string]> = {
  S: ['C', 'O'], '2': ['D', 'P'], '3': ['E', 'Q'], '4': ['F', 'R'], '5': ['G', 'S'], '6': ['H', 'T'],
  '7': ['I', 'U'], '8': ['J', 'V'], '9': ['K', 'W'], '10': ['L', 'X'], B: ['B', 'N'], F: ['M', 'Y'],
};
export function letterOf(rank: string, seat: number): string {
  return LETTERS[rank][seat];
}
export function rankOfLetter(letter: string, seat: number): string | null {
  for (const [rank, pair] of Object.entries(LETTERS)) if (pair[seat] === letter) return rank;
  return null;
}

export const COLS = 'abcdefghij';
export function squareName(col: number, row: number): string {
  return COLS[col] + String(row + 1);
}
export function parseSquare(name: string): [number, number] | null {
  const m = /^([a-j])(10|[1-9])$/.exec(name);
  return m ? [COLS.indexOf(m[1]), Number(m[2]) - 1] : null;
}
export function isLake(col: number, row: number): boolean {
  return (row === 4 || row === 5) && (col === 2 || col === 3 || col === 6 || col === 7);
}
// "e4-e5", "b3xb8 6x4" -> from, to, attack
export function parseMove(move: string): { from: string; to: string; attack: boolean } | null {
  const m = /^([a-j](?:10|[1-9]))([-x])([a-j](?:10|[1-9]))/.exec(move);
  return m ? { from: m[1], to: m[3], attack: m[2] === 'x' } : null;
}

export const SIDE_COLORS = ['#c0392b', '#2e5fa8'];

// One piece as an SVG group centred in a unit square at (x, y).
export function pieceGlyph(x: number, y: number, owner: number, rank: string, opts: { known?: boolean; moved?: boolean } = {}): SVGGElement {
  const g = s('g', { class: `piece side${owner}`, transform: `translate(${x},${y})` });
  g.append(s('rect', { x: 0.08, y: 0.08, width: 0.84, height: 0.84, rx: 0.14, fill: SIDE_COLORS[owner], stroke: '#0008', 'stroke-width': 0.03 }));
  if (rank !== '?') {
    if (rank === 'B') {
      // Drawn, not an emoji: headless and older phones lack emoji fonts.
      g.append(s('circle', { cx: 0.47, cy: 0.56, r: 0.21, fill: '#222' }));
      g.append(s('path', { d: 'M0.6 0.38 Q0.68 0.22 0.78 0.24', stroke: '#222', 'stroke-width': 0.05, fill: 'none' }));
      g.append(s('circle', { cx: 0.79, cy: 0.23, r: 0.05, fill: '#ffb300' }));
    } else {
      const label = rank === 'F' ? '⚑' : rank;
      g.append(s('text', { x: 0.5, y: 0.62, 'text-anchor': 'middle', 'font-size': rank === '10' ? 0.36 : 0.42, fill: '#fff', 'font-weight': 700 }, label));
    }
    g.append(s('title', {}, RANK_NAMES[rank] ?? rank));
  } else {
    g.append(s('circle', { cx: 0.5, cy: 0.5, r: 0.12, fill: '#fff3' }));
    g.append(s('title', {}, 'unknown piece'));
  }
  if (opts.known) g.append(s('circle', { cx: 0.8, cy: 0.2, r: 0.07, fill: '#ffd54a', class: 'known-mark' }));
  // An unknown piece that has moved (so it is no Bomb or Flag): a dot large enough to see on a phone.
  if (opts.moved && rank === '?') g.append(s('circle', { cx: 0.24, cy: 0.76, r: 0.1, fill: '#fffd', stroke: '#0007', 'stroke-width': 0.025, class: 'moved-mark' }));
  return g;
}

// Where a square is drawn: seat 1 looks from the other side of the table.
export function place(col: number, row: number, flipped: boolean): [number, number] {
  return flipped ? [9 - col, row] : [col, 9 - row];
}
