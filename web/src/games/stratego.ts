// The Stratego board: SVG, scales to any width; click a piece then a highlighted square, or drag it there.
// Targets and moves come from the structured legal moves; an attack is a move onto an enemy piece.
import { h, s } from '../dom';
import { attachKeyboard } from '../keyboard';
import type { LegalMove, MoveEntry, Player, StrategoPiece, StrategoView } from '../protocol';
import { cellAt, cellName, cellsNamed } from './cells';
import { RANK_NAMES, RANK_ORDER, SIDE_COLORS, pieceGlyph, place } from './stratego-pieces';
import { strategoSetup } from './stratego-setup';
import type { BoardContext, BoardModule } from './types';

const selection = new WeakMap<HTMLElement, string | null>();
const SIDE = ['red', 'blue'] as const;
const seatOf = (owner: string): number => (owner === 'blue' ? 1 : 0);
type Cell = StrategoView['cells'][number];
const isPiece = (c: Cell): c is StrategoPiece => typeof c === 'object' && c !== null;

// The attack of a move, from its events: "reveal e5 6x4" names both ranks, "capture SQ" who fell.
function combat(m: MoveEntry | null): { at: string; attacker: string; defender: string; text: string } | null {
  if (!m) return null;
  const reveal = m.events.find((e) => e.startsWith('reveal '));
  if (!reveal) return null;
  const [, at, ranks = ''] = reveal.split(' ');
  const [attacker = '?', defender = '?'] = ranks.split('x');
  const from = cellsNamed(m.move)[0];
  const captured = m.events.filter((e) => e.startsWith('capture ')).map((e) => e.split(' ')[1]);
  const attackerFell = from !== undefined && captured.includes(from);
  const defenderFell = captured.includes(at);
  const verdict = attackerFell && defenderFell ? 'both fall' : defenderFell ? 'the attacker wins' : attackerFell ? 'the defender wins' : '';
  const text = `${RANK_NAMES[attacker] ?? attacker} (${attacker}) attacks ${RANK_NAMES[defender] ?? defender} (${defender}) on ${at}: ${verdict}`;
  return { at, attacker, defender, text };
}

// What a screen reader says for a square: only what the view holds, so never a rank this player does not know.
function squareLabel(name: string, c: Cell): string {
  if (c === 'lake') return `${name}, lake`;
  if (!isPiece(c)) return `${name}, empty`;
  const side = SIDE[seatOf(c.owner)];
  const parts = [name, c.rank === '?' ? `unknown ${side} piece` : `${side} ${RANK_NAMES[c.rank] ?? c.rank}`];
  if (c.moved) parts.push('moved');
  if (c.known && c.rank !== '?') parts.push('known to the opponent');
  return parts.join(', ');
}

function render(el: HTMLElement, ctx: BoardContext<StrategoView>): void {
  const view = ctx.view;
  const flipped = (ctx.bottom ?? ctx.viewer) === 1;
  const cells = view.cells;
  const cellOf = (name: string): Cell => {
    const c = cellAt(name);
    return c ? cells[c[1] * 10 + c[0]] : null;
  };
  const legalFrom = new Map<string, LegalMove[]>();
  for (const m of ctx.legal) if (m.from && m.to) legalFrom.set(m.from, [...(legalFrom.get(m.from) ?? []), m]);
  let selected = selection.get(el) ?? null;
  if (selected && !legalFrom.has(selected)) selected = null;

  const svg = s('svg', { viewBox: '-0.45 -0.05 10.5 10.5', class: 'board stratego-board', role: 'img', 'aria-label': 'Stratego board' });
  const squares = s('g');
  const marks = s('g');
  const pieces = s('g');
  svg.append(squares, marks, pieces);

  const last = cellsNamed(ctx.last?.move ?? null);
  for (let row = 0; row < 10; ++row)
    for (let col = 0; col < 10; ++col) {
      const [x, y] = place(col, row, flipped);
      const name = cellName(col, row);
      const c = cells[row * 10 + col];
      const cls = ['sq', c === 'lake' ? 'lake' : (col + row) % 2 ? 'light' : 'dark'];
      if (last.includes(name)) cls.push('last');
      squares.append(s('rect', { x, y, width: 1, height: 1, class: cls.join(' '), 'data-square': name, 'aria-label': squareLabel(name, c) }));
    }
  // Coordinates along the edges.
  for (let i = 0; i < 10; ++i) {
    const [cx] = place(i, 0, flipped);
    svg.append(s('text', { x: cx + 0.5, y: 10.38, class: 'coord', 'text-anchor': 'middle' }, String.fromCharCode(97 + i)));
    const [, ry] = place(0, i, flipped);
    svg.append(s('text', { x: -0.22, y: ry + 0.6, class: 'coord', 'text-anchor': 'middle' }, String(i + 1)));
  }

  cells.forEach((c, idx) => {
    if (!isPiece(c)) return;
    const col = idx % 10, row = Math.floor(idx / 10);
    const [x, y] = place(col, row, flipped);
    const g = pieceGlyph(x, y, seatOf(c.owner), c.rank, { known: c.known, moved: c.moved });
    const name = cellName(col, row);
    g.setAttribute('data-square', name);
    g.setAttribute('aria-label', squareLabel(name, c));
    if (legalFrom.has(name)) g.classList.add('movable');
    if (name === selected) g.classList.add('selected');
    pieces.append(g);
  });

  // A move onto a piece is an attack (the only pieces a move may reach are the other side's).
  const attacks = (m: LegalMove) => m.to !== null && isPiece(cellOf(m.to));
  const setSelected = (sq: string | null) => {
    selected = sq;
    selection.set(el, sq);
    marks.replaceChildren();
    pieces.querySelectorAll('.selected').forEach((g) => g.classList.remove('selected'));
    if (!sq) return;
    pieces.querySelector(`[data-square="${sq}"]`)?.classList.add('selected');
    for (const m of legalFrom.get(sq) ?? []) {
      const c = m.to ? cellAt(m.to) : null;
      if (!c || !m.to) continue;
      const [x, y] = place(c[0], c[1], flipped);
      marks.append(
        attacks(m)
          ? s('rect', { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.16, class: 'target attack', 'data-target': m.to })
          : s('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.16, class: 'target', 'data-target': m.to }),
      );
    }
  };
  setSelected(selected);

  const fight = combat(ctx.last);
  const at = fight ? cellAt(fight.at) : null;
  if (fight && at) {
    const [x, y] = place(at[0], at[1], flipped);
    // Inside the square of the fight, under the piece's rank: it never covers the piece above.
    const badge = s('g', { class: 'combat-badge', transform: `translate(${x + 0.5},${y + 1})` });
    badge.append(s('rect', { x: -0.47, y: -0.33, width: 0.94, height: 0.3, rx: 0.08 }));
    badge.append(s('text', { x: 0, y: -0.1, 'text-anchor': 'middle' }, `${fight.attacker}×${fight.defender}`));
    svg.append(badge);
  }

  const squareAt = (ev: PointerEvent): string | null => {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    const x = Math.floor(p.x), y = Math.floor(p.y);
    if (x < 0 || x > 9 || y < 0 || y > 9) return null;
    return cellName(flipped ? 9 - x : x, flipped ? y : 9 - y);
  };
  const tryMove = (from: string, to: string): boolean => {
    const m = (legalFrom.get(from) ?? []).find((x) => x.to === to);
    if (!m) return false;
    selection.set(el, null);
    ctx.play(m.move);
    return true;
  };

  // Click: select a movable piece, then a target. Drag: press on a movable piece, release on a target.
  let drag: { from: string; g: SVGGElement; x0: number; y0: number; moved: boolean } | null = null;
  // A press on a square, by pointer or by Enter under the keyboard cursor: play to it, or pick what is on it.
  const press = (sq: string): 'played' | 'picked' | 'none' => {
    if (selected && sq !== selected && tryMove(selected, sq)) return 'played';
    if (legalFrom.has(sq)) {
      setSelected(sq);
      return 'picked';
    }
    setSelected(null);
    return 'none';
  };
  const home = (sq: string): [number, number] => {
    const c = cellAt(sq) ?? [0, 0];
    return place(c[0], c[1], flipped);
  };
  svg.addEventListener('pointerdown', (ev) => {
    const sq = squareAt(ev);
    if (!sq) return;
    if (press(sq) !== 'picked') return;
    const g = pieces.querySelector<SVGGElement>(`[data-square="${sq}"]`);
    if (g) {
      drag = { from: sq, g, x0: ev.clientX, y0: ev.clientY, moved: false };
      svg.setPointerCapture(ev.pointerId);
    }
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const m = svg.getScreenCTM();
    if (!m) return;
    const dx = (ev.clientX - drag.x0) / m.a, dy = (ev.clientY - drag.y0) / m.d;
    if (Math.abs(dx) + Math.abs(dy) > 0.15) drag.moved = true;
    if (drag.moved) {
      const [x, y] = home(drag.from);
      drag.g.setAttribute('transform', `translate(${x + dx},${y + dy})`);
      drag.g.classList.add('dragging');
    }
  });
  svg.addEventListener('pointerup', (ev) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    const sq = squareAt(ev);
    if (d.moved && !(sq && tryMove(d.from, sq))) {
      const [x, y] = home(d.from);
      d.g.setAttribute('transform', `translate(${x},${y})`);
      d.g.classList.remove('dragging');
    }
  });

  el.replaceChildren(svg);
  attachKeyboard(el, {
    svg, cols: 10, rows: 10, flipped,
    at: (col, row) => place(col, row, flipped),
    name: cellName,
    label: (col, row) => {
      const name = cellName(col, row);
      const base = squareLabel(name, cells[row * 10 + col]);
      if (name === selected) return `${base}, picked`;
      return selected && (legalFrom.get(selected) ?? []).some((m) => m.to === name) ? `${base}, you can move here` : base;
    },
    activate: (col, row) => void press(cellName(col, row)),
    cancel: () => setSelected(null),
  });
}

function captured(view: StrategoView): HTMLElement {
  const box = h('div', { class: 'captured', id: 'captured' });
  for (const [seat, name] of [[0, 'red'], [1, 'blue']] as const) {
    const lost = view.lost[name];
    const row = h('div', { class: 'captured-row', 'data-side': name }, h('span', { class: 'captured-label' }, `${name} lost`));
    let some = false;
    for (const rank of RANK_ORDER) {
      const n = lost[rank] ?? 0;
      if (!n) continue;
      some = true;
      const svg = s('svg', { viewBox: '0 0 1 1', class: 'mini' });
      svg.append(pieceGlyph(0, 0, seat, rank));
      row.append(h('span', { class: 'captured-piece', 'data-rank': rank, title: `${RANK_NAMES[rank]} ×${n}` }, svg, n > 1 ? `×${n}` : ''));
    }
    if (!some) row.append(h('span', { class: 'muted' }, 'nothing yet'));
    box.append(row);
  }
  return box;
}

function describe(m: MoveEntry, players: Player[]): string | null {
  const c = combat(m);
  if (!c) return null;
  return `${players[m.seat]?.name ?? ''} ${c.text}`.trim();
}

export const stratego: BoardModule<StrategoView> = { render, captured, describe, setupEditor: strategoSetup, colors: [SIDE_COLORS[0], SIDE_COLORS[1]] };
