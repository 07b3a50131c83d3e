// One game seen through one link (token): board, clocks, moves, captured pieces, draw and resignation, the setup
// editor before play, and the links to share. Kept apart as chessground keeps them: the state and what each
// message does to it (game/state.ts), the drawing (game/draw.ts) and what the page sends (game/input.ts); this
// file wires them to the socket and the page's life.
import { games } from '../catalog';
import { h, toast } from '../dom';
import { announce } from '../keyboard';
import { GameSocket } from '../net';
import type { ServerMessage } from '../protocol';
import { resetTitle, setGameTitle } from '../title';
import { resultSentence, sideName } from '../words';
import { drawBoard, drawSetup, drawSide, drawStatus, fmtClock, title, type GameDom } from './game/draw';
import { GameInput } from './game/input';
import { GameState } from './game/state';
import { gameHooks } from './game-hooks';
import { MoveHistory } from './history';

export function gamePage(app: HTMLElement, link: string): () => void {
  const g = new GameState(link);
  const dom: GameDom = {
    board: h('div', { class: 'board-wrap', id: 'board' }),
    status: h('div', { class: 'status-line', id: 'status' }),
    combat: h('div', { class: 'combat-line', id: 'combat' }),
    side: h('aside', { class: 'side' }),
    conn: h('span', { class: 'conn' }),
  };
  app.replaceChildren(h('div', { class: 'game' }, h('div', { class: 'board-col' }, dom.status, dom.board, dom.combat), dom.side));

  let setupKey = '';
  let ready = false; // the catalogue is in: names and constants can be drawn
  const socket = new GameSocket(link, onMessage, (up) => {
    dom.conn.textContent = up ? '' : 'reconnecting…';
    dom.conn.className = up ? 'conn' : 'conn down';
  });
  const input = new GameInput(socket);
  const hooks = gameHooks({ send: (m) => socket.send(m), token: () => g.token, rerender: () => drawSideNow() });
  // Stepping through the moves (pages/history.ts): the board at an earlier ply, read-only.
  const hist = new MoveHistory(
    () => (g.st ? { id: g.st.id, token: g.token, plies: g.st.moves.length, over: g.st.phase === 'over' } : null),
    () => render(),
    (message) => toast(message, 'error'),
  );
  void games().catch(() => []).then(() => {
    ready = true;
    render();
  });

  function onMessage(m: ServerMessage): void {
    const { change, back, resync } = g.apply(m);
    if (resync) input.resync();
    if (m.type === 'claimed') {
      socket.setToken(m.token);
      history.replaceState(null, '', `#/play/${m.token}`);
      toast('You took the seat. Keep this page\'s link to resume it from any browser.');
    } else if (m.type === 'move' && change === 'all' && g.st) {
      announce(`${sideName(g.st.players[m.seat]?.name ?? '')}: ${m.move ?? 'a move'}${m.result ? `. ${resultSentence(m.result, g.st.players)}` : ''}`);
    } else if (m.type === 'draw' && g.st && m.draw_offer >= 0 && !g.st.acts.includes(m.draw_offer)) {
      toast(`${sideName(g.st.players[m.draw_offer].name)} offers a draw`);
    } else if (m.type === 'error') {
      if (m.request === 'join') {
        app.replaceChildren(h('div', { class: 'card' }, h('h2', {}, 'Cannot open this game'), h('p', {}, m.message), h('a', { href: '#/' }, 'Back to the lobby')));
        socket.close();
        return;
      }
      toast(m.message, 'error');
      if (m.request === 'move' && g.st) render(); // put a dragged piece back
    } else if (m.type === 'setup_suggestion') {
      input.suggested(m.setup);
    }
    for (const name of back ?? []) toast(`${sideName(name)} is back`);
    if (change === 'all') render();
    else if (change === 'side') drawSideNow();
    hooks.message(m, g.st);
  }

  function render(): void {
    if (!g.st || !ready) return;
    const s = g.st;
    setGameTitle(title(g), g.myTurn() && s.acts.length > 0 ? 'your-move' : s.phase === 'over' ? 'over' : 'waiting');
    drawStatus(g, dom, hist);
    if (s.phase === 'setup') setupKey = drawSetup(g, dom, input, setupKey, render);
    else {
      setupKey = '';
      drawBoard(g, dom, hist, input, render);
    }
    drawSideNow();
  }

  function drawSideNow(): void {
    if (!g.st || !ready) return;
    drawSide(g, dom, hist, input, { actions: (a) => g.st && hooks.actions(g.st, a) }, render);
    hooks.clocks(g.st, dom.side, Date.now() - g.receivedAt);
  }

  // Clocks tick locally between messages.
  const tick = window.setInterval(() => {
    const s = g.st;
    if (!s?.clocks || s.clocks.running < 0 || s.phase !== 'play') return;
    const k = s.clocks.running;
    const el = dom.side.querySelector<HTMLElement>(`.clock[data-seat="${k}"]`);
    if (el) el.textContent = fmtClock(s.clocks.remaining_ms[k] - (Date.now() - g.receivedAt));
    hooks.clocks(s, dom.side, Date.now() - g.receivedAt);
  }, 250);

  return () => {
    resetTitle();
    hooks.dispose();
    window.clearInterval(tick);
    hist.dispose();
    socket.close();
  };
}
