// A player's profile, #/@/NAME: ratings per game, variant and time class with a small history chart, wins,
// draws and losses, and the last rated games with a filter by game. Everything comes from GET /api/users/NAME;
// an unknown name shows the server's one line.
import { api, ApiError } from '../api';
import { entry, games as catalogue } from '../catalog';
import { h } from '../dom';
import type { Profile, RatedGameEntry } from '../protocol';
import { classWord, gamesPlayed, leaderboardLink, profileLink, ratingSeries, ratingText, signed } from '../ratings';
import { gameName, sideName } from '../words';
import { ratingChart } from './rating-chart';

const date = (ms: number) => new Date(ms).toLocaleDateString([], { dateStyle: 'medium' });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ratingsCard(p: Profile): HTMLElement {
  const series = ratingSeries(p);
  if (!series.length) return h('section', { class: 'card', id: 'profile-ratings' }, h('h2', {}, 'Ratings'), h('p', { class: 'muted' }, 'No rated games yet.'));
  const list = h('ul', { class: 'rating-list' });
  for (const { rating: r, points, fromStart } of series) {
    const name = `${gameName(r.game, r.variant)}, ${classWord(r.class)}`;
    const chartLabel = `${name}: rating history, ${points.length ? `${fromStart ? 'from the start' : 'from'} ${points[0]} to ${points[points.length - 1]}` : 'empty'}, ${plural(r.games, 'game', 'games')}`;
    list.append(h('li', { class: 'rating-item', 'data-game': r.game, 'data-variant': r.variant, 'data-class': r.class },
      h('div', { class: 'rating-head' },
        h('span', { class: 'rating-name' }, name),
        h('strong', { class: `rating-value${r.provisional ? ' provisional' : ''}`, title: r.provisional ? 'Provisional: not yet settled' : undefined }, ratingText(r)),
        h('span', { class: 'muted' }, plural(r.games, 'game', 'games'))),
      ratingChart(points, chartLabel)));
  }
  const note = series.some((x) => x.rating.provisional) ? h('p', { class: 'muted' }, 'A rating with “?” is provisional: it settles after more rated games, then enters the leaderboard.') : null;
  return h('section', { class: 'card', id: 'profile-ratings' }, h('h2', {}, 'Ratings'), list, note);
}

function gameRow(g: RatedGameEntry): HTMLElement {
  const players = entry(g.game)?.players;
  const colour = players ? `as ${sideName(players[g.seat])}` : g.seat === 0 ? 'moved first' : 'moved second';
  const words = { win: 'Won', draw: 'Draw', loss: 'Lost' }[g.result];
  return h('li', { class: `entry rated-game ${g.result}`, 'data-id': g.id, 'data-game': g.game },
    h('span', { class: 'title' }, `${gameName(g.game, g.variant)}, ${classWord(g.class)}`),
    h('span', {}, 'vs ', h('a', { href: profileLink(g.opponent), class: 'opponent' }, g.opponent)),
    h('span', { class: 'muted colour' }, colour),
    h('span', { class: 'outcome' }, words),
    h('span', { class: `rating-change ${g.change > 0 ? 'up' : g.change < 0 ? 'down' : 'same'}`, title: 'Rating change' }, signed(g.change)),
    h('span', { class: 'muted' }, date(g.at)),
    h('a', { href: `#/replay/${encodeURIComponent(g.id)}`, class: 'replay-link' }, 'Replay'));
}

function gamesCard(p: Profile): HTMLElement {
  const card = h('section', { class: 'card', id: 'profile-games' }, h('h2', {}, 'Last rated games'));
  if (!p.games.length) {
    card.append(h('p', { class: 'muted' }, 'None yet.'));
    return card;
  }
  const list = h('ul', { class: 'entries', id: 'profile-game-list' });
  const filter = h('select', { id: 'profile-game-filter' }, h('option', { value: '' }, 'Every game'), ...gamesPlayed(p.games).map((g) => h('option', { value: g }, entry(g)?.title ?? g)));
  const draw = () => list.replaceChildren(...p.games.filter((g) => !filter.value || g.game === filter.value).map(gameRow));
  filter.addEventListener('change', draw);
  draw();
  card.append(h('div', { class: 'row' }, h('label', {}, 'Game ', filter)), list);
  return card;
}

export function profilePage(app: HTMLElement, username: string): () => void {
  let stop = false;
  app.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
  void (async () => {
    let p: Profile;
    try {
      // The catalogue names games and sides; a profile is still shown without it.
      [p] = await Promise.all([api.profile(username), catalogue().catch(() => [])]);
    } catch (e) {
      if (stop) return;
      const line = e instanceof ApiError ? e.message.split('\n')[0] : 'Cannot reach the server: try again.';
      app.replaceChildren(h('section', { class: 'card profile' }, h('h2', {}, username), h('p', { class: 'form-error', id: 'profile-error', role: 'alert' }, line)));
      return;
    }
    if (stop) return;
    const { win, draw, loss } = p.results;
    app.replaceChildren(h('div', { class: 'profile' },
      h('section', { class: 'card profile-head' },
        h('h2', { id: 'profile-username' }, p.username),
        h('p', { id: 'profile-results', 'data-win': win, 'data-draw': draw, 'data-loss': loss },
          `${plural(win, 'win', 'wins')} · ${plural(draw, 'draw', 'draws')} · ${plural(loss, 'loss', 'losses')}`),
        h('p', {}, h('a', { href: leaderboardLink() }, 'Leaderboards'))),
      ratingsCard(p),
      gamesCard(p)));
  })();
  return () => {
    stop = true;
  };
}
