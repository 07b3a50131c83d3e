// The Stratego setup editor: drag pieces from the tray onto your four rows (or click a piece, then a square),
// swap them, randomize, save and load named setups in this browser, and send it when it is complete.
// The editor works in display order: 40 rank codes, row 0 = your front row, seen from your seat.
import { h, s, toast } from '../dom';
import { ARMIES, RANK_NAMES, RANK_ORDER, letterOf, pieceGlyph, rankOfLetter } from './stratego-pieces';
import type { SetupContext } from './types';

type Grid = (string | null)[];

function toBoard(i: number, seat: number): [number, number] {
  const dx = i % 10, dy = Math.floor(i / 10);
  return seat === 0 ? [dx, 3 - dy] : [9 - dx, 6 + dy];
}

// The server's setup notation: the player's 40 squares in board order (a1..j4 or a7..j10), Gravon letters.
export function gridToSetup(grid: Grid, seat: number): string {
  const out = Array(40).fill('A');
  const base = seat === 0 ? 0 : 6;
  grid.forEach((rank, i) => {
    const [col, row] = toBoard(i, seat);
    out[(row - base) * 10 + col] = rank ? letterOf(rank, seat) : 'A';
  });
  return out.join('');
}

export function setupToGrid(setup: string, seat: number): Grid {
  const base = seat === 0 ? 0 : 6;
  const grid: Grid = Array(40).fill(null);
  for (let i = 0; i < 40; ++i) {
    const [col, row] = toBoard(i, seat);
    const letter = setup[(row - base) * 10 + col];
    grid[i] = letter && letter !== 'A' ? rankOfLetter(letter, seat) : null;
  }
  return grid;
}

function remaining(grid: Grid, army: Record<string, number>): Record<string, number> {
  const left: Record<string, number> = { ...army };
  for (const r of grid) if (r) left[r] = (left[r] ?? 0) - 1;
  return left;
}

// Problems of a setup, in words; empty when it is ready.
export function validate(grid: Grid, army: Record<string, number>): string[] {
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
  const army = ARMIES[ctx.variant] ?? ARMIES.classic;
  const seat = ctx.seat;
  let grid: Grid = ctx.placed ? setupToGrid(ctx.placed, seat) : Array(40).fill(null);
  const draftKey = `strat.stratego.draft.${ctx.variant}`;
  if (!ctx.placed) {
    try {
      const d = JSON.parse(sessionStorage.getItem(draftKey) || 'null');
      if (Array.isArray(d) && d.length === 40) grid = d;
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
    const svg = s('svg', { viewBox: '0 0 10 4', class: 'board setup-svg' });
    for (let i = 0; i < 40; ++i) {
      const x = i % 10, y = Math.floor(i / 10);
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
        grid = setupToGrid(await ctx.randomSetup(), seat);
        pick = null;
        draw();
      } catch (e) {
        toast(String((e as Error).message), 'error');
      }
    } }, 'Randomize'),
    h('button', { disabled: locked, onclick: () => { grid = Array(40).fill(null); pick = null; draw(); } }, 'Clear'),
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
    ctx.submit(gridToSetup(grid, seat));
  });
  root.append(h('h2', {}, `Place your army (${ctx.playerName})`), board, tray, status, controls, readyBtn);
  el.replaceChildren(root);
  draw();
}
