// A board for games played on a grid of named cells ("a1".."i9"): draws cells and pieces from an adapter and
// turns a click (or Enter under the keyboard cursor) on a piece, then on a highlighted cell, into the structured
// legal move between them ({from, to}). Moves that do not start at a cell (Dhamet's huffs, Strata 7's
// placements), and several moves between the same two cells, are offered as buttons under the board.
//
// Two looks: squares (Strategic, Strata 7) and points on lines (Dhamet's alquerque board, `style: 'points'`),
// where the pieces stand on the intersections; both share the same unit cell per point, so picking works alike.
import { h, s } from '../dom';
import { attachKeyboard } from '../keyboard';
import type { LegalMove } from '../protocol';
import { cellAt, cellName, cellsNamed } from './cells';
import type { BoardContext, BoardModule } from './types';

export interface GridCell {
  col: number;
  row: number;
  fill?: string; // terrain colour
  label?: string; // small text in the corner (objective values)
  terrain?: string; // said to screen readers ("obstacle", "objective worth 3")
  piece?: { owner: number; text?: string; double?: boolean; title?: string };
}

export interface GridAdapter<V> {
  score?(view: V): HTMLElement | null;
  captured?(view: V, variant: string): HTMLElement | null;
  describe?: BoardModule<V>['describe'];
  short?: BoardModule<V>['short'];
  size(view: V): { cols: number; rows: number };
  cells(view: V): GridCell[];
  colors: [string, string];
  textColors?: [string, string];
  sideNames: [string, string]; // "white", "black": for the screen-reader labels
  style?: 'squares' | 'points';
  // Points style: the lines joining adjacent points, as pairs of [col, row] (every line drawn whole).
  lines?(cols: number, rows: number): [[number, number], [number, number]][];
  // Cells that exist (default: all); others are not drawn and the cursor skips them.
  exists?(view: V, col: number, row: number): boolean;
  // The board's outline, in cell units ([col, row] corners, row 0 at the bottom): drawn under the cells.
  outline?(cols: number, rows: number): [number, number][];
  boardClass?: string;
}

const selection = new WeakMap<HTMLElement, string | null>();

// The legal moves by their first and last cell; the others (no starting cell) apart.
function byCells(legal: LegalMove[]): { byFrom: Map<string, Map<string, string[]>>; others: string[] } {
  const byFrom = new Map<string, Map<string, string[]>>();
  const others: string[] = [];
  for (const m of legal) {
    if (!m.from || !m.to) {
      others.push(m.move);
      continue;
    }
    let to = byFrom.get(m.from);
    if (!to) byFrom.set(m.from, (to = new Map()));
    to.set(m.to, [...(to.get(m.to) ?? []), m.move]);
  }
  return { byFrom, others };
}

export function gridBoard<V>(adapter: GridAdapter<V>): BoardModule<V> {
  function render(el: HTMLElement, ctx: BoardContext<V>): void {
    const { cols, rows } = adapter.size(ctx.view);
    const points = adapter.style === 'points';
    const flipped = (ctx.bottom ?? ctx.viewer) === 1;
    const at = (col: number, row: number): [number, number] => (flipped ? [cols - 1 - col, row] : [col, rows - 1 - row]);
    const exists = (col: number, row: number) => !adapter.exists || adapter.exists(ctx.view, col, row);
    const { byFrom, others } = byCells(ctx.legal);
    let selected = selection.get(el) ?? null;
    if (selected && !byFrom.has(selected)) selected = null;
    const last = new Set(cellsNamed(ctx.last?.move ?? null));
    const cellsByName = new Map<string, GridCell>();
    const cells = adapter.cells(ctx.view);
    for (const c of cells) cellsByName.set(cellName(c.col, c.row), { ...cellsByName.get(cellName(c.col, c.row)), ...c });

    const label = (col: number, row: number): string => {
      const sq = cellName(col, row);
      const c = cellsByName.get(sq);
      const parts = [sq];
      if (c?.terrain) parts.push(c.terrain);
      if (c?.piece) parts.push(`${adapter.sideNames[c.piece.owner]} ${c.piece.title ?? 'piece'}`);
      else if (!c?.terrain || c.terrain !== 'obstacle') parts.push('empty');
      if (sq === selected) parts.push('picked');
      else if (selected && byFrom.get(selected)?.has(sq)) parts.push('you can move here');
      return parts.join(', ');
    };

    const cls = `board grid-board${points ? ' points-board' : ''}${adapter.boardClass ? ' ' + adapter.boardClass : ''}`;
    const svg = s('svg', { viewBox: `-0.45 -0.05 ${cols + 0.5} ${rows + 0.5}`, class: cls, role: 'img', 'aria-label': `${cols} by ${rows} board` });
    const marks = s('g');
    if (adapter.outline) {
      // Corners of cells in board units; the polygon is drawn a little outside them, as a frame.
      const pts = adapter.outline(cols, rows).map(([c, r]) => (flipped ? [cols - c, r] : [c, rows - r]).join(','));
      svg.append(s('polygon', { points: pts.join(' '), class: 'board-outline', 'data-corners': pts.length }));
    }
    if (points) {
      svg.append(s('rect', { x: 0, y: 0, width: cols, height: rows, rx: 0.2, class: 'points-bg' }));
      const lines = s('g', { class: 'board-lines' });
      for (const [[c1, r1], [c2, r2]] of adapter.lines?.(cols, rows) ?? []) {
        const [x1, y1] = at(c1, r1), [x2, y2] = at(c2, r2);
        const diagonal = c1 !== c2 && r1 !== r2;
        lines.append(s('line', { x1: x1 + 0.5, y1: y1 + 0.5, x2: x2 + 0.5, y2: y2 + 0.5, class: diagonal ? 'line diagonal' : 'line' }));
      }
      svg.append(lines);
    }
    for (let row = 0; row < rows; ++row)
      for (let col = 0; col < cols; ++col) {
        if (!exists(col, row)) continue;
        const [x, y] = at(col, row);
        const sq = cellName(col, row);
        const c = ['sq', points ? 'hit' : (col + row) % 2 ? 'light' : 'dark'];
        svg.append(s('rect', { x, y, width: 1, height: 1, class: c.join(' '), 'data-square': sq, 'aria-label': label(col, row) }));
        if (points) svg.append(s('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.07, class: 'point' + ((col + row) % 2 === 0 ? ' open' : ''), 'data-point': sq }));
      }
    for (let i = 0; i < cols; ++i) {
      const [x] = at(i, 0);
      svg.append(s('text', { x: x + 0.5, y: rows + 0.38, class: 'coord', 'text-anchor': 'middle' }, String.fromCharCode(97 + i)));
    }
    for (let i = 0; i < rows; ++i) {
      const [, y] = at(0, i);
      svg.append(s('text', { x: -0.22, y: y + 0.6, class: 'coord', 'text-anchor': 'middle' }, String(i + 1)));
    }
    const radius = points ? 0.3 : 0.34; // on points, small enough that the lines show between pieces
    for (const c of cells) {
      const [x, y] = at(c.col, c.row);
      const sq = cellName(c.col, c.row);
      if (c.fill) svg.append(s('rect', { x, y, width: 1, height: 1, fill: c.fill, opacity: 0.85, 'data-square': sq }));
      if (c.label) svg.append(s('text', { x: x + 0.08, y: y + 0.28, class: 'cell-label' }, c.label));
      if (c.piece) {
        const g = s('g', { class: 'piece' + (byFrom.has(sq) ? ' movable' : ''), 'data-square': sq, 'aria-label': label(c.col, c.row) });
        const color = adapter.colors[c.piece.owner];
        if (c.piece.double) g.append(s('circle', { cx: x + 0.56, cy: y + 0.44, r: radius, fill: color, stroke: '#0008', 'stroke-width': 0.03 }));
        g.append(s('circle', { cx: x + 0.5, cy: y + 0.5, r: radius, fill: color, stroke: '#0008', 'stroke-width': 0.03 }));
        if (c.piece.text)
          g.append(s('text', { x: x + 0.5, y: y + 0.62, 'text-anchor': 'middle', 'font-size': 0.34, 'font-weight': 700, fill: adapter.textColors?.[c.piece.owner] ?? '#fff' }, c.piece.text));
        if (c.piece.title) g.append(s('title', {}, c.piece.title));
        svg.append(g);
      }
    }
    // The last move's cells, outlined on top of terrain fills and pieces (an objective's colour would hide a
    // fill); on a points board, rings around the points of the whole path (a long capture shows every landing).
    for (const sq of last) {
      const c = cellAt(sq);
      if (!c || !exists(c[0], c[1])) continue;
      const [x, y] = at(c[0], c[1]);
      svg.append(
        points
          ? s('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.45, class: 'last-mark', 'data-square': sq })
          : s('rect', { x: x + 0.05, y: y + 0.05, width: 0.9, height: 0.9, class: 'last-mark', 'data-square': sq }),
      );
    }
    svg.append(marks);
    const chooser = h('div', { class: 'generic-moves' });
    const showTargets = () => {
      marks.replaceChildren();
      svg.querySelectorAll('.piece.selected').forEach((p) => p.classList.remove('selected'));
      if (!selected) return;
      svg.querySelector(`.piece[data-square="${selected}"]`)?.classList.add('selected');
      for (const to of byFrom.get(selected)?.keys() ?? []) {
        const c = cellAt(to);
        if (!c) continue;
        const [x, y] = at(c[0], c[1]);
        marks.append(s('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.16, class: 'target', 'data-target': to }));
      }
    };
    const play = (moves: string[]) => {
      selection.set(el, null);
      if (moves.length === 1) return ctx.play(moves[0]);
      chooser.replaceChildren(...moves.map((mv) => h('button', { class: 'move-btn', onclick: () => ctx.play(mv) }, mv)));
    };
    const activate = (col: number, row: number) => {
      const sq = cellName(col, row);
      const targets = selected ? byFrom.get(selected)?.get(sq) : undefined;
      if (targets) return play(targets);
      selected = byFrom.has(sq) ? sq : null;
      selection.set(el, selected);
      showTargets();
    };
    svg.addEventListener('pointerdown', (ev) => {
      const m = svg.getScreenCTM();
      if (!m) return;
      const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
      const x = Math.floor(pt.x), y = Math.floor(pt.y);
      if (x < 0 || y < 0 || x >= cols || y >= rows) return;
      activate(flipped ? cols - 1 - x : x, flipped ? y : rows - 1 - y);
    });
    showTargets();
    const extra = others.length ? h('div', { class: 'generic-moves' }, ...others.map((mv) => h('button', { class: 'move-btn', onclick: () => ctx.play(mv) }, mv))) : '';
    el.replaceChildren(svg, chooser, extra);
    attachKeyboard(el, {
      svg, cols, rows, at, name: cellName, flipped, label,
      exists,
      activate,
      cancel: () => {
        selected = null;
        selection.set(el, null);
        showTargets();
      },
    });
  }
  return { render, colors: adapter.colors, score: adapter.score, captured: adapter.captured, describe: adapter.describe, short: adapter.short };
}
