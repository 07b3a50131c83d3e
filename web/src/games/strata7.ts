// Strata 7 (docs/games/strata7.md): white and bordeaux pieces and stacks on plains, obstacles and objectives.
import { h } from '../dom';
import type { Strata7View } from '../protocol';
import { gridBoard } from './grid';
import { sideName } from '../words';

const COLORS: [string, string] = ['#f5f1e6', '#7b1e3a'];

// Points towards the seven that win, shown all game long.
function score(v: Strata7View): HTMLElement | null {
  const side = (name: 'white' | 'bordeaux', k: number) =>
    h('span', { class: 'score-side' }, h('span', { class: 'dot', style: `background:${COLORS[k]}` }), `${sideName(name)} ${v.score[name]}`);
  return h('span', { class: 'score', id: 'score', title: 'The first side to 7 points wins' }, side('white', 0), ' · ', side('bordeaux', 1), h('span', { class: 'muted' }, ' (7 wins)'));
}

// The octagon: the 10x10 grid with three cells cut from each corner, framed by its eight sides.
function octagon(cols: number, rows: number): [number, number][] {
  const k = 2; // the cut runs through the corner cells' staircase (a1 b1 a2 are outside)
  return [[k, 0], [cols - k, 0], [cols, k], [cols, rows - k], [cols - k, rows], [k, rows], [0, rows - k], [0, k]];
}

const present = new WeakMap<Strata7View, Set<string>>();
function exists(v: Strata7View, col: number, row: number): boolean {
  let set = present.get(v);
  if (!set) present.set(v, (set = new Set(v.cells.map((c) => `${c.col},${c.row}`))));
  return set.has(`${col},${row}`);
}

export const strata7 = gridBoard<Strata7View>({
  size: (v) => ({ cols: 1 + Math.max(9, ...v.cells.map((c) => c.col)), rows: 1 + Math.max(9, ...v.cells.map((c) => c.row)) }),
  colors: COLORS,
  score,
  textColors: ['#333', '#fff'],
  sideNames: ['white', 'bordeaux'],
  boardClass: 'octagon-board',
  outline: octagon,
  exists,
  cells: (v) =>
    v.cells.map((c) => ({
      col: c.col,
      row: c.row,
      fill: c.terrain === 'obstacle' ? '#6d5d4b' : c.terrain === 'objective' ? (c.camp === 'white' ? '#d9d2b8' : '#c79aa8') : undefined,
      label: c.terrain === 'objective' ? String(c.value) : undefined,
      terrain: c.terrain === 'obstacle' ? 'obstacle' : c.terrain === 'objective' ? `${c.camp} objective worth ${c.value}` : undefined,
      piece: c.piece ? { owner: c.piece === 'white' ? 0 : 1, text: (c.count ?? 1) > 1 ? String(c.count) : '', double: (c.count ?? 1) > 1, title: (c.count ?? 1) > 1 ? 'stack of two' : 'piece' } : undefined,
    })),
});
