// #/live/TOKEN: one device of a live game: the referee's or a team leader's (L-15..L-19). Everything on
// screen comes from the server's view for this link's role; actions go out as commands and come back as a
// new view on every device. Big type and high contrast: it is read outdoors, in the sun, at arm's length.
import { h, toast } from '../dom';
import { heldByToken } from './api';
import { linksPanel } from './create';
import { LiveSocket } from './socket';
import { cardLabel, RANK_NAMES, RANK_ORDER, type LiveTeam, type LiveView, type LogEntry, type TeamCode } from './types';
import './live.css';

const TEAMS: TeamCode[] = ['red', 'blue'];
const idx = (t: TeamCode) => (t === 'red' ? 0 : 1);
const other = (t: TeamCode): TeamCode => (t === 'red' ? 'blue' : 'red');

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

// What the forms hold between re-renders (every change on any device re-renders the page).
interface FormState {
  dealTeam: TeamCode;
  dealPlayer: string;
  dealMode: 'blind' | 'chosen';
  dealRank: string;
  taggerTeam: TeamCode;
  tagger: string;
  tagged: string;
  flagTeam: TeamCode;
  flagPlayer: string;
}

export function livePage(root: HTMLElement, token: string): () => void {
  let view: LiveView | null = null;
  let connected = false;
  let overlay: HTMLElement | null = null;
  const form: FormState = { dealTeam: 'red', dealPlayer: '', dealMode: 'blind', dealRank: '', taggerTeam: 'red', tagger: '', tagged: '', flagTeam: 'red', flagPlayer: '' };
  const page = h('div', { class: 'live live-page', id: 'live-page' }, h('p', { class: 'muted' }, 'Connecting…'));
  root.replaceChildren(page);

  const socket = new LiveSocket(
    token,
    (m) => {
      if (m.type === 'error') {
        toast(m.message, 'error');
        if (m.request === 'join') page.replaceChildren(h('p', { class: 'card' }, m.message));
        return;
      }
      if (m.type !== 'live') return;
      view = m.view as LiveView;
      // A leader acts only for their own team (L-19): their deals, flags taken and flags brought home.
      if (view.role !== 'referee') form.dealTeam = form.flagTeam = view.role;
      render();
      if (m.changed >= 0) announce(m.changed);
    },
    (up) => {
      connected = up;
      const dot = document.getElementById('live-conn');
      if (dot) dot.className = up ? 'conn up' : 'conn down';
      if (dot) dot.textContent = up ? '● live' : '● offline, reconnecting';
    },
  );

  const send = (command: Record<string, unknown>) => socket.command(command);

  function closeOverlay(): void {
    overlay?.remove();
    overlay = null;
  }

  function showOverlay(el: HTMLElement): void {
    closeOverlay();
    overlay = el;
    overlay.addEventListener('click', closeOverlay);
    document.body.append(overlay);
  }

  // The verdict of a duel just recorded (L-16), or the card just dealt, in type readable from afar.
  function announce(seq: number): void {
    if (!view) return;
    const e = view.log[seq];
    if (!e || !e.active) return closeOverlay();
    if (e.type === 'duel' && e.verdict) {
      const v = e.verdict;
      const winner = v.winner === 'both' ? null : view.teams[idx(v.winner)];
      const tagger = e.tagger_team!;
      const cards = `${cardLabel(v.tagger_card)} (tagger, ${view.teams[idx(tagger)].name}) vs ${cardLabel(v.tagged_card)} (${view.teams[idx(other(tagger))].name})`;
      showOverlay(
        h(
          'div',
          { class: `live-overlay verdict ${v.winner}`, id: 'verdict', role: 'alert' },
          h('div', { class: 'verdict-label' }, winner ? 'Duel won by' : 'Equal ranks'),
          h('div', { class: 'verdict-winner' }, winner ? winner.name : 'Exchange'),
          h('div', { class: 'verdict-reason' }, v.reason),
          h('div', { class: 'verdict-cards' }, cards),
          v.flag_recaptured ? h('div', { class: 'verdict-flag' }, 'The flag goes back!') : '',
          h('div', { class: 'verdict-hint' }, winner ? 'Loser: back to your leader for a new card' : 'Both: back to your leaders for new cards'),
          h('div', { class: 'verdict-close' }, 'tap to close'),
        ),
      );
    } else if (e.type === 'deal' && e.rank) {
      const team = view.teams[idx(e.team!)];
      const p = team.players[e.player! - 1];
      showOverlay(
        h(
          'div',
          { class: `live-overlay dealt ${e.team}`, id: 'dealt', role: 'alert' },
          h('div', { class: 'dealt-who' }, `${p.name} (${team.name}) gets`),
          h('div', { class: 'dealt-card' }, e.rank === 'B' ? 'B' : e.rank),
          h('div', { class: 'dealt-name' }, RANK_NAMES[e.rank]),
          h('div', { class: 'verdict-close' }, 'tap to close'),
        ),
      );
    } else if (e.type === 'flag_taken') {
      const team = view.teams[idx(e.team!)];
      showOverlay(
        h(
          'div',
          { class: `live-overlay verdict ${e.team}`, id: 'verdict', role: 'alert' },
          h('div', { class: 'verdict-label' }, 'Flag taken by'),
          h('div', { class: 'verdict-winner' }, team.name),
          h('div', { class: 'verdict-reason' }, team.players[e.player! - 1].name),
          h('div', { class: 'verdict-hint' }, 'Tag the carrier: if they lose the duel, the flag goes back'),
          h('div', { class: 'verdict-close' }, 'tap to close'),
        ),
      );
    } else if (e.type === 'flag_home') {
      showOverlay(h('div', { class: `live-overlay verdict ${e.team}`, id: 'verdict', role: 'alert' }, h('div', { class: 'verdict-label' }, 'Flag home: game won by'), h('div', { class: 'verdict-winner' }, view.teams[idx(e.team!)].name)));
    } else {
      closeOverlay();
    }
  }

  function teamCard(t: LiveTeam, v: LiveView): HTMLElement {
    const need = Math.max(0, v.flag_threshold - t.captured.total);
    const carrier = t.carrier ? t.players[t.carrier - 1].name : null;
    return h(
      'section',
      { class: `live-team ${t.team}`, id: `team-${t.team}` },
      h('h2', {}, t.name),
      h(
        'div',
        { class: 'live-stats' },
        t.stock ? h('div', { class: 'stat', 'data-field': 'stock' }, h('b', {}, String(t.stock.total)), h('span', {}, 'in stock')) : '',
        h('div', { class: 'stat', 'data-field': 'captured' }, h('b', {}, `${t.captured.total}`), h('span', {}, `captured of ${v.flag_threshold}`)),
        h('div', { class: 'stat', 'data-field': 'out' }, h('b', {}, String(t.players_out)), h('span', {}, 'players out')),
      ),
      h(
        'div',
        { class: `flag-line ${t.flag_allowed ? 'yes' : 'no'}`, 'data-field': 'flag' },
        t.flag_allowed ? 'May take the flag' : `${need} more to take the flag (Scouts may now)`,
      ),
      carrier ? h('div', { class: 'flag-line carrying', 'data-field': 'carrier' }, `${carrier} carries the enemy flag!`) : '',
      t.own_flag_taken ? h('div', { class: 'flag-line alarm' }, 'Our flag is taken!') : '',
    );
  }

  function playerList(t: LiveTeam): HTMLElement {
    return h(
      'ul',
      { class: `live-players ${t.team}`, id: `players-${t.team}` },
      ...t.players.map((p) =>
        h(
          'li',
          { class: p.out ? 'out' : p.has_card ? 'has' : 'none', 'data-player': p.number },
          h('span', { class: 'pname' }, p.name),
          h('span', { class: 'pcard' }, p.out ? 'OUT' : p.card ? cardLabel(p.card) : p.has_card ? 'has a card' : 'needs a card'),
          p.carrying_flag ? h('span', { class: 'pflag' }, '⚑') : '',
        ),
      ),
    );
  }

  function select(id: string, options: [string, string][], value: string, onchange: (v: string) => void): HTMLSelectElement {
    const el = h('select', { id }, ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
    if (!options.some(([v]) => v === value) && options.length) onchange(options[0][0]);
    el.addEventListener('change', () => onchange(el.value));
    return el;
  }

  function teamToggle(prefix: string, value: TeamCode, v: LiveView, onpick: (t: TeamCode) => void): HTMLElement {
    return h(
      'div',
      { class: 'toggle' },
      ...TEAMS.map((t) =>
        h('button', { type: 'button', id: `${prefix}-${t}`, class: `team-btn ${t} ${t === value ? 'on' : ''}`, onclick: () => { onpick(t); render(); } }, v.teams[idx(t)].name),
      ),
    );
  }

  function playerLabel(t: LiveTeam, n: number): string {
    const p = t.players[n - 1];
    return p.card ? `${p.name}: ${cardLabel(p.card)}` : p.name;
  }

  function dealSection(v: LiveView): HTMLElement {
    const team = v.teams[idx(form.dealTeam)];
    const waiting = team.players.filter((p) => !p.has_card && !p.out);
    const stock = team.stock;
    const ranks = stock ? RANK_ORDER.filter((r) => stock.by_rank[r] > 0) : [];
    const modeBtn = (m: 'blind' | 'chosen', label: string) =>
      h('button', { type: 'button', id: `deal-mode-${m}`, class: `mode-btn ${form.dealMode === m ? 'on' : ''}`, onclick: () => { form.dealMode = m; render(); } }, label);
    const empty = stock ? stock.total === 0 : false;
    return h(
      'section',
      { class: 'card live-action', id: 'deal' },
      h('h3', {}, 'Deal a card'),
      v.role === 'referee' ? teamToggle('deal-team', form.dealTeam, v, (t) => (form.dealTeam = t)) : '',
      empty
        ? h('p', { class: 'alarm' }, `${team.name}: no cards left. Players who lose their card are out.`)
        : waiting.length === 0
          ? h('p', { class: 'muted' }, 'Every player has a card.')
          : h(
              'div',
              { class: 'stack' },
              select('deal-player', waiting.map((p) => [String(p.number), p.name]), form.dealPlayer, (x) => (form.dealPlayer = x)),
              h('div', { class: 'toggle' }, modeBtn('blind', 'Blind (shuffled)'), modeBtn('chosen', 'Chosen')),
              form.dealMode === 'chosen'
                ? select('deal-rank', ranks.map((r) => [r, `${cardLabel(r)} (${stock!.by_rank[r]} left)`]), form.dealRank, (x) => (form.dealRank = x))
                : '',
              h('button', {
                type: 'button', class: 'primary big', id: 'deal-btn',
                onclick: () => {
                  const c: Record<string, unknown> = { op: 'deal', team: form.dealTeam, player: Number(form.dealPlayer), mode: form.dealMode };
                  if (form.dealMode === 'chosen') c.rank = form.dealRank;
                  send(c);
                },
              }, 'Deal'),
            ),
    );
  }

  // Duels are the referee's (L-19): a leader's page has no duel form, only the verdict when it comes.
  function duelSection(v: LiveView): HTMLElement {
    const taggerTeam = v.teams[idx(form.taggerTeam)];
    const taggedTeam = v.teams[idx(other(form.taggerTeam))];
    const armed = (t: LiveTeam, tagging: boolean) =>
      t.players.filter((p) => p.has_card && !(tagging && p.card === 'B')).map((p): [string, string] => [String(p.number), playerLabel(t, p.number)]);
    const taggers = armed(taggerTeam, true), tagged = armed(taggedTeam, false);
    return h(
      'section',
      { class: 'card live-action', id: 'duel' },
      h('h3', {}, 'Record a duel'),
      h('p', { class: 'muted small' }, 'Who tagged? (a Bomb never tags)'),
      teamToggle('duel-tagger-team', form.taggerTeam, v, (t) => { form.taggerTeam = t; form.tagger = ''; form.tagged = ''; }),
      taggers.length && tagged.length
        ? h(
            'div',
            { class: 'stack' },
            h('label', {}, `${taggerTeam.name} tagger `, select('duel-tagger', taggers, form.tagger, (x) => (form.tagger = x))),
            h('label', {}, `${taggedTeam.name} tagged `, select('duel-tagged', tagged, form.tagged, (x) => (form.tagged = x))),
            h('button', {
              type: 'button', class: 'primary big', id: 'duel-btn',
              onclick: () => send({ op: 'duel', tagger_team: form.taggerTeam, tagger: Number(form.tagger), tagged: Number(form.tagged) }),
            }, 'Show the verdict'),
          )
        : h('p', { class: 'muted' }, 'Both players need a card.'),
    );
  }

  function flagSection(v: LiveView): HTMLElement {
    const team = v.teams[idx(form.flagTeam)];
    const holders = team.players.filter((p) => p.has_card).map((p): [string, string] => [String(p.number), playerLabel(team, p.number)]);
    const rows: (HTMLElement | string)[] = [];
    for (const t of v.teams) {
      if (!t.carrier || (v.role !== 'referee' && t.team !== v.role)) continue;
      rows.push(h('button', { type: 'button', class: `big team-btn ${t.team} on`, id: `flag-home-${t.team}`, onclick: () => send({ op: 'flag_home', team: t.team }) }, `${t.name} brought the flag home`));
      if (v.role === 'referee')
        rows.push(h('button', { type: 'button', id: `flag-back-${other(t.team)}`, onclick: () => send({ op: 'flag_returned', flag: other(t.team) }) }, `${v.teams[idx(other(t.team))].name} flag goes back (referee)`));
    }
    return h(
      'section',
      { class: 'card live-action', id: 'flag' },
      h('h3', {}, 'Flag'),
      v.role === 'referee' ? teamToggle('flag-team', form.flagTeam, v, (t) => { form.flagTeam = t; form.flagPlayer = ''; }) : '',
      team.carrier
        ? h('p', { class: 'muted' }, `${team.name} already carries the flag.`)
        : holders.length
          ? h(
              'div',
              { class: 'stack' },
              h('label', {}, `${team.name} player `, select('flag-player', holders, form.flagPlayer, (x) => (form.flagPlayer = x))),
              h('button', { type: 'button', class: 'big', id: 'flag-take-btn', onclick: () => send({ op: 'flag_taken', team: form.flagTeam, player: Number(form.flagPlayer) }) }, `${team.name} takes the flag`),
              team.flag_allowed ? '' : h('p', { class: 'muted small' }, 'Only a Scout may, until half the enemy cards are captured.'),
            )
          : h('p', { class: 'muted' }, 'Nobody with a card.'),
      ...rows,
    );
  }

  function logSection(v: LiveView): HTMLElement {
    const undoable = (e: LogEntry) => v.role === 'referee' && e.active && e.seq > 0;
    const items = v.log.slice().reverse().map((e) =>
      h(
        'li',
        { class: e.active ? 'active' : 'undone', 'data-seq': e.seq },
        h('span', { class: 'ltime' }, `#${e.seq} ${time(e.time)}`),
        h('span', { class: 'ltext' }, e.text),
        undoable(e) ? h('button', { type: 'button', class: 'undo', onclick: () => send({ op: 'undo', target: e.seq }) }, e.type === 'undo' ? 'Redo' : 'Undo') : '',
      ),
    );
    return h('section', { class: 'card live-log', id: 'log' }, h('h3', {}, 'Events'), h('ol', { reversed: true }, ...items));
  }

  function render(): void {
    if (!view) return;
    const v = view;
    const roleName = v.role === 'referee' ? 'Referee' : `${v.teams[idx(v.role)].name} leader`;
    const mine = v.role === 'referee' ? v.teams : [v.teams[idx(v.role)], v.teams[idx(other(v.role))]];
    const held = v.role === 'referee' ? heldByToken(token) : undefined;
    page.replaceChildren(
      h(
        'header',
        { class: 'live-head' },
        h('span', { class: 'live-title' }, `${v.teams[0].name} vs ${v.teams[1].name}`),
        h('span', { class: `role ${v.role}`, id: 'live-role' }, roleName),
        h('span', { id: 'live-conn', class: connected ? 'conn up' : 'conn down' }, connected ? '● live' : '● offline, reconnecting'),
      ),
      v.winner ? h('div', { class: `winner ${v.winner}`, id: 'live-winner' }, `Game won by ${v.teams[idx(v.winner)].name}`) : '',
      h('div', { class: 'live-teams' }, ...mine.map((t) => teamCard(t, v))),
      v.winner ? '' : dealSection(v),
      v.winner || v.role !== 'referee' ? '' : duelSection(v),
      v.winner ? '' : flagSection(v),
      h('div', { class: 'live-rosters' }, ...mine.map((t) => h('section', { class: 'card' }, h('h3', {}, t.name), playerList(t)))),
      logSection(v),
      held ? linksPanel(held) : '',
    );
  }

  return () => {
    socket.close();
    closeOverlay();
  };
}
