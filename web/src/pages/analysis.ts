// The analysis of a finished game (#/analysis/ID), laid out as a Lichess player expects: the board on the left;
// on the right a large evaluation graph (GET /api/games/ID/analysis: for hidden-information games each move
// judged from what its player knew then), the step buttons right under it, and the move list with the biggest
// mistakes marked inline. A click on the graph or a move, the buttons, or Left/Right/Home/End step the board; the
// line above the board names the move shown and its evaluation.
import { api } from '../api';
import { entry, games } from '../catalog';
import { h, s, toast } from '../dom';
import { boardFor } from '../games/registry';
import { announce } from '../keyboard';
import type { Analysis, Player, ReplayFrame } from '../protocol';
import { gameName, resultSentence, sideName } from '../words';
import { moveList } from './move-list';

const W = 600, H = 240, PAD = 10;

function graph(a: Analysis, colors: [string, string] | undefined, names: string[], go: (ply: number) => void): { svg: SVGSVGElement; mark: (ply: number) => void } {
  const n = Math.max(1, a.plies);
  const x = (ply: number) => PAD + ((W - 2 * PAD) * ply) / n;
  const y = (v: number) => PAD + ((H - 2 * PAD) * (1 - v)) / 2;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'eval-graph', id: 'eval-graph', role: 'img', 'aria-label': `Evaluation after each move, ${sideName(names[0])}'s advantage upwards` });
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
    const c = s('circle', { cx: x(p.ply), cy: y(p.value), r: m ? 7 : 3.6, class: 'eval-point' + (m ? ' mistake' : ''), 'data-ply': p.ply });
    c.append(s('title', {}, `Move ${p.ply} (${sideName(names[p.seat] ?? '')}): ${p.value.toFixed(2)}${m ? ` — a mistake, fell by ${m.loss.toFixed(2)}` : ''}`));
    svg.append(c);
    if (m) svg.append(s('text', { x: x(p.ply), y: y(p.value) - 11, class: 'mistake-mark', 'text-anchor': 'middle' }, '?'));
  }
  // A click anywhere on the graph goes to the nearest ply.
  svg.addEventListener('click', (ev) => {
    const m = svg.getScreenCTM();
    if (!m) return;
    const px = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse()).x;
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
  let ply = 0, game = '', variant = '';
  let a: Analysis | null = null;
  let players: Player[] = [];
  let mark: (ply: number) => void = () => {};
  const boardEl = h('div', { class: 'board-wrap', id: 'analysis-board' });
  const info = h('div', { class: 'status-line', id: 'analysis-status' }, 'Analysing…');
  const combat = h('div', { class: 'combat-line' });
  const graphEl = h('div', { class: 'eval-wrap' });
  const listEl = h('div', { class: 'analysis-moves' });
  const frames = new Map<number, ReplayFrame>();

  const show = async (n: number) => {
    if (!a) return;
    n = Math.max(0, Math.min(a.plies, n));
    try {
      let f = frames.get(n);
      if (!f) frames.set(n, (f = await api.replay(id, n)));
      ply = n;
      const board = boardFor(game);
      board.render(boardEl, { view: f.view, viewer: -1, variant, legal: [], last: f.last ?? null, players, play: () => {} });
      const last = f.last;
      const point = a.points.find((p) => p.ply === n);
      const value = a.available && point ? ` · evaluation ${point.value >= 0 ? '+' : ''}${point.value.toFixed(2)}` : '';
      info.replaceChildren(
        h('span', { class: 'title' }, gameName(game, variant, f.title)),
        ' · ',
        h('span', { id: 'analysis-move' }, last ? `Move ${Math.floor(n / 2) + (n % 2)}, ${sideName(players[last.seat]?.name ?? '')}: ${last.move ?? ''}` : 'The start'),
        h('span', { class: 'muted' }, `${value} · ply ${n} of ${a.plies}`),
      );
      combat.textContent = last && board.describe ? board.describe(last, players) ?? '' : '';
      mark(n);
      drawList();
      boardEl.setAttribute('data-ply', String(n));
      announce(`After move ${n}${last?.move ? `: ${last.move}` : ''}`);
    } catch (e) {
      toast(e instanceof Error ? e.message : String(e), 'error');
    }
  };
  const drawList = () => {
    if (!a) return;
    const mistakes = new Map(a.mistakes.map((m) => [m.ply, `a mistake: fell by ${m.loss.toFixed(2)}`]));
    const list = moveList(a.moves, players, boardFor(game), { current: ply, mistakes });
    list.classList.add('steppable');
    list.querySelectorAll<HTMLElement>('li[data-ply]').forEach((li) => li.addEventListener('click', () => void show(Number(li.dataset.ply))));
    const top = listEl.querySelector('.moves')?.scrollTop;
    listEl.replaceChildren(list);
    const current = list.querySelector<HTMLElement>('li.current');
    list.scrollTop = current ? current.offsetTop - list.clientHeight / 2 : top ?? 0;
  };
  const step = (d: number) => () => void show(ply + d);
  const controls = h(
    'div',
    { class: 'replay-controls analysis-controls', id: 'analysis-controls' },
    h('button', { onclick: () => void show(0), title: 'The start (Home)', class: 'first-btn' }, '«'),
    h('button', { onclick: step(-1), class: 'prev-btn', title: 'Back (Left)' }, '◀'),
    h('button', { onclick: step(1), class: 'next-btn', title: 'Forward (Right)' }, '▶'),
    h('button', { onclick: () => void show(a?.plies ?? 0), title: 'The end (End)', class: 'last-btn' }, '»'),
    h('a', { class: 'button', href: `#/replay/${id}` }, 'Replay'),
  );
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof Element && e.target.closest('[role="application"], input, select, textarea')) return;
    const go: Record<string, () => void> = { ArrowLeft: step(-1), ArrowRight: step(1), Home: () => void show(0), End: () => void show(a?.plies ?? 0) };
    if (!go[e.key]) return;
    e.preventDefault();
    go[e.key]();
  };
  window.addEventListener('keydown', onKey);
  const summary = h('p', { class: 'muted eval-note', id: 'analysis-result' });
  app.replaceChildren(
    h('div', { class: 'game analysis' },
      h('div', { class: 'board-col' }, info, boardEl, combat),
      h('aside', { class: 'side analysis-side' }, graphEl, controls, summary, listEl)),
  );

  (async () => {
    await games().catch(() => []);
    a = await api.analysis(id);
    const first = await api.replay(id, 0);
    frames.set(0, first);
    game = first.view.game;
    variant = 'variant' in first.view && typeof first.view.variant === 'string' ? first.view.variant : '';
    const names = entry(game)?.players ?? ['first', 'second'];
    players = names.map((name, seat) => ({ seat, name, kind: 'human' as const, agent: '', joined: true }));
    const board = boardFor(game);
    if (!a.available) {
      graphEl.replaceChildren(h('p', { class: 'muted' }, 'This game has no engine evaluation.'));
    } else {
      const g = graph(a, board.colors, names, (n) => void show(n));
      mark = g.mark;
      graphEl.replaceChildren(g.svg);
      summary.textContent = `Up: ${sideName(names[0])} is better; down: ${sideName(names[1])}. Mistakes are marked “?”.${a.samples > 1 ? ` Each move is judged from what its player knew then (${a.samples} samples).` : ''}`;
    }
    summary.prepend(h('b', {}, `${resultSentence(a.ending, players)}. `));
    await show(a.plies);
  })().catch((e: unknown) => app.replaceChildren(h('div', { class: 'card' }, h('h2', {}, 'No analysis'), h('p', {}, e instanceof Error ? e.message : String(e)), h('a', { href: '#/' }, 'Back to the lobby'))));
  return () => {
    window.removeEventListener('keydown', onKey);
    frames.clear();
  };
}
