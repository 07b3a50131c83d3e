// The tournaments, #/tournaments: those upcoming, running and lately finished (GET /api/tournaments, refreshed every
// few seconds), and a form that creates one for the signed-in account (POST /api/tournaments), which then opens
// the new tournament's page.
import { api } from '../api';
import { onAccount } from '../account';
import { games as catalogue } from '../catalog';
import { h } from '../dom';
import type { GameEntry, TournamentSummary } from '../protocol';
import { gameName } from '../words';

const REFRESH_MS = 3000;

export const tournamentLink = (id: string) => `#/tournament/${encodeURIComponent(id)}`;

export const clockText = (t: Pick<TournamentSummary, 'clock_initial_ms' | 'clock_increment_ms'>) =>
  `${t.clock_initial_ms / 60000}+${t.clock_increment_ms / 1000}`;

// "Swiss, 3 rounds" or "Arena, 30 minutes".
export function formatWords(t: TournamentSummary): string {
  return t.kind === 'swiss' ? `Swiss, ${t.rounds} round${t.rounds === 1 ? '' : 's'}` : `Arena, ${Math.round((t.duration_ms ?? 0) / 60000)} minutes`;
}

export const when = (ms: number) => new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

function entry(t: TournamentSummary): HTMLElement {
  const timing = t.status === 'upcoming' ? `starts ${when(t.start_ms)}` : t.status === 'running' ? (t.kind === 'swiss' ? `round ${t.round} of ${t.rounds}` : `ends ${when(t.end_ms ?? 0)}`) : 'finished';
  return h('li', { class: 'tournament-entry', 'data-id': t.id },
    h('a', { href: tournamentLink(t.id), class: 'tournament-name' }, t.name),
    h('span', { class: 'muted' }, ` · ${gameName(t.game, t.variant, t.game)} · ${clockText(t)} · ${formatWords(t)}${t.rated ? ' · rated' : ''} · ${t.players} player${t.players === 1 ? '' : 's'} · ${timing}`));
}

function createForm(games: GameEntry[]): HTMLFormElement {
  const num = (id: string, value: number, min: number) => h('input', { id, name: id, type: 'number', value: String(value), min: String(min), required: true });
  const name = h('input', { id: 'tournament-new-name', name: 'name', type: 'text', required: true, maxlength: '80', value: 'Friendly cup' });
  const kind = h('select', { id: 'tournament-new-kind' }, h('option', { value: 'swiss' }, 'Swiss'), h('option', { value: 'arena' }, 'Arena'));
  const game = h('select', { id: 'tournament-new-game' }, ...games.map((g) => h('option', { value: g.name }, g.title || g.name)));
  const variant = h('select', { id: 'tournament-new-variant' });
  const minutes = num('tournament-new-minutes', 3, 1), increment = num('tournament-new-increment', 2, 0);
  const startIn = num('tournament-new-start', 5, 0), rounds = num('tournament-new-rounds', 3, 1), length = num('tournament-new-length', 30, 1);
  const rated = h('input', { id: 'tournament-new-rated', type: 'checkbox' });
  const roundsRow = h('label', {}, 'Rounds ', rounds), lengthRow = h('label', { hidden: true }, 'Length (minutes) ', length);
  const showVariants = () => {
    const g = games.find((x) => x.name === game.value);
    variant.replaceChildren(...(g?.variants ?? []).map((v) => h('option', { value: v }, gameName(g!.name, v, v))));
    variant.hidden = !g?.variants.length;
  };
  game.addEventListener('change', showVariants);
  kind.addEventListener('change', () => {
    roundsRow.hidden = kind.value !== 'swiss';
    lengthRow.hidden = kind.value === 'swiss';
  });
  showVariants();
  const error = h('p', { class: 'form-error', id: 'tournament-new-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'tournament-new-submit' }, 'Create tournament');
  const form = h('form', { id: 'tournament-new', class: 'tournament-form' },
    h('h3', {}, 'New tournament'),
    h('label', {}, 'Name ', name),
    h('div', { class: 'row' }, h('label', {}, 'Kind ', kind), h('label', {}, 'Game ', game, variant)),
    h('div', { class: 'row' }, h('label', {}, 'Minutes ', minutes), h('label', {}, 'Increment (seconds) ', increment)),
    h('div', { class: 'row' }, h('label', {}, 'Starts in (minutes) ', startIn), roundsRow, lengthRow),
    h('label', {}, rated, ' Rated'),
    error, h('div', { class: 'row' }, button));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.textContent = '';
    button.disabled = true;
    try {
      const made = await api.createTournament({
        kind: kind.value, name: name.value, game: game.value, variant: variant.hidden ? '' : variant.value,
        clock_initial_ms: Math.round(Number(minutes.value) * 60000), clock_increment_ms: Math.round(Number(increment.value) * 1000),
        start_ms: Date.now() + Math.round(Number(startIn.value) * 60000), rated: rated.checked,
        ...(kind.value === 'swiss' ? { rounds: Number(rounds.value) } : { duration_ms: Math.round(Number(length.value) * 60000) }),
      });
      location.hash = tournamentLink(made.id);
    } catch (e) {
      error.textContent = e instanceof Error ? e.message.split('\n')[0] : 'Cannot reach the server: try again.';
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

export function tournamentsPage(app: HTMLElement): () => void {
  let stop = false;
  let timer = 0;
  const lists = h('div', { id: 'tournament-lists' }, h('p', { class: 'muted' }, 'Loading…'));
  const formSlot = h('div', { id: 'tournament-create' });
  app.replaceChildren(h('section', { class: 'card tournaments-card' }, h('h2', {}, 'Tournaments'), lists, formSlot));

  let shown = '';
  const load = async () => {
    try {
      const all = await api.tournaments();
      const text = JSON.stringify(all);
      if (stop || text === shown) return;
      shown = text;
      const part = (title: string, id: string, items: TournamentSummary[], empty: string) =>
        h('div', { id }, h('h3', {}, title), items.length ? h('ul', { class: 'tournament-list' }, ...items.map(entry)) : h('p', { class: 'muted' }, empty));
      lists.replaceChildren(
        part('Running', 'tournaments-running', all.running, 'None running now.'),
        part('Upcoming', 'tournaments-upcoming', all.upcoming, 'None announced.'),
        part('Finished', 'tournaments-finished', all.finished, 'None yet.'));
    } catch (e) {
      if (!stop) lists.replaceChildren(h('p', { class: 'form-error', role: 'alert' }, e instanceof Error ? e.message.split('\n')[0] : 'Cannot reach the server: try again.'));
    } finally {
      if (!stop) timer = window.setTimeout(() => void load(), REFRESH_MS);
    }
  };
  void load();
  const unsubscribe = onAccount((s) => {
    if (s.kind === 'out') formSlot.replaceChildren(h('p', { class: 'muted' }, h('a', { href: '#/account/sign-in' }, 'Sign in'), ' to create a tournament.'));
    else if (s.kind === 'in')
      void catalogue().then((games) => {
        if (!stop && !formSlot.querySelector('form')) formSlot.replaceChildren(createForm(games));
      });
  });
  return () => {
    stop = true;
    window.clearTimeout(timer);
    unsubscribe();
  };
}
