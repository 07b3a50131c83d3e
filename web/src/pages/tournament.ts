// One tournament, #/tournament/ID (GET /api/tournaments/ID, refreshed every 2 s): its standings with the
// tie-breaks, its rounds and their games (a finished game links to its replay), join and withdraw for the
// signed-in account, the link to that account's own current game, and, for the creator before the start,
// computer entrants by strength.
import { api } from '../api';
import { account, onAccount } from '../account';
import { entry as catalogueEntry, games as catalogue } from '../catalog';
import { h } from '../dom';
import type { Tournament, TournamentRound, TournamentStanding } from '../protocol';
import { gameName, sideName } from '../words';
import { clockText, formatWords, when } from './tournaments';

const REFRESH_MS = 2000;

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n * 4 % 2 ? 2 : 1));

function standingsTable(t: Tournament): HTMLElement {
  const swiss = t.kind === 'swiss';
  const th = (text: string, title?: string) => h('th', { scope: 'col', class: text === 'Player' ? '' : 'num', title }, text);
  const head = h('tr', {}, th('#'), th('Player'), th('Points'),
    ...(swiss ? [th('BH', 'Buchholz: the opponents’ points'), th('SB', 'Sonneborn-Berger: the points of the opponents beaten, and half of those drawn')] : []),
    th('W'), th('D'), th('L'));
  const row = (s: TournamentStanding) =>
    h('tr', { class: 'standing', 'data-name': s.name },
      h('td', { class: 'num' }, String(s.rank)),
      h('td', {}, s.name, s.withdrawn ? h('span', { class: 'muted' }, ' (withdrawn)') : null, s.on_streak ? h('span', { class: 'streak', title: 'on a streak: the next win counts double' }, ' ×2') : null),
      h('td', { class: 'num standing-points' }, points(s.points)),
      ...(swiss ? [h('td', { class: 'num' }, points(s.buchholz ?? 0)), h('td', { class: 'num' }, points(s.sonneborn_berger ?? 0))] : []),
      h('td', { class: 'num' }, String(s.wins)), h('td', { class: 'num' }, String(s.draws)), h('td', { class: 'num' }, String(s.losses)));
  // Its own sideways scroll on a narrow phone: the page itself never scrolls sideways.
  return h('div', { class: 'standings-wrap' }, h('table', { class: 'standings', id: 'tournament-standings' }, h('thead', {}, head), h('tbody', {}, ...t.standings.map(row))));
}

function roundList(r: TournamentRound): HTMLElement {
  const result = (x: string | null | undefined) => (x === 'red' ? '1–0' : x === 'blue' ? '0–1' : x === 'draw' ? '½–½' : 'playing');
  const games = r.games.map((g) =>
    h('li', { class: 'pairing', 'data-board': String(g.board) },
      `${g.board}. ${g.red} – ${g.blue} `,
      g.game && g.result ? h('a', { href: `#/replay/${encodeURIComponent(g.game)}`, class: 'pairing-result' }, result(g.result)) : h('span', { class: 'muted pairing-result' }, result(g.result))));
  return h('div', { class: 'tournament-round', 'data-round': String(r.round) },
    h('h4', {}, `Round ${r.round}`),
    h('ul', { class: 'pairings' }, ...games, r.bye ? h('li', { class: 'muted' }, `${r.bye}: bye`) : null));
}

function statusWords(t: Tournament): string {
  if (t.status === 'upcoming') return `Starts ${when(t.start_ms)}`;
  if (t.status === 'finished') return `Finished${t.note ? `: ${t.note}` : ''}`;
  return t.kind === 'swiss' ? `Round ${t.round} of ${t.rounds}` : `Running until ${when(t.end_ms ?? 0)}`;
}

export function tournamentPage(app: HTMLElement, id: string): () => void {
  let stop = false;
  let timer = 0;
  let shown = '';
  const body = h('div', { id: 'tournament-body' }, h('p', { class: 'muted' }, 'Loading…'));
  const error = h('p', { class: 'form-error', id: 'tournament-error', role: 'alert' });
  app.replaceChildren(h('section', { class: 'card tournament-card' }, h('p', {}, h('a', { href: '#/tournaments' }, '← Tournaments')), body, error));

  const act = async (what: () => Promise<unknown>) => {
    error.textContent = '';
    try {
      await what();
    } catch (e) {
      error.textContent = e instanceof Error ? e.message.split('\n')[0] : 'Cannot reach the server: try again.';
    }
    shown = '';
    await load();
  };

  const actions = (t: Tournament): HTMLElement => {
    const me = t.me;
    const out: (HTMLElement | string)[] = [];
    if (me?.game) out.push(h('a', { href: `#/play/${me.game.token}`, id: 'tournament-your-game', class: 'primary-link' }, `Your game: round ${me.game.round}, as ${sideName(catalogueEntry(t.game)?.players[me.game.seat] ?? (me.game.seat === 0 ? 'red' : 'blue'))}`));
    const open = t.status === 'upcoming' || (t.kind === 'arena' && t.status === 'running');
    if (!me && account().kind !== 'unknown') out.push(h('span', { class: 'muted' }, h('a', { href: '#/account/sign-in' }, 'Sign in'), ' to join.'));
    else if (me?.entered && !me.withdrawn && t.status !== 'finished')
      out.push(h('button', { id: 'tournament-withdraw', onclick: () => void act(() => api.withdrawTournament(id)) }, 'Withdraw'));
    else if (me && open) out.push(h('button', { id: 'tournament-join', class: 'primary', onclick: () => void act(() => api.joinTournament(id)) }, 'Join'));
    if (me?.creator && t.status === 'upcoming') {
      const strength = h('select', { id: 'tournament-computer-agent' }, ...(catalogueEntry(t.game)?.agents ?? []).map((a) => h('option', { value: a }, a)));
      out.push(h('label', {}, 'Computer ', strength), h('button', { id: 'tournament-computer', onclick: () => void act(() => api.addComputer(id, strength.value)) }, 'Add'));
    }
    return h('div', { class: 'row tournament-actions' }, ...out);
  };

  const render = (t: Tournament) => {
    const rounds = [...t.pairings].reverse().map(roundList);
    body.replaceChildren(
      h('h2', { id: 'tournament-name' }, t.name),
      h('p', { class: 'muted', id: 'tournament-info' }, `${formatWords(t)} · ${gameName(t.game, t.variant, t.game)} · ${clockText(t)}${t.rated ? ' · rated' : ''} · by ${t.creator}`),
      h('p', { id: 'tournament-status', 'data-status': t.status }, statusWords(t)),
      actions(t),
      h('h3', {}, 'Standings'),
      t.standings.length ? standingsTable(t) : h('p', { class: 'muted' }, 'Nobody has joined yet.'),
      rounds.length ? h('h3', {}, t.kind === 'swiss' ? 'Rounds' : 'Games') : '',
      ...rounds);
  };

  const load = async () => {
    window.clearTimeout(timer);
    try {
      const t = await api.tournament(id);
      const text = JSON.stringify(t);
      // Drawn again only when something changed: a focused button keeps its focus between refreshes.
      if (!stop && text !== shown) {
        shown = text;
        render(t);
      }
    } catch (e) {
      if (!stop) body.replaceChildren(h('p', { class: 'form-error', role: 'alert', id: 'tournament-missing' }, e instanceof Error ? e.message.split('\n')[0] : 'Cannot reach the server: try again.'));
    } finally {
      if (!stop) timer = window.setTimeout(() => void load(), REFRESH_MS);
    }
  };
  void catalogue().finally(() => void load());
  const unsubscribe = onAccount(() => {
    shown = '';
    void load();
  });
  return () => {
    stop = true;
    window.clearTimeout(timer);
    unsubscribe();
  };
}
