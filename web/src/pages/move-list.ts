// The move list as players write it: numbered per move pair ("1. d4-e5 f6xd4"), the first side's move on the
// left and the second side's on the right. A turn of several moves by one side (the card duel's placements after
// an attack) stays in its own cell, so neither column has holes; a move's few words ("captures 3") are kept
// with the end of the move, never on a line of their own. Each move is a list item carrying the ply it leads to.
import { h } from '../dom';
import type { Board } from '../games/types';
import type { MoveEntry, Player } from '../protocol';
import { sideName } from '../words';

export interface MoveListOptions {
  current?: number | null; // the ply shown (the move leading to it is marked)
  mistakes?: Map<number, string>; // ply -> its mark's title ("fell by 0.42")
}

// Runs of consecutive moves by one side.
function turns(moves: MoveEntry[]): MoveEntry[][] {
  const out: MoveEntry[][] = [];
  for (const m of moves) {
    const last = out[out.length - 1];
    if (last && last[0].seat === m.seat) last.push(m);
    else out.push([m]);
  }
  return out;
}

function moveItem(m: MoveEntry, players: Player[], board: Board, o: MoveListOptions): HTMLElement {
  const line = board.describe ? board.describe(m, players) : null;
  const note = board.short?.(m) ?? (line ? '⚔' : null);
  const text = m.move ?? '(hidden)';
  const mistake = o.mistakes?.get(m.ply + 1);
  const title = `${sideName(players[m.seat]?.name ?? '')}: ${line ?? (m.events.join(', ') || m.move || 'a hidden move')}`;
  // The last characters of the move and its words go together, unbroken.
  const tail = note || mistake ? h('span', { class: 'keep' }, text.slice(-2), note ? h('span', { class: 'fight note' }, ` ${note}`) : '', mistake ? h('span', { class: 'mistake-mark', title: mistake }, '?') : '') : '';
  return h(
    'li',
    { class: `mv side${m.seat}${mistake ? ' mistake' : ''}${o.current === m.ply + 1 ? ' current' : ''}`, 'data-ply': m.ply + 1, title },
    h('span', { class: 'san' }, note || mistake ? text.slice(0, -2) : text),
    tail,
  );
}

export function moveList(moves: MoveEntry[], players: Player[], board: Board, o: MoveListOptions = {}): HTMLElement {
  const list = h('div', { class: 'moves', id: 'moves', role: 'list', 'aria-label': 'Moves' });
  const all = turns(moves);
  // A game whose second side moved first (never in these games, but a resumed record could) starts a row empty.
  let row: { num: number; cells: (HTMLElement | null)[] } | null = null;
  const flush = () => {
    if (!row) return;
    const [a, b] = row.cells;
    list.append(
      h('div', { class: 'move-row', role: 'listitem', 'data-row': row.num }, h('span', { class: 'num' }, `${row.num}.`), a ?? h('ul', { class: 'turn side0 empty' }), b ?? h('ul', { class: 'turn side1 empty' })),
    );
    row = null;
  };
  let num = 0;
  for (const t of all) {
    const seat = t[0].seat;
    if (!row || seat === 0 || row.cells[1]) {
      flush();
      row = { num: ++num, cells: [null, null] };
    }
    const color = board.colors ? `background:${board.colors[seat]}` : undefined;
    row.cells[seat] = h('ul', { class: `turn side${seat}` }, ...t.map((m, i) => {
      const li = moveItem(m, players, board, o);
      if (i === 0) li.prepend(h('span', { class: 'who', style: color }));
      return li;
    }));
  }
  flush();
  return list;
}
