// The dialog shown when a game ends: who won and why in words, a rematch (the same opponent, colours swapped: at
// once against the computer; offered and accepted between two players) and a new game. A centred dialog over a
// dimmed page, so the end of a game cannot be missed; Close leaves the final board to look at.
import { h } from '../dom';
import type { RematchInfo, Snapshot } from '../protocol';
import { howDrawn, howWon, sideName } from '../words';

export interface RematchControls {
  offer(): void;
  accept(): void;
  decline(): void;
}

function headline(s: Snapshot): string {
  const r = s.result;
  if (!r) return 'Game over';
  if (r.status === 'draw') return 'Draw';
  if (s.acts.length === 1) return s.acts[0] === r.winner ? 'You won' : 'You lost';
  return `${sideName(s.players[r.winner]?.name ?? '')} won`;
}

function reasonText(s: Snapshot): string {
  const r = s.result;
  if (!r) return '';
  const how = r.status === 'draw' ? howDrawn(r.reason) : howWon(r.reason);
  if (r.status === 'win' && s.acts.length === 1) return `${sideName(s.players[r.winner]?.name ?? '')} won ${how}`.trim();
  return how ? how[0].toUpperCase() + how.slice(1) : '';
}

// The rematch buttons for this page (also shown under the board once the dialog is closed); empty for a
// spectator or a game with no human player.
export function rematchButtons(s: Snapshot, rematch: RematchInfo, c: RematchControls): HTMLElement[] {
  if (s.phase !== 'over' || !s.acts.length) return [];
  if (rematch.game) {
    return rematch.token ? [h('a', { class: 'button primary rematch-go', href: `#/play/${rematch.token}` }, 'Go to the rematch')] : [];
  }
  if (s.mode !== 'friend') return [h('button', { class: 'primary rematch-btn', onclick: c.offer }, 'Rematch')];
  const mine = rematch.offer >= 0 && s.acts.includes(rematch.offer);
  if (mine) return [h('button', { class: 'rematch-btn', disabled: true }, 'Rematch offered…')];
  if (rematch.offer >= 0)
    return [h('button', { class: 'primary rematch-accept', onclick: c.accept }, 'Accept rematch'), h('button', { class: 'rematch-decline', onclick: c.decline }, 'Decline')];
  return [h('button', { class: 'primary rematch-btn', onclick: c.offer }, 'Rematch')];
}

// Draws (or redraws) the dialog into `host`; `close` hides it for the rest of this page's life.
export function renderResultDialog(host: HTMLElement, s: Snapshot, rematch: RematchInfo, c: RematchControls, close: () => void): void {
  const theirOffer = s.mode === 'friend' && rematch.offer >= 0 && !s.acts.includes(rematch.offer) && !rematch.game;
  const spectatorNote = !s.acts.length && rematch.game ? h('p', { class: 'muted' }, 'The players started a rematch.') : '';
  const won = s.result?.status === 'win' && s.acts.length === 1 ? (s.acts[0] === s.result.winner ? ' won' : ' lost') : '';
  host.replaceChildren(
    h('div', { class: 'result-backdrop', onclick: close }),
    h('div', { class: `result-card${won}`, role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'result-title' },
      h('h2', { id: 'result-title' }, headline(s)),
      h('p', { class: 'result-reason' }, reasonText(s)),
      theirOffer ? h('p', { class: 'rematch-note' }, `${sideName(s.players[rematch.offer].name)} offers a rematch.`) : '',
      spectatorNote,
      h('div', { class: 'result-actions' },
        ...rematchButtons(s, rematch, c),
        h('a', { class: 'button new-game-btn', href: '#/' }, 'New game'),
        h('button', { class: 'result-close', onclick: close, 'aria-label': 'Close' }, 'Close'))));
  host.hidden = false;
}
