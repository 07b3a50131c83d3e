// The analysis of a finished game (#/analysis/ID): the engine's evaluation after each move as a graph (the
// server's GET /api/games/ID/analysis; for hidden-information games each move judged from what its player
// knew then), the biggest mistakes marked, and the board following the graph: a click on the graph, a mistake,
// the buttons or the Left/Right keys show the board at that ply.
import { api, type MoveEntry } from '../api';
import { h, s, toast } from '../dom';
import { boardFor } from '../games/registry';
import { announce } from '../keyboard';
import { sideName } from '../strength';

interface Point {
  ply: number;
  seat: number;
  value: number; // in [-1, 1], the first player's point of view
}

interface Analysis {
  plies: number;
  available: boolean;
  samples: number;
  result: string;
  points: Point[];
  mistakes: { ply: number; seat: number; loss: number }[];
}

const W = 600, H = 160, PAD = 8;

function graph(a: Analysis, colors: [string, string] | undefined, names: [string, string], go: (ply: number) => void): { svg: SVGSVGElement; mark: (ply: number) => void } {
  const n = Math.max(1, a.plies);
  const x = (ply: number) => PAD + ((W - 2 * PAD) * ply) / n;
  const y = (v: number) => PAD + ((H - 2 * PAD) * (1 - v)) / 2;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'eval-graph', id: 'eval-graph', role: 'img', 'aria-label': `Evaluation after each move, ${names[0]}'s advantage upwards` });
  svg.append(s('rect', { x: 0, y: 0, width: W, height: y(0), class: 'eval-top', fill: colors?.[0] ?? '#eee', opacity: 0.25 }));
  svg.append(s('rect', { x: 0, y: y(0), width: W, height: H - y(0), class: 'eval-bottom', fill: colors?.[1] ?? '#333', opacity: 0.25 }));
  svg.append(s('line', { x1: 0, x2: W, y1: y(0), y2: y(0), class: 'eval-zero' }));
  svg.append(s('polyline', { points: a.points.map((p) => `${x(p.ply)},${y(p.value)}`).join(' '), class: 'eval-line' }));
  const cursor = s('line', { x1: 0, x2: 0, y1: 0, y2: H, class: 'eval-cursor' });
  svg.append(cursor);
  const bad = new Map(a.mistakes.map((m) => [m.ply, m]));
  for (const p of a.points) {
    if (p.ply === 0) continue; // the start: the line begins there, no move was made
    const m = bad.get(p.ply);
    const c = s('circle', { cx: x(p.ply), cy: y(p.value), r: m ? 5 : 2.6, class: 'eval-point' + (m ? ' mistake' : ''), 'data-ply': p.ply });
    c.append(s('title', {}, `Move ${p.ply} (${names[p.seat] ?? ''}): ${p.value.toFixed(2)}${m ? ` — mistake, fell by ${m.loss.toFixed(2)}` : ''}`));
    svg.append(c);
    if (m) svg.append(s('text', { x: x(p.ply), y: y(p.value) - 8, class: 'mistake-mark', 'text-anchor': 'middle' }, '?'));
  }
  // A click anywhere on the graph goes to the nearest ply.
  svg.addEventListener('click', (ev) => {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const m = svg.getScreenCTM();
    if (!m) return;
    const px = pt.matrixTransform(m.inverse()).x;
    go(Math.max(0, Math.min(a.plies, Math.round(((px - PAD) * n) / (W - 2 * PAD)))));
  });
  return {
    svg,
    mark: (ply) => {
      cursor.setAttribute('x1', String(x(ply)));
      cursor.setAttribute('x2', String(x(ply)));
      cursor.setAttribute('data-ply', String(ply));
      svg.querySelectorAll('.eval-point.current').forEach((e) => e.classList.remove('current'));
      svg.querySelector(`.eval-point[data-ply="${ply}"]`)?.classList.add('current');
    },
  };
}

export function analysisPage(app: HTMLElement, id: string): () => void {
  let ply = 0, plies = 0, game = '';
  let names: [string, string] = ['first', 'second'];
  let mark: (ply: number) => void = () => {};
  const boardEl = h('div', { class: 'board-wrap', id: 'analysis-board' });
  const info = h('div', { class: 'status-line', id: 'analysis-status' }, 'Analysing…');
  const combat = h('div', { class: 'combat-line' });
  const graphEl = h('div', { class: 'eval-wrap' });
  const mistakesEl = h('ol', { class: 'mistakes', id: 'mistakes' });
  let frames = new Map<number, { view: any; last?: MoveEntry; title?: string; result?: string }>();

  const show = async (n: number) => {
    n = Math.max(0, Math.min(plies, n));
    try {
      let f = frames.get(n);
      if (!f) {
        f = await api.replay(id, n);
        frames.set(n, f);
      }
      ply = n;
      game = f.view?.game ?? game;
      const board = boardFor(game);
      board.render(boardEl, { view: f.view, viewer: -1, legal: [], last: f.last ?? null, players: [], play: () => {} });
      info.textContent = `${f.title ?? ''} · ${f.result ?? ''} · after move ${ply} of ${plies}${f.last?.move ? ` (${sideName(names[f.last.seat] ?? '')} ${f.last.move})` : ''}`;
      combat.textContent = f.last && board.describe ? board.describe(f.last, []) ?? '' : '';
      mark(ply);
      boardEl.setAttribute('data-ply', String(ply));
      announce(`After move ${ply}${f.last?.move ? `: ${f.last.move}` : ''}`);
    } catch (e) {
      toast((e as Error).message, 'error');
    }
  };
  const step = (d: number) => () => void show(ply + d);
  const controls = h(
    'div',
    { class: 'replay-controls' },
    h('button', { onclick: () => void show(0), title: 'start', class: 'first-btn' }, '«'),
    h('button', { onclick: step(-1), class: 'prev-btn', title: 'back' }, '◀'),
    h('button', { onclick: step(1), class: 'next-btn', title: 'forward' }, '▶'),
    h('button', { onclick: () => void show(plies), title: 'end', class: 'last-btn' }, '»'),
    h('a', { class: 'button', href: `#/replay/${id}` }, 'Replay'),
  );
  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement | null)?.closest('[role="application"], input, select, textarea')) return;
    if (e.key === 'ArrowLeft') step(-1)();
    if (e.key === 'ArrowRight') step(1)();
  };
  window.addEventListener('keydown', onKey);
  app.replaceChildren(
    h('div', { class: 'game analysis' }, h('div', { class: 'board-col' }, info, boardEl, combat, controls), h('aside', { class: 'side' }, h('h3', {}, 'Evaluation'), graphEl, h('h3', {}, 'Biggest mistakes'), mistakesEl)),
  );

  (async () => {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}/analysis`);
    const a = (await res.json()) as Analysis & { error?: string };
    if (!res.ok) throw new Error(a.error ?? `HTTP ${res.status}`);
    plies = a.plies;
    const first = await api.replay(id, 0);
    frames.set(0, first);
    game = first.view?.game ?? '';
    const catalog = await api.games().catch(() => ({ games: [] as { name: string; players?: [string, string] }[] }));
    names = catalog.games.find((g) => g.name === game)?.players ?? names;
    const board = boardFor(game);
    if (!a.available) {
      graphEl.replaceChildren(h('p', { class: 'muted' }, 'This game has no engine evaluation.'));
    } else {
      const g = graph(a, board.colors, names, (n) => void show(n));
      mark = g.mark;
      graphEl.replaceChildren(g.svg, h('p', { class: 'muted eval-note' }, `Up: ${sideName(names[0])} is better; down: ${sideName(names[1])}.${a.samples > 1 ? ` Each move judged from what its player knew then (${a.samples} samples).` : ''}`));
      mistakesEl.replaceChildren(
        ...(a.mistakes.length
          ? a.mistakes.map((m) => h('li', {}, h('button', { type: 'button', class: 'mistake-link', 'data-ply': m.ply, onclick: () => void show(m.ply) }, `Move ${m.ply} by ${sideName(names[m.seat])}: fell by ${m.loss.toFixed(2)}`)))
          : [h('li', { class: 'muted' }, 'No big mistake found.')]),
      );
    }
    await show(plies);
  })().catch((e) => app.replaceChildren(h('div', { class: 'card' }, h('h2', {}, 'No analysis'), h('p', {}, (e as Error).message), h('a', { href: '#/' }, 'Back to the lobby'))));
  return () => {
    window.removeEventListener('keydown', onKey);
    frames = new Map();
  };
}
