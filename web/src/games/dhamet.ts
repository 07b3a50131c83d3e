// Dhamet (docs/games/dhamet.md): the alquerque board of 9x9 points, white men w / Sultans W against black
// b / B, the pieces each side has lost, and captures told in words ("captures 3" for a long rafle).
import { h } from '../dom';
import { dhametConstants } from '../catalog';
import type { DhametView, MoveEntry, Player } from '../protocol';
import { sideName } from '../words';
import { alquerqueLines } from './alquerque';
import { gridBoard, type GridCell } from './grid';

const COLORS: [string, string] = ['#f5f1e6', '#2b2b2b'];

// Pieces on the board per side (a Sultan is one piece: D-09 counts men and Sultans the same).
function onBoard(v: DhametView): [number, number] {
  const n: [number, number] = [0, 0];
  for (const row of v.rows)
    for (const ch of row) {
      if (ch === 'w' || ch === 'W') n[0]++;
      if (ch === 'b' || ch === 'B') n[1]++;
    }
  return n;
}

function captured(v: DhametView, variant: string): HTMLElement | null {
  const men = dhametConstants(variant)?.men;
  if (men === undefined) return null;
  const n = onBoard(v);
  const side = (k: number, name: string) =>
    h('div', { class: 'captured-row', 'data-side': name }, h('span', { class: 'dot', style: `background:${COLORS[k]}` }), ` ${sideName(name)} `, h('span', { class: 'captured-count' }, `captured ${men - n[1 - k]}`), h('span', { class: 'muted' }, ` · ${n[k]} left`));
  return h('div', { class: 'captured dhamet-captured', id: 'captured' }, side(0, 'white'), side(1, 'black'));
}

// The pieces a move took: one "capture POINT" event each (the move's text may give only its start and end,
// "e5xa5", as D-notation allows).
function takenAt(m: MoveEntry): string[] {
  return m.events.filter((e) => e.startsWith('capture ')).map((e) => e.slice(8));
}

function short(m: MoveEntry): string | null {
  const n = takenAt(m).length;
  return n ? `captures ${n}` : null;
}

function describe(m: MoveEntry, players: Player[]): string | null {
  const at = takenAt(m);
  if (!at.length) return null;
  const who = sideName(players[m.seat]?.name || (m.seat === 0 ? 'white' : 'black'));
  return at.length === 1 ? `${who} captures 1 on ${at[0]} (${m.move})` : `${who} captures ${at.length} in one move (${m.move}): ${at.join(', ')}`;
}

export const dhamet = gridBoard<DhametView>({
  size: () => ({ cols: 9, rows: 9 }),
  style: 'points',
  boardClass: 'alquerque-board',
  lines: alquerqueLines,
  colors: COLORS,
  textColors: ['#333', '#fff'],
  sideNames: ['white', 'black'],
  captured,
  describe,
  short,
  cells: (v) => {
    const out: GridCell[] = [];
    const rows = v.rows;
    for (let r = 0; r < rows.length; ++r)
      for (let c = 0; c < rows[r].length; ++c) {
        const ch = rows[r][c];
        const row = rows.length - 1 - r; // row 9 first
        if (ch === '.') continue;
        const sultan = ch === 'W' || ch === 'B';
        out.push({ col: c, row, piece: { owner: ch.toLowerCase() === 'w' ? 0 : 1, text: sultan ? '♛' : '', double: sultan, title: sultan ? 'Sultan' : 'man' } });
      }
    return out;
  },
});
