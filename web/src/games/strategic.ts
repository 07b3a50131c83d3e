// Strategic (docs/games/strategic.md): orange and yellow Guards and Officers (two stacked Guards, "O") on a
// 7x7 board; each side's Officer and Guard counts, and the first turn's duty to form an Officer (T-11).
import { h } from '../dom';
import { sideName } from '../strength';
import { gridBoard } from './grid';

const COLORS: [string, string] = ['#e67e22', '#f1c40f'];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function score(v: any): HTMLElement | null {
  if (!v?.officers) return null;
  const side = (name: string, k: number) =>
    h('span', { class: 'score-side', 'data-side': name }, h('span', { class: 'dot', style: `background:${COLORS[k]}` }), `${sideName(name)}: `, h('span', { class: 'officers' }, plural(v.officers[name] ?? 0, 'Officer')), ', ', h('span', { class: 'guards' }, plural(v.guards?.[name] ?? 0, 'Guard')));
  const duty = v.must_form && v.status === 'ongoing' ? h('div', { class: 'must-form', id: 'must-form' }, `${sideName(v.to_move)} must form an Officer this turn (first turn: stack a Guard on an adjacent own Guard)`) : '';
  return h('span', { class: 'score strategic-counts', id: 'counts' }, side('orange', 0), ' · ', side('yellow', 1), duty);
}

export const strategic = gridBoard({
  size: (v) => ({ cols: v.cols ?? 7, rows: v.rows ?? 7 }),
  colors: COLORS,
  textColors: ['#fff', '#333'],
  sideNames: ['orange', 'yellow'],
  score,
  cells: (v) => [
    ...(v.holes ?? []).map((c: string) => ({ col: c.charCodeAt(0) - 97, row: Number(c.slice(1)) - 1, fill: '#555', terrain: 'no cell' })),
    ...(v.pieces ?? []).map((p: any) => ({
      col: p.cell.charCodeAt(0) - 97,
      row: Number(p.cell.slice(1)) - 1,
      piece: { owner: p.player === 'orange' ? 0 : 1, text: p.kind === 'officer' ? 'O' : '', double: p.kind === 'officer', title: p.kind === 'officer' ? 'Officer' : 'Guard' },
    })),
  ],
});
