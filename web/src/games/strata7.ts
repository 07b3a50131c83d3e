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

export const strata7 = gridBoard({
  size: (v) => ({
    cols: 1 + Math.max(...(v.cells ?? [{ col: 9 }]).map((c: any) => c.col)),
    rows: 1 + Math.max(...(v.cells ?? [{ row: 9 }]).map((c: any) => c.row)),
  }),
  colors: COLORS,
  score,
  textColors: ['#333', '#fff'],
  cells: (v) => {
    const cells: any[] = v.cells ?? [];
    const cols = 1 + Math.max(...cells.map((c) => c.col)), rows = 1 + Math.max(...cells.map((c) => c.row));
    const present = new Set(cells.map((c) => `${c.col},${c.row}`));
    const holes = [];
    for (let row = 0; row < rows; ++row)
      for (let col = 0; col < cols; ++col) if (!present.has(`${col},${row}`)) holes.push({ col, row, fill: '#8d8d8d' });
    return [...holes, ...cells.map((c: any) => ({
      col: c.col,
      row: c.row,
      fill: c.terrain === 'obstacle' ? '#6d5d4b' : c.terrain === 'objective' ? (c.camp === 'white' ? '#d9d2b8' : '#c79aa8') : undefined,
      label: c.terrain === 'objective' ? String(c.value) : undefined,
      piece: c.piece ? { owner: c.piece === 'white' ? 0 : 1, text: c.count > 1 ? String(c.count) : '', double: c.count > 1, title: `${c.piece}${c.count > 1 ? ' stack' : ''}` } : undefined,
    }))];
  },
});
