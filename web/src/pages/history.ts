// Stepping through the move list of the game page: a click on a move, the buttons or the Left/Right keys show
// the board at that moment, read-only, until "Back to live". Each ply's board comes from the server
// (GET /api/games/ID/views, docs/server.md) as this page's seat saw it then: never what it did not know.
import { api } from '../api';
import { h } from '../dom';
import { announce } from '../keyboard';
import type { ViewFrame } from '../protocol';

export class MoveHistory {
  private ply: number | null = null; // null: the live board
  private frame: ViewFrame | null = null;
  private cache = new Map<string, ViewFrame>();
  private request = 0;

  constructor(
    private where: () => { id: string; token: string; plies: number; over: boolean } | null,
    private changed: () => void,
    private failed: (message: string) => void,
  ) {
    window.addEventListener('keydown', this.onKey);
  }

  // The frame shown instead of the live board, or null when live.
  shown(): ViewFrame | null {
    return this.ply === null ? null : this.frame;
  }
  viewing(): number | null {
    return this.ply;
  }

  async show(ply: number): Promise<void> {
    const w = this.where();
    if (!w) return;
    ply = Math.max(0, Math.min(w.plies, ply));
    // The live position needs no request: the last ply is the board as it is now.
    if (ply === w.plies) return this.live();
    // Views change once the game is over (it is then shown whole): the cache key says which.
    const key = `${w.over ? 'over' : 'play'}:${ply}`;
    const mine = ++this.request;
    let f = this.cache.get(key);
    if (!f) {
      try {
        f = await api.views(w.id, w.token, ply);
      } catch (e) {
        return this.failed(e instanceof Error ? e.message : String(e));
      }
      this.cache.set(key, f);
    }
    if (mine !== this.request) return; // a later step overtook this one
    this.ply = ply;
    this.frame = f;
    announce(`Showing the board after move ${ply} of ${w.plies}${f.last?.move ? `: ${f.last.move}` : ''}. Read-only.`);
    this.changed();
  }

  live(): void {
    ++this.request;
    const was = this.ply;
    this.ply = null;
    this.frame = null;
    if (was !== null) announce('Back to the live board.');
    this.changed();
  }

  step(d: number): void {
    const w = this.where();
    if (!w) return;
    const from = this.ply ?? w.plies;
    void this.show(from + d);
  }

  // The controls under the move list.
  controls(): HTMLElement {
    const w = this.where();
    const plies = w?.plies ?? 0;
    const at = this.ply ?? plies;
    const btn = (text: string, title: string, cls: string, go: () => void, disabled: boolean) =>
      h('button', { type: 'button', class: cls, title, 'aria-label': title, onclick: go, disabled }, text);
    return h(
      'div',
      { class: 'history-controls', id: 'history-controls' },
      btn('«', 'First position', 'hist-first', () => void this.show(0), at === 0),
      btn('◀', 'Previous move', 'hist-prev', () => this.step(-1), at === 0),
      btn('▶', 'Next move', 'hist-next', () => this.step(1), at >= plies),
      btn('»', 'Last move', 'hist-last', () => this.live(), at >= plies),
      this.ply !== null ? h('button', { type: 'button', class: 'primary hist-live', id: 'back-to-live', onclick: () => this.live() }, 'Back to live') : '',
    );
  }

  // Makes each move of the list (move-list.ts) open the board after it.
  decorate(list: HTMLElement): void {
    list.classList.add('steppable');
    list.querySelectorAll<HTMLElement>('li[data-ply]').forEach((li) => {
      li.tabIndex = 0;
      li.setAttribute('role', 'button');
      const go = () => void this.show(Number(li.dataset.ply));
      li.addEventListener('click', go);
      li.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          go();
        }
      });
    });
  }

  dispose(): void {
    window.removeEventListener('keydown', this.onKey);
  }

  // Left and Right step when no field or board has the keys (the board's cursor uses the arrows itself).
  private onKey = (e: KeyboardEvent) => {
    const t = e.target instanceof HTMLElement ? e.target : null;
    if (t && (t.closest('input, textarea, select, [role="application"]') || t.isContentEditable)) return;
    if (e.key === 'ArrowLeft') this.step(-1);
    else if (e.key === 'ArrowRight') this.step(1);
    else return;
    e.preventDefault();
  };
}
