// A board for games played on a grid of named cells ("a1".."i9"): draws cells and pieces from an adapter
// and turns a click on a piece, then on a highlighted cell, into the legal move between them. Moves whose
// text does not start at a cell (e.g. Dhamet's huffs, "h:b3,i9-i8"), or several moves between the same two
// cells, are offered as buttons under the board.
import { h, s } from '../dom';
import type { BoardContext, BoardModule } from './types';

export interface GridCell {
  col: number;
  row: number;
  fill?: string; // terrain colour
  label?: string; // small text in the corner (objective values)
  piece?: { owner: number; text?: string; double?: boolean; title?: string };
}

export interface GridAdapter {
  score?(view: any): HTMLElement | null;
  size(view: any): { cols: number; rows: number };
  cells(view: any): GridCell[];
  colors: [string, string];
  textColors?: [string, string];
}

const selection = new WeakMap<HTMLElement, string | null>();

function squares(move: string): string[] | null {
  if (!/^[a-z](?:1[0-9]|[1-9])/.test(move)) return null;
  return move.match(/[a-z](?:1[0-9]|[1-9])/g);
}

export function gridBoard(adapter: GridAdapter): BoardModule {
  function render(el: HTMLElement, ctx: BoardContext): void {
    const { cols, rows } = adapter.size(ctx.view);
    const flipped = (ctx.bottom ?? ctx.viewer) === 1;
    const at = (col: number, row: number): [number, number] => (flipped ? [cols - 1 - col, row] : [col, rows - 1 - row]);
    const name = (col: number, row: number) => String.fromCharCode(97 + col) + String(row + 1);
    const byFrom = new Map<string, Map<string, string[]>>();
    const others: string[] = [];
    for (const mv of ctx.legal) {
      const sq = squares(mv);
      if (!sq || sq.length < 2) {
        others.push(mv);
        continue;
      }
      const from = sq[0], to = sq[sq.length - 1];
      if (!byFrom.has(from)) byFrom.set(from, new Map());
      const m = byFrom.get(from)!;
      if (!m.has(to)) m.set(to, []);
      m.get(to)!.push(mv);
    }
    let selected = selection.get(el) ?? null;
    if (selected && !byFrom.has(selected)) selected = null;
    const last = ctx.last?.move ? squares(ctx.last.move) : null;

    const svg = s('svg', { viewBox: `-0.45 -0.05 ${cols + 0.5} ${rows + 0.5}`, class: `board grid-board`, role: 'img' });
    const marks = s('g');
    for (let row = 0; row < rows; ++row)
      for (let col = 0; col < cols; ++col) {
        const [x, y] = at(col, row);
        const sq = name(col, row);
        const cls = ['sq', (col + row) % 2 ? 'light' : 'dark'];
        if (last && last.includes(sq)) cls.push('last');
        svg.append(s('rect', { x, y, width: 1, height: 1, class: cls.join(' '), 'data-square': sq }));
      }
    for (let i = 0; i < cols; ++i) {
      const [x] = at(i, 0);
      svg.append(s('text', { x: x + 0.5, y: rows + 0.38, class: 'coord', 'text-anchor': 'middle' }, String.fromCharCode(97 + i)));
    }
    for (let i = 0; i < rows; ++i) {
      const [, y] = at(0, i);
      svg.append(s('text', { x: -0.22, y: y + 0.6, class: 'coord', 'text-anchor': 'middle' }, String(i + 1)));
    }
    for (const c of adapter.cells(ctx.view)) {
      const [x, y] = at(c.col, c.row);
      const sq = name(c.col, c.row);
      if (c.fill) svg.append(s('rect', { x, y, width: 1, height: 1, fill: c.fill, opacity: 0.85, 'data-square': sq }));
      if (c.label) svg.append(s('text', { x: x + 0.08, y: y + 0.28, class: 'cell-label' }, c.label));
      if (c.piece) {
        const g = s('g', { class: 'piece' + (byFrom.has(sq) ? ' movable' : ''), 'data-square': sq });
        const color = adapter.colors[c.piece.owner];
        if (c.piece.double) g.append(s('circle', { cx: x + 0.56, cy: y + 0.44, r: 0.34, fill: color, stroke: '#0008', 'stroke-width': 0.03 }));
        g.append(s('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.34, fill: color, stroke: '#0008', 'stroke-width': 0.03 }));
        if (c.piece.text)
          g.append(s('text', { x: x + 0.5, y: y + 0.62, 'text-anchor': 'middle', 'font-size': 0.34, 'font-weight': 700, fill: adapter.textColors?.[c.piece.owner] ?? '#fff' }, c.piece.text));
        if (c.piece.title) g.append(s('title', {}, c.piece.title));
        svg.append(g);
      }
    }
    // The last move's cells, outlined on top of terrain fills (an objective's colour would hide a fill).
    if (last)
      for (const sq of new Set(last)) {
        const m = /^([a-z])(\d+)$/.exec(sq);
        if (!m) continue;
        const [x, y] = at(m[1].charCodeAt(0) - 97, Number(m[2]) - 1);
        svg.append(s('rect', { x: x + 0.05, y: y + 0.05, width: 0.9, height: 0.9, class: 'last-mark', 'data-square': sq }));
      }
    svg.append(marks);
    const chooser = h('div', { class: 'generic-moves' });
    const showTargets = () => {
      marks.replaceChildren();
      svg.querySelectorAll('.piece.selected').forEach((p) => p.classList.remove('selected'));
      if (!selected) return;
      svg.querySelector(`.piece[data-square="${selected}"]`)?.classList.add('selected');
      for (const to of byFrom.get(selected)?.keys() ?? []) {
        const m = /^([a-z])(\d+)$/.exec(to)!;
        const [x, y] = at(m[1].charCodeAt(0) - 97, Number(m[2]) - 1);
        marks.append(s('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.16, class: 'target', 'data-target': to }));
      }
    };
    const play = (moves: string[]) => {
      selection.set(el, null);
      if (moves.length === 1) return ctx.play(moves[0]);
      chooser.replaceChildren(...moves.map((mv) => h('button', { class: 'move-btn', onclick: () => ctx.play(mv) }, mv)));
    };
    svg.addEventListener('pointerdown', (ev) => {
      const pt = svg.createSVGPoint();
      pt.x = ev.clientX;
      pt.y = ev.clientY;
      const p = pt.matrixTransform(svg.getScreenCTM()!.inverse());
      const x = Math.floor(p.x), y = Math.floor(p.y);
      if (x < 0 || y < 0 || x >= cols || y >= rows) return;
      const col = flipped ? cols - 1 - x : x, row = flipped ? y : rows - 1 - y;
      const sq = name(col, row);
      const targets = selected ? byFrom.get(selected)?.get(sq) : undefined;
      if (targets) return play(targets);
      selected = byFrom.has(sq) ? sq : null;
      selection.set(el, selected);
      showTargets();
    });
    showTargets();
    const extra = others.length ? h('div', { class: 'generic-moves' }, ...others.map((mv) => h('button', { class: 'move-btn', onclick: () => ctx.play(mv) }, mv))) : '';
    el.replaceChildren(svg, chooser, extra);
  }
  return { render, colors: adapter.colors, score: adapter.score };
}
