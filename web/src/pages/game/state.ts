// The game page's state: the snapshot as the server last described it, kept up to date by its messages, and the
// facts derived from it (whose turn, which side is at the bottom, who has left). No drawing here.
import { addToken, heldFor } from '../../links';
import type { MoveEntry, ServerMessage, Snapshot, TokenGrant } from '../../protocol';

// What a message changed, for the page to redraw: everything, the side panel, or nothing.
export type Change = 'all' | 'side' | 'none';

export class GameState {
  st: Snapshot | null = null;
  receivedAt = Date.now();
  shownViewer = -2; // hotseat with hidden information: who the screen was last handed to
  readonly goneShown = new Set<number>(); // seats this page has told the player are gone
  readonly seenOnline = new Set<number>(); // seats this page has seen connected
  private claimed: TokenGrant[] = [];

  constructor(public token: string) {}

  // Applies a message; says what to redraw and, for the page to tell, what happened.
  apply(m: ServerMessage): { change: Change; back?: string[]; resync?: boolean } {
    if (m.type === 'claimed') {
      // This browser took the invite's seat: its own link replaces the invite (which no longer works).
      this.token = m.token;
      this.claimed = m.tokens;
      return { change: 'none' };
    }
    if (m.type === 'state') {
      this.st = m;
      this.receivedAt = Date.now();
      // An opponent this page said had left is connected again (the server sends a state on every change).
      const back: string[] = [];
      m.players.forEach((p, k) => {
        if (!m.online[k]) return;
        this.seenOnline.add(k);
        if (this.goneShown.delete(k)) back.push(p.name);
      });
      for (const g of this.claimed) addToken(m.id, m.title, m.mode, g);
      this.claimed = [];
      const held = heldFor(m.id);
      if (!held || !held.tokens.some((t) => t.token === this.token))
        addToken(m.id, m.title, m.mode, { token: this.token, role: this.role(), acts: m.acts.reduce((a, s) => a | (1 << s), 0), sees: m.sees });
      return { change: 'all', back };
    }
    const s = this.st;
    if (!s) return { change: 'none' };
    if (m.type === 'move') {
      if (m.ply > s.moves.length) return { change: 'none', resync: true }; // missed something: ask again
      if (m.ply < s.moves.length) return { change: 'none' }; // already have it
      s.moves.push({ ply: m.ply, seat: m.seat, move: m.move, events: m.events });
      s.view = m.view;
      s.legal = m.legal;
      s.legal_moves = m.legal_moves;
      s.to_move = m.to_move;
      s.viewer = m.viewer;
      s.clocks = m.clocks;
      s.draw_offer = m.draw_offer;
      s.result = m.result;
      if (m.takeback_blocked !== undefined) s.takeback_blocked = m.takeback_blocked;
      s.ply = m.ply + 1;
      if (m.result) s.phase = 'over';
      this.receivedAt = Date.now();
      return { change: 'all' };
    }
    if (m.type === 'draw') {
      s.draw_offer = m.draw_offer;
      return { change: 'side' };
    }
    return { change: 'none' };
  }

  role(): TokenGrant['role'] {
    const s = this.st!;
    if (s.acts.length === 2) return 'hotseat';
    if (s.acts.length === 1) return s.acts[0] === 0 ? 'seat0' : 'seat1';
    return s.sees === 0 ? 'watch0' : s.sees === 1 ? 'watch1' : 'watch';
  }

  lastMove(): MoveEntry | null {
    const s = this.st;
    return s && s.moves.length ? s.moves[s.moves.length - 1] : null;
  }

  over(): boolean {
    return this.st?.phase === 'over';
  }

  // It is this page's player's turn (a human seat it acts for).
  myTurn(): boolean {
    const s = this.st;
    return !!s && s.phase === 'play' && s.acts.includes(s.to_move) && s.players[s.to_move]?.kind === 'human';
  }

  // The player's own side stays at the bottom, also once the game is over and shown whole (viewer -1); a
  // hotseat with hidden ranks shows the side the screen was handed to; otherwise the first side.
  naturalBottom(): number {
    const s = this.st!;
    if (s.acts.length === 1) return s.acts[0];
    if (s.sees === 0 || s.sees === 1) return s.sees;
    if (s.hidden_information) return s.viewer >= 0 ? s.viewer : Math.max(0, this.shownViewer);
    return 0;
  }

  // A human opponent who had joined and whose page is closed now (only one this page saw connected: a friend
  // who just took the invite is not "gone" before their page opens).
  gone(): Snapshot['players'][number][] {
    const s = this.st!;
    const out = s.players.filter((p, k) => !s.acts.includes(k) && p.kind === 'human' && p.joined && this.seenOnline.has(k) && !s.online[k]);
    for (const p of out) this.goneShown.add(p.seat);
    return out;
  }

  // Whether a hotseat game of hidden information must hand the screen over before showing the board.
  needsHandover(): boolean {
    const s = this.st!;
    return s.mode === 'hotseat' && s.hidden_information && s.phase === 'play' && s.viewer !== this.shownViewer;
  }
}
