// The leaderboards, #/leaderboard[/GAME[/CLASS]]: the settled ratings of a game (deviation at most 110, the
// server's rule), best first, with a game chosen from the catalogue and a time class. A choice rewrites the
// address without a new route, so the focused selector keeps the focus while the arrow keys go through it.
import { api } from '../api';
import { games as catalogue } from '../catalog';
import { h } from '../dom';
import type { GameEntry, Leaderboard } from '../protocol';
import { TIME_CLASSES, classWord, isTimeClass, leaderboardLink, profileLink } from '../ratings';
import { gameName } from '../words';

const LAST_GAME = 'strat.lobby.game'; // the lobby's last game: the likeliest one to look up

function defaultGame(games: GameEntry[]): string {
  const remembered = localStorage.getItem(LAST_GAME);
  if (games.some((g) => g.name === remembered)) return remembered!;
  return games.some((g) => g.name === 'stratego') ? 'stratego' : games[0].name;
}

function table(board: Leaderboard): HTMLElement {
  // Without a class (or for a game of several variants) a player may be listed once per rating: say which.
  const which = !board.class || board.players.some((p) => p.variant !== board.players[0].variant);
  const head = h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Player'), which ? h('th', { scope: 'col' }, 'Rating of') : null, h('th', { scope: 'col', class: 'num' }, 'Rating'), h('th', { scope: 'col', class: 'num' }, 'Games'));
  const rows = board.players.map((p, i) =>
    h('tr', { class: 'leader' },
      h('td', { class: 'num rank' }, String(i + 1)),
      h('td', {}, h('a', { href: profileLink(p.username), class: 'leader-name' }, p.username)),
      which ? h('td', { class: 'muted' }, `${gameName(board.game, p.variant)}, ${classWord(p.class)}`) : null,
      h('td', { class: 'num leader-rating' }, String(Math.round(p.rating))),
      h('td', { class: 'num' }, String(p.games))));
  return h('table', { class: 'leaderboard', id: 'leaderboard-table' }, h('thead', {}, head), h('tbody', {}, ...rows));
}

export function leaderboardPage(app: HTMLElement, game: string, timeClass: string): () => void {
  let stop = false;
  let asked = 0;
  const body = h('div', { id: 'leaderboard-body' }, h('p', { class: 'muted' }, 'Loading…'));
  const gameSel = h('select', { id: 'leaderboard-game' });
  const classSel = h('select', { id: 'leaderboard-class' }, h('option', { value: '' }, classWord('')), ...TIME_CLASSES.map((c) => h('option', { value: c }, classWord(c))));
  classSel.value = isTimeClass(timeClass) ? timeClass : '';
  app.replaceChildren(h('section', { class: 'card leaderboard-card' },
    h('h2', {}, 'Leaderboard'),
    h('div', { class: 'row' }, h('label', {}, 'Game ', gameSel), h('label', {}, 'Time class ', classSel)),
    body));

  const load = async () => {
    const ask = ++asked;
    history.replaceState(null, '', leaderboardLink(gameSel.value, classSel.value));
    try {
      const board = await api.leaderboard(gameSel.value, '', classSel.value);
      // An answer to an older choice, or to a page left meanwhile, is dropped.
      if (stop || ask !== asked) return;
      body.replaceChildren(board.players.length ? table(board)
        : h('p', { class: 'muted', id: 'leaderboard-empty' }, 'No settled ratings yet: a rating settles after a dozen or so rated games, and until then shows with a “?” on its player’s profile.'));
    } catch (e) {
      if (stop || ask !== asked) return;
      body.replaceChildren(h('p', { class: 'form-error', role: 'alert' }, e instanceof Error ? e.message.split('\n')[0] : 'Cannot reach the server: try again.'));
    }
  };
  gameSel.addEventListener('change', () => void load());
  classSel.addEventListener('change', () => void load());
  void catalogue().then((games) => {
    if (stop) return;
    if (!games.length) return body.replaceChildren(h('p', { class: 'muted' }, 'No games are registered in this server.'));
    gameSel.replaceChildren(...games.map((g) => h('option', { value: g.name }, g.title || g.name)));
    gameSel.value = games.some((g) => g.name === game) ? game : defaultGame(games);
    void load();
  }, () => {
    if (!stop) body.replaceChildren(h('p', { class: 'form-error', role: 'alert' }, 'Cannot reach the server: try again.'));
  });
  return () => {
    stop = true;
  };
}
