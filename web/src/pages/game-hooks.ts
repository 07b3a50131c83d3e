// What the game page does around the board, kept apart from its drawing: sounds, the tab's title and icon,
// the low-time warning on clocks, take-back against the computer, the result dialog with its rematch, the
// mute toggle, and registering this browser's seat in "your games" on the server.
import { h, toast } from '../dom';
import { addToken } from '../links';
import type { ClientMessage, RematchInfo, ServerMessage, Snapshot } from '../protocol';
import { registerGame } from '../player';
import { isMuted, playSound, setMuted, soundOfMove } from '../sound';
import { sideName } from '../words';
import { rematchButtons, renderResultDialog, type RematchControls } from './result-dialog';

// The warning starts under a tenth of the starting time, but never later than 20 s nor earlier than 5 s left.
export function lowTimeMs(initialMs: number | undefined): number {
  if (!initialMs) return 20000;
  return Math.min(20000, Math.max(5000, initialMs / 10));
}

export interface GameHooks {
  message(m: ServerMessage, st: Snapshot | null): void;
  actions(s: Snapshot, actions: HTMLElement): void;
  clocks(s: Snapshot, side: HTMLElement, elapsedMs: number): void;
  dispose(): void;
}

export function gameHooks(opts: { send: (m: ClientMessage) => void; token: () => string; rerender: () => void }): GameHooks {
  let rematch: RematchInfo = { offer: -1, game: null, token: null, tokens: [] };
  let wantRematch = false; // this page asked for or accepted the rematch: it goes there once made
  let lastPhase = '';
  let dismissed = false;
  const lowSounded = new Set<number>();
  let snapshot: Snapshot | null = null;
  const dialog = h('div', { class: 'result-dialog', id: 'result-dialog', hidden: true });
  document.body.append(dialog);

  const controls: RematchControls = {
    offer: () => {
      wantRematch = true;
      opts.send({ type: 'rematch', action: 'offer' });
    },
    accept: () => {
      wantRematch = true;
      opts.send({ type: 'rematch', action: 'accept' });
    },
    decline: () => opts.send({ type: 'rematch', action: 'decline' }),
  };

  function showDialog(): void {
    const s = snapshot;
    if (!s || s.phase !== 'over' || dismissed) {
      dialog.hidden = true;
      return;
    }
    renderResultDialog(dialog, s, rematch, controls, () => {
      dismissed = true;
      dialog.hidden = true;
    });
  }

  function onRematch(info: RematchInfo): void {
    const before = rematch;
    rematch = info;
    const s = snapshot;
    if (s && info.game && info.game !== before.game) {
      for (const t of info.tokens) addToken(info.game, s.title, s.mode, t);
      if (wantRematch && info.token) {
        location.hash = `#/play/${info.token}`;
        return;
      }
    }
    if (s && info.offer >= 0 && info.offer !== before.offer && !s.acts.includes(info.offer) && s.acts.length)
      toast(`${sideName(s.players[info.offer].name)} offers a rematch`);
    if (s && before.offer >= 0 && info.offer < 0 && !info.game && s.acts.includes(before.offer)) toast('The rematch was declined');
    showDialog();
    opts.rerender();
  }

  return {
    message(m, st) {
      if (m.type === 'rematch') return onRematch(m);
      if (!st) return;
      snapshot = st;
      if (m.type === 'state') {
        if (st.acts.length) registerGame(opts.token());
        if (st.rematch) {
          const changed = JSON.stringify(st.rematch) !== JSON.stringify(rematch);
          if (changed) onRematch(st.rematch);
        }
        if (lastPhase === 'play' && st.phase === 'over') playSound('end');
      } else if (m.type === 'move') {
        playSound(soundOfMove(m.events, !!m.result));
      }
      if (st.phase !== 'over') dismissed = false;
      lastPhase = st.phase;
      showDialog();
    },

    actions(s, actions) {
      const mine = s.acts.length === 1 ? s.acts[0] : -1;
      // A take-back never undoes a move that showed this player something hidden: the button then says why.
      if (s.takeback && s.phase === 'play' && mine >= 0 && s.to_move === mine && s.moves.some((m) => m.seat === mine)) {
        const blocked = s.takeback_blocked ?? '';
        actions.append(h('button', { class: 'takeback-btn', disabled: !!blocked, title: blocked || 'Take back your last move and the answer to it', onclick: () => opts.send({ type: 'takeback' }) }, 'Take back'));
        if (blocked) actions.append(h('span', { class: 'muted takeback-note' }, 'No take-back: your last turn showed you a hidden piece or card.'));
      }
      if (s.phase === 'over' && dismissed) actions.append(...rematchButtons(s, rematch, controls));
      const muted = isMuted();
      actions.append(h('button', { class: 'sound-toggle', id: 'sound-toggle', 'aria-pressed': muted ? 'true' : 'false', title: muted ? 'Sounds are off' : 'Sounds are on', onclick: () => {
        setMuted(!isMuted());
        opts.rerender();
      } }, muted ? 'Sound off' : 'Sound on'));
    },

    clocks(s, side, elapsedMs) {
      if (!s.clocks) return;
      const limit = lowTimeMs(s.clocks.initial_ms);
      for (const k of [0, 1]) {
        const el = side.querySelector<HTMLElement>(`.clock[data-seat="${k}"]`);
        const left = s.clocks.remaining_ms[k] - (s.clocks.running === k ? elapsedMs : 0);
        const low = s.phase === 'play' && left < limit;
        el?.classList.toggle('low', low);
        if (!low) lowSounded.delete(k);
        else if (s.clocks.running === k && s.acts.includes(k) && !lowSounded.has(k)) {
          lowSounded.add(k);
          playSound('low');
        }
      }
    },

    dispose() {
      dialog.remove();
    },
  };
}
