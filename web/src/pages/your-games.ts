// The lobby's "Your games": the games this browser's player identity holds on the server (player.ts), with the
// opponent, the game, the result for this player, the date and a link back into the game. Games this browser
// knows only from its local links (from before it had an identity) follow.
import { heldGames } from '../api';
import { h } from '../dom';
import { myGames, type PlayerGame } from '../player';
import { levelName, sideName } from '../strength';

function opponent(g: PlayerGame): string {
  if (g.opponent.kind === 'hotseat') return 'hotseat (one screen)';
  if (g.opponent.kind === 'computer') {
    const level = levelName(g.opponent.agent);
    return `vs computer${level ? ` · ${level}` : ''}`;
  }
  return `vs ${sideName(g.opponent.name)} (a friend)`;
}

const OUTCOME: Record<PlayerGame['outcome'], string> = { win: 'You won', loss: 'You lost', draw: 'Draw', over: 'Finished', '': '' };

function result(g: PlayerGame): string {
  if (g.phase !== 'over') return g.phase === 'setup' ? 'setting up' : `in play, ${g.plies} plies`;
  return `${OUTCOME[g.outcome]}${g.summary ? ` (${g.summary})` : ''}`;
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
        h('a', { href: `#/play/${g.token}` }, g.title),
        h('span', { class: 'muted' }, ` ${opponent(g)} · `),
        h('span', { class: 'outcome' }, result(g)),
        h('span', { class: 'muted' }, ` · ${date(g.created_ms)}`)));
    }
    const known = new Set(games.map((g) => g.id));
    for (const g of heldGames().filter((x) => !known.has(x.id)).slice(0, 20)) {
      const tok = g.tokens.find((t) => t.acts !== 0) ?? g.tokens[0];
      if (!tok) continue;
      list.append(h('li', { class: 'entry' }, h('a', { href: `#/play/${tok.token}` }, g.title), h('span', { class: 'muted' }, ` ${g.mode} · ${date(g.created)}`)));
    }
    card.replaceChildren(h('h2', {}, 'Your games'), list.childElementCount ? list : h('p', { class: 'muted' }, failed ? 'Your games cannot be loaded now.' : 'Games you start or join appear here.'));
  };
}
