// The board-flip switch, remembered per game in this browser. The board never turns by itself: the seat a
// page plays stays at the bottom; only this switch turns it.
import { h } from './dom';

const key = (game: string) => `strat.flip.${game}`;

export function flipped(game: string): boolean {
  try {
    return localStorage.getItem(key(game)) === '1';
  } catch {
    return false;
  }
}

// The seat drawn at the bottom, once the player's choice is applied to the page's natural one.
export function bottomSeat(game: string, natural: number): number {
  return flipped(game) ? 1 - natural : natural;
}

export function flipButton(game: string, onChange: () => void): HTMLButtonElement {
  const on = flipped(game);
  return h(
    'button',
    {
      class: 'flip-btn', id: 'flip-btn', type: 'button', 'aria-pressed': on ? 'true' : 'false', title: 'Turn the board around (remembered for this game)',
      onclick: () => {
        localStorage.setItem(key(game), flipped(game) ? '0' : '1');
        onChange();
      },
    },
    '⇅ Flip board',
  );
}
