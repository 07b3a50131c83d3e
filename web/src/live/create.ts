// #/live: set up a live team game (L-14) and hand out its three links; print card sheets (L-20).
import { copy, h, toast } from '../dom';
import { cardSheetUrl, createLive, heldLive, liveLink, rememberLive, type HeldLive } from './api';
import './live.css';

const SETS = [20, 30, 40, 60];
// L-02: the set is chosen by the number of players of the whole game.
function setFor(totalPlayers: number): number {
  return totalPlayers >= 25 ? 60 : totalPlayers >= 17 ? 40 : totalPlayers >= 11 ? 30 : 20;
}

export function linksPanel(g: HeldLive): HTMLElement {
  const row = (label: string, token: string, id: string) => {
    const url = liveLink(token);
    return h(
      'div',
      { class: 'live-link', 'data-role': id },
      h('span', { class: 'live-link-label' }, label),
      h('input', { readonly: true, value: url, 'aria-label': `${label} link`, onclick: (e: Event) => (e.target as HTMLInputElement).select() }),
      h('button', { type: 'button', onclick: () => copy(url) }, 'Copy'),
      h('a', { class: 'button', href: url, id: `open-${id}` }, 'Open'),
    );
  };
  return h(
    'section',
    { class: 'card live-links', id: 'live-links' },
    h('h2', {}, 'Three links, one per phone'),
    h('p', { class: 'muted' }, 'Each link is a secret key: the referee link can undo anything, a leader link shows only that team’s cards.'),
    row('Referee', g.tokens.referee, 'referee'),
    row(`${g.names[0]} leader`, g.tokens.red, 'red'),
    row(`${g.names[1]} leader`, g.tokens.blue, 'blue'),
  );
}

function sheetsPanel(): HTMLElement {
  const links = SETS.map((n) =>
    h(
      'li',
      {},
      `${n} cards: `,
      h('a', { href: cardSheetUrl(n, 'red'), target: '_blank', rel: 'noopener' }, 'red'),
      ' · ',
      h('a', { href: cardSheetUrl(n, 'blue'), target: '_blank', rel: 'noopener' }, 'blue'),
    ),
  );
  return h(
    'section',
    { class: 'card' },
    h('h2', {}, 'No cards? Print them'),
    h('p', { class: 'muted' }, 'A4 sheets of nine cards, cut along the dotted lines.'),
    h('ul', { class: 'live-sheets' }, ...links),
  );
}

export function liveCreatePage(root: HTMLElement): () => void {
  const players = h('input', { type: 'number', id: 'live-players', min: 2, max: 60, value: 6, inputmode: 'numeric' });
  const cards = h(
    'select',
    { id: 'live-cards' },
    h('option', { value: '0' }, 'by the rules table'),
    ...SETS.map((n) => h('option', { value: String(n) }, `${n} cards`)),
  );
  const redName = h('input', { id: 'live-red-name', value: 'Red', maxlength: 40 });
  const blueName = h('input', { id: 'live-blue-name', value: 'Blue', maxlength: 40 });
  const redRoster = h('textarea', { id: 'live-red-roster', rows: 3, placeholder: 'optional: one name per line' });
  const blueRoster = h('textarea', { id: 'live-blue-roster', rows: 3, placeholder: 'optional: one name per line' });
  const hint = h('p', { class: 'muted', id: 'live-set-hint' });
  const refresh = () => {
    const n = Number(players.value) || 0;
    const size = Number(cards.value) || setFor(2 * n);
    hint.textContent = `${2 * n} players in all → ${size} cards per team; a team may take the flag after capturing ${size / 2}.`;
  };
  players.addEventListener('input', refresh);
  cards.addEventListener('change', refresh);
  const out = h('div', {});
  const names = (t: HTMLTextAreaElement) => t.value.split('\n').map((s) => s.trim()).filter(Boolean);
  const form = h(
    'form',
    { class: 'card live-form', id: 'live-form' },
    h('h2', {}, 'New live game (Stratego in the park)'),
    h('div', { class: 'row' }, h('label', {}, 'Players per team ', players), h('label', {}, 'Card set ', cards)),
    hint,
    h('div', { class: 'row' }, h('label', {}, 'Team 1 ', redName), h('label', {}, 'Team 2 ', blueName)),
    h('details', {}, h('summary', {}, 'Rosters (optional)'), h('div', { class: 'row' }, redRoster, blueRoster)),
    h('button', { type: 'submit', class: 'primary big', id: 'live-create' }, 'Create game'),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const nameList: [string, string] = [redName.value.trim() || 'Red', blueName.value.trim() || 'Blue'];
      const made = await createLive({
        players_per_team: Number(players.value),
        cards: Number(cards.value),
        names: nameList,
        rosters: [names(redRoster), names(blueRoster)],
      });
      const held: HeldLive = { ...made, names: nameList, created: Date.now() };
      rememberLive(held);
      out.replaceChildren(linksPanel(held));
      out.scrollIntoView({ behavior: 'smooth' });
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'error');
    }
  });
  refresh();
  const previous = heldLive();
  const mine = previous.length
    ? h(
        'section',
        { class: 'card' },
        h('h2', {}, 'Your live games'),
        h('ul', { class: 'entries' }, ...previous.slice(0, 10).map((g) =>
          h('li', { class: 'entry' }, `${g.names[0]} vs ${g.names[1]} · ${new Date(g.created).toLocaleString()}`, h('a', { class: 'button', href: liveLink(g.tokens.referee) }, 'Referee'))),
        ),
      )
    : null;
  root.replaceChildren(h('div', { class: 'live' }, form, out, mine ?? '', sheetsPanel()));
  return () => {};
}
