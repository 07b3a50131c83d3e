// The fallback board for games without their own renderer: the view as text and the legal moves as buttons,
// so every registered game can be played from the day its engine lands.
import { h } from '../dom';
import type { GameView } from '../protocol';
import type { BoardModule } from './types';

export const generic: BoardModule<GameView> = {
  render(el, ctx) {
    const text = 'position' in ctx.view && typeof ctx.view.position === 'string' ? ctx.view.position : JSON.stringify(ctx.view, null, 1);
    const moves = h('div', { class: 'generic-moves' });
    for (const m of ctx.legal) moves.append(h('button', { class: 'move-btn', onclick: () => ctx.play(m.move) }, m.move));
    const form = h('form', { class: 'generic-form' });
    const input = h('input', { name: 'move', placeholder: 'move in notation', autocomplete: 'off' });
    form.append(input, h('button', { type: 'submit' }, 'Play'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (input.value.trim()) ctx.play(input.value.trim());
    });
    el.replaceChildren(h('pre', { class: 'generic-view' }, text), ctx.legal.length ? moves : '', ctx.legal.length ? form : '');
  },
};
