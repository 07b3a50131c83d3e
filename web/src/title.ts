// The tab says whose move it is: its title ("● Your move · Stratego — strat") and its icon (the app's icon with
// a dot), so a player in another tab sees at a glance that the game waits for them.
const ICON_PLAIN =
  "<rect width='16' height='16' rx='3' fill='%23b33'/><path d='M4 12V4h5a2 2 0 010 4H4' stroke='white' stroke-width='2' fill='none'/>";
const DOT = "<circle cx='12.5' cy='3.5' r='3.5' fill='%2322c55e' stroke='white' stroke-width='1'/>";

function icon(dot: boolean): string {
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E${ICON_PLAIN}${dot ? DOT : ''}%3C/svg%3E`;
}

function setIcon(dot: boolean): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  const href = icon(dot);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  link.dataset.yourMove = dot ? '1' : '0';
}

export function setGameTitle(game: string, state: 'your-move' | 'over' | 'waiting'): void {
  const prefix = state === 'your-move' ? '● Your move · ' : state === 'over' ? 'Game over · ' : '';
  document.title = `${prefix}${game} — strat`;
  setIcon(state === 'your-move');
}

export function resetTitle(): void {
  document.title = 'strat';
  setIcon(false);
}
