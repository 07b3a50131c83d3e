// One game seen through one link (token): board, clocks, moves, captured pieces, draw and resignation,
// the setup editor before play, and the links to share.
import { addToken, api, heldFor, playLink, type MoveEntry, type Snapshot, type TokenGrant } from '../api';
import { copy, h, toast } from '../dom';
import { boardFor } from '../games/registry';
import { GameSocket } from '../net';
import { levelName, sideName } from '../strength';
import type { ServerMessage } from '../messages';
import { resetTitle, setGameTitle } from '../title';
import { gameHooks } from './game-hooks';
import { bottomSeat, flipButton } from '../flip';
import { announce } from '../keyboard';
import { MoveHistory } from './history';

function roleOf(s: Snapshot): string {
  if (s.acts.length === 2) return 'hotseat';
  if (s.acts.length === 1) return `seat${s.acts[0]}`;
  return s.sees < 0 ? 'watch' : `watch${s.sees}`;
}

function fmtClock(ms: number): string {
  const t = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(t / 60), sec = t % 60;
  return `${m}:${String(sec).padStart(2, '0')}`;
}

export function gamePage(app: HTMLElement, link: string): () => void {
  let token = link;
  let claimed: TokenGrant[] = [];
  let st: Snapshot | null = null;
  let receivedAt = Date.now();
  let shownViewer = -2; // hotseat with hidden information: who the screen was last handed to
  let setupKey = '';
  const boardEl = h('div', { class: 'board-wrap', id: 'board' });
  const statusEl = h('div', { class: 'status-line', id: 'status' });
  const combatEl = h('div', { class: 'combat-line', id: 'combat' });
  const sideEl = h('aside', { class: 'side' });
  const connEl = h('span', { class: 'conn' });
  const page = h('div', { class: 'game' }, h('div', { class: 'board-col' }, statusEl, boardEl, combatEl), sideEl);
  app.replaceChildren(page);

  const hooks = gameHooks({ send: (m) => socket.send(m), token: () => token, rerender: () => renderSide() });
  const socket = new GameSocket(token, onMessage, (up) => {
    connEl.textContent = up ? '' : 'reconnecting…';
    connEl.className = up ? 'conn' : 'conn down';
  });

  // Stepping through the moves (pages/history.ts): the board at an earlier ply, read-only.
  const hist = new MoveHistory(
    () => (st ? { id: st.id, token, plies: st.moves.length, over: st.phase === 'over' } : null),
    () => render(),
    (message) => toast(message, 'error'),
  );

  function onMessage(m: ServerMessage): void {
    handle(m);
    hooks.message(m, st);
  }

  function handle(m: ServerMessage): void {
    if (m.type === 'claimed') {
      // This browser took the invite's seat: its own link replaces the invite (which no longer works).
      token = m.token;
      claimed = m.tokens;
      socket.setToken(token);
      history.replaceState(null, '', `#/play/${token}`);
      toast('You took the seat. Keep this page\'s link to resume it from any browser.');
    } else if (m.type === 'state') {
      st = m;
      receivedAt = Date.now();
      // An opponent this page said had left is connected again (the server sends a state on every change).
      st.players.forEach((p, k) => {
        if (!st!.online?.[k]) return;
        seenOnline.add(k);
        if (goneShown.delete(k)) toast(`${sideName(p.name)} is back`);
      });
      for (const g of claimed) addToken(st.id, st.title, st.mode, g);
      claimed = [];
      const held = heldFor(st.id);
      if (!held || !held.tokens.some((t) => t.token === token))
        addToken(st.id, st.title, st.mode, { token, role: roleOf(st), acts: st.acts.reduce((a, s) => a | (1 << s), 0), sees: st.sees });
      render();
    } else if (m.type === 'move' && st) {
      if (m.ply > st.moves.length) return socket.send({ type: 'state' }); // missed something: resync
      if (m.ply < st.moves.length) return; // already have it
      st.moves.push({ ply: m.ply, seat: m.seat, move: m.move, events: m.events });
      st.view = m.view;
      st.legal = m.legal;
      st.legal_moves = m.legal_moves;
      st.to_move = m.to_move;
      st.viewer = m.viewer;
      st.clocks = m.clocks;
      st.draw_offer = m.draw_offer;
      st.result = m.result;
      if (m.takeback_blocked !== undefined) st.takeback_blocked = m.takeback_blocked;
      st.ply = m.ply + 1;
      if (m.result) st.phase = 'over';
      receivedAt = Date.now();
      announce(`${sideName(st.players[m.seat]?.name ?? '')}: ${m.move ?? 'a move'}${m.result ? `. ${m.result.text}` : ''}`);
      render();
    } else if (m.type === 'draw' && st) {
      st.draw_offer = m.draw_offer;
      if (st.draw_offer >= 0 && !st.acts.includes(st.draw_offer)) toast(`${st.players[st.draw_offer].name} offers a draw`);
      renderSide();
    } else if (m.type === 'error') {
      if (m.request === 'join') {
        app.replaceChildren(h('div', { class: 'card' }, h('h2', {}, 'Cannot open this game'), h('p', {}, m.message), h('a', { href: '#/' }, 'Back to the lobby')));
        socket.close();
        return;
      }
      toast(m.message, 'error');
      if (m.request === 'move' && st) render(); // put a dragged piece back
    } else if (m.type === 'setup_suggestion') {
      pendingRandom?.(m.setup);
      pendingRandom = null;
    }
  }

  const goneShown = new Set<number>(); // seats this page has told the player are gone
  const seenOnline = new Set<number>(); // seats this page has seen connected
  let pendingRandom: ((s: string) => void) | null = null;

  function lastMove(): MoveEntry | null {
    return st && st.moves.length ? st.moves[st.moves.length - 1] : null;
  }

  function render(): void {
    if (!st) return;
    const s = st;
    const board = boardFor(s.game);
    const over = s.phase === 'over';
    // Status line.
    let status = '';
    if (s.phase === 'setup') status = 'Setup: both sides place their pieces';
    else if (over) status = `Game over: ${s.result?.text ?? ''}`;
    else {
      const mover = s.players[s.to_move];
      const mine = s.acts.includes(s.to_move) && mover.kind === 'human';
      const name = sideName(mover.name);
      status = mine ? (s.acts.length === 2 ? `${name} to move` : 'Your move') : mover.kind === 'computer' ? `${name} (computer) is thinking…` : `${name} to move`;
    }
    // The tab says which game, and "Your move" when it is this player's turn.
    const myTurn = !over && s.phase === 'play' && s.acts.length > 0 && s.acts.includes(s.to_move) && s.players[s.to_move]?.kind === 'human';
    setGameTitle(s.title, myTurn ? 'your-move' : over ? 'over' : 'waiting');
    // A human opponent who had joined and whose page is closed now.
    // (Only one this page saw connected: a friend who just took the invite is not "gone" before their page opens.)
    const gone = s.online ? s.players.filter((p, k) => !s.acts.includes(k) && p.kind === 'human' && p.joined && seenOnline.has(k) && !s.online![k]) : [];
    for (const p of gone) goneShown.add(p.seat);
    const waiting = s.players.find((p) => !p.joined);
    if (waiting && !over) status += ` — ${waiting.name} has not opened the invite link yet`;
    const score = s.view && board.score ? board.score(s.view) : null;
    const presence = gone.length && !over ? h('div', { class: 'presence-notice', id: 'presence' }, `${gone.map((p) => sideName(p.name)).join(' and ')} left the game page (disconnected); the game waits for them to come back.`) : '';
    statusEl.replaceChildren(h('span', { class: 'title' }, s.title), ' · ', h('span', { class: 'turn', id: 'turn' }, status), connEl, score ? h('div', {}, score) : '', presence);

    if (s.phase === 'setup') {
      renderSetup();
    } else {
      setupKey = '';
      // Hotseat with hidden ranks: hand the screen over between turns so neither sees the other's army.
      if (s.mode === 'hotseat' && s.hidden_information && !over && s.viewer !== shownViewer) {
        const name = s.players[s.viewer].name;
        boardEl.replaceChildren(h('div', { class: 'handover' }, h('p', {}, `Pass the screen to ${name}.`), h('button', { class: 'primary', onclick: () => { shownViewer = s.viewer; render(); } }, `I am ${name}`)));
      } else {
        if (s.view) {
          // The player's own side stays at the bottom, also once the game is over and shown whole (viewer -1);
          // a hotseat with hidden ranks shows the side the screen was handed to; otherwise the first side. The
          // board never turns by itself: only the flip switch turns it (remembered per game).
          const natural = s.acts.length === 1 ? s.acts[0] : s.sees === 0 || s.sees === 1 ? s.sees : s.hidden_information && s.viewer >= 0 ? s.viewer : s.hidden_information ? Math.max(0, shownViewer) : 0;
          const bottom = bottomSeat(s.game, natural);
          const past = hist.shown();
          if (past) board.render(boardEl, { view: past.view, viewer: past.viewer, bottom, legal: [], last: past.last, players: s.players, play: () => {} });
          else board.render(boardEl, { view: s.view, viewer: s.viewer, bottom, legal: s.legal, last: lastMove(), players: s.players, play: (move) => socket.send({ type: 'move', move, ply: s.ply }) });
        }
      }
      const past = hist.shown();
      if (past) statusEl.append(h('div', { class: 'history-notice', id: 'history-notice' }, `Showing the board after move ${past.ply} of ${s.moves.length} — read-only. `, h('button', { type: 'button', class: 'primary', onclick: () => hist.live() }, 'Back to live')));
      const last = past ? past.last : lastMove();
      const line = last && board.describe ? board.describe(last, s.players) : null;
      combatEl.textContent = line ?? '';
      combatEl.className = line ? 'combat-line show' : 'combat-line';
    }
    renderSide();
  }

  function renderSetup(): void {
    const s = st!;
    const board = boardFor(s.game);
    const mine = s.acts.filter((k) => !s.setup?.done[k] || s.setup?.mine[String(k)]);
    // The seat this screen sets up: the first of its seats without a setup (hotseat: red, then blue).
    const seat = s.acts.find((k) => !s.setup?.done[k]) ?? mine[0];
    if (seat === undefined || !board.setupEditor) {
      setupKey = '';
      boardEl.replaceChildren(h('div', { class: 'handover' }, h('p', {}, s.acts.length ? 'Waiting for the other side…' : 'The players are placing their pieces.')));
      return;
    }
    const placed = s.setup?.mine[String(seat)] ?? null;
    const key = `${seat}:${placed ?? ''}`;
    if (key === setupKey) return;
    if (s.mode === 'hotseat' && s.hidden_information && shownViewer !== seat) {
      setupKey = '';
      const name = s.players[seat].name;
      boardEl.replaceChildren(h('div', { class: 'handover' }, h('p', {}, `Pass the screen to ${name} to place their army.`), h('button', { class: 'primary', onclick: () => { shownViewer = seat; render(); } }, `I am ${name}`)));
      return;
    }
    setupKey = key;
    board.setupEditor(boardEl, {
      seat,
      variant: s.variant || 'classic',
      playerName: s.players[seat].name,
      placed,
      submit: (setup) => socket.send({ type: 'setup', seat, setup }),
      randomSetup: () =>
        new Promise<string>((resolve) => {
          pendingRandom = resolve;
          socket.send({ type: 'random_setup', seat });
        }),
    });
  }

  function renderSide(): void {
    if (!st) return;
    const s = st;
    const board = boardFor(s.game);
    const over = s.phase === 'over';
    const players = h('div', { class: 'players' });
    s.players.forEach((p, k) => {
      const clock = s.clocks ? h('span', { class: 'clock' + (s.clocks.running === k ? ' running' : ''), 'data-seat': k }, fmtClock(s.clocks.remaining_ms[k])) : '';
      const you = s.acts.includes(k) ? (s.acts.length === 2 ? '' : ' (you)') : '';
      // A computer is named by its strength in words (Beginner, Club, ...), never by its agent spec.
      const level = p.kind === 'computer' ? levelName(p.agent) : null;
      players.append(h('div', { class: `player side${k}` + (s.to_move === k ? ' to-move' : '') }, h('span', { class: 'dot', style: board.colors ? `background:${board.colors[k]}` : undefined }), `${sideName(p.name)}${you}`, p.kind === 'computer' ? h('span', { class: 'muted computer-level' }, ` computer${level ? ` · ${level}` : ''}`) : '', clock));
    });

    const actions = h('div', { class: 'actions' });
    if (!over && s.acts.length && s.phase === 'play') {
      actions.append(h('button', { class: 'resign-btn', onclick: () => { if (confirm('Resign this game?')) socket.send({ type: 'resign' }); } }, 'Resign'));
      const theirOffer = s.draw_offer >= 0 && !s.acts.includes(s.draw_offer);
      const hotseatOffer = s.draw_offer >= 0 && s.acts.length === 2;
      if (theirOffer || hotseatOffer) {
        actions.append(h('button', { class: 'primary', onclick: () => socket.send({ type: 'draw', action: 'accept' }) }, 'Accept draw'), h('button', { onclick: () => socket.send({ type: 'draw', action: 'decline' }) }, 'Decline'));
      } else if (s.draw_offer >= 0) {
        actions.append(h('span', { class: 'muted' }, 'draw offered'));
      } else if (!s.players.some((p, k) => !s.acts.includes(k) && p.kind === 'computer')) {
        // The computer always declines: no offer against it.
        actions.append(h('button', { class: 'draw-btn', onclick: () => socket.send({ type: 'draw', action: 'offer' }) }, 'Offer draw'));
      }
    }
    hooks.actions(s, actions);
    if (s.phase === 'play' || over) actions.append(flipButton(s.game, render));
    if (over) {
      actions.append(h('a', { class: 'button analysis-link', href: `#/analysis/${s.id}` }, 'Analysis'), h('a', { class: 'button', href: `#/replay/${s.id}` }, 'Replay'), h('a', { class: 'button', href: api.recordUrl(s.id), download: `strat-${s.id}.txt` }, 'Export record'));
    }

    // Links: the invite (the other seat) and the spectator link, when this browser holds them.
    const links = h('div', { class: 'links' });
    const held = heldFor(s.id);
    const other = (t: TokenGrant) => t.token !== token;
    const invite = over ? undefined : held?.tokens.find((t) => other(t) && t.role.startsWith('invite') && !s.players[t.acts === 1 ? 0 : 1].joined);
    const mySeat = s.acts.length === 1 ? s.acts[0] : -1;
    const watch = held?.tokens.find((t) => t.acts === 0 && (t.sees === -1 || t.sees === mySeat || (s.acts.length === 2 && t.sees === 0)));
    const linkRow = (label: string, t: TokenGrant, cls: string) => {
      const url = playLink(t.token);
      return h('div', { class: `link-row ${cls}` }, h('span', {}, label), h('input', { readonly: true, value: url, onclick: (e: Event) => (e.target as HTMLInputElement).select() }), h('button', { onclick: () => copy(url) }, 'Copy'));
    };
    if (invite) links.append(linkRow(`Invite link for ${s.players[invite.acts === 1 ? 0 : 1].name}: send it to your friend (it works once)`, invite, 'invite'));
    if (watch) links.append(linkRow(s.hidden_information && watch.sees >= 0 ? `Spectator link (sees ${s.players[watch.sees].name}'s view)` : 'Spectator link', watch, 'watch'));
    if (s.acts.length === 1) links.append(linkRow('Your seat (resume anywhere)', { token, role: '', acts: 0, sees: 0 }, 'self'));

    const moves = h('ol', { class: 'moves', id: 'moves' });
    s.moves.forEach((m) => {
      const line = board.describe ? board.describe(m, s.players) : null;
      // Each move is marked with its side's colour in this game (a dot) and named in the tooltip.
      const who = h('span', { class: 'who', style: board.colors ? `background:${board.colors[m.seat]}` : undefined });
      moves.append(h('li', { class: `side${m.seat}`, title: `${sideName(s.players[m.seat]?.name ?? '')}: ${line ?? (m.events.join(', ') || m.move || 'a hidden move')}` }, h('span', { class: 'num' }, `${m.ply + 1}.`), who, m.move ?? '(hidden)', board.short?.(m) ? h('span', { class: 'fight' }, ` ${board.short(m)}`) : line ? h('span', { class: 'fight' }, ' ⚔') : ''));
    });
    hist.decorate(moves);
    const capturedEl = s.view && board.captured ? board.captured(s.view) : null;
    sideEl.replaceChildren(invite ? links : '', players, actions, capturedEl ?? '', h('h3', {}, `Moves (${s.moves.length})`), moves, s.moves.length ? hist.controls() : '', invite ? '' : links);
    const current = moves.querySelector<HTMLElement>('li.current');
    if (current) moves.scrollTop = current.offsetTop - moves.clientHeight / 2;
    else moves.scrollTop = moves.scrollHeight;
    hooks.clocks(s, sideEl, Date.now() - receivedAt);
  }

  // Clocks tick locally between messages.
  const tick = window.setInterval(() => {
    if (!st?.clocks || st.clocks.running < 0 || st.phase !== 'play') return;
    const k = st.clocks.running;
    const el = sideEl.querySelector<HTMLElement>(`.clock[data-seat="${k}"]`);
    if (el) el.textContent = fmtClock(st.clocks.remaining_ms[k] - (Date.now() - receivedAt));
    hooks.clocks(st, sideEl, Date.now() - receivedAt);
  }, 250);

  return () => {
    resetTitle();
    hooks.dispose();
    window.clearInterval(tick);
    hist.dispose();
    socket.close();
  };
}
