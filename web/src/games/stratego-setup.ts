// The Stratego setup editor: drag pieces from the tray onto your four rows (or click a piece, then a square),
// swap them, randomize, save and load named setups in this browser, and send it when it is complete.
// The editor works in display order: 40 rank codes, row 0 = your front row, seen from your seat. The army, the
// setup rows and the letters of the setup notation come from the server's catalogue (GameInfo::constants).
import { h, s, toast } from '../dom';
import type { StrategoConstants } from '../protocol';
import { RANK_NAMES, RANK_ORDER, pieceGlyph } from './stratego-pieces';
import type { SetupContext } from './types';

type Grid = (string | null)[];
type Army = Readonly<Record<string, number | undefined>>;

// Display index -> board (col, row 0-based), for a side's setup rows as the catalogue gives them (front row last).
function toBoard(i: number, seat: number, k: StrategoConstants): [number, number] {
  const rows = k.setup_rows[seat];
  const dx = i % k.cols, dy = Math.floor(i / k.cols);
  // Seat 0 looks from row 1 up (its front row is its last), seat 1 from the far side (its front row is its first).
  return seat === 0 ? [dx, rows[rows.length - 1 - dy] - 1] : [k.cols - 1 - dx, rows[dy] - 1];
}

// The server's setup notation: the player's squares in board order (its first setup row a..j, then the next),
// one letter each, `empty_letter` for an empty square.
export function gridToSetup(grid: Grid, seat: number, k: StrategoConstants): string {
  const rows = k.setup_rows[seat];
  const out: string[] = Array(grid.length).fill(k.empty_letter);
  grid.forEach((rank, i) => {
    const [col, row] = toBoard(i, seat, k);
    out[rows.indexOf(row + 1) * k.cols + col] = (rank && k.letters[seat][rank]) || k.empty_letter;
  });
  return out.join('');
}

export function setupToGrid(setup: string, seat: number, k: StrategoConstants): Grid {
  const rows = k.setup_rows[seat];
  const byLetter = new Map(Object.entries(k.letters[seat]).map(([rank, letter]) => [letter, rank]));
  const grid: Grid = Array(rows.length * k.cols).fill(null);
  for (let i = 0; i < grid.length; ++i) {
    const [col, row] = toBoard(i, seat, k);
    grid[i] = byLetter.get(setup[rows.indexOf(row + 1) * k.cols + col]) ?? null;
  }
  return grid;
}

function remaining(grid: Grid, army: Army): Record<string, number> {
  const left: Record<string, number> = {};
  for (const [r, n] of Object.entries(army)) left[r] = n ?? 0;
  for (const r of grid) if (r) left[r] = (left[r] ?? 0) - 1;
  return left;
}

// Problems of a setup, in words; empty when it is ready.
export function validate(grid: Grid, army: Army): string[] {
  const left = remaining(grid, army);
  const out: string[] = [];
  for (const r of RANK_ORDER) {
    if ((left[r] ?? 0) > 0) out.push(`${left[r]} ${RANK_NAMES[r]}${left[r] > 1 ? 's' : ''} still to place`);
    if ((left[r] ?? 0) < 0) out.push(`too many ${RANK_NAMES[r]}s`);
  }
  return out;
}

const storeKey = (variant: string) => `strat.stratego.setups.${variant}`;
function savedSetups(variant: string): Record<string, Grid> {
  try {
    return JSON.parse(localStorage.getItem(storeKey(variant)) || '{}');
  } catch {
    return {};
  }
}

const listeners = new WeakMap<HTMLElement, AbortController>();

export function strategoSetup(el: HTMLElement, ctx: SetupContext): void {
  listeners.get(el)?.abort();
  const abort = new AbortController();
  listeners.set(el, abort);
  const k = ctx.constants;
  const army = k.army;
  const seat = ctx.seat;
  const size = k.setup_rows[seat].length * k.cols;
  let grid: Grid = ctx.placed ? setupToGrid(ctx.placed, seat, k) : Array(size).fill(null);
  const draftKey = `strat.stratego.draft.${ctx.variant}`;
  if (!ctx.placed) {
    try {
      const d = JSON.parse(sessionStorage.getItem(draftKey) || 'null');
      if (Array.isArray(d) && d.length === size) grid = d;
    } catch {
      /* no draft */
    }
  }
  const locked = ctx.placed !== null;
  let pick: { tray: string } | { idx: number } | null = null;

  const board = h('div', { class: 'setup-board' });
  const tray = h('div', { class: 'tray', 'data-tray': '1' });
  const status = h('div', { class: 'setup-status' });
  const nameInput = h('input', { placeholder: 'setup name', class: 'setup-name', 'aria-label': 'setup name' });
  const loadSelect = h('select', { class: 'setup-load', 'aria-label': 'saved setups' });
  const readyBtn = h('button', { class: 'primary ready-btn' }, 'Ready');

  const drop = (idx: number | 'tray') => {
    if (!pick) return;
    if (idx === 'tray') {
      if ('idx' in pick) grid[pick.idx] = null;
    } else if ('tray' in pick) {
      grid[idx] = pick.tray;
    } else if (pick.idx !== idx) {
      [grid[idx], grid[pick.idx]] = [grid[pick.idx], grid[idx]];
    }
    pick = null;
    draw();
  };

  function draw(): void {
    if (!locked) sessionStorage.setItem(draftKey, JSON.stringify(grid));
    const left = remaining(grid, army);
    const svg = s('svg', { viewBox: `0 0 ${k.cols} ${size / k.cols}`, class: 'board setup-svg' });
    for (let i = 0; i < size; ++i) {
      const x = i % k.cols, y = Math.floor(i / k.cols);
      const cls = ['sq', (x + y) % 2 ? 'light' : 'dark'];
      if (pick && 'idx' in pick && pick.idx === i) cls.push('picked');
      svg.append(s('rect', { x, y, width: 1, height: 1, class: cls.join(' '), 'data-idx': i }));
      const rank = grid[i];
      if (rank) {
        const g = pieceGlyph(x, y, seat, rank);
        g.setAttribute('data-idx', String(i));
        svg.append(g);
      }
    }
    board.replaceChildren(svg, h('div', { class: 'setup-caption muted' }, 'your front row is at the top'));
    tray.replaceChildren();
    for (const r of RANK_ORDER) {
      const n = left[r] ?? 0;
      if (!(r in army)) continue;
      const mini = s('svg', { viewBox: '0 0 1 1', class: 'mini' });
      mini.append(pieceGlyph(0, 0, seat, r));
      const item = h('button', { class: 'tray-item' + (n <= 0 ? ' empty' : '') + (pick && 'tray' in pick && pick.tray === r ? ' picked' : ''), 'data-rank': r, disabled: n <= 0 || locked, title: RANK_NAMES[r] }, mini, h('span', {}, `×${n}`));
      tray.append(item);
    }
    const problems = validate(grid, army);
    status.textContent = locked ? 'Setup sent — waiting for the other side.' : problems.length ? problems.slice(0, 3).join(', ') : 'Setup complete.';
    readyBtn.disabled = locked || problems.length > 0;
    loadSelect.replaceChildren(h('option', { value: '' }, 'load a saved setup…'), ...Object.keys(savedSetups(ctx.variant)).map((n) => h('option', { value: n }, n)));
  }

  // Pointer handling shared by the tray and the board: press picks, release elsewhere drops; a press and
  // release on the same spot leaves the piece picked, to be dropped by the next click.
  let dragGhost: HTMLElement | null = null;
  let start: { x: number; y: number } | null = null;
  const targetAt = (x: number, y: number): number | 'tray' | null => {
    const t = document.elementFromPoint(x, y) as Element | null;
    const idx = t?.closest('[data-idx]')?.getAttribute('data-idx');
    if (idx !== undefined && idx !== null) return Number(idx);
    if (t?.closest('[data-tray]')) return 'tray';
    return null;
  };
  const root = h('div', { class: 'setup' });
  root.addEventListener('pointerdown', (ev) => {
    if (locked) return;
    const t = ev.target as Element;
    const rankEl = t.closest('[data-rank]');
    const idxEl = t.closest('[data-idx]');
    if (rankEl && !(rankEl as HTMLButtonElement).disabled) {
      pick = { tray: rankEl.getAttribute('data-rank')! };
    } else if (idxEl) {
      const idx = Number(idxEl.getAttribute('data-idx'));
      if (pick) return drop(idx);
      if (!grid[idx]) return;
      pick = { idx };
    } else if (t.closest('[data-tray]') && pick) {
      return drop('tray');
    } else return;
    ev.preventDefault();
    start = { x: ev.clientX, y: ev.clientY };
    const rank = 'tray' in pick ? pick.tray : grid[pick.idx]!;
    const mini = s('svg', { viewBox: '0 0 1 1', class: 'mini' });
    mini.append(pieceGlyph(0, 0, seat, rank));
    dragGhost = h('div', { class: 'ghost' }, mini);
    draw();
  });
  const onMove = (ev: PointerEvent) => {
    if (!dragGhost || !start) return;
    if (!dragGhost.isConnected && Math.abs(ev.clientX - start.x) + Math.abs(ev.clientY - start.y) > 6) document.body.append(dragGhost);
    dragGhost.style.left = `${ev.clientX - 20}px`;
    dragGhost.style.top = `${ev.clientY - 20}px`;
  };
  const onUp = (ev: PointerEvent) => {
    if (!dragGhost) return;
    const dragged = dragGhost.isConnected;
    dragGhost.remove();
    dragGhost = null;
    start = null;
    if (dragged) {
      const target = targetAt(ev.clientX, ev.clientY);
      if (target !== null) drop(target);
      else {
        pick = null;
        draw();
      }
    }
  };
  document.addEventListener('pointermove', onMove, { signal: abort.signal });
  document.addEventListener('pointerup', onUp, { signal: abort.signal });

  const controls = h(
    'div',
    { class: 'setup-controls' },
    h('button', { class: 'randomize-btn', disabled: locked, onclick: async () => {
      try {
        grid = setupToGrid(await ctx.randomSetup(), seat, k);
        pick = null;
        draw();
      } catch (e) {
        toast(e instanceof Error ? e.message : String(e), 'error');
      }
    } }, 'Randomize'),
    h('button', { disabled: locked, onclick: () => { grid = Array(size).fill(null); pick = null; draw(); } }, 'Clear'),
    nameInput,
    h('button', { class: 'save-btn', disabled: locked, onclick: () => {
      const name = nameInput.value.trim();
      if (!name) return toast('Name the setup first', 'error');
      const all = savedSetups(ctx.variant);
      all[name] = grid;
      localStorage.setItem(storeKey(ctx.variant), JSON.stringify(all));
      toast(`Saved “${name}”`);
      draw();
    } }, 'Save'),
    loadSelect,
    h('button', { class: 'load-btn', disabled: locked, onclick: () => {
      const g = savedSetups(ctx.variant)[loadSelect.value];
      if (!g) return toast('Choose a saved setup', 'error');
      grid = g.slice();
      draw();
    } }, 'Load'),
    h('button', { disabled: locked, onclick: () => {
      const all = savedSetups(ctx.variant);
      if (!loadSelect.value || !all[loadSelect.value]) return;
      delete all[loadSelect.value];
      localStorage.setItem(storeKey(ctx.variant), JSON.stringify(all));
      draw();
    } }, 'Delete'),
  );
  readyBtn.addEventListener('click', () => {
    const problems = validate(grid, army);
    if (problems.length) return toast(problems[0], 'error');
    ctx.submit(gridToSetup(grid, seat, k));
  });
  root.append(h('h2', {}, `Place your army (${ctx.playerName})`), board, tray, status, controls, readyBtn);
  el.replaceChildren(root);
  draw();
}
