// Strategic (docs/games/strategic.md): orange and yellow Guards and Officers (two stacked Guards, "O") on a
// 7x7 board; each side's Officer and Guard counts, and the first turn's duty to form an Officer (T-11).
import { h } from '../dom';
import type { StrategicView } from '../protocol';
import { cellAt } from './cells';
import { gridBoard, type GridCell } from './grid';
import { sideName } from '../words';

const COLORS: [string, string] = ['#e67e22', '#f1c40f'];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function score(v: StrategicView): HTMLElement | null {
  const side = (name: 'orange' | 'yellow', k: number) =>
    h('span', { class: 'score-side', 'data-side': name }, h('span', { class: 'dot', style: `background:${COLORS[k]}` }), `${sideName(name)}: `, h('span', { class: 'officers' }, plural(v.officers[name], 'Officer')), ', ', h('span', { class: 'guards' }, plural(v.guards[name], 'Guard')));
  const duty = v.must_form && v.status === 'ongoing' ? h('div', { class: 'must-form', id: 'must-form' }, `${sideName(v.to_move)} must form an Officer this turn (first turn: stack a Guard on an adjacent own Guard)`) : '';
  return h('span', { class: 'score strategic-counts', id: 'counts' }, side('orange', 0), ' · ', side('yellow', 1), duty);
}

function cells(v: StrategicView): GridCell[] {
  const out: GridCell[] = [];
  for (const hole of v.holes) {
    const c = cellAt(hole);
    if (c) out.push({ col: c[0], row: c[1], fill: '#555', terrain: 'no cell' });
  }
  for (const p of v.pieces) {
    const c = cellAt(p.cell);
    const officer = p.kind === 'officer';
    if (c) out.push({ col: c[0], row: c[1], piece: { owner: p.player === 'orange' ? 0 : 1, text: officer ? 'O' : '', double: officer, title: officer ? 'Officer' : 'Guard' } });
  }
  return out;
}

export const strategic = gridBoard<StrategicView>({
  size: (v) => ({ cols: v.cols, rows: v.rows }),
  colors: COLORS,
  textColors: ['#fff', '#333'],
  sideNames: ['orange', 'yellow'],
  boardClass: 'strategic-board',
  score,
  cells,
});
