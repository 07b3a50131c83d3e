// Keyboard play on any board: arrow keys move a visible cursor over the board's cells, Enter or Space acts on
// the cell under it exactly as a click there would (pick, then drop), Escape cancels the pick. The cursor shows
// only while the keyboard is used (`:focus-visible` semantics): a click or a tap on the board hides it, a key
// brings it back. Each board
// registers a handle after every render; the cursor's position is kept per board element so that it survives
// re-renders, and the cell under it is read out through a polite live region.
import { s } from './dom';

export interface BoardHandle {
  svg: SVGSVGElement;
  cols: number;
  rows: number;
  // Where cell (col, row) is drawn: the top-left corner of its unit square in the SVG's coordinates.
  at(col: number, row: number): [number, number];
  // Whether (col, row) is a cell of this board (Strata 7's cut corners are not).
  exists?(col: number, row: number): boolean;
  name(col: number, row: number): string;
  label(col: number, row: number): string; // what a screen reader says for the cell and its piece
  activate(col: number, row: number): void; // the same path as a click on the cell
  cancel(): void;
  flipped: boolean;
}

interface Cursor {
  col: number;
  row: number;
  handle: BoardHandle | null;
  keyboard: boolean; // the board was last used by the keyboard (focused by Tab, or a key pressed on it)
}

const cursors = new WeakMap<HTMLElement, Cursor>();

function liveRegion(id: string): HTMLElement {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    el.className = 'sr-only';
    el.setAttribute('aria-live', 'polite');
    el.setAttribute('role', 'status');
    document.body.append(el);
  }
  return el;
}

// Says `text` to screen readers (the moves of the game, the cell under the cursor).
export function announce(text: string, region = 'announcer'): void {
  const el = liveRegion(region);
  // A repeated text is still announced: the region changes.
  el.textContent = el.textContent === text ? `${text}\u00a0` : text;
}

function draw(el: HTMLElement, c: Cursor): void {
  const h = c.handle;
  if (!h) return;
  h.svg.querySelector('.kbd-cursor')?.remove();
  if (document.activeElement !== el || !c.keyboard) return;
  const [x, y] = h.at(c.col, c.row);
  h.svg.append(s('rect', { x: x + 0.03, y: y + 0.03, width: 0.94, height: 0.94, rx: 0.08, class: 'kbd-cursor', 'data-cursor': h.name(c.col, c.row) }));
}

const STEPS: Record<string, [number, number]> = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function onKey(el: HTMLElement, ev: KeyboardEvent): void {
  const c = cursors.get(el);
  const h = c?.handle;
  // A board another drawing replaced (a handover screen, the setup editor) takes no more keys.
  if (!c || !h || !h.svg.isConnected || !el.contains(h.svg)) return;
  if (!c.keyboard && (ev.key in STEPS || ev.key === 'Enter' || ev.key === ' ')) {
    c.keyboard = true;
    draw(el, c);
    if (!(ev.key in STEPS)) return ev.preventDefault(); // the first Enter shows where the cursor is
  }
  // Arrows move on the screen: "up" is towards the top of the board as drawn, whichever side is at the bottom.
  if (ev.key in STEPS) {
    let [dc, dr] = STEPS[ev.key];
    if (h.flipped) [dc, dr] = [-dc, -dr];
    let col = c.col, row = c.row;
    // Skip cells that do not exist (cut corners), stop at the edge.
    for (;;) {
      col += dc;
      row += dr;
      if (col < 0 || row < 0 || col >= h.cols || row >= h.rows) return ev.preventDefault();
      if (!h.exists || h.exists(col, row)) break;
    }
    c.col = col;
    c.row = row;
    draw(el, c);
    announce(h.label(col, row), 'cursor-announcer');
    ev.preventDefault();
    ev.stopPropagation();
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    ev.stopPropagation();
    h.activate(c.col, c.row);
  } else if (ev.key === 'Escape') {
    h.cancel();
    ev.stopPropagation();
  }
}

// Called by a board after each render of `el` (the board's container, made focusable here).
export function attachKeyboard(el: HTMLElement, handle: BoardHandle): void {
  let c = cursors.get(el);
  if (!c) {
    // Start at the bottom-left cell as drawn, the player's own side.
    const row = handle.flipped ? handle.rows - 1 : 0, col = handle.flipped ? handle.cols - 1 : 0;
    c = { col, row, handle, keyboard: false };
    if (handle.exists && !handle.exists(col, row)) {
      c.col = Math.floor(handle.cols / 2);
      c.row = row;
    }
    cursors.set(el, c);
    el.tabIndex = 0;
    el.setAttribute('role', 'application');
    el.setAttribute('aria-roledescription', 'game board');
    el.setAttribute('aria-label', 'Board. Arrow keys move the cursor, Enter or Space picks a piece and drops it, Escape cancels.');
    el.addEventListener('keydown', (ev) => onKey(el, ev));
    // A pointer hides the cursor; focus that the browser shows as keyboard focus (Tab) shows it.
    el.addEventListener('pointerdown', () => {
      const cur = cursors.get(el)!;
      cur.keyboard = false;
      cur.handle?.svg.querySelector('.kbd-cursor')?.remove();
    }, true);
    el.addEventListener('focus', () => {
      const cur = cursors.get(el)!;
      cur.keyboard = el.matches(':focus-visible');
      draw(el, cur);
      if (cur.handle) announce(cur.handle.label(cur.col, cur.row), 'cursor-announcer');
    });
    el.addEventListener('blur', () => cursors.get(el)?.handle?.svg.querySelector('.kbd-cursor')?.remove());
  }
  c.handle = handle;
  c.col = Math.min(c.col, handle.cols - 1);
  c.row = Math.min(c.row, handle.rows - 1);
  draw(el, c);
}
