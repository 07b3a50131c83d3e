// Stratego pieces and geometry shared by the board and the setup editor (view schema: protocol/views/stratego).
import { s } from '../dom';
import { rankSymbol } from './stratego-symbols';

export const RANK_NAMES: Record<string, string> = {
  S: 'Spy', '2': 'Scout', '3': 'Miner', '4': 'Sergeant', '5': 'Lieutenant', '6': 'Captain', '7': 'Major',
  '8': 'Colonel', '9': 'General', '10': 'Marshal', B: 'Bomb', F: 'Flag', '?': 'unknown',
};
// Strongest first, the order of the tray and of the captured list.
export const RANK_ORDER = ['10', '9', '8', '7', '6', '5', '4', '3', '2', 'S', 'B', 'F'];

export const SIDE_COLORS = ['#c0392b', '#2e5fa8'];

// One piece as an SVG group centred in a unit square at (x, y): the rank number in its corner and the rank's
// symbol beside it (Bomb and Flag: the symbol alone), or a blank back for a piece of unknown rank.
export function pieceGlyph(x: number, y: number, owner: number, rank: string, opts: { known?: boolean; moved?: boolean } = {}): SVGGElement {
  const g = s('g', { class: `piece side${owner}`, transform: `translate(${x},${y})` });
  g.append(s('rect', { x: 0.08, y: 0.08, width: 0.84, height: 0.84, rx: 0.14, fill: SIDE_COLORS[owner], stroke: '#0008', 'stroke-width': 0.03 }));
  if (rank !== '?') {
    const numbered = rank !== 'B' && rank !== 'F';
    if (numbered) g.append(s('text', { x: 0.13, y: 0.43, 'font-size': 0.34, fill: '#fff', 'font-weight': 700, class: 'rank-number' }, rank));
    const symbol = numbered ? rankSymbol(rank, 0.4, 0.4, 0.48) : rankSymbol(rank, 0.18, 0.18, 0.64);
    if (symbol) g.append(symbol);
    g.append(s('title', {}, RANK_NAMES[rank] ?? rank));
  } else {
    g.append(s('circle', { cx: 0.5, cy: 0.5, r: 0.12, fill: '#fff3' }));
    g.append(s('title', {}, 'unknown piece'));
  }
  if (opts.known) g.append(s('circle', { cx: 0.84, cy: 0.16, r: 0.07, fill: '#ffd54a', class: 'known-mark' }));
  // An unknown piece that has moved (so it is no Bomb or Flag): a dot large enough to see on a phone.
  if (opts.moved && rank === '?') g.append(s('circle', { cx: 0.24, cy: 0.76, r: 0.1, fill: '#fffd', stroke: '#0007', 'stroke-width': 0.025, class: 'moved-mark' }));
  return g;
}

// Where a square is drawn: seat 1 looks from the other side of the table.
export function place(col: number, row: number, flipped: boolean): [number, number] {
  return flipped ? [9 - col, row] : [col, 9 - row];
}
