// The lobby's "Your games": the games this browser's player identity holds on the server (player.ts), with the
// opponent, the game, the result for this player in words, the date and a link back into the game. Games this
// browser knows only from its local links (from before it had an identity) follow.
import { h } from '../dom';
import { heldGames } from '../links';
import { myGames } from '../player';
import type { PlayerGame } from '../protocol';
import { levelName } from '../strength';
import { gameName, howDrawn, howWon, modeWords, progress, sideName } from '../words';

function opponent(g: PlayerGame): string {
  if (g.opponent.kind === 'hotseat') return 'on one screen';
  if (g.opponent.kind === 'computer') {
    const level = levelName(g.opponent.agent);
    return `vs the computer${level ? ` · ${level}` : ''}`;
  }
  return `vs ${sideName(g.opponent.name)} (a friend)`;
}

// "You won with seven points", "You lost by resignation", "Draw by agreement", "Red won on time" (hotseat).
function result(g: PlayerGame): string {
  if (g.phase !== 'over' || !g.result) return progress(g);
  const r = g.result;
  if (r.status === 'draw') return `Draw ${howDrawn(r.reason)}`.trim();
  const how = howWon(r.reason);
  if (g.outcome === 'win') return `You won ${how}`.trim();
  if (g.outcome === 'loss') return r.reason === 'resign' ? 'You resigned' : r.reason === 'time' ? 'You lost on time' : `You lost: ${sideName(g.opponent.name)} won ${how}`.trim();
  return `Finished: ${r.winner === 0 ? 'the first side' : 'the second side'} won ${how}`.trim();
}

const date = (ms: number) => new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

export function yourGames(card: HTMLElement): () => Promise<void> {
  return async () => {
    let games: PlayerGame[] = [];
    let failed = false;
    try {
      games = await myGames();
    } catch {
      failed = true;
    }
    const list = h('ul', { class: 'entries', id: 'your-games' });
    for (const g of games) {
      list.append(h('li', { class: `entry your-game ${g.outcome || g.phase}`, 'data-id': g.id },
        h('a', { href: `#/play/${g.token}` }, gameName(g.game, g.variant, g.title)),
        h('span', { class: 'muted' }, ` ${opponent(g)} · `),
        h('span', { class: 'outcome' }, result(g)),
        h('span', { class: 'muted' }, ` · ${date(g.created_ms)}`)));
    }
    const known = new Set(games.map((g) => g.id));
    for (const g of heldGames().filter((x) => !known.has(x.id)).slice(0, 20)) {
      const tok = g.tokens.find((t) => t.acts !== 0) ?? g.tokens[0];
      if (!tok) continue;
      list.append(h('li', { class: 'entry' }, h('a', { href: `#/play/${tok.token}` }, g.title), h('span', { class: 'muted' }, ` ${modeWords(g.mode)} · ${date(g.created)}`)));
    }
    card.replaceChildren(h('h2', {}, 'Your games'), list.childElementCount ? list : h('p', { class: 'muted' }, failed ? 'Your games cannot be loaded now.' : 'Games you start or join appear here.'));
  };
}
