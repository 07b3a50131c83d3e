// The game page's drawing: the status line, the board (live or a stepped-back ply), the setup editor, and the
// side panel (players and clocks, actions, captured pieces, the move list, the links). Reads the state, draws,
// and hands every action to the input callbacks; it keeps nothing itself.
import { api } from '../../api';
import { strategoConstants } from '../../catalog';
import { copy, h } from '../../dom';
import { bottomSeat, flipButton } from '../../flip';
import { boardFor } from '../../games/registry';
import { heldFor, playLink } from '../../links';
import type { TokenGrant } from '../../protocol';
import { levelName } from '../../strength';
import { gameName, resultSentence, sideName } from '../../words';
import type { MoveHistory } from '../history';
import { moveList } from '../move-list';
import type { GameInput } from './input';
import type { GameState } from './state';

export interface GameDom {
  status: HTMLElement;
  board: HTMLElement;
  combat: HTMLElement;
  side: HTMLElement;
  conn: HTMLElement;
}

export function fmtClock(ms: number): string {
  const t = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(t / 60), sec = t % 60;
  return `${m}:${String(sec).padStart(2, '0')}`;
}

export function title(g: GameState): string {
  const s = g.st!;
  return gameName(s.game, s.variant, s.title);
}

export function drawStatus(g: GameState, dom: GameDom, hist: MoveHistory): void {
  const s = g.st!;
  const board = boardFor(s.game);
  let status = '';
  if (s.phase === 'setup') status = 'Setup: both sides place their pieces';
  else if (s.phase === 'over') status = s.result ? `Game over: ${resultSentence(s.result, s.players)}` : 'Game over';
  else {
    const mover = s.players[s.to_move];
    const name = sideName(mover.name);
    status = g.myTurn() ? (s.acts.length === 2 ? `${name} to move` : 'Your move') : mover.kind === 'computer' ? `${name} (computer) is thinking…` : `${name} to move`;
  }
  const waiting = s.players.find((p) => !p.joined);
  if (waiting && s.phase !== 'over') status += ` — ${sideName(waiting.name)} has not opened the invite link yet`;
  const gone = g.gone();
  const score = s.view && board.score ? board.score(s.view) : null;
  const presence = gone.length && s.phase !== 'over' ? h('div', { class: 'presence-notice', id: 'presence' }, `${gone.map((p) => sideName(p.name)).join(' and ')} left the game page (disconnected); the game waits for them to come back.`) : '';
  dom.status.replaceChildren(h('span', { class: 'title' }, title(g)), ' · ', h('span', { class: 'turn', id: 'turn' }, status), dom.conn, score ? h('div', {}, score) : '', presence);
  const past = hist.shown();
  if (past && s.phase !== 'setup')
    dom.status.append(h('div', { class: 'history-notice', id: 'history-notice' }, `Showing the board after move ${past.ply} of ${s.moves.length} — read-only. `, h('button', { type: 'button', class: 'primary', onclick: () => hist.live() }, 'Back to live')));
}

export function drawBoard(g: GameState, dom: GameDom, hist: MoveHistory, input: GameInput, redraw: () => void): void {
  const s = g.st!;
  const board = boardFor(s.game);
  if (g.needsHandover()) {
    const name = sideName(s.players[s.viewer].name);
    dom.board.replaceChildren(h('div', { class: 'handover' }, h('p', {}, `Pass the screen to ${name}.`), h('button', { class: 'primary', onclick: () => { g.shownViewer = s.viewer; redraw(); } }, `I am ${name}`)));
  } else if (s.view) {
    // The board never turns by itself: only the flip switch turns it (remembered per game).
    const bottom = bottomSeat(s.game, g.naturalBottom());
    const past = hist.shown();
    const common = { bottom, variant: s.variant, players: s.players };
    if (past) board.render(dom.board, { ...common, view: past.view, viewer: past.viewer, legal: [], last: past.last, play: () => {} });
    else board.render(dom.board, { ...common, view: s.view, viewer: s.viewer, legal: s.legal_moves, last: g.lastMove(), play: (move) => input.move(move, s.ply) });
  }
  const past = hist.shown();
  const last = past ? past.last : g.lastMove();
  const line = last && board.describe ? board.describe(last, s.players) : null;
  dom.combat.textContent = line ?? '';
  dom.combat.className = line ? 'combat-line show' : 'combat-line';
}

// The setup editor for the seat this screen sets up, or a waiting note; `key` says which editor is up, so a
// message that changes nothing for it does not throw away a half-made setup.
export function drawSetup(g: GameState, dom: GameDom, input: GameInput, key: string, redraw: () => void): string {
  const s = g.st!;
  const board = boardFor(s.game);
  const mine = s.acts.filter((k) => !s.setup?.done[k] || s.setup?.mine[String(k)]);
  // The seat this screen sets up: the first of its seats without a setup (hotseat: the first side, then the other).
  const seat = s.acts.find((k) => !s.setup?.done[k]) ?? mine[0];
  const constants = strategoConstants(s.variant);
  if (seat === undefined || !board.setupEditor || !constants) {
    dom.board.replaceChildren(h('div', { class: 'handover' }, h('p', {}, s.acts.length ? 'Waiting for the other side…' : 'The players are placing their pieces.')));
    return '';
  }
  const placed = s.setup?.mine[String(seat)] ?? null;
  const want = `${seat}:${placed ?? ''}`;
  if (want === key) return key;
  const name = sideName(s.players[seat].name);
  if (s.mode === 'hotseat' && s.hidden_information && g.shownViewer !== seat) {
    dom.board.replaceChildren(h('div', { class: 'handover' }, h('p', {}, `Pass the screen to ${name} to place their army.`), h('button', { class: 'primary', onclick: () => { g.shownViewer = seat; redraw(); } }, `I am ${name}`)));
    return '';
  }
  board.setupEditor(dom.board, {
    seat, variant: s.variant, constants, playerName: name, placed,
    submit: (setup) => input.setup(seat, setup),
    randomSetup: () => input.randomSetup(seat),
  });
  return want;
}

export interface SideHooks {
  actions(actions: HTMLElement): void; // take-back, rematch, sound (game-hooks.ts)
}

export function drawSide(g: GameState, dom: GameDom, hist: MoveHistory, input: GameInput, hooks: SideHooks, redraw: () => void): void {
  const s = g.st!;
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
    actions.append(h('button', { class: 'resign-btn', onclick: () => input.resign() }, 'Resign'));
    const theirOffer = s.draw_offer >= 0 && !s.acts.includes(s.draw_offer);
    const hotseatOffer = s.draw_offer >= 0 && s.acts.length === 2;
    if (theirOffer || hotseatOffer) {
      actions.append(h('button', { class: 'primary', onclick: () => input.draw('accept') }, 'Accept draw'), h('button', { onclick: () => input.draw('decline') }, 'Decline'));
    } else if (s.draw_offer >= 0) {
      actions.append(h('span', { class: 'muted' }, 'draw offered'));
    } else if (s.acts.length === 1 && s.players[1 - s.acts[0]].kind === 'human') {
      // Only to another person: the computer always declines, and on one screen there is no one to ask.
      actions.append(h('button', { class: 'draw-btn', onclick: () => input.draw('offer') }, 'Offer draw'));
    }
  }
  hooks.actions(actions);
  if (s.phase === 'play' || over) actions.append(flipButton(s.game, redraw));
  if (over)
    actions.append(h('a', { class: 'button analysis-link', href: `#/analysis/${s.id}` }, 'Analysis'), h('a', { class: 'button', href: `#/replay/${s.id}` }, 'Replay'), h('a', { class: 'button', href: api.recordUrl(s.id), download: `strat-${s.id}.txt` }, 'Export record'));

  // Links: the invite (the other seat) and the spectator link, when this browser holds them.
  const links = h('div', { class: 'links' });
  const held = heldFor(s.id);
  const other = (t: TokenGrant) => t.token !== g.token;
  const invite = over ? undefined : held?.tokens.find((t) => other(t) && t.role.startsWith('invite') && !s.players[t.acts === 1 ? 0 : 1].joined);
  const mySeat = s.acts.length === 1 ? s.acts[0] : -1;
  const watch = held?.tokens.find((t) => t.acts === 0 && (t.sees === -1 || t.sees === mySeat || (s.acts.length === 2 && t.sees === 0)));
  const linkRow = (label: string, token: string, cls: string) => {
    const url = playLink(token);
    return h('div', { class: `link-row ${cls}` }, h('span', {}, label), h('input', { readonly: true, value: url, 'aria-label': label, onclick: (e: Event) => e.target instanceof HTMLInputElement && e.target.select() }), h('button', { onclick: () => copy(url) }, 'Copy'));
  };
  if (invite) links.append(linkRow(`Invite link for ${sideName(s.players[invite.acts === 1 ? 0 : 1].name)}: send it to your friend (it works once)`, invite.token, 'invite'));
  if (watch) links.append(linkRow(s.hidden_information && watch.sees >= 0 ? `Spectator link (sees ${sideName(s.players[watch.sees].name)}'s view)` : 'Spectator link', watch.token, 'watch'));
  if (s.acts.length === 1) links.append(linkRow('Your seat (resume anywhere)', g.token, 'self'));

  const moves = moveList(s.moves, s.players, board, { current: hist.viewing() });
  hist.decorate(moves);
  // Captured pieces as on the board shown: a stepped-back board shows what was captured by then.
  const shown = hist.shown()?.view ?? s.view;
  const capturedEl = shown && board.captured ? board.captured(shown, s.variant) : null;
  dom.side.replaceChildren(invite ? links : '', players, actions, capturedEl ?? '', h('h3', {}, `Moves (${Math.ceil(s.moves.length / 2)})`), moves, s.moves.length ? hist.controls() : '', invite ? '' : links);
  const current = moves.querySelector<HTMLElement>('li.current');
  if (current) moves.scrollTop = current.offsetTop - moves.clientHeight / 2;
  else moves.scrollTop = moves.scrollHeight;
}
