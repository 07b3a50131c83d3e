// Strata 7 (docs/games/strata7.md): white and bordeaux pieces and stacks on plains, obstacles and objectives.
import { h } from '../dom';
import { gridBoard } from './grid';

const COLORS: [string, string] = ['#f5f1e6', '#7b1e3a'];

// Points towards the seven that win, shown all game long.
function score(v: any): HTMLElement | null {
  if (!v?.score) return null;
  const side = (name: string, k: number) =>
    h('span', { class: 'score-side' }, h('span', { class: 'dot', style: `background:${COLORS[k]}` }), `${name[0].toUpperCase()}${name.slice(1)} ${v.score[name] ?? 0}`);
  return h('span', { class: 'score', id: 'score', title: 'The first side to 7 points wins' }, side('white', 0), ' · ', side('bordeaux', 1), h('span', { class: 'muted' }, ' (7 wins)'));
}

// The octagon: the 10x10 grid with three cells cut from each corner, framed by its eight sides.
function octagon(cols: number, rows: number): [number, number][] {
  const k = 2; // the cut runs through the corner cells' staircase (a1 b1 a2 are outside)
  return [[k, 0], [cols - k, 0], [cols, k], [cols, rows - k], [cols - k, rows], [k, rows], [0, rows - k], [0, k]];
}

const present = new WeakMap<object, Set<string>>();
function exists(v: any, col: number, row: number): boolean {
  let set = present.get(v);
  if (!set) {
    set = new Set((v.cells ?? []).map((c: any) => `${c.col},${c.row}`));
    present.set(v, set);
  }
  return set.has(`${col},${row}`);
}

export const strata7 = gridBoard({
  size: (v) => ({
    cols: 1 + Math.max(...(v.cells ?? [{ col: 9 }]).map((c: any) => c.col)),
    rows: 1 + Math.max(...(v.cells ?? [{ row: 9 }]).map((c: any) => c.row)),
  }),
  colors: COLORS,
  score,
  textColors: ['#333', '#fff'],
  sideNames: ['white', 'bordeaux'],
  boardClass: 'octagon-board',
  outline: octagon,
  exists,
  cells: (v) =>
    (v.cells ?? []).map((c: any) => ({
      col: c.col,
      row: c.row,
      fill: c.terrain === 'obstacle' ? '#6d5d4b' : c.terrain === 'objective' ? (c.camp === 'white' ? '#d9d2b8' : '#c79aa8') : undefined,
      label: c.terrain === 'objective' ? String(c.value) : undefined,
      terrain: c.terrain === 'obstacle' ? 'obstacle' : c.terrain === 'objective' ? `${c.camp} objective worth ${c.value}` : undefined,
      piece: c.piece ? { owner: c.piece === 'white' ? 0 : 1, text: c.count > 1 ? String(c.count) : '', double: c.count > 1, title: c.count > 1 ? 'stack of two' : 'piece' } : undefined,
    })),
});
