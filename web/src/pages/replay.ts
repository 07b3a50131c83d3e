// A finished game step by step, from the server's frames (the whole board at each ply), with the record.
import { api } from '../api';
import { entry, games } from '../catalog';
import { h, toast } from '../dom';
import { boardFor } from '../games/registry';
import type { Player } from '../protocol';
import { gameName, sideName } from '../words';

export function replayPage(app: HTMLElement, id: string): () => void {
  let ply = 0, plies = 0;
  const boardEl = h('div', { class: 'board-wrap', id: 'replay-board' });
  const info = h('div', { class: 'status-line', id: 'replay-status' });
  const combat = h('div', { class: 'combat-line' });
  const slider = h('input', { type: 'range', min: 0, max: 0, value: 0, class: 'replay-slider', 'aria-label': 'move' });
  const show = async (n: number) => {
    try {
      await games().catch(() => []);
      const f = await api.replay(id, n);
      ply = f.ply;
      plies = f.plies;
      const game = f.view.game;
      const variant = 'variant' in f.view && typeof f.view.variant === 'string' ? f.view.variant : '';
      const players: Player[] = (entry(game)?.players ?? ['', '']).map((name, seat) => ({ seat, name, kind: 'human', agent: '', joined: true }));
      const board = boardFor(game);
      board.render(boardEl, { view: f.view, viewer: -1, variant, legal: [], last: f.last ?? null, players, play: () => {} });
      info.textContent = `${gameName(game, variant, f.title)} · ply ${ply} of ${plies}${f.last ? ` · ${sideName(players[f.last.seat]?.name ?? '')} ${f.last.move ?? ''}` : ''}`;
      combat.textContent = (f.last && board.describe ? board.describe(f.last, players) : null) ?? '';
      slider.max = String(plies);
      slider.value = String(ply);
    } catch (e) {
      app.replaceChildren(h('div', { class: 'card' }, h('h2', {}, 'No replay'), h('p', {}, e instanceof Error ? e.message : String(e)), h('a', { href: '#/' }, 'Back to the lobby')));
    }
  };
  slider.addEventListener('input', () => show(Number(slider.value)));
  const step = (d: number) => () => show(Math.max(0, Math.min(plies, ply + d)));
  const controls = h(
    'div',
    { class: 'replay-controls' },
    h('button', { onclick: () => show(0), title: 'start' }, '«'),
    h('button', { onclick: step(-1), class: 'prev-btn', title: 'back' }, '◀'),
    h('button', { onclick: step(1), class: 'next-btn', title: 'forward' }, '▶'),
    h('button', { onclick: () => show(plies), title: 'end' }, '»'),
    slider,
    h('a', { class: 'button', href: api.recordUrl(id), download: `strat-${id}.txt` }, 'Export record'),
    h('a', { class: 'button analysis-link', href: `#/analysis/${id}` }, 'Analysis'),
  );
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') step(-1)();
    if (e.key === 'ArrowRight') step(1)();
  };
  window.addEventListener('keydown', onKey);
  app.replaceChildren(h('div', { class: 'game replay' }, h('div', { class: 'board-col' }, info, boardEl, combat, controls)));
  show(0).catch((e) => toast(String(e), 'error'));
  return () => window.removeEventListener('keydown', onKey);
}
