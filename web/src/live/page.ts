// #/live/TOKEN: one device of a live game: the referee's or a team leader's (L-15..L-19). Everything on screen
// comes from the server's view for this link's role; actions go out as commands and come back as a new view on
// every device. Big type and high contrast: it is read outdoors, in the sun, at arm's length. Kept apart: the
// state (state.ts), the drawing (draw.ts) and the commands (input.ts); this file wires them.
import { h, toast } from '../dom';
import { heldByToken } from './api';
import { linksPanel } from './create';
import { announcement, livePageBody, type LiveCtx } from './draw';
import { LiveInput } from './input';
import { LiveSocket } from './socket';
import { LiveState } from './state';
import './live.css';

export function livePage(root: HTMLElement, token: string): () => void {
  const state = new LiveState();
  let overlay: HTMLElement | null = null;
  const page = h('div', { class: 'live live-page', id: 'live-page' }, h('p', { class: 'muted' }, 'Connecting…'));
  root.replaceChildren(page);

  const socket = new LiveSocket(
    token,
    (m) => {
      if (m.type === 'error') {
        toast(m.message, 'error');
        if (m.request === 'join') page.replaceChildren(h('p', { class: 'card' }, m.message));
        return;
      }
      const changed = state.apply(m);
      render();
      if (changed >= 0 && state.view) show(announcement(state.view, state.view.log[changed]));
    },
    (up) => {
      state.connected = up;
      const dot = document.getElementById('live-conn');
      if (dot) dot.className = up ? 'conn up' : 'conn down';
      if (dot) dot.textContent = up ? '● live' : '● offline, reconnecting';
    },
  );
  const ctx: LiveCtx = { form: state.form, input: new LiveInput(socket), render };

  function show(el: HTMLElement | null): void {
    overlay?.remove();
    overlay = el;
    if (!el) return;
    el.addEventListener('click', () => show(null));
    document.body.append(el);
  }

  function render(): void {
    const v = state.view;
    if (!v) return;
    const held = v.role === 'referee' ? heldByToken(token) : undefined;
    page.replaceChildren(...livePageBody(v, ctx, state.connected, held ? linksPanel(held) : null));
  }

  return () => {
    socket.close();
    show(null);
  };
}
