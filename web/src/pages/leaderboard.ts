// The leaderboards, #/leaderboard[/GAME[/CLASS]]: the settled ratings of a game (deviation at most 110, the
// server's rule), best first, with a game chosen from the catalogue and a time class. A choice rewrites the
// address without a new route, so the focused selector keeps the focus while the arrow keys go through it. The
// computer's strengths have a table of their own under it, never among the players.
import { api } from '../api';
import { games as catalogue } from '../catalog';
import { h } from '../dom';
import type { GameEntry, Leaderboard, StrengthRatings } from '../protocol';
import { TIME_CLASSES, classWord, isTimeClass, leaderboardLink, profileLink, ratingText } from '../ratings';
import { LEVEL_NAMES, type Level } from '../strength';
import { gameName } from '../words';

const LAST_GAME = 'strat.lobby.game'; // the lobby's last game: the likeliest one to look up

function defaultGame(games: GameEntry[]): string {
  const remembered = localStorage.getItem(LAST_GAME);
  if (games.some((g) => g.name === remembered)) return remembered!;
  return games.some((g) => g.name === 'stratego') ? 'stratego' : games[0].name;
}

// Without a class (or for a game of several variants) a row may be one of several ratings: say which.
const saysWhich = (cls: string, rows: { variant: string }[]) => !cls || rows.some((r) => r.variant !== rows[0].variant);

function table(board: Leaderboard): HTMLElement {
  const which = saysWhich(board.class, board.players);
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

// Every strength's rating, provisional ones with their "?".
function strengthTable(board: StrengthRatings): HTMLElement {
  const which = saysWhich(board.class, board.strengths);
  const head = h('tr', {}, h('th', { scope: 'col' }, 'Strength'), which ? h('th', { scope: 'col' }, 'Rating of') : null, h('th', { scope: 'col', class: 'num' }, 'Rating'), h('th', { scope: 'col', class: 'num' }, 'Games'));
  const rows = board.strengths.map((s) =>
    h('tr', { class: 'strength' },
      h('td', { class: 'leader-name' }, LEVEL_NAMES[s.strength as Level]),
      which ? h('td', { class: 'muted' }, `${gameName(board.game, s.variant)}, ${classWord(s.class)}`) : null,
      h('td', { class: 'num leader-rating' }, ratingText(s)),
      h('td', { class: 'num' }, String(s.games))));
  return h('table', { class: 'leaderboard', id: 'strength-table' }, h('thead', {}, head), h('tbody', {}, ...rows));
}

export function leaderboardPage(app: HTMLElement, game: string, timeClass: string): () => void {
  let stop = false;
  let asked = 0;
  const body = h('div', { id: 'leaderboard-body' }, h('p', { class: 'muted' }, 'Loading…'));
  const computer = h('div', { id: 'strength-body' });
  const gameSel = h('select', { id: 'leaderboard-game' });
  const classSel = h('select', { id: 'leaderboard-class' }, h('option', { value: '' }, classWord('')), ...TIME_CLASSES.map((c) => h('option', { value: c }, classWord(c))));
  classSel.value = isTimeClass(timeClass) ? timeClass : '';
  app.replaceChildren(h('section', { class: 'card leaderboard-card' },
    h('h2', {}, 'Leaderboard'),
    h('div', { class: 'row' }, h('label', {}, 'Game ', gameSel), h('label', {}, 'Time class ', classSel)),
    body,
    h('h3', {}, 'Computer'),
    h('p', { class: 'muted' }, 'The computer’s strengths, rated by the clocked games signed-in players play against them; those games leave the players’ own ratings as they are.'),
    computer));

  const load = async () => {
    const ask = ++asked;
    history.replaceState(null, '', leaderboardLink(gameSel.value, classSel.value));
    try {
      const [board, strengths] = await Promise.all([api.leaderboard(gameSel.value, '', classSel.value), api.strengthRatings(gameSel.value, '', classSel.value)]);
      // An answer to an older choice, or to a page left meanwhile, is dropped.
      if (stop || ask !== asked) return;
      computer.replaceChildren(strengths.strengths.length ? strengthTable(strengths)
        : h('p', { class: 'muted', id: 'strength-empty' }, 'No strength is rated yet for this game and time class.'));
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
